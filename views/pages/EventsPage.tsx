import type { ContentPageFields, EventCardContent } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { EventGrid } from '../components/EventCard.tsx';
import { EventFilterSelect, type EventFilterName, type EventFilterOption } from '../components/EventFilterSelect.tsx';
import { PageHero } from '../components/PageHero.tsx';

export interface EventsPageData {
  eventsOverviewPage: ContentPageFields;
  upcomingEvents: { total: number; items: EventCardContent[] };
  pastEvents: { total: number; items: EventCardContent[] };
  /** The filters in force, '' for "all". */
  filters: Record<EventFilterName, string>;
  options: { months: EventFilterOption[]; cities: EventFilterOption[]; types: EventFilterOption[] };
  /** Values from the URL the page could not use, named back to the visitor. */
  rejected: { name: EventFilterName; value: string }[];
}

/**
 * SPEC 2.1 /events: the filters (a GET form: the URL carries them, no JavaScript needed), then
 * the upcoming events and the past ones that match.
 */
export function EventsPage({ data }: { data: EventsPageData }) {
  const { t, urls } = useSite();
  const overview = data.eventsOverviewPage;
  const action = urls.route('events');
  const filtered = Object.values(data.filters).some(Boolean);
  const nothing = data.upcomingEvents.items.length === 0 && data.pastEvents.items.length === 0;
  return (
    <div className="events-overview">
      {overview.header ? <PageHero header={overview.header} /> : <h1 className="section section__title">{overview.title}</h1>}
      <div className="section events-overview__filters">
        <form className="calendar-filters" method="get" action={action} role="search" aria-label={t('events:overview.filters')}>
          <EventFilterSelect name="city" options={data.options.cities} value={data.filters.city} idPrefix="events" />
          <EventFilterSelect name="month" options={data.options.months} value={data.filters.month} idPrefix="events" />
          <EventFilterSelect name="type" options={data.options.types} value={data.filters.type} idPrefix="events" />
          <button type="submit" className="button button--primary calendar-filters__submit">
            {t('events:calendar.apply')}
          </button>
        </form>
        {data.rejected.length ? (
          <div className="form-error" role="alert">
            <ul>
              {data.rejected.map((rejected) => (
                <li key={rejected.name}>{t(`events:overview.rejected.${rejected.name}`, { value: rejected.value })}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {filtered ? (
          <p className="events-overview__status" role="status">
            <span>{t('events:overview.matching', { count: data.upcomingEvents.total + data.pastEvents.total })}</span>{' '}
            <a className="link" href={action}>
              {t('events:calendar.clear')}
            </a>
          </p>
        ) : null}
      </div>
      {filtered && nothing ? (
        <section className="section" aria-labelledby="events-none">
          <div className="empty-state">
            <h2 id="events-none" className="section__title">
              {t('events:overview.emptyTitle')}
            </h2>
            <p>{t('events:overview.emptyFiltered')}</p>
            <a className="button button--ghost" href={action}>
              {t('events:calendar.clear')}
            </a>
          </div>
        </section>
      ) : (
        <>
          <section className="section" aria-labelledby="upcoming">
            <h2 id="upcoming" className="section__title">
              {t('events.upcoming')}
            </h2>
            {data.upcomingEvents.items.length ? (
              <EventGrid events={data.upcomingEvents.items} />
            ) : (
              <p className="empty-state">{t(filtered ? 'events:overview.noneUpcomingFiltered' : 'events.noneUpcoming')}</p>
            )}
          </section>
          {data.pastEvents.items.length ? (
            <section className="section section--muted" aria-labelledby="past">
              <h2 id="past" className="section__title">
                {t('events.past')}
              </h2>
              <EventGrid events={data.pastEvents.items} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
