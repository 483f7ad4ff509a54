import type { ContentPageFields, EventCardContent } from '../content.ts';
import { useSite } from '../site-context.tsx';
import { EventGrid } from '../components/EventCard.tsx';
import { Icon } from '../components/Icon.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { RichText } from '../components/RichText.tsx';

export interface HomePageData {
  homePage: ContentPageFields;
  upcomingEvents: { total: number; items: EventCardContent[] };
}

export function HomePage({ data }: { data: HomePageData }) {
  const { t, urls } = useSite();
  const home = data.homePage;
  return (
    <>
      {home.header ? <PageHero header={home.header} /> : <h1 className="visually-hidden">{home.title}</h1>}
      <Pillars />
      <section className="section" aria-labelledby="upcoming-events">
        <div className="section__heading">
          <h2 id="upcoming-events" className="section__title">
            {t('home.upcomingEvents')}
          </h2>
          <a className="section__more" href={urls.route('events')}>
            {t('home.allEvents')}
            <Icon name="arrow" />
          </a>
        </div>
        {data.upcomingEvents.items.length ? (
          <EventGrid events={data.upcomingEvents.items} />
        ) : (
          <p className="empty-state">{t('events.noneUpcoming')}</p>
        )}
      </section>
      {home.body?.length ? (
        <section className="section section--narrow">
          <RichText document={home.body} className="lead" />
        </section>
      ) : null}
    </>
  );
}

const PILLARS = ['festivals', 'concerts', 'radio', 'records', 'culture'] as const;

/** What Nabd does, as a strip sliding under the hero; the copies are for the loop and hidden from assistive technology. */
function Pillars() {
  const { t } = useSite();
  const items = PILLARS.map((pillar) => (
    <li key={pillar} className="marquee__item">
      {t(`home.pillars.${pillar}`)}
    </li>
  ));
  return (
    <div className="marquee">
      <div className="marquee__track">
        <ul className="marquee__list" aria-label={t('home.pillars.label')}>
          {items}
        </ul>
        {[1, 2, 3].map((copy) => (
          <ul key={copy} className="marquee__list" aria-hidden="true">
            {items}
          </ul>
        ))}
      </div>
    </div>
  );
}
