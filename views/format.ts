/**
 * SPEC 9.1: dates, times, numbers, percentages, lists and money, always in Asia/Riyadh; English as
 * en-GB, Arabic as ar-SA with Latin digits and the Gregorian calendar. The one place the site turns
 * values into text (decision 0047): views, islands, e-mails and the ticket PDF all use it.
 */

import { BoundedMemo } from './bounded-memo.ts';

export type Locale = 'en' | 'ar';

export const LOCALES = ['en', 'ar'] as const satisfies readonly Locale[];
export const DEFAULT_LOCALE: Locale = 'en';
export const TIME_ZONE = 'Asia/Riyadh';
export const CURRENCY = 'SAR';

export const FORMATTING_LOCALES: Record<Locale, string> = {
  en: 'en-GB',
  ar: 'ar-SA-u-nu-latn-ca-gregory',
};

export const direction = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr');

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'ar';

type DateInput = string | Date;

export interface Formatter {
  date(value: DateInput): string;
  /** Weekday and date, for event days. */
  longDate(value: DateInput): string;
  time(value: DateInput): string;
  dateTime(value: DateInput): string;
  /** "December 2026", for month headings and month choices. */
  monthYear(value: DateInput): string;
  /** A date badge's parts: the day of the month and the month's short name ("10", "Dec"). */
  dayAndMonth(value: DateInput): { day: string; month: string };
  /** "10–13 Dec 2026", collapsing the parts two dates share. */
  dateRange(start: DateInput, end: DateInput): string;
  number(value: number): string;
  /** A whole percentage: 15 → "15%" in English, "15٪" in Arabic. */
  percent(value: number): string;
  /**
   * A large figure, short: exact up to 9,999 ("1,200"), then "12K", "600K", "1.5M" in English and
   * "12 ألف", "600 ألف", "1.5 مليون" in Arabic, never broken across lines. `orMore` marks a floor:
   * "1,200+" in English, "+1,200" in Arabic (the sign read first).
   */
  compactNumber(value: number, options?: { orMore?: boolean }): string;
  /** "A, B and C" in English, "أ وب وج" in Arabic. */
  list(items: readonly string[]): string;
  /**
   * The parts of one thing written on a line, such as an address or a place: "Riyadh, Olaya" in
   * English, "الرياض، العليا" in Arabic. Empty parts are left out.
   */
  parts(items: readonly (string | null | undefined)[]): string;
  /** A language's name in this formatter's language: `en` is "English" on English pages, "الإنجليزية" on Arabic ones. */
  languageName(language: Locale): string;
  /** An exact decimal amount such as "1150.00" (never a float), in SAR unless told otherwise. */
  money(amount: string, currency?: string): string;
}

type CachedFormat = Intl.DateTimeFormat | Intl.NumberFormat | Intl.ListFormat | Intl.DisplayNames | Intl.Collator;

const cache = new Map<string, CachedFormat>();

function cached<T extends CachedFormat>(key: string, build: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    cache.set(key, formatter);
  }
  return formatter;
}

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/**
 * Formatting dates is slow in ICU (a range most of all), and pages show the same few event dates and
 * set times again and again: a line-up page formats each of its hundred-odd sets' times per visitor.
 */
const formattedDates = new BoundedMemo<string>(5000);

/** Names compared as a reader of the language expects: Arabic in alphabet order, Latin without regard to case or accents. */
export const collatorFor = (locale: Locale): Intl.Collator =>
  cached(`${locale}:collator`, () => new Intl.Collator(FORMATTING_LOCALES[locale], { sensitivity: 'base', numeric: true }));

/** Figures below this are written out in full; from it on, in compact notation. */
const COMPACT_FROM = 10_000;

/** What sits between the parts of an address or a place on one line. */
const PART_SEPARATORS: Record<Locale, string> = { en: ', ', ar: '، ' };

export function createFormatter(locale: Locale): Formatter {
  const tag = FORMATTING_LOCALES[locale];
  const dateTimeFormat = (name: string, options: Intl.DateTimeFormatOptions) =>
    cached(`${locale}:${name}`, () => new Intl.DateTimeFormat(tag, { timeZone: TIME_ZONE, ...options }));
  /** A date or time as one of the formats above writes it, remembered per instant. */
  const dateText = (name: string, options: Intl.DateTimeFormatOptions) => (value: DateInput) => {
    const date = toDate(value);
    return formattedDates.get(`${locale}|${name}|${date.getTime()}`, () => dateTimeFormat(name, options).format(date));
  };

  return {
    date: dateText('date', { day: 'numeric', month: 'short', year: 'numeric' }),
    longDate: dateText('longDate', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    time: dateText('time', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    dateTime: dateText('dateTime', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
    monthYear: dateText('monthYear', { month: 'long', year: 'numeric' }),
    dayAndMonth: (value) => {
      const parts = dateTimeFormat('dayAndMonth', { day: 'numeric', month: 'short' }).formatToParts(toDate(value));
      const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
      return { day: part('day'), month: part('month') };
    },
    dateRange: (start, end) =>
      formattedDates.get(`${locale}|range|${toDate(start).getTime()}|${toDate(end).getTime()}`, () =>
        dateTimeFormat('date', { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(toDate(start), toDate(end)),
      ),
    number: (value) => cached(`${locale}:number`, () => new Intl.NumberFormat(tag)).format(value),
    percent: (value) =>
      cached(`${locale}:percent`, () => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 })).format(value / 100),
    compactNumber: (value, options = {}) => {
      const figure =
        Math.abs(value) < COMPACT_FROM
          ? cached(`${locale}:number`, () => new Intl.NumberFormat(tag)).format(value)
          : cached(`${locale}:compact`, () => new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 }))
              .format(value)
              .replace(/ /g, '\u00a0'); // "600 ألف" is one figure: it must not wrap.
      if (!options.orMore) return figure;
      return locale === 'ar' ? `+${figure}` : `${figure}+`;
    },
    list: (items) => cached(`${locale}:list`, () => new Intl.ListFormat(tag, { type: 'conjunction', style: 'long' })).format(items),
    parts: (items) => items.filter((item): item is string => Boolean(item?.trim())).join(PART_SEPARATORS[locale]),
    languageName: (language) =>
      cached(`${locale}:languages`, () => new Intl.DisplayNames(tag, { type: 'language' })).of(language) ?? language,
    money: (amount, currency = CURRENCY) =>
      cached(`${locale}:money:${currency}`, () => new Intl.NumberFormat(tag, { style: 'currency', currency })).format(
        amount as unknown as number, // Intl formats decimal strings exactly (ECMA-402 NumberFormat v3).
      ),
  };
}
