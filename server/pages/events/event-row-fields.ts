import { gql } from '@apollo/client';
import { ASSET_FIELDS } from '../content-fragments.ts';

/** What an event row shows (views/pages/events/EventRow.tsx): the calendar's and the venues' lists. */
export const EVENT_ROW_FIELDS = gql`
  fragment EventRowFields on EventCard {
    title
    slug
    config {
      startDatetime
      endDatetime
      city
      eventType
      colourAccent
      cover {
        ...AssetFields
      }
      venue {
        name
      }
    }
  }
  ${ASSET_FIELDS}
`;
