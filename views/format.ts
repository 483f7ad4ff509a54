/**
 * SPEC 9.1: dates, times, numbers and money, always in Asia/Riyadh; English as en-GB, Arabic as
 * ar-SA with Latin digits and the Gregorian calendar. Used by the server and by islands.
 */

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
  /** An exact decimal amount such as "1150.00" (never a float), in SAR unless told otherwise. */
  money(amount: string, currency?: string): string;
}

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => T): T {
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    cache.set(key, formatter);
  }
  return formatter;
}

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** Range formatting is slow in ICU and pages show the same few event dates again and again. */
const ranges = new Map<string, string>();
function memoizedRange(key: string, format: () => string): string {
  let range = ranges.get(key);
  if (range === undefined) {
    range = format();
    if (ranges.size >= 5000) ranges.clear();
    ranges.set(key, range);
  }
  return range;
}

export function createFormatter(locale: Locale): Formatter {
  const tag = FORMATTING_LOCALES[locale];
  const dateTimeFormat = (name: string, options: Intl.DateTimeFormatOptions) =>
    cached(`${locale}:${name}`, () => new Intl.DateTimeFormat(tag, { timeZone: TIME_ZONE, ...options }));

  return {
    date: (value) => dateTimeFormat('date', { day: 'numeric', month: 'short', year: 'numeric' }).format(toDate(value)),
    longDate: (value) =>
      dateTimeFormat('longDate', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(toDate(value)),
    time: (value) => dateTimeFormat('time', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(toDate(value)),
    dateTime: (value) =>
      dateTimeFormat('dateTime', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(toDate(value)),
    monthYear: (value) => dateTimeFormat('monthYear', { month: 'long', year: 'numeric' }).format(toDate(value)),
    dayAndMonth: (value) => {
      const parts = dateTimeFormat('dayAndMonth', { day: 'numeric', month: 'short' }).formatToParts(toDate(value));
      const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
      return { day: part('day'), month: part('month') };
    },
    dateRange: (start, end) =>
      memoizedRange(`${locale}|${toDate(start).getTime()}|${toDate(end).getTime()}`, () =>
        dateTimeFormat('date', { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(toDate(start), toDate(end)),
      ),
    number: (value) => cached(`${locale}:number`, () => new Intl.NumberFormat(tag)).format(value),
    money: (amount, currency = CURRENCY) =>
      cached(`${locale}:money:${currency}`, () => new Intl.NumberFormat(tag, { style: 'currency', currency })).format(
        amount as unknown as number, // Intl formats decimal strings exactly (ECMA-402 NumberFormat v3).
      ),
  };
}
