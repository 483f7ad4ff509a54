import { gql } from '@apollo/client';
import type { SeoContent } from '#views/content.ts';
import type { PageHead } from '../page.ts';

/** GraphQL fragments the loaders share; each matches a type in views/content.ts. */

export const SEO_FIELDS = gql`
  fragment SeoFields on Seo {
    title
    description
    noIndex
    image {
      url
      width
      height
    }
  }
`;

export const LINK_FIELDS = gql`
  fragment LinkFields on Link {
    id
    title
    isExternal
    url
    page {
      entityType
      slug
      collection
    }
  }
`;

export const ASSET_FIELDS = gql`
  fragment AssetFields on Asset {
    url
    responsiveUrl
    alt
    width
    height
    blurDataUrl
  }
`;

export const EVENT_CARD_FIELDS = gql`
  fragment EventCardFields on EventCard {
    title
    slug
    config {
      startDatetime
      endDatetime
      city
      colourAccent
      eventType
      description
      enableTickets
      ticketsExternalId
      cover {
        ...AssetFields
      }
    }
  }
  ${ASSET_FIELDS}
`;

/** What every page record brings: title, SEO, analytics description, header and body. */
export const CONTENT_PAGE_FIELDS = gql`
  fragment ContentPageFields on ContentPage {
    title
    slug
    pageType
    moduleName
    submoduleName
    seo {
      ...SeoFields
    }
    header {
      title
      subtitle
      cover {
        ...AssetFields
      }
      callToAction {
        ...LinkFields
      }
    }
    body
  }
  ${ASSET_FIELDS}
  ${LINK_FIELDS}
  ${SEO_FIELDS}
`;

/** The page head from a record's SEO fields; where the editors left one empty, the record's own. */
export function headFromSeo(seo: SeoContent, own: { title: string; description?: string | null; image?: string | null }): PageHead {
  const { width, height } = seo.image ?? {};
  return {
    title: seo.title ?? own.title,
    description: seo.description ?? own.description,
    image: seo.image?.url ?? own.image,
    ...(seo.image && width && height ? { imageSize: { width, height } } : {}),
    noIndex: seo.noIndex,
  };
}

/** What an article card shows (views/pages/feed/ArticleCard.tsx, the home's latest articles) and what the RSS feed lists. */
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
