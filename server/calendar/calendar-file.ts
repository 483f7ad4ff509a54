import { createEvents, type EventAttributes } from 'ics';

/** One entry of an iCalendar file: an event, a performance, a session. Times are ISO 8601. */
export interface CalendarEntry {
  /** Stable across downloads, so that importing the file again updates rather than duplicates. */
  uid: string;
  title: string;
  start: string;
  end: string;
  location?: string | null;
  description?: string | null;
  /** Absolute URL of the entry's page. */
  url?: string | null;
}

/**
 * An iCalendar (RFC 5545) file for calendar apps, written by the `ics` package: times in UTC,
 * which every calendar shows in its owner's time zone.
 */
export function calendarFile(name: string, entries: CalendarEntry[]): string {
  const events: EventAttributes[] = entries.map((entry) => ({
    uid: entry.uid,
    title: entry.title,
    start: Date.parse(entry.start),
    end: Date.parse(entry.end),
    startInputType: 'utc',
    startOutputType: 'utc',
    endInputType: 'utc',
    endOutputType: 'utc',
    ...(entry.location ? { location: entry.location } : {}),
    ...(entry.description ? { description: entry.description } : {}),
    ...(entry.url ? { url: entry.url } : {}),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  }));
  const { error, value } = createEvents(events, { productId: 'nabd/website', calName: name });
  if (error || !value) throw error ?? new Error('the calendar file could not be written');
  return value;
}
