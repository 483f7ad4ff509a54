/**
 * schema.org `Event` for an event page (https://schema.org/Event, and what search engines read of
 * it): a plain function of the page's data, rendered by views/components/StructuredData.tsx.
 */

export interface EventStructuredDataInput {
  name: string;
  description?: string | null;
  /** Absolute URLs. */
  url: string;
  image?: string | null;
  startDatetime: string;
  endDatetime: string;
  timeZone: string;
  city: string;
  venue?: { name: string; address?: string | null; latitude?: number | null; longitude?: number | null } | null;
  /** The tickets page, when tickets are sold here and the event is ahead. */
  ticketsUrl?: string | null;
  performers: { name: string; url: string }[];
  organizer: { name: string; url: string };
}

export function eventStructuredData(input: EventStructuredDataInput): Record<string, unknown> {
  const { venue } = input;
  return {
    '@type': 'Event',
    name: input.name,
    ...(input.description ? { description: input.description } : {}),
    url: input.url,
    ...(input.image ? { image: [input.image] } : {}),
    startDate: isoInZone(input.startDatetime, input.timeZone),
    endDate: isoInZone(input.endDatetime, input.timeZone),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: venue?.name ?? input.city,
      address: {
        '@type': 'PostalAddress',
        ...(venue?.address ? { streetAddress: venue.address } : {}),
        addressLocality: input.city,
        addressCountry: 'SA',
      },
      ...(venue?.latitude != null && venue.longitude != null
        ? { geo: { '@type': 'GeoCoordinates', latitude: venue.latitude, longitude: venue.longitude } }
        : {}),
    },
    ...(input.ticketsUrl ? { offers: { '@type': 'Offer', url: input.ticketsUrl, priceCurrency: 'SAR' } } : {}),
    ...(input.performers.length ? { performer: input.performers.map((performer) => ({ '@type': 'MusicGroup', ...performer })) } : {}),
    organizer: { '@type': 'Organization', ...input.organizer },
  };
}

/**
 * An instant as local date and time with its offset (`2026-12-10T15:00:00+03:00`), which schema.org
 * asks for so that the time reads right where the event happens.
 */
export function isoInZone(instant: string, timeZone: string): string {
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName!.replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** Formatters are dear to make and the same for every event in a zone: one per zone. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      timeZoneName: 'longOffset',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}
