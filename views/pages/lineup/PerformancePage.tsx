import type { Asset } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { EventNavigation, type EventNavigationContent } from '../../components/EventNavigation.tsx';
import { Icon } from '../../components/Icon.tsx';
import { MyScheduleToggle } from '../../components/MyScheduleToggle.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { StructuredData } from '../../components/StructuredData.tsx';
import { useTrack } from '../../components/tracking.ts';
import { isoInZone } from '../events/event-structured-data.ts';
import { festivalDayDate } from './festival-days.ts';

export interface PerformancePageData {
  navigation: EventNavigationContent;
  eventSlug: string;
  eventTitle: string;
  lineupTitle: string;
  colourAccent: string;
  hideStages: boolean;
  hideTiming: boolean;
  ended: boolean;
  timeZone: string;
  city: string;
  venue: { name: string; address?: string | null } | null;
  dayNumber: number | null;
  marked: boolean;
  performance: {
    id: string;
    slug: string;
    title: string;
    description?: string | null;
    startDatetime: string;
    endDatetime: string;
    day: string;
    performanceType: string;
    featured: boolean;
    headliner: boolean;
    cover?: Asset | null;
    /** Null when the line-up hides its stages (SPEC 3.2). */
    stage: { id: string; title: string; titleColour?: string | null } | null;
    categories: { value: string; label: string; colour: string }[];
    performers: { id: string; slug: string; name: string; cover?: Asset | null }[];
  };
}

