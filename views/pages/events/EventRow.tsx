import type { Asset } from '../../content.ts';
import { useSite } from '../../site-context.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ResponsiveImage } from '../../components/ResponsiveImage.tsx';

/** An event as `EventRowFields` (server/pages/events/event-row-fields.ts) brings it. */
export interface EventRowContent {
  title: string;
  slug: string;
  config: {
    startDatetime: string;
    endDatetime: string;
    city: string;
    eventType: string;
    colourAccent: string;
    cover?: Asset | null;
    venue?: { name: string } | null;
  };
}

/**
 * A dense list of events, denser than the cards: a date badge in the event's colour, type and
 * city, the title (the whole row is its link), dates, opening time and venue, and a calendar file.
 */
export function EventRows({ events, headingLevel = 3 }: { events: EventRowContent[]; headingLevel?: 3 | 4 }) {
  return (
    <ol className="event-rows">
      {events.map((event) => (
        <EventRow key={event.slug} event={event} headingLevel={headingLevel} />
      ))}
    </ol>
  );
}

function EventRow({ event, headingLevel }: { event: EventRowContent; headingLevel: 3 | 4 }) {
  const { t, format, urls } = useSite();
  const { config } = event;
  const Heading = `h${headingLevel}` as 'h3';
  return (
    <li className="event-row" style={{ '--accent': config.colourAccent } as object}>
      <DateBadge start={config.startDatetime} end={config.endDatetime} />
      <div className="event-row__body">
        <p className="event-row__meta">
          <span className="event-row__type">{t(`eventType.${config.eventType}`, { defaultValue: config.eventType })}</span>
          <span aria-hidden="true"> · </span>
          {config.city}
        </p>
        <Heading className="event-row__title">
          <a className="event-row__link" href={urls.route('event', { slug: event.slug })}>
            {event.title}
          </a>
        </Heading>
        <p className="event-row__when">
          <time dateTime={config.startDatetime}>{format.dateRange(config.startDatetime, config.endDatetime)}</time>
          <span aria-hidden="true"> · </span>
          {t('events:row.opens', { time: format.time(config.startDatetime) })}
          {config.venue ? (
            <>
              <span aria-hidden="true"> · </span>
              {config.venue.name}
            </>
          ) : null}
        </p>
      </div>
      {config.cover ? (
        <div className="event-row__media">
          <ResponsiveImage className="event-row__image" asset={config.cover} alt="" sizes="9rem" />
        </div>
      ) : null}
      <a
        className="event-row__file"
        href={urls.route('eventCalendarFile', { slug: event.slug })}
        download={`${event.slug}.ics`}
        type="text/calendar"
      >
        <Icon name="calendar" />
        <span className="visually-hidden">{t('events:row.addToCalendar', { event: event.title })}</span>
      </a>
    </li>
  );
}

/**
 * "10–12 / Dec": the days and the month the event starts in. It repeats the dates written out in
 * the row, so assistive technology skips it.
 */
function DateBadge({ start, end }: { start: string; end: string }) {
  const { format } = useSite();
  const first = format.dayAndMonth(start);
  const last = format.dayAndMonth(end);
  const days = first.month === last.month && first.day !== last.day ? `${first.day}–${last.day}` : first.day;
  return (
    <span className="date-badge" aria-hidden="true">
      <span className="date-badge__day">{days}</span>
      <span className="date-badge__month">{first.month}</span>
    </span>
  );
}
