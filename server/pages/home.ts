import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { HomePage, type HomePageData } from '#views/pages/HomePage.tsx';
import { notFound, type PageModule } from '../page.ts';
import { CONTENT_PAGE_FIELDS, EVENT_CARD_FIELDS } from './content-fragments.ts';
import { contentPage } from './content-page.ts';

type HomeQuery = Omit<HomePageData, 'homePage'> & { homePage: HomePageData['homePage'] | null };

const HOME_QUERY: TypedDocumentNode<HomeQuery, { locale: Locale }> = gql`
  query HomePage($locale: Locale!) {
    homePage(locale: $locale) {
      ...ContentPageFields
    }
    upcomingEvents: eventCards(locale: $locale, filter: { timeframe: upcoming }, first: 6) {
      total
      items {
        ...EventCardFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${EVENT_CARD_FIELDS}
`;

const homePage: PageModule<HomePageData> = {
  async load({ services, locale }) {
    const { homePage: home, ...rest } = await services.content.query(HOME_QUERY, { locale });
    return home ? contentPage({ ...rest, homePage: home }, home) : notFound();
  },
  View: HomePage,
};

export default homePage;
