import type { Asset, ContentPageFields, NavigationLink } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { PageBlocks } from '../../blocks/PageBlocks.tsx';
import type { PageBlockContent } from '../../blocks/types.ts';
import { EventNavigation, type EventNavigationContent } from '../../components/EventNavigation.tsx';
import { hasIcon, Icon } from '../../components/Icon.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';
import { RichText } from '../../components/RichText.tsx';
import { SharedMarkup } from '../../components/SharedMarkup.tsx';
import { ContentLink } from '../../components/SmartLink.tsx';
import { StructuredData } from '../../components/StructuredData.tsx';
import { eventStructuredData } from './event-structured-data.ts';

export interface EventVenue {
  slug: string;
  name: string;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface Headliner {
  slug: string;
  name: string;
  cover?: Asset | null;
}

export interface EventPageData {
  navigation: EventNavigationContent;
  event: ContentPageFields & {
    blocks: PageBlockContent[];
    config: {
      startDatetime: string;
      endDatetime: string;
      timezone: string;
      colourAccent: string;
      city: string;
      eventType: string;
      description?: string | null;
      unlistedEvent: boolean;
      enableTickets: boolean;
      ticketsExternalId?: string | null;
      hasLineup: boolean;
      /** Over by the content service's clock: the page then sells nothing. */
      ended: boolean;
      cover?: Asset | null;
      venue?: EventVenue | null;
      /** Tickets beside the facts: left out by the loader once the event has ended or when the hero offers them. */
      callToAction?: (NavigationLink & { icon?: string | null }) | null;
    };
    lineup?: { headliners: Headliner[] } | null;
  };
}

type EventContent = EventPageData['event'];

/** SPEC 2.1 /events/{slug}: the event's own page. */
export function EventPage({ data }: { data: EventPageData }) {
  const { t } = useSite();
  const { event } = data;
  const { config } = event;
  const header = event.header ?? { title: event.title, cover: config.cover ?? null };
  return (
    <article className="event-page" style={{ '--accent': config.colourAccent } as object}>
      <EventNavigation navigation={data.navigation} />
      <PageHero header={header} accent={config.colourAccent}>
        {config.ended ? <p className="event-status">{t('events:event.ended')}</p> : null}
      </PageHero>
      <div className="event-page__layout section">
        <div className="event-page__aside">
          <EventFacts event={event} />
          <EventActions event={event} />
        </div>
        <EventAbout event={event} />
      </div>
      {config.hasLineup && event.lineup?.headliners.length ? (
        <HeadlinersTeaser slug={event.slug} headliners={event.lineup.headliners} />
      ) : null}
      <PageBlocks blocks={event.blocks} />
      <EventStructuredData event={event} />
    </article>
  );
}

/**
 * The event's own words: its lead and its body, content alone and the longest text of the page, so
 * rendered once per content answer (SharedMarkup, keyed by the body the answer holds).
 */
function EventAbout({ event }: { event: EventContent }) {
  const about = (
    <>
      {event.config.description ? <p className="lead">{event.config.description}</p> : null}
      <RichText document={event.body} />
    </>
  );
  if (!event.body) return <div className="event-page__about">{about}</div>;
  return (
    <SharedMarkup source={event.body} name="event-about" as="div" props={{ className: 'event-page__about' }}>
      {about}
    </SharedMarkup>
  );
}

function EventFacts({ event }: { event: EventContent }) {
  const { t, format, urls } = useSite();
  const { config } = event;
  return (
    <dl className="event-facts">
      <div className="event-facts__item">
        <dt>
          <Icon name="calendar" />
          {t('event.dates')}
        </dt>
        <dd>
          <time dateTime={config.startDatetime}>{format.dateRange(config.startDatetime, config.endDatetime)}</time>
        </dd>
      </div>
      <div className="event-facts__item">
        <dt>
          <Icon name="clock" />
          {t('event.opens')}
        </dt>
        <dd>
          <time dateTime={config.startDatetime}>{format.time(config.startDatetime)}</time>{' '}
          <span className="event-facts__zone">{t('event.riyadhTime')}</span>
        </dd>
      </div>
      {config.venue ? (
        <div className="event-facts__item event-facts__item--wide">
          <dt>
            <Icon name="pin" />
            {t('events:event.venue')}
          </dt>
          <dd>
            <a className="event-facts__link" href={`${urls.route('venues')}#${encodeURIComponent(config.venue.slug)}`}>
              {config.venue.name}
            </a>
            {config.venue.address ? <span className="event-facts__detail">{config.venue.address}</span> : null}
          </dd>
        </div>
      ) : null}
      <div className="event-facts__item">
        <dt>
          <Icon name="globe" />
          {t('event.city')}
        </dt>
        <dd>{config.city}</dd>
      </div>
      <div className="event-facts__item">
        <dt>
          <Icon name="tag" />
          {t('event.type')}
        </dt>
        <dd>{t(`eventType.${config.eventType}`, { defaultValue: config.eventType })}</dd>
      </div>
    </dl>
  );
}

/** Tickets and the calendar file; for an ended event, where to go next. */
function EventActions({ event }: { event: EventContent }) {
  const { t, urls } = useSite();
  const { config } = event;
  if (config.ended) {
    return (
      <div className="event-actions event-actions--ended">
        <p>{t('events:event.endedLead')}</p>
        <a className="button button--ghost" href={urls.route('eventsCalendar')}>
          <Icon name="calendar" />
          {t('events:event.upcomingEvents')}
        </a>
      </div>
    );
  }
  const tickets = config.callToAction;
  return (
    <div className="event-actions">
      {tickets ? (
        <ContentLink className="button button--primary" link={tickets}>
          {tickets.icon && hasIcon(tickets.icon) ? <Icon name={tickets.icon} /> : null}
          {tickets.title}
        </ContentLink>
      ) : null}
      <a
        className="button button--ghost"
        href={urls.route('eventCalendarFile', { slug: event.slug })}
        download={`${event.slug}.ics`}
        type="text/calendar"
      >
        <Icon name="calendar" />
        {t('events:event.addToCalendar')}
      </a>
    </div>
  );
}

/** The line-up's top of the bill, in billing order, and the way to the whole line-up. */
function HeadlinersTeaser({ slug, headliners }: { slug: string; headliners: Headliner[] }) {
  const { t, urls } = useSite();
  return (
    <section className="section headliners" aria-labelledby="headliners-title">
      <div className="section__heading">
        <h2 id="headliners-title" className="section__title">
          {t('events:event.headliners')}
        </h2>
        <a className="section__more" href={urls.route('lineup', { slug })}>
          {t('events:event.fullLineup')}
          <Icon name="arrow" />
        </a>
      </div>
      <ol className="headliners__list">
        {headliners.map((headliner) => (
          <li key={headliner.slug} className="headliners__item">
            <a className="headliners__link" href={urls.route('performer', { performerSlug: headliner.slug })}>
              {headliner.cover ? (
                <ResponsiveImage
                  className="headliners__image"
                  asset={headliner.cover}
                  alt=""
                  sizes="(min-width: 64em) 16rem, (min-width: 36em) 30vw, 45vw"
                />
              ) : null}
              <span className="headliners__name">{headliner.name}</span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}

function EventStructuredData({ event }: { event: EventContent }) {
  const { t, urls } = useSite();
  const { config } = event;
  const sellsTickets = config.enableTickets && Boolean(config.ticketsExternalId) && !config.ended;
  const image = event.seo.image?.url ?? config.cover?.url;
  return (
    <StructuredData
      data={eventStructuredData({
        name: event.title,
        description: event.seo.description ?? config.description,
        url: urls.absolute(urls.route('event', { slug: event.slug })),
        image: image ? urls.absolute(image) : null,
        startDatetime: config.startDatetime,
        endDatetime: config.endDatetime,
        timeZone: config.timezone,
        city: config.city,
        venue: config.venue,
        ticketsUrl: sellsTickets ? urls.absolute(urls.route('tickets', { eventSlug: event.slug })) : null,
        performers: (event.lineup?.headliners ?? []).map((headliner) => ({
          name: headliner.name,
          url: urls.absolute(urls.route('performer', { performerSlug: headliner.slug })),
        })),
        organizer: { name: t('events:organizer'), url: urls.absolute(urls.route('home')) },
      })}
    />
  );
}
