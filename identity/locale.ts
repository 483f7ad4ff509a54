/** SPEC 9.1: English by default, Arabic right to left. */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

export const directionOf = (locale: Locale): 'ltr' | 'rtl' => (locale === 'ar' ? 'rtl' : 'ltr');

export interface LocaleSources {
  /** The `ui_locales` parameter of the authorization or end-session request (space-separated). */
  uiLocales?: unknown;
  /** The request's Cookie header, for the site's `locale` cookie (SPEC 7.4, 9.1). */
  cookieHeader?: string | undefined;
}

/**
 * The language of a hosted page: the one the site asked for in `ui_locales` (the web tier sends
 * the visitor's), else the site's locale cookie, else English.
 */
export function pickLocale({ uiLocales, cookieHeader }: LocaleSources): Locale {
  const requested = typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : [];
  const fromRequest = requested.map((tag) => tag.split('-')[0]?.toLowerCase()).find(isLocale);
  if (fromRequest) return fromRequest;
  const fromCookie = /(?:^|;\s*)locale=([^;]*)/
    .exec(cookieHeader ?? '')?.[1]
    ?.trim()
    .toLowerCase();
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}
