import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { HomePage, type HomePageData } from '#views/pages/HomePage.tsx';
import { notFound, type PageModule } from '../page.ts';
import { PAGE_BLOCK_FIELDS } from './blocks/page-block-fields.ts';
import { CONTENT_PAGE_FIELDS } from './content-fragments.ts';
import { contentPage } from './content-page.ts';

type HomeQuery = Omit<HomePageData, 'homePage'> & { homePage: HomePageData['homePage'] | null };

const HOME_QUERY: TypedDocumentNode<HomeQuery, { locale: Locale }> = gql`
  query HomePage($locale: Locale!) {
    homePage(locale: $locale) {
      ...ContentPageFields
      blocks {
        ...PageBlockFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${PAGE_BLOCK_FIELDS}
`;

const homePage: PageModule<HomePageData> = {
  async load({ services, locale }) {
    const { homePage: home, ...rest } = await services.content.query(HOME_QUERY, { locale });
    return home ? contentPage({ ...rest, homePage: home }, home) : notFound();
  },
  View: HomePage,
};

export default homePage;
