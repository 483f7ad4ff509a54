import type { ContentPageFields } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { PageBlocks } from '../../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../../blocks/types.ts';
import { EventFilterSelect, type EventFilterName, type EventFilterOption } from '../../components/EventFilterSelect.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { RichText } from '../../components/RichText.tsx';
import { EventRows, type EventRowContent } from './EventRow.tsx';

type FilterName = EventFilterName;
type Option = EventFilterOption;

export interface CalendarPageData {
  page: ContentPageFields & { blocks: PageBlockContent[] };
  /** The filters in force, '' for "all". */
  filters: Record<FilterName, string>;
  options: { months: Option[]; cities: Option[]; types: Option[] };
  /** Values from the URL the calendar could not use, named back to the visitor. */
  rejected: { name: FilterName; value: string }[];
  total: number;
  /** Months in order (`YYYY-MM` and its name), each with its events. */
  groups: { month: string; label: string; events: EventRowContent[] }[];
}

/** The region refreshed in place when a filter changes (server/pages/events/calendar.ts `fragments`). */
export const CALENDAR_RESULTS_ID = 'calendar-results';
const STATUS_ID = 'calendar-status';

/**
 * SPEC 2.4 event calendar with filters. A GET form that works without JavaScript (its button
 * submits, the URL carries the filters); with client/enhancements/results-in-place.ts a change
 * fetches only the results, keeps the URL in step and leaves focus where it was, and the count is
 * announced from a polite live region outside the swapped results (so that it is the same element,
 * updated, every time). Going back reloads the page for its address; `autocomplete="off"` keeps a
 * browser from putting the filters of the page it left back into the form (Firefox does on reload).
 */
export function CalendarPage({ data }: { data: CalendarPageData }) {
  const { t, urls, assets } = useSite();
  const { page } = data;
  const action = urls.route('eventsCalendar');
  assets.use('results-in-place');
  return (
    <div className="calendar-page">
      <PageHero header={page.header ?? { title: page.title }} compact />
      <div className="section calendar">
        <RichText className="calendar__intro" document={page.body} />
        <form
          className="calendar-filters"
          method="get"
          action={action}
          role="search"
          aria-label={t('events:calendar.filters')}
          data-results={CALENDAR_RESULTS_ID}
          data-results-on-change=""
          autoComplete="off"
        >
          <EventFilterSelect name="month" options={data.options.months} value={data.filters.month} idPrefix="calendar" />
          <EventFilterSelect name="city" options={data.options.cities} value={data.filters.city} idPrefix="calendar" />
          <EventFilterSelect name="type" options={data.options.types} value={data.filters.type} idPrefix="calendar" />
          <button type="submit" className="button button--primary calendar-filters__submit">
            {t('events:calendar.apply')}
          </button>
        </form>
        <p id={STATUS_ID} className="calendar__status" role="status">
          <ResultCount data={data} />
        </p>
        <div id={CALENDAR_RESULTS_ID} className="calendar-results">
          <CalendarResults data={data} />
        </div>
      </div>
      <PageBlocks blocks={page.blocks} />
    </div>
  );
}

/** The results alone, as a partial request gets them, and the new count for the live region (out of band). */
export function CalendarResultsFragment({ data }: { data: CalendarPageData }) {
  return (
    <>
      <CalendarResults data={data} />
      <p id={STATUS_ID} data-swap-oob="inner">
        <ResultCount data={data} />
      </p>
    </>
  );
}

const filtered = (data: CalendarPageData) => Object.values(data.filters).some(Boolean);

function ResultCount({ data }: { data: CalendarPageData }) {
  const { t } = useSite();
  return <>{t(filtered(data) ? 'events:calendar.matching' : 'events:calendar.upcoming', { count: data.total })}</>;
}

function CalendarResults({ data }: { data: CalendarPageData }) {
  const { t, urls } = useSite();
  const clear = urls.route('eventsCalendar');
  return (
    <>
      {data.rejected.length ? (
        <div className="form-error calendar-results__notice">
          <ul>
            {data.rejected.map((rejected) => (
              <li key={rejected.name}>{t(`events:calendar.${rejected.name}.rejected`, { value: rejected.value })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {data.groups.length ? (
        <>
          {filtered(data) ? (
            <p className="calendar-results__clear">
              <a className="link" href={clear}>
                {t('events:calendar.clear')}
              </a>
            </p>
          ) : null}
          {data.groups.map((group) => (
            <section key={group.month} className="calendar-month" aria-labelledby={`month-${group.month}`}>
              <h2 id={`month-${group.month}`} className="calendar-month__title">
                {group.label}
              </h2>
              <EventRows events={group.events} />
            </section>
          ))}
        </>
      ) : (
        <div className="empty-state calendar-results__empty">
          <p>{t(filtered(data) ? 'events:calendar.emptyFiltered' : 'events:calendar.empty')}</p>
          {filtered(data) ? (
            <a className="button button--ghost" href={clear}>
              {t('events:calendar.clear')}
            </a>
          ) : null}
        </div>
      )}
    </>
  );
}
