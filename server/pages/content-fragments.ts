import { gql } from '@apollo/client';

/** GraphQL fragments the loaders share; each matches a type in views/content.ts. */

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
      title
      description
      noIndex
      image {
        url
      }
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
`;
