import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Locale } from '#views/format.ts';
import { calendarFile } from '../../calendar/calendar-file.ts';
import { file, notFound, type PageModule } from '../../page.ts';

interface CalendarFileQuery {
  event: {
    title: string;
    slug: string;
    config: {
      startDatetime: string;
      endDatetime: string;
      city: string;
      description?: string | null;
      venue?: { name: string } | null;
    };
  } | null;
}

const CALENDAR_FILE_QUERY: TypedDocumentNode<CalendarFileQuery, { locale: Locale; slug: string }> = gql`
  query EventCalendarFile($locale: Locale!, $slug: String!) {
    event(locale: $locale, slug: $slug) {
      title
      slug
      config {
        startDatetime
        endDatetime
        city
        description
        venue {
          name
        }
      }
    }
  }
`;

/**
 * /events/{slug}/calendar.ics: the event as an iCalendar file, in the visitor's language, for
 * "Add to calendar". Its UID stays the same across downloads, so a second import updates the first.
 */
const eventCalendarFile: PageModule<null> = {
  async load({ services, locale, params, urls }) {
    const { event } = await services.content.query(CALENDAR_FILE_QUERY, { locale, slug: params.slug! });
    if (!event) return notFound();
    const { config } = event;
    const body = calendarFile(event.title, [
      {
        uid: `event-${event.slug}@nabd`,
        title: event.title,
        start: config.startDatetime,
        end: config.endDatetime,
        location: [config.venue?.name, config.city].filter(Boolean).join(', '),
        description: config.description,
        url: urls.absolute(urls.route('event', { slug: event.slug })),
      },
    ]);
    return file(`${event.slug}.ics`, 'text/calendar', body);
  },
  // Never rendered: the loader always answers with the file or not-found.
  View: () => null,
};

export default eventCalendarFile;
