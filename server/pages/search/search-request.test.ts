import { countsByCategory, readSearchRequest } from './search-request.ts';

describe('what a visitor asks the site search', () => {
  test('a query is trimmed with its spaces collapsed; a category and page are read when they make sense', () => {
    expect(readSearchRequest({ q: '  desert   nights ', category: 'events', page: '3' })).toEqual({
      query: 'desert nights',
      typed: 'desert nights',
      category: 'events',
      page: 3,
      tooLong: false,
      unknownCategory: null,
    });
  });

  test('odd values are ignored, and an unknown category is kept (shortened) to say so', () => {
    expect(readSearchRequest({ q: ['a', 'b'], category: 'x'.repeat(60), page: '-1' })).toMatchObject({
      query: 'a',
      category: null,
      page: 1,
      unknownCategory: `${'x'.repeat(40)}…`,
    });
    expect(readSearchRequest({ page: '1e3' }).page).toBe(1);
  });

  test('a query over 100 characters is not searched but shown back', () => {
    const request = readSearchRequest({ q: 'a'.repeat(101) });
    expect(request).toMatchObject({ query: '', typed: 'a'.repeat(101), tooLong: true });
    expect(readSearchRequest({ q: 'a'.repeat(100) }).tooLong).toBe(false);
  });

  test('kinds are counted under their chips, in the chips order', () => {
    const counts = countsByCategory([
      { kind: 'event', count: 2 },
      { kind: 'festivalLineup', count: 1 },
      { kind: 'faqPage', count: 1 },
      { kind: 'premiumPartner', count: 2 },
    ]);
    expect(counts[0]).toEqual({ category: 'events', count: 3 });
    expect(counts.find((chip) => chip.category === 'pages')).toEqual({ category: 'pages', count: 3 });
    expect(counts.find((chip) => chip.category === 'artists')).toEqual({ category: 'artists', count: 0 });
  });
});
