import { readFileSync } from 'node:fs';
import { fromRoot } from '#platform/paths.ts';
import { loadTranslations } from './translations.ts';

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

const fileOf = (locale: string) => JSON.parse(readFileSync(fromRoot('locales', locale, 'identity.json'), 'utf8')) as unknown;

test('every English string has its Arabic counterpart', () => {
  expect(keysOf(fileOf('ar')).sort()).toEqual(keysOf(fileOf('en')).sort());
});

test('strings are looked up per locale', async () => {
  const translations = await loadTranslations();
  expect(translations.forLocale('en')('login.title')).toBe('Sign in');
  expect(translations.forLocale('ar')('login.title')).toBe('تسجيل الدخول');
});
