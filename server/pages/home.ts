import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { HomePage, type HomePageData } from '#views/pages/HomePage.tsx';
import { notFound, type PageModule } from '../page.ts';
import { PAGE_BLOCK_FIELDS } from './blocks/page-block-fields.ts';
import { ARTICLE_CARD_FIELDS, ASSET_FIELDS, CONTENT_PAGE_FIELDS, EVENT_CARD_FIELDS } from './content-fragments.ts';
import { contentPage } from './content-page.ts';
import { blockEventCards, mapBlockEventCards, showEachEventOnce } from './home-events.ts';

type HomeQuery = Omit<HomePageData, 'homePage'> & { homePage: HomePageData['homePage'] | null };

/** The home's sections beside the editors' blocks (SPEC 2.1, decision 0019), in one round trip. */
const HOME_QUERY: TypedDocumentNode<HomeQuery, { locale: Locale }> = gql`
  query HomePage($locale: Locale!) {
    homePage(locale: $locale) {
      ...ContentPageFields
      blocks {
        ...PageBlockFields
      }
    }
    featuredEvents: eventCards(locale: $locale, filter: { timeframe: upcoming, featured: true }, first: 3) {
      items {
        ...EventCardFields
      }
    }
    latestArticles: articles(locale: $locale, first: 6) {
      items {
        __typename
        id
        ...ArticleCardFields
      }
    }
    instagramPosts(locale: $locale, first: 8) {
      id
      caption
      mediaType
      url
      author
      publishedAt
      thumbnail {
        ...AssetFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${PAGE_BLOCK_FIELDS}
  ${EVENT_CARD_FIELDS}
  ${ARTICLE_CARD_FIELDS}
  ${ASSET_FIELDS}
`;

const homePage: PageModule<HomePageData> = {
  async load({ services, locale }) {
    const { homePage: home, ...rest } = await services.content.query(HOME_QUERY, { locale });
    if (!home) return notFound();
    const blocks = showEachEventOnce(rest.featuredEvents.items, home.blocks);
    // Price and availability on every card of the page, in one call (decision 0053).
    const withSale = await services.eventSales.forCards([...rest.featuredEvents.items, ...blockEventCards(blocks)]);
    return contentPage(
      {
        ...rest,
        featuredEvents: { items: rest.featuredEvents.items.map(withSale) },
        homePage: { ...home, blocks: mapBlockEventCards(blocks, withSale) },
      },
      home,
    );
  },
  View: HomePage,
};

export default homePage;
