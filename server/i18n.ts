import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type Resource, type TFunction } from 'i18next';
import { fromRoot } from '#platform/paths.ts';
import { BoundedMemo } from '#views/bounded-memo.ts';
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

/** Each instance's translators, one per language, made once. */
const translators = new WeakMap<i18n, Record<Locale, TFunction>>();

/**
 * The instance's translator for a language, remembering what it has translated: a page asks for
 * hundreds of strings, the same on every render, and i18next's lookup (key parsing, namespaces,
 * fallbacks, interpolation) was about a third of rendering a page. The strings are loaded once at
 * start and never change, so a translation is remembered by its key and options when the options
 * are plain values (a count, a name); others (objects, `returnObjects`) are asked of i18next each time.
 */
export function translatorFor(instance: i18n, locale: Locale): TFunction {
  let forInstance = translators.get(instance);
  if (!forInstance) {
    forInstance = Object.fromEntries(LOCALES.map((language) => [language, remembering(instance.getFixedT(language))])) as Record<
      Locale,
      TFunction
    >;
    translators.set(instance, forInstance);
  }
  return forInstance[locale];
}

/** Translations remembered at most; past that the memory starts again (options may carry visitors' values). */
const MAX_REMEMBERED = 20_000;

function remembering(t: TFunction): TFunction {
  const remembered = new BoundedMemo<unknown>(MAX_REMEMBERED);
  const lookUp = t as unknown as (...parameters: unknown[]) => unknown;
  const translate = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const memoKey = rest.length === 0 ? memoKeyOf(key, options) : undefined;
    return memoKey === undefined ? lookUp(key, options, ...rest) : remembered.get(memoKey, () => lookUp(key, options));
  };
  return Object.assign(translate, t) as unknown as TFunction;
}

const PLAIN_TYPES = new Set(['string', 'number', 'boolean', 'undefined']);

/** A key for a call whose answer depends on its key and plain-valued options alone, or undefined. */
function memoKeyOf(key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null || Object.getPrototypeOf(options) !== Object.prototype) return undefined;
  if (!Object.values(options).every((value) => value === null || PLAIN_TYPES.has(typeof value))) return undefined;
  if ('returnObjects' in options || 'lng' in options) return undefined;
  return `${key}\u0000${JSON.stringify(options)}`;
}
