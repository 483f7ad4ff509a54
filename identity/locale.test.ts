import { directionOf, pickLocale } from './locale.ts';

test('ui_locales wins, then the locale cookie, then English', () => {
  expect(pickLocale({ uiLocales: 'ar', cookieHeader: 'locale=en' })).toBe('ar');
  expect(pickLocale({ uiLocales: 'fr ar-SA en' })).toBe('ar');
  expect(pickLocale({ uiLocales: 'fr', cookieHeader: 'theme=dark; locale=ar' })).toBe('ar');
  expect(pickLocale({ cookieHeader: 'locale=de' })).toBe('en');
  expect(pickLocale({})).toBe('en');
});

test('Arabic reads right to left', () => {
  expect(directionOf('ar')).toBe('rtl');
  expect(directionOf('en')).toBe('ltr');
});
