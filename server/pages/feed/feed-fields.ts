import { gql } from '@apollo/client';
import { ASSET_FIELDS } from '../content-fragments.ts';

/** What an article card shows (views/pages/feed/ArticleCard.tsx) and what the RSS feed lists. */
export const ARTICLE_CARD_FIELDS = gql`
  fragment ArticleCardFields on Article {
    slug
    title
    summary
    firstPublishedAt
    category {
      slug
      title
    }
    author {
      name
    }
    cover {
      ...AssetFields
    }
  }
  ${ASSET_FIELDS}
`;

/** How many articles a page of the XP feed lists, and how many more "load more" brings. */
export const ARTICLES_PER_PAGE = 12;

/** How many of the newest articles the RSS feed carries. */
export const ARTICLES_IN_RSS = 30;
