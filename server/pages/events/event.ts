import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { EventPage, type EventPageData } from '#views/pages/events/EventPage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { PAGE_BLOCK_FIELDS } from '../blocks/page-block-fields.ts';
import { ASSET_FIELDS, CONTENT_PAGE_FIELDS, LINK_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import { isTicketLink, navigationForStatus, unlessTicketsOfEnded, type EventNavigationWithStatus } from './ended-events.ts';
import { EVENT_NAVIGATION_FIELDS } from './event-navigation.ts';

type EventQuery = { event: EventPageData['event'] | null; eventNavigation: EventNavigationWithStatus | null };

const EVENT_QUERY: TypedDocumentNode<EventQuery, { locale: Locale; slug: string }> = gql`
  query EventPage($locale: Locale!, $slug: String!) {
    eventNavigation(locale: $locale, slug: $slug) {
      ...EventNavigationFields
      event {
        config {
          ended
          unlistedEvent
        }
      }
    }
    event(locale: $locale, slug: $slug) {
      ...ContentPageFields
      blocks {
        ...PageBlockFields
      }
      config {
        startDatetime
        endDatetime
        timezone
        colourAccent
        city
        eventType
        description
        unlistedEvent
        enableTickets
        ticketsExternalId
        hasLineup
        ended
        cover {
          ...AssetFields
        }
        venue {
          slug
          name
          address
          latitude
          longitude
        }
        callToAction {
          ...LinkFields
          icon
        }
      }
      lineup {
        headliners {
          slug
          name
          cover {
            ...AssetFields
          }
        }
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${ASSET_FIELDS}
  ${LINK_FIELDS}
  ${EVENT_NAVIGATION_FIELDS}
  ${PAGE_BLOCK_FIELDS}
`;

/**
 * The event page: what, when and where, the headliners, tickets and an iCalendar download while it
 * is ahead; once it has ended, the same page says so and sells nothing.
 */
const eventPage: PageModule<EventPageData> = {
  async load({ services, locale, params }) {
    const { event, eventNavigation } = await services.content.query(EVENT_QUERY, { locale, slug: params.slug! });
    if (!event || !eventNavigation) return notFound();
    const { ended } = event.config;
    const header = event.header ? { ...event.header, callToAction: unlessTicketsOfEnded(event.header.callToAction, ended) } : null;
    // The event's own ticket call to action goes beside the facts, unless the hero already offers tickets.
    const callToAction = isTicketLink(header?.callToAction) ? null : unlessTicketsOfEnded(event.config.callToAction, ended);
    return contentPage(
      {
        navigation: navigationForStatus(eventNavigation),
        event: { ...event, header, config: { ...event.config, callToAction } },
      },
      event,
      {
        head: {
          description: event.seo.description ?? event.config.description,
          image: event.seo.image?.url ?? event.config.cover?.url,
          // SPEC 6: unlisted events stay out of search engines.
          noIndex: event.seo.noIndex || event.config.unlistedEvent,
        },
        analytics: { category: event.slug, category_name: event.title },
      },
    );
  },
  View: EventPage,
};

export default eventPage;
