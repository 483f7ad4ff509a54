import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { EventsPage, type EventsPageData } from '#views/pages/EventsPage.tsx';
import { notFound, type PageModule } from '../page.ts';
import { CONTENT_PAGE_FIELDS, EVENT_CARD_FIELDS } from './content-fragments.ts';
import { contentPage } from './content-page.ts';

type EventsQuery = Omit<EventsPageData, 'eventsOverviewPage'> & { eventsOverviewPage: EventsPageData['eventsOverviewPage'] | null };

const EVENTS_QUERY: TypedDocumentNode<EventsQuery, { locale: Locale }> = gql`
  query EventsOverview($locale: Locale!) {
    eventsOverviewPage(locale: $locale) {
      ...ContentPageFields
    }
    upcomingEvents: eventCards(locale: $locale, filter: { timeframe: upcoming }, orderBy: startDatetime_ASC) {
      total
      items {
        ...EventCardFields
      }
    }
    pastEvents: eventCards(locale: $locale, filter: { timeframe: past }, orderBy: startDatetime_DESC, first: 12) {
      total
      items {
        ...EventCardFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${EVENT_CARD_FIELDS}
`;

const eventsPage: PageModule<EventsPageData> = {
  async load({ services, locale }) {
    const { eventsOverviewPage: overview, ...rest } = await services.content.query(EVENTS_QUERY, { locale });
    return overview ? contentPage({ ...rest, eventsOverviewPage: overview }, overview) : notFound();
  },
  View: EventsPage,
};

export default eventsPage;
