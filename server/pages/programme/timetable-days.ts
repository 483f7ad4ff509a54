import type { Formatter } from '#views/format.ts';
import type { TimetableColumn, TimetableDayLink, TimetableEntry } from '#views/components/Timetable.tsx';

/**
 * Timetable days in URLs are ISO dates in Riyadh (`/timetable/2026-12-10`): the same value the
 * content service uses for festival days (`LineupDay.date`, `TimetableDay.date`), readable in both
 * languages, stable when a day is added before another, and the same as the line-up's own day pages.
 */
/** A festival day as visitors read it: the date in Riyadh (UTC+3 all year). */
export const riyadhDate = (instant: string) => new Date(Date.parse(instant) + 3 * 3600_000).toISOString().slice(0, 10);

export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export interface TimetableDayContent {
  date: string;
  number: number;
}

/** The requested day (or the first when none is asked for); null for a day the timetable does not have. */
export function chosenDay<Day extends TimetableDayContent>(days: Day[], requested: string | undefined): Day | null {
  if (requested === undefined) return days[0] ?? null;
  if (!DAY_PATTERN.test(requested)) return null;
  return days.find((day) => day.date === requested) ?? null;
}

/** The day as a heading and in titles: its weekday and date in the page's language. */
export const dayHeading = (format: Formatter, date: string) => format.longDate(`${date}T12:00:00+03:00`);

export const dayLinks = (days: TimetableDayContent[], href: (date: string) => string): TimetableDayLink[] =>
  days.map((day) => ({ date: day.date, number: day.number, href: href(day.date) }));

/** A timetable whose stages are not to be shown (SPEC 3.2 settingsHideStages): one unnamed column. */
export function withoutStages<Entry extends TimetableEntry>(
  columns: (TimetableColumn & { entries: Entry[] })[],
): (TimetableColumn & { entries: Entry[] })[] {
  if (!columns.length) return columns;
  return [{ id: 'all', title: null, entries: columns.flatMap((column) => column.entries) }];
}
