import { gql } from '@apollo/client';
import type { TFunction } from 'i18next';
import { createFormatter, TIME_ZONE, type Locale } from '#views/format.ts';

/**
 * The event calendar's filters (SPEC 2.4 "Event calendar with filters"): read from the query
 * string, checked against what the upcoming events offer, and the results grouped by month.
 * Plain functions, so that the rules are tested without a page around them.
 */

export const CALENDAR_FILTERS = ['month', 'city', 'type'] as const;
export type CalendarFilterName = (typeof CALENDAR_FILTERS)[number];
export type CalendarFilters = Partial<Record<CalendarFilterName, string>>;

/** A value the visitor sent that the calendar cannot use: shown back to them, then ignored. */
export interface RejectedFilter {
  name: CalendarFilterName;
  value: string;
}

/** What values look like before anyone asks the content service about them. */
const WELL_FORMED: Record<CalendarFilterName, RegExp> = {
  month: /^\d{4}-(0[1-9]|1[0-2])$/,
  city: /^[a-z0-9-]{1,40}$/,
  type: /^[a-z0-9-]{1,40}$/,
};

/** Longer values are cut when echoed in a message: whatever was typed, the message stays short. */
const ECHO_LENGTH = 40;

/** Splits the query string into well-formed filters and the values the calendar must refuse. */
export function readCalendarFilters(query: Record<string, unknown>): { filters: CalendarFilters; rejected: RejectedFilter[] } {
  const filters: CalendarFilters = {};
  const rejected: RejectedFilter[] = [];
  for (const name of CALENDAR_FILTERS) {
    const raw = query[name];
    if (raw === undefined || raw === '') continue; // "All": the form sends the field empty.
    if (typeof raw === 'string' && WELL_FORMED[name].test(raw)) filters[name] = raw;
    else rejected.push({ name, value: echo(raw) });
  }
  return { filters, rejected };
}

const echo = (raw: unknown) => {
  const text = Array.isArray(raw) ? raw.map(String).join(', ') : typeof raw === 'string' ? raw : '…';
  return text.length > ECHO_LENGTH ? `${text.slice(0, ECHO_LENGTH)}…` : text;
};

/** What the filter choices read of each event (`OptionSource`): the calendar's and the events overview's. */
export const FILTER_CHOICE_FIELDS = gql`
  fragment FilterChoiceFields on EventCard {
    config {
      startDatetime
      endDatetime
      city
      cityKey
      eventType
    }
  }
`;

/** An upcoming event as the filter choices need it. */
export interface OptionSource {
  startDatetime: string;
  endDatetime: string;
  city: string;
  cityKey: string;
  eventType: string;
}

export interface CalendarOptionValues {
  /** `YYYY-MM`, in order: every month in which some upcoming event runs (Riyadh time). */
  months: string[];
  /** City keys with their names in the visitor's language. */
  cities: { value: string; label: string }[];
  types: string[];
}

/** The choices the upcoming events offer: no filter ever leads to a month, city or type with nothing in it. */
export function calendarOptions(events: OptionSource[]): CalendarOptionValues {
  const months = new Set<string>();
  const cities = new Map<string, string>();
  const types = new Set<string>();
  for (const event of events) {
    for (const month of monthsBetween(riyadhMonth(event.startDatetime), riyadhMonth(event.endDatetime))) months.add(month);
    cities.set(event.cityKey, event.city);
    types.add(event.eventType);
  }
  return {
    months: [...months].sort(),
    cities: [...cities].map(([value, label]) => ({ value, label })),
    types: [...types],
  };
}

/** Well-formed values the upcoming events do not offer are refused too; the others apply. */
export function applicableFilters(
  filters: CalendarFilters,
  options: CalendarOptionValues,
): { applied: CalendarFilters; rejected: RejectedFilter[] } {
  const offered: Record<CalendarFilterName, string[]> = {
    month: options.months,
    city: options.cities.map((city) => city.value),
    type: options.types,
  };
  const applied: CalendarFilters = {};
  const rejected: RejectedFilter[] = [];
  for (const name of CALENDAR_FILTERS) {
    const value = filters[name];
    if (value === undefined) continue;
    if (offered[name].includes(value)) applied[name] = value;
    else rejected.push({ name, value });
  }
  return { applied, rejected };
}

/** The choices as the filter form shows them: months by name, cities and types in alphabetical order of their names. */
export function labelledOptions(options: CalendarOptionValues, locale: Locale, t: TFunction) {
  const format = createFormatter(locale);
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, locale);
  return {
    months: options.months.map((month) => ({ value: month, label: format.monthYear(middleOfMonth(month)) })),
    cities: [...options.cities].sort(byLabel),
    types: options.types.map((type) => ({ value: type, label: t(`eventType.${type}`, { defaultValue: type }) })).sort(byLabel),
  };
}

/** The filters in force as the form shows them: '' for "all". */
export const formValues = (applied: CalendarFilters): Record<CalendarFilterName, string> => ({
  month: applied.month ?? '',
  city: applied.city ?? '',
  type: applied.type ?? '',
});

/** The content service's filter for these filters (SPEC 7.1 event cards). */
export const contentFilter = (filters: CalendarFilters) => ({
  ...(filters.month ? { month: filters.month } : {}),
  ...(filters.city ? { city: filters.city } : {}),
  ...(filters.type ? { eventType: filters.type } : {}),
});

export interface MonthGroup<Event> {
  /** `YYYY-MM`. */
  month: string;
  events: Event[];
}

/**
 * Events in order under month headings: the month each starts in (Riyadh time), or, when one
 * month is chosen, all under that month, since an event that began before it still runs in it.
 */
export function groupByMonth<Event extends { config: { startDatetime: string } }>(events: Event[], month?: string): MonthGroup<Event>[] {
  const groups: MonthGroup<Event>[] = [];
  for (const event of events) {
    const key = month ?? riyadhMonth(event.config.startDatetime);
    const last = groups.at(-1);
    if (last?.month === key) last.events.push(event);
    else groups.push({ month: key, events: [event] });
  }
  return groups;
}

const monthFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit' });

/** `YYYY-MM` of an instant as people in Riyadh read it. */
export function riyadhMonth(instant: string): string {
  const parts = monthFormat.formatToParts(new Date(instant));
  return `${parts.find((part) => part.type === 'year')!.value}-${parts.find((part) => part.type === 'month')!.value}`;
}

/** A date safely inside a `YYYY-MM` month in Riyadh, for formatting its name. */
export const middleOfMonth = (month: string) => `${month}-15T12:00:00Z`;

function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let key = first; key <= last;) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    key = `${year}-${String(month).padStart(2, '0')}`;
  }
  return months;
}
