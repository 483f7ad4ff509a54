import { readFile } from 'node:fs/promises';
import i18next from 'i18next';
import { fromRoot } from '#platform/paths.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locale.ts';

/** Looks a key of `locales/{locale}/identity.json` up, e.g. `login.title`, filling in `{{values}}`. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface Translations {
  forLocale(locale: Locale): Translate;
}

const NAMESPACE = 'identity';

/**
 * The hosted pages' strings, read from disk once at start into an i18next instance of the
 * service's own, so the site's i18next set-up never affects them (nor they it).
 */
export async function loadTranslations(folder = fromRoot('locales')): Promise<Translations> {
  const resources = Object.fromEntries(
    await Promise.all(
      LOCALES.map(async (locale) => {
        const text = await readFile(`${folder}/${locale}/${NAMESPACE}.json`, 'utf8');
        return [locale, { [NAMESPACE]: JSON.parse(text) as Record<string, unknown> }] as const;
      }),
    ),
  );
  const i18n = i18next.createInstance();
  await i18n.init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    initAsync: false,
    // React escapes what it renders; escaping here too would double it.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const fixed = new Map(LOCALES.map((locale) => [locale, i18n.getFixedT(locale, NAMESPACE)]));
  return {
    forLocale(locale) {
      const t = fixed.get(locale) ?? fixed.get(DEFAULT_LOCALE)!;
      return (key, values) => (values ? t(key as never, values as never) : t(key as never)) as string;
    },
  };
}
