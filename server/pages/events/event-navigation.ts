import { gql } from '@apollo/client';
import { ASSET_FIELDS, EVENT_CARD_FIELDS, LINK_FIELDS } from '../content-fragments.ts';

/**
 * An event's own navigation (SPEC 7.1): every page under /events/{slug} asks for it in the same
 * query as its content, `eventNavigation(locale: $locale, slug: $slug) { ...EventNavigationFields }`,
 * and shows it with views/components/EventNavigation.tsx.
 */
export const EVENT_NAVIGATION_FIELDS = gql`
  fragment EventNavigationFields on EventNavigation {
    event {
      ...EventCardFields
    }
    logo {
      ...AssetFields
    }
    items {
      ...LinkFields
    }
    callToAction {
      ...LinkFields
      icon
    }
  }
  ${EVENT_CARD_FIELDS}
  ${ASSET_FIELDS}
  ${LINK_FIELDS}
`;
