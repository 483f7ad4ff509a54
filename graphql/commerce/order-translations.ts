import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { fromRoot } from '#platform/paths.ts';
import type { Locale } from '#views/format.ts';

/** What an order sends its buyer, the e-mails and the ticket PDF, in the order's language. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const NAMESPACE = 'orderEmails';

/** The strings of the e-mails and the ticket (`locales/{en,ar}/orderEmails.json`) in an i18next instance of their own. */
export function loadOrderEmailTranslations(folder = fromRoot('locales')): (locale: Locale) => Translate {
  const resources: Record<string, Record<string, Record<string, string>>> = {};
  for (const locale of ['en', 'ar'] as const) {
    resources[locale] = {
      [NAMESPACE]: JSON.parse(readFileSync(`${folder}/${locale}/${NAMESPACE}.json`, 'utf8')) as Record<string, string>,
    };
  }
  const i18n = i18next.createInstance();
  // React escapes what it renders; escaping here as well would show entities in the e-mail.
  void i18n.init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return (locale) => {
    const t = i18n.getFixedT(locale, NAMESPACE);
    return (key, values) => (values ? t(key as never, values as never) : t(key as never)) as string;
  };
}
