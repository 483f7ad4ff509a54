import { gql, type TypedDocumentNode } from '@apollo/client';
import type { LayoutContent } from '#views/content.ts';
import type { Locale } from '#views/format.ts';
import { LINK_FIELDS } from './pages/content-fragments.ts';

const MENU_EVENT_FIELDS = gql`
  fragment MenuEventFields on EventCard {
    title
    slug
    config {
      startDatetime
      endDatetime
      city
      colourAccent
    }
  }
`;

/** What the Default layout shows around every page: menus, footer, title suffix, radio. */
export const LAYOUT_QUERY: TypedDocumentNode<LayoutContent, { locale: Locale }> = gql`
  query Layout($locale: Locale!) {
    navigation(locale: $locale) {
      menus {
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
          ...MenuEventFields
        }
        pastEvents {
          ...MenuEventFields
        }
      }
    }
    footer(locale: $locale) {
      sections {
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
          ...MenuEventFields
        }
        pastEvents {
          ...MenuEventFields
        }
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
  }
  ${LINK_FIELDS}
  ${MENU_EVENT_FIELDS}
`;
