import { gql, type TypedDocumentNode } from '@apollo/client';
import { createFormatter, type Locale } from '#views/format.ts';
import { CalendarPage, CalendarResultsFragment, CALENDAR_RESULTS_ID, type CalendarPageData } from '#views/pages/events/CalendarPage.tsx';
import { notFound, type PageModule } from '../../page.ts';
import { PAGE_BLOCK_FIELDS } from '../blocks/page-block-fields.ts';
import { CONTENT_PAGE_FIELDS } from '../content-fragments.ts';
import { contentPage } from '../content-page.ts';
import {
  applicableFilters,
  calendarOptions,
  contentFilter,
  FILTER_CHOICE_FIELDS,
  formValues,
  groupByMonth,
  labelledOptions,
  middleOfMonth,
  readCalendarFilters,
  type CalendarFilters,
  type OptionSource,
} from './calendar-filters.ts';
import { EVENT_ROW_FIELDS } from './event-row-fields.ts';

interface EventFilter {
  timeframe: 'upcoming';
  month?: string;
  city?: string;
  eventType?: string;
}

type CalendarQuery = {
  futureEventsCalendarPage: CalendarPageData['page'] | null;
  upcoming: { items: { config: OptionSource }[] };
  results: { total: number; items: CalendarPageData['groups'][number]['events'] };
};

/**
 * One document: the page, the choices (what every upcoming event offers, aliased `upcoming`) and
 * the filtered results. Unlisted events are never listed by the service.
 */
const CALENDAR_QUERY: TypedDocumentNode<CalendarQuery, { locale: Locale; filter: EventFilter }> = gql`
  query EventsCalendar($locale: Locale!, $filter: EventFilter!) {
    futureEventsCalendarPage(locale: $locale) {
      ...ContentPageFields
      blocks {
        ...PageBlockFields
      }
    }
    upcoming: eventCards(locale: $locale, filter: { timeframe: upcoming }) {
      items {
        ...FilterChoiceFields
      }
    }
    results: eventCards(locale: $locale, filter: $filter) {
      total
      items {
        ...EventRowFields
      }
    }
  }
  ${CONTENT_PAGE_FIELDS}
  ${FILTER_CHOICE_FIELDS}
  ${PAGE_BLOCK_FIELDS}
  ${EVENT_ROW_FIELDS}
`;

const serviceFilter = (filters: CalendarFilters): EventFilter => ({ timeframe: 'upcoming', ...contentFilter(filters) });

/**
 * SPEC 2.1 /events/calendar: upcoming events by month, filtered by month, city and type through a
 * GET form whose URL can be shared (`?month=2026-12&city=riyadh&type=festival`). Asked for as a
 * partial request (decisions 0009 and 0059), the same URL answers with just the results
 * (`fragments`). Values the calendar cannot use are named back to the visitor and ignored.
 */
const calendarPage: PageModule<CalendarPageData> = {
  async load({ services, locale, req, t }) {
    const read = readCalendarFilters(req.query as Record<string, unknown>);
    let answer = await services.content.query(CALENDAR_QUERY, { locale, filter: serviceFilter(read.filters) });
    const page = answer.futureEventsCalendarPage;
    if (!page) return notFound();

    const options = calendarOptions(answer.upcoming.items.map((item) => item.config));
    const { applied, rejected } = applicableFilters(read.filters, options);
    if (rejected.length) {
      // Rare (a hand-edited or outdated link): ask again without the values no event has.
      answer = await services.content.query(CALENDAR_QUERY, { locale, filter: serviceFilter(applied) });
    }

    const format = createFormatter(locale);
    return contentPage(
      {
        page,
        filters: formValues(applied),
        options: labelledOptions(options, locale, t),
        rejected: [...read.rejected, ...rejected],
        total: answer.results.total,
        groups: groupByMonth(answer.results.items, applied.month).map((group) => ({
          ...group,
          label: format.monthYear(middleOfMonth(group.month)),
        })),
      },
      page,
    );
  },
  View: CalendarPage,
  fragments: { [CALENDAR_RESULTS_ID]: CalendarResultsFragment },
};

export default calendarPage;
