import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type Resource, type TFunction } from 'i18next';
import { fromRoot } from '#platform/paths.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '#views/format.ts';

export type { TFunction };

/** The web tier's namespaces; the identity service loads its own. */
const NAMESPACES = [
  'common',
  'validation',
  'errors',
  'account',
  'blocks',
  'events',
  'lineup',
  'programme',
  'music',
  'about',
  'feed',
  'search',
  'shop',
  'checkout',
  'commerce',
  'payments',
  'loyalty',
];

/**
 * One i18next instance for the web tier with every string of locales/ loaded at start, so that
 * translating never waits on I/O during a request.
 */
export async function createI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  const resources: Resource = {};
  for (const locale of LOCALES) {
    resources[locale] = {};
    const folder = fromRoot('locales', locale);
    for (const file of readdirSync(folder)) {
      const namespace = path.basename(file, '.json');
      if (!NAMESPACES.includes(namespace)) continue;
      resources[locale]![namespace] = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
    }
  }
  await instance.init({
    resources,
    supportedLngs: [...LOCALES],
    fallbackLng: DEFAULT_LOCALE,
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes on output.
    returnNull: false,
  });
  return instance;
}

export const translatorFor = (instance: i18n, locale: Locale): TFunction => instance.getFixedT(locale);
