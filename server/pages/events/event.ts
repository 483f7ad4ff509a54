import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { EventPage, type EventPageData } from '#views/pages/EventPage.tsx';
import { notFound, type PageModule } from '../page.ts';
import { ASSET_FIELDS, CONTENT_PAGE_FIELDS } from './content-fragments.ts';
import { PAGE_BLOCK_FIELDS } from './blocks/page-block-fields.ts';
import { contentPage } from './content-page.ts';
import { EVENT_NAVIGATION_FIELDS } from './events/event-navigation.ts';

type EventQuery = { event: EventPageData['event'] | null; eventNavigation: EventPageData['navigation'] | null };

const EVENT_QUERY: TypedDocumentNode<EventQuery, { locale: Locale; slug: string }> = gql`
  query EventPage($locale: Locale!, $slug: String!) {
    eventNavigation(locale: $locale, slug: $slug) {
      ...EventNavigationFields
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
        logo {
          ...AssetFields
        }
        cover {
          ...AssetFields
        }
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${ASSET_FIELDS}
  ${EVENT_NAVIGATION_FIELDS}
  ${PAGE_BLOCK_FIELDS}
`;

const eventPage: PageModule<EventPageData> = {
  async load({ services, locale, params }) {
    const { event, eventNavigation } = await services.content.query(EVENT_QUERY, { locale, slug: params.slug! });
    if (!event || !eventNavigation) return notFound();
    return contentPage({ event, navigation: eventNavigation }, event, {
      head: {
        description: event.seo.description ?? event.config.description,
        image: event.seo.image?.url ?? event.config.cover?.url,
        // SPEC 6: unlisted events stay out of search engines.
        noIndex: event.seo.noIndex || event.config.unlistedEvent,
      },
      analytics: { category: event.slug, category_name: event.title },
    });
  },
  View: EventPage,
};

export default eventPage;
