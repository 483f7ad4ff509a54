import { gql, type TypedDocumentNode } from '@apollo/client';
import type { LayoutContent } from '#views/content.ts';
import type { Locale } from '#views/format.ts';
import { EVENT_CARD_FIELDS, LINK_FIELDS } from './pages/content-fragments.ts';

const MENU_FIELDS = gql`
  fragment MenuFields on Menu {
    id
    kind
    title
    link {
      ...LinkFields
    }
    items {
      ...LinkFields
    }
    currentEvents {
      ...EventCardFields
    }
    pastEvents {
      ...EventCardFields
    }
  }
  ${LINK_FIELDS}
  ${EVENT_CARD_FIELDS}
`;

/** What the Default layout shows around every page: menus, footer, title suffix, radio, highlight banner. */
export const LAYOUT_QUERY: TypedDocumentNode<LayoutContent, { locale: Locale }> = gql`
  query Layout($locale: Locale!) {
    navigation(locale: $locale) {
      menus {
        ...MenuFields
      }
    }
    footer(locale: $locale) {
      sections {
        ...MenuFields
      }
      socials {
        links {
          network
          url
        }
      }
      partners {
        id
        name
        url
        logo {
          url
          alt
          width
          height
        }
      }
    }
    globalConfig(locale: $locale) {
      siteTitleSuffix
      privacyLink {
        ...LinkFields
      }
      legalLink {
        ...LinkFields
      }
    }
    stations(locale: $locale) {
      id
      name
      streamUrl
    }
    highlightBanner(locale: $locale) {
      id
      title
      backgroundColor
      live
      visibility
      isExternal
      url
      page {
        entityType
        slug
        collection
      }
    }
  }
  ${MENU_FIELDS}
`;
