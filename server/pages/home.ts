import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { HomePage, type HomePageData } from '#views/pages/HomePage.tsx';
import { notFound, page, type PageModule } from '../page.ts';
import { EVENT_CARD_FIELDS, PAGE_HEADER_FIELDS, SEO_FIELDS } from './content-fragments.ts';

const HOME_QUERY: TypedDocumentNode<HomePageData, { locale: Locale }> = gql`
  query HomePage($locale: Locale!) {
    homePage(locale: $locale) {
      title
      pageType
      moduleName
      submoduleName
      seo {
        ...SeoFields
      }
      header {
        ...PageHeaderFields
      }
      body
    }
    upcomingEvents: eventCards(locale: $locale, filter: { timeframe: upcoming }, first: 6) {
      total
      items {
        ...EventCardFields
      }
    }
  }
  ${SEO_FIELDS}
  ${PAGE_HEADER_FIELDS}
  ${EVENT_CARD_FIELDS}
`;

const homePage: PageModule<HomePageData> = {
  async load({ services, locale }) {
    const data = await services.content.query(HOME_QUERY, { locale });
    const home = data.homePage;
    if (!home) return notFound();
    return page(
      data,
      { title: home.seo.title ?? home.title, description: home.seo.description, image: home.seo.image?.url ?? home.header?.cover?.url },
      { page_type: home.pageType, module_name: home.moduleName, submodule_name: home.submoduleName },
    );
  },
  View: HomePage,
};

export default homePage;
