import { gql } from '@apollo/client';

/** GraphQL fragments the page loaders share; each matches a type in views/content.ts. */

export const LINK_FIELDS = gql`
  fragment LinkFields on NavigationItem {
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
    alt
    width
    height
  }
`;

export const PAGE_HEADER_FIELDS = gql`
  fragment PageHeaderFields on PageHeader {
    title
    subtitle
    cover {
      ...AssetFields
    }
    callToAction {
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
  }
  ${ASSET_FIELDS}
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
`;

export const SEO_FIELDS = gql`
  fragment SeoFields on Seo {
    title
    description
    noIndex
    image {
      url
    }
  }
`;
