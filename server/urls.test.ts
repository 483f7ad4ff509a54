import { generatePath } from 'react-router';
import { ROUTES } from './route-table.ts';
import { createUrlBuilder, delocalizePath, fillPath, localizePath, pathForPageReference, withoutTrailingSlash } from './urls.ts';

describe('URLs (SPEC 2.1, 2.2)', () => {
  test('trailing slashes are removed, the root stays', () => {
    expect(withoutTrailingSlash('/events/')).toBe('/events');
    expect(withoutTrailingSlash('/events//?a=1')).toBe('/events?a=1');
    expect(withoutTrailingSlash('/')).toBe('/');
  });

  test('Arabic lives under /ar, English at the root', () => {
    expect(localizePath('/', 'ar')).toBe('/ar');
    expect(localizePath('/events', 'ar')).toBe('/ar/events');
    expect(localizePath('/?x=1', 'ar')).toBe('/ar?x=1');
    expect(localizePath('/events', 'en')).toBe('/events');
    expect(delocalizePath('/ar/events?x=1')).toEqual({ locale: 'ar', path: '/events?x=1' });
    expect(delocalizePath('/ar')).toEqual({ locale: 'ar', path: '/' });
    expect(delocalizePath('/arena')).toEqual({ locale: 'en', path: '/arena' });
  });

  test('content page references resolve through the route table', () => {
    expect(pathForPageReference({ entityType: 'event', slug: 'nabd-festival-2026' })).toBe('/events/nabd-festival-2026');
    expect(pathForPageReference({ entityType: 'aboutCustomPage', slug: 'foundation' })).toBe('/about/foundation');
    expect(pathForPageReference({ entityType: 'eventsOverview' })).toBe('/events');
    expect(pathForPageReference({ entityType: 'customBlockPage', slug: 'summer', collection: 'campaigns' })).toBe('/campaigns/summer');
    expect(pathForPageReference({ entityType: 'customTextPage', slug: 'code-of-conduct' })).toBe('/code-of-conduct');
    expect(pathForPageReference({ entityType: 'customTextPage', slug: 'a b', collection: 'c/d' })).toBe('/c%2Fd/a%20b');
    // A reference of a type no route serves makes no link, rather than one that answers 404.
    expect(pathForPageReference({ entityType: 'somethingElse', slug: 'x' })).toBeUndefined();
    expect(pathForPageReference({ entityType: 'event' })).toBeUndefined();
    expect(pathForPageReference({ entityType: 'eventCustomPage', collection: 'nabd-festival-2026', slug: 'getting-there' })).toBe(
      '/events/nabd-festival-2026/getting-there',
    );
    expect(pathForPageReference({ entityType: 'tickets', slug: 'nabd-festival-2026' })).toBe('/events/nabd-festival-2026/tickets');
  });

  test('link records use their own URL when they have one', () => {
    const urls = createUrlBuilder({ baseUrl: 'https://nabd.example', locale: 'ar', currentPath: '/events?page=2' });
    expect(urls.link({ url: 'https://arena.nabd.example' })).toBe('https://arena.nabd.example');
    expect(urls.link({ page: [{ entityType: 'radio' }] })).toBe('/ar/radio');
    expect(urls.route('event', { slug: 'x y' })).toBe('/ar/events/x%20y');
    expect(urls.current('en')).toBe('/events?page=2');
    expect(urls.absolute('/ar/events/')).toBe('https://nabd.example/ar/events');
    expect(urls.absolute('/')).toBe('https://nabd.example');
  });

  test('route paths are filled in as react-router builds them, which is what its matching reads', () => {
    const values = ['nabd-festival-2026', 'a b/c?d', 'إيقاعات', '2026-12-11'];
    for (const { path } of Object.values(ROUTES)) {
      const params = Object.fromEntries([...path.matchAll(/:([\w-]+)/g)].map(([, name], index) => [name!, values[index % values.length]!]));
      expect(fillPath(path, params)).toBe(generatePath(path, params));
      const required = [...path.matchAll(/:([\w-]+)(?!\?)\b/g)].map(([, name]) => name!);
      if (required.length) expect(() => fillPath(path, {})).toThrow(`Missing ":${required[0]}" param`);
    }
    expect(fillPath('/records/:slug?', {})).toBe(generatePath('/records/:slug?', {}));
    expect(fillPath('/', {})).toBe('/');
  });
});
