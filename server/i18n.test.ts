import type { i18n } from 'i18next';
import { createI18n, translatorFor } from './i18n.ts';

describe('the translators pages use', () => {
  let instance: i18n;
  beforeAll(async () => {
    instance = await createI18n();
  });

  test('answer what i18next answers, in both languages, for keys alone, plurals and interpolations, however often asked', () => {
    const calls: [string, Record<string, unknown>?][] = [
      ['brand.name'],
      ['blocks:countdown.remaining'],
      ...[0, 1, 2, 3, 11, 100].map((count): [string, Record<string, unknown>] => ['blocks:countdown.days', { count }]),
      ['blocks:countdown.startsAt', { date: '10 December', time: '16:00' }],
      ['blocks:countdown.startsAt', { date: '11 December', time: '18:00' }],
      ['no.such.key'],
    ];
    for (const locale of ['en', 'ar'] as const) {
      const t = translatorFor(instance, locale);
      const plain = instance.getFixedT(locale);
      for (const round of [1, 2]) {
        for (const [key, options] of calls) {
          expect({ round, locale, key, options, text: t(key, options) }).toEqual({
            round,
            locale,
            key,
            options,
            text: plain(key, options),
          });
        }
      }
    }
    // The Arabic plural forms differ: remembered by count, not by key.
    const arabic = translatorFor(instance, 'ar');
    expect(new Set([0, 1, 2, 3, 11].map((count) => arabic('blocks:countdown.days', { count }))).size).toBeGreaterThan(2);
  });

  test('leave to i18next what they cannot remember: objects asked for, and options that are not plain values', () => {
    const t = translatorFor(instance, 'en');
    const plain = instance.getFixedT('en');
    expect(t('blocks:countdown', { returnObjects: true })).toEqual(plain('blocks:countdown', { returnObjects: true }));
    expect(typeof t('blocks:countdown', { returnObjects: true })).toBe('object');
    const price = { toString: () => 'SAR 10' };
    expect(t('blocks:countdown.startsAt', { date: price, time: '1' })).toBe(plain('blocks:countdown.startsAt', { date: price, time: '1' }));
  });

  test('are made once per instance and language', () => {
    expect(translatorFor(instance, 'ar')).toBe(translatorFor(instance, 'ar'));
    expect(translatorFor(instance, 'ar')).not.toBe(translatorFor(instance, 'en'));
  });
});
