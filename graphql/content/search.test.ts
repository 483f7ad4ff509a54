import { databaseBackends } from '#test/support/backends.ts';
import {
  eventRecord,
  performanceRecord,
  performerRecord,
  PREVIEW_TOKEN,
  reference,
  simpleRecord,
  type RecordFile,
  contentServiceFor,
} from './test-support/content-fixture.ts';

const article = (slug: string, date: string, en: Record<string, unknown>, ar: Record<string, unknown>): RecordFile =>
  simpleRecord(`article-${slug}`, 'article', { category: reference('category-guides'), firstPublishedAt: `${date}T09:00:00Z` }, { slug, en, ar });

const RECORDS: RecordFile[] = [
  simpleRecord('category-guides', 'articleCategory', {}, { slug: 'guides', en: { title: 'Guides' }, ar: { title: 'أدلة' } }),
  // Arabic written with hamza, taa marbuta, alef maqsura, diacritics and tatweel.
  article('first-night', '2026-01-10', { title: 'First night', summary: 'Notes' }, { title: 'إيقاعات الليلة الأولى', summary: 'مُوسِيقَى الـــصحراء' }),
  article('oasis', '2026-03-01', { title: 'Oasis', summary: 'Water' }, { title: 'مهرجان الواحة', summary: 'ماء وظلال' }),
  // Written plainly, to be found by the forms people type with hamza and taa marbuta.
  article('plain', '2026-02-01', { title: 'Plain', summary: 'Text' }, { title: 'اسرار مدينه', summary: 'حكايات' }),
  article('festival-guide', '2026-05-01', { title: 'Festival guides for cities', summary: 'Boxes and bags' }, { title: 'أدلة', summary: 'صناديق' }),
  article('beyonce', '2026-04-01', { title: 'Beyoncé live', summary: 'A night at the stadium' }, { title: 'بيونسيه', summary: 'ليلة' }),
  article('mentions-festival', '2026-06-01', { title: 'Summer notes', summary: 'A festival in the mountains' }, { title: 'ملاحظات', summary: 'مهرجان' }),
  article('old-festival', '2025-06-01', { title: 'Summer notes', summary: 'A festival by the sea' }, { title: 'ملاحظات', summary: 'مهرجان' }),
  eventRecord('winter-fest', { start: '2026-12-10T12:00:00Z', end: '2026-12-12T20:59:00Z' }),
  eventRecord('secret-party', { start: '2026-12-01T15:00:00Z', end: '2026-12-01T20:00:00Z', unlisted: true }),
  performerRecord('zara'),
  performanceRecord('zara-set', { event: 'event-winter-fest', performers: ['performer-zara'], start: '2026-12-10T18:00:00Z', end: '2026-12-10T19:30:00Z' }),
  performanceRecord('hidden-set', { event: 'event-secret-party', performers: ['performer-zara'], start: '2026-12-01T18:00:00Z', end: '2026-12-01T19:00:00Z' }),
  simpleRecord('page-secret-party-parking', 'page.customEvent', { event: reference('event-secret-party') }, { slug: 'parking', en: { title: 'secret-party parking' } }),
  { ...simpleRecord('article-draft', 'article', { category: reference('category-guides') }, { slug: 'draft', en: { title: 'Unannounced headliner' } }), status: 'draft' },
  ...Array.from({ length: 25 }, (_, index) =>
    article(`gig-${index + 1}`, `2025-01-${String(index + 1).padStart(2, '0')}`, { title: `Gig number ${index + 1}` }, { title: `حفلة ${index + 1}` }),
  ),
];

const SEARCH = `query Search($locale: Locale!, $query: String!, $kinds: [SearchKind!], $first: Int, $skip: Int) {
  search(locale: $locale, query: $query, kinds: $kinds, first: $first, skip: $skip) {
    total
    counts { kind count }
    items { kind slug collection title startDatetime }
  }
}`;