/** SPEC 2.1 the performance page: when and where, who, what, and the visitor's own plans for it. */
export function PerformancePage({ data }: { data: PerformancePageData }) {
  const { t, urls } = useSite();
  const { performance } = data;
  return (
    <article className="performance-page" style={{ '--accent': data.colourAccent } as object}>
      <EventNavigation navigation={data.navigation} />
      <header className="performance-hero">
        {performance.cover ? (
          <ResponsiveImage className="performance-hero__cover" asset={performance.cover} sizes="100vw" priority />
        ) : null}
        <div className="performance-hero__content">
          <a className="performance-hero__back" href={urls.route('lineup', { slug: data.eventSlug })}>
            <Icon name="arrow" />
            {data.lineupTitle}
          </a>
          {performance.headliner ? <p className="performance-hero__badge">{t('lineup:headliner')}</p> : null}
          <h1 className="performance-hero__title">{performance.title}</h1>
          {performance.categories.length ? (
            <ul className="performance-hero__categories">
              {performance.categories.map((category) => (
                <li key={category.value} className="performance-meta__category" style={{ '--category-colour': category.colour } as object}>
                  {category.label}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </header>
      <div className="section performance-page__layout">
        <div className="performance-page__aside">
          <PerformanceFacts data={data} />
          <PerformanceActions data={data} />
        </div>
        <div className="performance-page__about">
          {performance.description ? <p className="lead">{performance.description}</p> : null}
          <Performers data={data} />
        </div>
      </div>
      <PerformanceStructuredData data={data} />
    </article>
  );
}

function PerformanceFacts({ data }: { data: PerformancePageData }) {
  const { t, format } = useSite();
  const { performance } = data;
  return (
    <dl className="event-facts performance-facts">
      {data.hideTiming ? null : (
        <>
          <div className="event-facts__item">
            <dt>
              <Icon name="calendar" />
              {t('lineup:performance.day')}
            </dt>
            <dd>
              {data.dayNumber ? `${t('lineup:day.number', { number: data.dayNumber })} · ` : null}
              {format.longDate(festivalDayDate(performance.day))}
            </dd>
          </div>
          <div className="event-facts__item">
            <dt>
              <Icon name="clock" />
              {t('lineup:performance.time')}
            </dt>
            <dd>
              <span className="performance-facts__times">
                <time dateTime={performance.startDatetime}>{format.time(performance.startDatetime)}</time>–
                <time dateTime={performance.endDatetime}>{format.time(performance.endDatetime)}</time>
              </span>{' '}
              <span className="event-facts__zone">{t('event.riyadhTime')}</span>
            </dd>
          </div>
        </>
      )}
      {performance.stage ? (
        <div className="event-facts__item">
          <dt>
            <Icon name="pin" />
            {t('lineup:performance.stage')}
          </dt>
          <dd
            className="performance-facts__stage"
            style={performance.stage.titleColour ? ({ '--stage-colour': performance.stage.titleColour } as object) : undefined}
          >
            {performance.stage.title}
          </dd>
        </div>
      ) : null}
      <div className="event-facts__item">
        <dt>
          <Icon name="tag" />
          {t('lineup:performance.type')}
        </dt>
        <dd>{t(`lineup:performanceType.${performance.performanceType}`, { defaultValue: performance.performanceType })}</dd>
      </div>
    </dl>
  );
}

function PerformanceActions({ data }: { data: PerformancePageData }) {
  const { t, urls } = useSite();
  const { performance } = data;
  if (data.hideTiming || data.ended) return null;
  return (
    <div className="event-actions performance-actions">
      <MyScheduleToggle
        eventSlug={data.eventSlug}
        performanceSlug={performance.slug}
        marked={data.marked}
        title={performance.title}
        id="toggle-performance"
      />
      <a
        className="button button--ghost"
        href={urls.route('performanceCalendarFile', { eventSlug: data.eventSlug, performanceSlug: performance.slug })}
        download={`${data.eventSlug}-${performance.slug}.ics`}
        type="text/calendar"
      >
        <Icon name="calendar" />
        {t('lineup:performance.addToCalendar')}
      </a>
      <a className="link performance-actions__schedule" href={urls.route('lineupMySchedule', { slug: data.eventSlug })}>
        {t('lineup:performance.seeSchedule')}
      </a>
    </div>
  );
}

/** The artists on stage, each to their own page (SPEC 2.1 /performers/{slug}). */
function Performers({ data }: { data: PerformancePageData }) {
  const { t, urls } = useSite();
  const track = useTrack();
  const { performers } = data.performance;
  if (!performers.length) return null;
  return (
    <section className="performance-performers" aria-labelledby="performers-title">
      <h2 id="performers-title" className="section__title">
        {t('lineup:performance.performers', { count: performers.length })}
      </h2>
      <ul className="performance-performers__list">
        {performers.map((performer) => {
          const href = urls.route('performer', { performerSlug: performer.slug });
          return (
            <li key={performer.id}>
              <a
                className="performance-performers__link"
                href={href}
                {...track('catch_artist_clicked', { artist_name: performer.name, event: data.eventSlug, link_url: href })}
              >
                {performer.cover ? (
                  <ResponsiveImage className="performance-performers__image" asset={performer.cover} alt="" sizes="6rem" />
                ) : null}
                <span className="performance-performers__name">{performer.name}</span>
                <span className="performance-performers__more">
                  {t('lineup:performance.aboutArtist')}
                  <Icon name="arrow" />
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * schema.org MusicEvent (https://schema.org/MusicEvent): the set as its own event, part of the
 * festival. Without announced times (SPEC 3.2) it gives the festival day only.
 */
function PerformanceStructuredData({ data }: { data: PerformancePageData }) {
  const { urls, format } = useSite();
  const { performance } = data;
  const image = performance.cover?.url;
  return (
    <StructuredData
      data={{
        '@type': 'MusicEvent',
        name: performance.title,
        ...(performance.description ? { description: performance.description } : {}),
        url: urls.absolute(urls.route('performance', { eventSlug: data.eventSlug, performanceSlug: performance.slug })),
        ...(image ? { image: [urls.absolute(image)] } : {}),
        startDate: data.hideTiming ? performance.day : isoInZone(performance.startDatetime, data.timeZone),
        ...(data.hideTiming ? {} : { endDate: isoInZone(performance.endDatetime, data.timeZone) }),
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: {
          '@type': 'Place',
          name: format.parts([performance.stage?.title, data.venue?.name ?? data.city]),
          address: {
            '@type': 'PostalAddress',
            ...(data.venue?.address ? { streetAddress: data.venue.address } : {}),
            addressLocality: data.city,
            addressCountry: 'SA',
          },
        },
        performer: performance.performers.map((performer) => ({
          '@type': 'MusicGroup',
          name: performer.name,
          url: urls.absolute(urls.route('performer', { performerSlug: performer.slug })),
        })),
        superEvent: {
          '@type': 'Festival',
          name: data.eventTitle,
          url: urls.absolute(urls.route('event', { slug: data.eventSlug })),
        },
      }}
    />
  );
}
