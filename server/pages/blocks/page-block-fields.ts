import { gql } from '@apollo/client';
import { ASSET_FIELDS, EVENT_CARD_FIELDS, LINK_FIELDS } from '../content-fragments.ts';

/**
 * Every field of every page block (SPEC 3.2), matching views/blocks/types.ts. A page asks for its
 * blocks with `blocks { ...PageBlockFields }` and renders them with `<PageBlocks>`. The header's and
 * the frame's titles are required where the other blocks' are optional, and GraphQL refuses one
 * name with two types in a union's selection: they come aliased as `heading` and `label`.
 */
export const PAGE_BLOCK_FIELDS = gql`
  fragment CallToActionFields on CallToAction {
    ...LinkFields
    icon
  }

  fragment PageBlockFields on PageBlock {
    __typename
    ... on RichTextBlock {
      id
      title
      body
    }
    ... on HeaderBlock {
      id
      heading: title
      subtitle
      cover {
        ...AssetFields
      }
      callToAction {
        ...CallToActionFields
      }
    }
    ... on CountdownBlock {
      id
      title
      endDatetime
    }
    ... on IframeBlock {
      id
      label: title
      url
      height
    }
    ... on DownloadAppBlock {
      id
      title
      text
      appStoreUrl
      googlePlayUrl
    }
    ... on StatisticsBlock {
      id
      title
      items {
        id
        value
        label
      }
    }
    ... on FaqBlock {
      id
      title
      category
      items {
        id
        question
        answer
      }
    }
    ... on CardsBlock {
      id
      title
      items {
        id
        title
        text
        image {
          ...AssetFields
        }
        link {
          ...CallToActionFields
        }
      }
    }
    ... on ContentGridBlock {
      id
      title
      items {
        __typename
        ... on EventCard {
          ...EventCardFields
        }
        ... on Article {
          id
          slug
          title
          summary
          firstPublishedAt
          category {
            slug
            title
          }
          cover {
            ...AssetFields
          }
        }
        ... on Performer {
          id
          slug
          name
          cover {
            ...AssetFields
          }
        }
        ... on Release {
          id
          slug
          title
          releaseType
          releasedAt
          artwork {
            ...AssetFields
          }
          artists {
            id
            name
          }
        }
        ... on Page {
          id
          slug
          title
          pageType
          collection
          header {
            subtitle
            cover {
              ...AssetFields
            }
          }
        }
      }
    }
    ... on CarouselBlock {
      id
      title
      items {
        id
        caption
        image {
          ...AssetFields
        }
        link {
          ...CallToActionFields
        }
      }
    }
    ... on CallToActionBlock {
      id
      title
      text
      callToAction {
        ...CallToActionFields
      }
    }
    ... on EventListBlock {
      id
      title
      timeframe
      limit
      events {
        ...EventCardFields
      }
    }
    ... on TimelineBlock {
      id
      title
      items {
        id
        year
        title
        description
        media {
          ...AssetFields
        }
      }
    }
    ... on PartnerListBlock {
      id
      title
      items {
        __typename
        ... on Partner {
          id
          name
          description
          url
          logo {
            ...AssetFields
          }
        }
        ... on PremiumPartner {
          id
          slug
          name
          description
          url
          chips
          logo {
            ...AssetFields
          }
          callToAction {
            ...CallToActionFields
          }
        }
      }
    }
  }
  ${ASSET_FIELDS}
  ${LINK_FIELDS}
  ${EVENT_CARD_FIELDS}
`;