describe.each(databaseBackends)('site search on $name', (backend) => {
  const service = contentServiceFor(backend, RECORDS);

  async function search(variables: { locale?: 'en' | 'ar'; query: string; kinds?: string[]; first?: number; skip?: number }, headers: Record<string, string> = {}) {
    const response = await service.content.query({ query: SEARCH, variables: { locale: 'en', ...variables } }, headers);
    if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
    return response.body.data.search as { total: number; counts: { kind: string; count: number }[]; items: { kind: string; slug: string; collection: string | null; title: string; startDatetime: string | null }[] };
  }
  const slugs = async (variables: Parameters<typeof search>[0]) => (await search(variables)).items.map((item) => item.slug);

  test('Arabic is found however its letters are written: hamza, taa marbuta, alef maqsura, diacritics, tatweel', async () => {
    expect(await slugs({ locale: 'ar', query: 'ايقاعات' })).toEqual(['first-night']);
    expect(await slugs({ locale: 'ar', query: 'الليله الاولي' })).toEqual(['first-night']);
    expect(await slugs({ locale: 'ar', query: 'موسيقي الصحراء' })).toEqual(['first-night']);
    expect(await slugs({ locale: 'ar', query: 'أسرار مدينة' })).toEqual(['plain']);
    expect(await slugs({ locale: 'ar', query: 'أَسْرَار' })).toEqual(['plain']);
  });

  test('Arabic words are found without or with the article and attached prefixes', async () => {
    expect(await slugs({ locale: 'ar', query: 'واحة' })).toEqual(['oasis']);
    expect(await slugs({ locale: 'ar', query: 'ظلال' })).toEqual(['oasis']);
    expect(await slugs({ locale: 'ar', query: 'المهرجان' })).toEqual(expect.arrayContaining(['oasis', 'mentions-festival']));
    expect(await slugs({ locale: 'ar', query: 'صحراء' })).toEqual(['first-night']);
  });

  test('English ignores case and accents and finds plurals and singulars', async () => {
    expect(await slugs({ query: 'beyonce' })).toEqual(['beyonce']);
    expect(await slugs({ query: 'BEYONCÉ Live' })).toEqual(['beyonce']);
    expect(await slugs({ query: 'city guide box' })).toEqual(['festival-guide']);
    expect(await slugs({ query: 'festivals' })).toContain('festival-guide');
    expect(await slugs({ query: 'mount' })).toEqual(['mentions-festival']);
  });

  test('every word must match, each as the beginning of a word', async () => {
    expect(await slugs({ query: 'festival mountains' })).toEqual(['mentions-festival']);
    expect(await slugs({ query: 'festival nowhere' })).toEqual([]);
    expect(await slugs({ query: 'estival' })).toEqual([]);
  });

  test('title matches come first, then the newer', async () => {
    expect(await slugs({ query: 'festival' })).toEqual(['festival-guide', 'mentions-festival', 'old-festival']);
  });

  test('unlisted events and what belongs to them are never found', async () => {
    expect(await slugs({ query: 'secret' })).toEqual([]);
    const zara = await search({ query: 'zara' });
    expect(zara.items.map((item) => [item.kind, item.slug, item.collection])).toEqual(
      expect.arrayContaining([
        ['performer', 'zara', null],
        ['performance', 'zara-set', 'winter-fest'],
      ]),
    );
    expect(zara.items.map((item) => item.slug)).not.toContain('hidden-set');
    const { performanceSlugs } = (await service.content.query({ query: '{ performanceSlugs(locale: en) { items { slug } } }' })).body.data;
    expect(performanceSlugs.items).toContainEqual({ slug: 'hidden-set' });
    const listings = (await service.content.query({ query: '{ searchListings(locale: en, kind: performance) { items { slug } } }' })).body.data.searchListings;
    expect(listings.items).toEqual([{ slug: 'zara-set' }]);
  });

  test('performances are found by their performers, with the event for their URL and date', async () => {
    expect(await slugs({ query: 'winter', kinds: ['performance'] })).toEqual([]);
    const found = await search({ query: 'zara', kinds: ['performance'] });
    expect(found.items).toEqual([{ kind: 'performance', slug: 'zara-set', collection: 'winter-fest', title: 'zara-set', startDatetime: '2026-12-10T18:00:00Z' }]);
  });

  test('drafts are found only in preview', async () => {
    expect(await slugs({ query: 'unannounced' })).toEqual([]);
    const response = await service.content.query({ query: SEARCH, variables: { locale: 'en', query: 'unannounced' } }, { authorization: `Bearer ${PREVIEW_TOKEN}`, 'x-include-drafts': 'true' });
    expect(response.body.data.search.items.map((item: { slug: string }) => item.slug)).toEqual(['draft']);
  });

  test('counts matches per kind over all kinds, while the page lists the kinds asked for', async () => {
    const found = await search({ query: 'zara', kinds: ['performer'] });
    expect(found.total).toBe(1);
    expect(found.items.map((item) => item.kind)).toEqual(['performer']);
    expect(found.counts).toEqual([
      { kind: 'performance', count: 1 },
      { kind: 'performer', count: 1 },
    ]);
  });

  test('pages through the results, 20 at a time by default', async () => {
    const first = await search({ query: 'gig' });
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(20);
    const second = await search({ query: 'gig', skip: 20 });
    expect(second.items.map((item) => item.slug)).toEqual(['gig-5', 'gig-4', 'gig-3', 'gig-2', 'gig-1']);
    const beyond = await search({ query: 'gig', skip: 40 });
    expect(beyond).toMatchObject({ total: 25, items: [] });
  });

  test('an empty query finds nothing; a query longer than 100 characters is refused', async () => {
    expect(await search({ query: '   ' })).toEqual({ total: 0, counts: [], items: [] });
    const response = await service.content.query({ query: SEARCH, variables: { locale: 'en', query: 'x'.repeat(101) } });
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});
