import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { EventsPage, type EventsPageData } from '#views/pages/EventsPage.tsx';
import { notFound, type PageModule } from '../page.ts';
import { CONTENT_PAGE_FIELDS, EVENT_CARD_FIELDS } from './content-fragments.ts';
import { contentPage } from './content-page.ts';
import {
  applicableFilters,
  calendarOptions,
  contentFilter,
  FILTER_CHOICE_FIELDS,
  formValues,
  labelledOptions,
  readCalendarFilters,
  type CalendarFilters,
  type OptionSource,
} from './events/calendar-filters.ts';

interface EventFilter {
  timeframe: 'upcoming' | 'past';
  month?: string;
  city?: string;
  eventType?: string;
}

type EventsQuery = Pick<EventsPageData, 'upcomingEvents' | 'pastEvents'> & {
  eventsOverviewPage: EventsPageData['eventsOverviewPage'] | null;
  choices: { items: { config: OptionSource }[] };
};

/** The page, what every listed event offers to filter by (`choices`), and the two filtered lists. */
const EVENTS_QUERY: TypedDocumentNode<EventsQuery, { locale: Locale; upcoming: EventFilter; past: EventFilter }> = gql`
  query EventsOverview($locale: Locale!, $upcoming: EventFilter!, $past: EventFilter!) {
    eventsOverviewPage(locale: $locale) {
      ...ContentPageFields
    }
    choices: eventCards(locale: $locale, first: 100) {
      items {
        ...FilterChoiceFields
      }
    }
    upcomingEvents: eventCards(locale: $locale, filter: $upcoming, orderBy: startDatetime_ASC) {
      total
      items {
        ...EventCardFields
      }
    }
    pastEvents: eventCards(locale: $locale, filter: $past, orderBy: startDatetime_DESC, first: 12) {
      total
      items {
        ...EventCardFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${FILTER_CHOICE_FIELDS}
  ${EVENT_CARD_FIELDS}
`;

const variables = (locale: Locale, filters: CalendarFilters) => ({
  locale,
  upcoming: { timeframe: 'upcoming' as const, ...contentFilter(filters) },
  past: { timeframe: 'past' as const, ...contentFilter(filters) },
});

/**
 * SPEC 2.1 /events: upcoming then past events, filtered by city, month and type through a GET form
 * that works without JavaScript and gives a URL to share (`?city=riyadh&type=festival`). Choices
 * are what the listed events offer; other values are named back to the visitor and ignored. A
 * filtered list is not a page of its own for search engines: the canonical link names /events and
 * the page asks not to be indexed. The cards carry price and availability (decision 0053).
 */
const eventsPage: PageModule<EventsPageData> = {
  async load({ services, locale, req, t }) {
    const read = readCalendarFilters(req.query as Record<string, unknown>);
    let answer = await services.content.query(EVENTS_QUERY, variables(locale, read.filters));
    const overview = answer.eventsOverviewPage;
    if (!overview) return notFound();

    const options = calendarOptions(answer.choices.items.map((item) => item.config));
    const { applied, rejected } = applicableFilters(read.filters, options);
    // Rare (a hand-edited or outdated link): ask again without the values no event has.
    if (rejected.length) answer = await services.content.query(EVENTS_QUERY, variables(locale, applied));

    const withSale = await services.eventSales.forCards(answer.upcomingEvents.items);
    const filtered = Object.keys(applied).length > 0;
    return contentPage(
      {
        eventsOverviewPage: overview,
        upcomingEvents: { ...answer.upcomingEvents, items: answer.upcomingEvents.items.map(withSale) },
        pastEvents: answer.pastEvents,
        filters: formValues(applied),
        options: labelledOptions(options, locale, t),
        rejected: [...read.rejected, ...rejected],
      },
      overview,
      filtered || rejected.length || read.rejected.length ? { head: { noIndex: true } } : {},
    );
  },
  View: EventsPage,
};

export default eventsPage;
