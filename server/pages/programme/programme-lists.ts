import type { TFunction } from 'i18next';
import type { Formatter } from '#views/format.ts';
import type { ProgrammeDayGroup, ProgrammeTab } from '#views/pages/programme/DayProgrammePage.tsx';
import { dayHeading, riyadhDate } from './timetable-days.ts';

/**
 * A programme's tabs are the values of one field its sessions have: the format of the day
 * programme's sessions (talk, panel...), the category of the night programme's sets (showcase,
 * late night). Only values some session has become tabs, so an unknown tab is a page not found.
 * Known values come in the order given, then any other in order of appearance.
 */
export function programmeTabs<Session>(
  sessions: Session[],
  valueOf: (session: Session) => string | null | undefined,
  order: readonly string[],
  labels: { all: string; value: (value: string) => string },
  href: (tab: string | null) => string,
): ProgrammeTab[] {
  const counts = new Map<string, number>();
  for (const session of sessions) {
    const value = valueOf(session);
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const rank = (value: string) => (order.includes(value) ? order.indexOf(value) : order.length);
  const values = [...counts.keys()].sort((a, b) => rank(a) - rank(b));
  return [
    { value: '', label: labels.all, count: sessions.length, href: href(null) },
    ...values.map((value) => ({ value, label: labels.value(value), count: counts.get(value)!, href: href(value) })),
  ];
}

/** Sessions (already in start order) grouped by their day in Riyadh. */
export function byDay<Session extends { startDatetime: string }>(sessions: Session[], format: Formatter): ProgrammeDayGroup<Session>[] {
  const groups = new Map<string, Session[]>();
  for (const session of sessions) {
    const date = riyadhDate(session.startDatetime);
    groups.set(date, [...(groups.get(date) ?? []), session]);
  }
  return [...groups]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, list]) => ({ date, heading: dayHeading(format, date), sessions: list }));
}

/** A translated label for a content value, the value itself when there is none yet. */
export const valueLabel = (t: TFunction, group: string) => (value: string) => t(`programme:${group}.${value}`, { defaultValue: value });
