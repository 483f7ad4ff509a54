import type { ContentPageFields, EventCardContent } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { EventGrid } from '../components/EventCard.tsx';
import { PageHero } from '../components/PageHero.tsx';

export interface EventsPageData {
  eventsOverviewPage: ContentPageFields;
  upcomingEvents: { total: number; items: EventCardContent[] };
  pastEvents: { total: number; items: EventCardContent[] };
}

export function EventsPage({ data }: { data: EventsPageData }) {
  const { t } = useSite();
  const overview = data.eventsOverviewPage;
  return (
    <div className="events-overview">
      {overview.header ? <PageHero header={overview.header} /> : <h1 className="section section__title">{overview.title}</h1>}
      <section className="section" aria-labelledby="upcoming">
        <h2 id="upcoming" className="section__title">
          {t('events.upcoming')}
        </h2>
        {data.upcomingEvents.items.length ? (
          <EventGrid events={data.upcomingEvents.items} />
        ) : (
          <p className="empty-state">{t('events.noneUpcoming')}</p>
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
    </div>
  );
}
