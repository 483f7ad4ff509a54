import { databaseBackends } from '#test/support/backends.ts';
import { festivalDay } from './resolvers/lineup.ts';
import {
  contentFolder,
  eventRecord,
  pageRecord,
  performanceRecord,
  performerRecord,
  PREVIEW_TOKEN,
  reference,
  simpleRecord,
  startContentService,
  type RecordFile,
  type RunningContent,
  contentServiceFor,
} from './test-support/content-fixture.ts';

/** "Now" for these tests is 2026-11-21 12:00 UTC. */
const RECORDS: RecordFile[] = [
  eventRecord('winter-fest', { start: '2026-12-10T12:00:00Z', end: '2026-12-12T20:59:00Z', tickets: true, lineup: 'lineup-winter-fest' }),
  eventRecord('spring-nights', { start: '2027-03-01T15:00:00Z', end: '2027-03-02T20:00:00Z', city: 'jeddah' }),
  eventRecord('last-year', { start: '2025-12-10T12:00:00Z', end: '2025-12-12T20:59:00Z' }),
  eventRecord('running-today', { start: '2026-11-20T12:00:00Z', end: '2026-11-21T06:00:00Z' }),
  eventRecord('secret-party', { start: '2026-12-01T15:00:00Z', end: '2026-12-01T20:00:00Z', unlisted: true, tickets: true }),
  simpleRecord('lineup-winter-fest', 'lineup', { event: reference('event-winter-fest'), headlinerOrder: [reference('performer-zara')] }),
  simpleRecord('stage-main', 'stage', { event: reference('event-winter-fest'), sortOrder: 1 }),
  simpleRecord('stage-garden', 'stage', { event: reference('event-winter-fest'), sortOrder: 2 }),
  performerRecord('zara', { labelArtist: true }),
  performerRecord('adam'),
  performerRecord('9lives'),
  performanceRecord('zara', { event: 'event-winter-fest', stage: 'stage-main', performers: ['performer-zara'], start: '2026-12-10T18:00:00Z', end: '2026-12-10T19:30:00Z' }),
  performanceRecord('adam', {
    event: 'event-winter-fest',
    stage: 'stage-garden',
    performers: ['performer-adam', 'performer-9lives'],
    start: '2026-12-11T16:00:00Z',
    end: '2026-12-11T17:00:00Z',
    ar: { title: 'آدم', description: '' },
  }),
  performanceRecord('old-set', { event: 'event-last-year', performers: ['performer-adam'], start: '2025-12-10T18:00:00Z', end: '2025-12-10T19:00:00Z' }),
  pageRecord('page-home', 'page.home'),
  pageRecord('page-foundation', 'page.aboutCustom', { slug: 'foundation' }),
  pageRecord('page-summer', 'page.customBlock', { slug: 'summer', shared: { collection: 'campaigns' } }),
  pageRecord('page-winter-fest-parking', 'page.customEvent', { slug: 'parking', shared: { event: reference('event-winter-fest') } }),
  { ...pageRecord('page-secret-plans', 'page.aboutCustom', { slug: 'secret-plans' }), status: 'draft' },
  { ...pageRecord('page-about', 'page.about'), draft: { en: { title: 'About (next version)' } } },
  simpleRecord('category-news', 'articleCategory', {}, { slug: 'news' }),
  simpleRecord('category-guides', 'articleCategory', {}, { slug: 'guides' }),
  ...['2025-01-01', '2026-06-01', '2025-09-01'].map((date, index) =>
    simpleRecord(`article-${index + 1}`, 'article', { category: reference(index === 2 ? 'category-guides' : 'category-news'), firstPublishedAt: `${date}T09:00:00Z` }, { slug: `article-${index + 1}` }),
  ),
  ...['2024-05-01', '2026-02-01', '2025-07-01'].map((date, index) =>
    simpleRecord(`release-${index + 1}`, 'release', { artists: [reference('performer-zara')], releasedAt: `${date}T00:00:00Z` }, { slug: `release-${index + 1}` }),
  ),
  simpleRecord('redirect-b', 'redirect', { source: '/b', destination: '/events' }),
  simpleRecord('redirect-a', 'redirect', { source: '/a', destination: '/about' }),
  simpleRecord('translation-z', 'translation', { label: 'z.last' }, { en: { value: 'Last' }, ar: { value: 'الأخير' } }),
  simpleRecord('translation-a', 'translation', { label: 'a.first' }, { en: { value: 'First' }, ar: { value: 'الأول' } }),
  performanceRecord('zara-early', { event: 'event-running-today', performers: ['performer-zara'], start: '2026-11-21T01:00:00Z', end: '2026-11-21T03:00:00Z' }),
  simpleRecord(
    'station-one',
    'radioStation',
    {
      streamUrl: '/media/radio/one.wav',
      // "Now" is Saturday 15:00 in Riyadh.
      schedule: [
        { id: 'sat', day: 'saturday', shows: [
          { id: 'sat-1', show: reference('show-morning'), startTime: '09:00', endTime: '15:00' },
          { id: 'sat-2', show: reference('show-evening'), startTime: '15:00', endTime: '23:59' },
        ] },
        { id: 'sun', day: 'sunday', shows: [{ id: 'sun-1', show: reference('show-evening'), startTime: '15:00', endTime: '23:59' }] },
      ],
    },
    { en: { name: 'One', description: 'A station' }, ar: { name: 'واحد' } },
  ),
  simpleRecord('show-morning', 'radioShow', {}, { en: { title: 'Morning' }, ar: { title: 'الصباح' } }),
  simpleRecord('show-evening', 'radioShow', {}, { en: { title: 'Evening' }, ar: { title: 'المساء' } }),
  simpleRecord(
    'page-with-blocks',
    'page.aboutCustom',
    {
      pageType: 'about',
      moduleName: 'about',
      blocks: [
        { id: 'top', type: 'header', callToAction: { id: 'go', title: 'Go', url: 'https://nabd.example' } },
        { id: 'count', type: 'countdown', endDatetime: '2026-12-10T12:00:00Z' },
        { id: 'frame', type: 'iframe', url: 'https://shop.nabd.example/embed', height: 600 },
        { id: 'next', type: 'eventList', timeframe: 'upcoming', limit: 1 },
      ],
    },
    { slug: 'with-blocks', en: { title: 'Blocks', blocks: [{ id: 'top', title: 'Welcome' }, { id: 'frame', title: 'Shop' }] }, ar: { title: 'كتل', blocks: [{ id: 'top', title: 'أهلًا' }, { id: 'frame', title: 'المتجر' }] } },
  ),
  simpleRecord('page-broken-grid', 'page.aboutCustom', {
    pageType: 'about',
    moduleName: 'about',
    blocks: [{ id: 'grid', type: 'contentGrid', items: [reference('event-winter-fest'), reference('page-secret-plans')] }],
  }, { slug: 'broken-grid' }),
];

describe.each(databaseBackends)('content queries on $name', (backend) => {
  const service = contentServiceFor(backend, RECORDS);

  async function data(query: string, variables: object = {}, headers: Record<string, string> = {}) {
    const response = await service.content.query({ query, variables }, headers);
    if (response.body.errors) throw new Error(JSON.stringify(response.body.errors));
    return response.body.data;
  }

  describe('slug lists (SPEC 7.1)', () => {
    test('return slugs with a total count, 100 at a time by default, with skip', async () => {
      const { performerSlugs, paged } = await data(`{
        performerSlugs(locale: en) { total items { slug } }
        paged: performerSlugs(locale: en, first: 1, skip: 1) { total items { slug } }
      }`);
      expect(performerSlugs).toEqual({ total: 3, items: [{ slug: '9lives' }, { slug: 'adam' }, { slug: 'zara' }] });
      expect(paged).toEqual({ total: 3, items: [{ slug: 'adam' }] });
    });

    test('give what builds each URL: the collection of custom pages, the event of performances', async () => {
      const { customBlockSlugs, performanceSlugs } = await data(`{
        customBlockSlugs(locale: en) { items { slug collection } }
        performanceSlugs(locale: en) { items { slug collection } }
      }`);
      expect(customBlockSlugs.items).toEqual([{ slug: 'summer', collection: 'campaigns' }]);
      expect(performanceSlugs.items).toContainEqual({ slug: 'zara', collection: 'winter-fest' });
    });

    test('event slugs need `first` and leave unlisted events out', async () => {
      expect((await service.content.query({ query: '{ eventSlugs(locale: en) { total } }' })).status).toBe(400);
      const { eventSlugs } = await data('{ eventSlugs(locale: en, first: 10) { items { slug } } }');
      expect(eventSlugs.items.map((item: { slug: string }) => item.slug)).not.toContain('secret-party');
      const { unlistedEvents } = await data('{ unlistedEvents { total items { slug } } }');
      expect(unlistedEvents).toEqual({ total: 1, items: [{ slug: 'secret-party' }] });
    });

    test('first is capped at 100', async () => {
      const { performerSlugs } = await data('{ performerSlugs(locale: en, first: 1000) { total } }');
      expect(performerSlugs.total).toBe(3);
    });
  });

  describe('pages', () => {
    test('a page by slug and locale carries its SEO tags, page type, module and submodule names', async () => {
      const { aboutCustomPage } = await data(`{ aboutCustomPage(locale: ar, slug: "foundation") { title pageType moduleName submoduleName seo { title noIndex } } }`);
      expect(aboutCustomPage).toEqual({ title: 'page-foundation (ar)', pageType: 'aboutCustom', moduleName: 'test', submoduleName: null, seo: { title: 'page-foundation (ar)', noIndex: false } });
    });

    test('a custom block page is found in its collection only', async () => {
      const { found, elsewhere } = await data(`{
        found: customBlockPage(locale: en, slug: "summer", collection: "campaigns") { title }
        elsewhere: customBlockPage(locale: en, slug: "summer", collection: "other") { title }
      }`);
      expect(found).toEqual({ title: 'page-summer' });
      expect(elsewhere).toBeNull();
    });
  });

  describe('events', () => {
    test('event cards: soonest first, unlisted left out, filters and paging', async () => {
      const slugs = (result: { items: { slug: string }[] }) => result.items.map((item) => item.slug);
      const result = await data(`{
        all: eventCards(locale: en) { total items { slug } }
        upcoming: eventCards(locale: en, filter: { timeframe: upcoming }) { items { slug } }
        past: eventCards(locale: en, filter: { timeframe: past }, orderBy: startDatetime_DESC) { items { slug } }
        jeddah: eventCards(locale: en, filter: { city: "jeddah" }) { items { slug } }
        december: eventCards(locale: en, filter: { month: "2026-12" }) { items { slug } }
        selling: eventCards(locale: en, filter: { withTickets: true }) { items { slug } }
        second: eventCards(locale: en, first: 1, skip: 1) { total items { slug } }
      }`);
      expect(slugs(result.all)).toEqual(['last-year', 'running-today', 'winter-fest', 'spring-nights']);
      expect(slugs(result.upcoming)).toEqual(['winter-fest', 'spring-nights']);
      expect(slugs(result.past)).toEqual(['running-today', 'last-year']);
      expect(slugs(result.jeddah)).toEqual(['spring-nights']);
      expect(slugs(result.december)).toEqual(['winter-fest']);
      expect(slugs(result.selling)).toEqual(['winter-fest']);
      expect(result.second).toEqual({ total: 4, items: [{ slug: 'running-today' }] });
    });

    test("a performer's events still running at or after the start of the day (SPEC 7.1)", async () => {
      const query = `query($startOfDay: String!) { performerEvents(locale: en, performerId: "performer-adam", startOfDay: $startOfDay) { slug } }`;
      expect((await data(query, { startOfDay: '2026-11-21T00:00:00+03:00' })).performerEvents).toEqual([{ slug: 'winter-fest' }]);
      expect((await data(query, { startOfDay: '2025-12-12T00:00:00+03:00' })).performerEvents).toEqual([{ slug: 'last-year' }, { slug: 'winter-fest' }]);
    });

    test("a performer's upcoming events start from today in Riyadh by the service's clock unless told", async () => {
      // running-today ended at 09:00 Riyadh time this morning: still today, so still listed.
      const { performer } = await data(`{ performer(locale: en, slug: "zara") {
        today: upcomingEvents { slug }
        later: upcomingEvents(startOfDay: "2026-11-22T00:00:00+03:00") { slug }
      } }`);
      expect(performer.today).toEqual([{ slug: 'running-today' }, { slug: 'winter-fest' }]);
      expect(performer.later).toEqual([{ slug: 'winter-fest' }]);
    });

    test('an event says whether it is over by the clock that tells upcoming from past', async () => {
      const { ongoing, over, endedThisMorning } = await data(`{
        ongoing: event(locale: en, slug: "winter-fest") { config { ended } }
        over: event(locale: en, slug: "last-year") { config { ended } }
        endedThisMorning: event(locale: en, slug: "running-today") { config { ended } }
      }`);
      expect([ongoing, over, endedThisMorning].map((event) => event.config.ended)).toEqual([false, true, true]);
    });

    test("a custom event page is found by its event's id or slug, and only in that event", async () => {
      const { byId, bySlug, otherEvent, noEvent } = await data(`{
        byId: customEventPage(locale: ar, slug: "parking", eventId: "event-winter-fest") { title }
        bySlug: customEventPage(locale: ar, slug: "parking", eventSlug: "winter-fest") { title }
        otherEvent: customEventPage(locale: en, slug: "parking", eventSlug: "spring-nights") { title }
        noEvent: customEventPage(locale: en, slug: "parking", eventSlug: "no-such-event") { title }
      }`);
      expect(byId).toEqual({ title: 'page-winter-fest-parking (ar)' });
      expect(bySlug).toEqual(byId);
      expect([otherEvent, noEvent]).toEqual([null, null]);
    });

    test('a ticket event must sell its tickets here and be listed (SPEC 5)', async () => {
      const { selling, notSelling, unlisted } = await data(`{
        selling: ticketEvent(locale: en, slug: "winter-fest") { slug }
        notSelling: ticketEvent(locale: en, slug: "spring-nights") { slug }
        unlisted: ticketEvent(locale: en, slug: "secret-party") { slug }
      }`);
      expect([selling, notSelling, unlisted]).toEqual([{ slug: 'winter-fest' }, null, null]);
    });
  });

  describe('line-ups', () => {
    test('items per performer in start order, with stages, days, headliners and filters', async () => {
      const { festivalLineup } = await data(`{ festivalLineup(locale: en, eventSlug: "winter-fest") {
        headliners { slug }
        stages { title }
        days { date number }
        items { headliner performer { slug } stage { title } }
        byLetter: items(filter: { letter: "#" }) { performer { slug } }
        byDay: items(filter: { day: "2026-12-11" }) { performer { slug } }
        bySearch: items(filter: { search: "ZAR" }) { performer { slug } }
      } }`);
      expect(festivalLineup.headliners).toEqual([{ slug: 'zara' }]);
      expect(festivalLineup.stages).toEqual([{ title: 'stage-main' }, { title: 'stage-garden' }]);
      expect(festivalLineup.days).toEqual([
        { date: '2026-12-10', number: 1 },
        { date: '2026-12-11', number: 2 },
      ]);
      expect(festivalLineup.items).toEqual([
        { headliner: true, performer: { slug: 'zara' }, stage: { title: 'stage-main' } },
        { headliner: false, performer: { slug: 'adam' }, stage: { title: 'stage-garden' } },
        { headliner: false, performer: { slug: '9lives' }, stage: { title: 'stage-garden' } },
      ]);
      expect(festivalLineup.byLetter).toEqual([{ performer: { slug: '9lives' } }]);
      expect(festivalLineup.byDay.map((item: { performer: { slug: string } }) => item.performer.slug)).toEqual(['adam', '9lives']);
      expect(festivalLineup.bySearch).toEqual([{ performer: { slug: 'zara' } }]);
    });

    test('a line-up has its own title and SEO; each performance its festival day', async () => {
      const { festivalLineup } = await data(`{ festivalLineup(locale: ar, eventSlug: "winter-fest") {
        title
        seo { title }
        performances { slug day seo { title } }
      } }`);
      expect(festivalLineup.title).toBe('lineup-winter-fest (ar)');
      expect(festivalLineup.seo.title).toBe('lineup-winter-fest (ar)');
      expect(festivalLineup.performances.map((performance: { slug: string; day: string }) => [performance.slug, performance.day])).toEqual([
        ['zara', '2026-12-10'],
        ['adam', '2026-12-11'],
      ]);
      expect(festivalLineup.performances[1].seo.title).toBe('آدم');
    });

    test('a set that starts after midnight belongs to the festival day of the night before', () => {
      expect(festivalDay('2026-12-11T22:30:00Z')).toBe('2026-12-11'); // 01:30 on the 12th in Riyadh
      expect(festivalDay('2026-12-12T02:59:00Z')).toBe('2026-12-11'); // 05:59
      expect(festivalDay('2026-12-12T03:00:00Z')).toBe('2026-12-12'); // 06:00 starts a new day
      expect(festivalDay('2026-12-10T20:59:00Z')).toBe('2026-12-10'); // 23:59
    });

    test('Arabic falls back to English for performance content (SPEC 9.1)', async () => {
      const { performance } = await data(`{ performance(locale: ar, slug: "adam", eventSlug: "winter-fest") { title description } }`);
      expect(performance).toEqual({ title: 'آدم', description: 'About adam' });
      const { stations } = await data('{ stations(locale: ar) { name description } }');
      expect(stations).toEqual([{ name: 'واحد', description: 'A station' }]);
    });
  });

  describe('radio', () => {
    test("stations carry their week; today and the show on air come from the service's clock in Riyadh", async () => {
      const { stations } = await data('{ stations(locale: en) { name schedule { day today shows { startTime onAir show { title } } } } }');
      expect(stations[0].schedule).toEqual([
        {
          day: 'saturday',
          today: true,
          shows: [
            { startTime: '09:00', onAir: false, show: { title: 'Morning' } },
            { startTime: '15:00', onAir: true, show: { title: 'Evening' } },
          ],
        },
        { day: 'sunday', today: false, shows: [{ startTime: '15:00', onAir: false, show: { title: 'Evening' } }] },
      ]);
    });
  });

  describe('lists and their order', () => {
    test('articles newest first with their count, by category', async () => {
      const { articles, guides, none } = await data(`{
        articles(locale: en) { total items { slug } }
        guides: articles(locale: en, filter: { category: "guides" }) { total items { slug } }
        none: articles(locale: en, filter: { category: "nope" }) { total items { slug } }
      }`);
      expect(articles).toEqual({ total: 3, items: [{ slug: 'article-2' }, { slug: 'article-3' }, { slug: 'article-1' }] });
      expect(guides).toEqual({ total: 1, items: [{ slug: 'article-3' }] });
      expect(none).toEqual({ total: 0, items: [] });
    });

    test('releases newest first by default, oldest or by title on request', async () => {
      const { newest, oldest } = await data(`{
        newest: releases(locale: en) { items { slug } }
        oldest: releases(locale: en, orderBy: oldest, first: 1) { total items { slug } }
      }`);
      expect(newest.items.map((release: { slug: string }) => release.slug)).toEqual(['release-2', 'release-3', 'release-1']);
      expect(oldest).toEqual({ total: 3, items: [{ slug: 'release-1' }] });
    });

    test('redirects sorted by source, translations by label', async () => {
      const { redirects, translations } = await data(`{
        redirects { total items { source destination permanent } }
        translations(locale: ar) { items { label value } }
      }`);
      expect(redirects.items).toEqual([
        { source: '/a', destination: '/about', permanent: true },
        { source: '/b', destination: '/events', permanent: true },
      ]);
      expect(translations.items).toEqual([
        { label: 'a.first', value: 'الأول' },
        { label: 'z.last', value: 'الأخير' },
      ]);
    });

    test('artists filter record-label artists and letters', async () => {
      const { label, digits } = await data(`{
        label: artists(locale: en, filter: { labelArtist: true }) { total items { slug } }
        digits: artists(locale: en, filter: { letter: "#" }) { items { slug } }
      }`);
      expect(label).toEqual({ total: 1, items: [{ slug: 'zara' }] });
      expect(digits.items).toEqual([{ slug: '9lives' }]);
    });
  });

  test('page blocks resolve by type, their shared and translated parts merged', async () => {
    const { aboutCustomPage } = await data(`{ aboutCustomPage(locale: ar, slug: "with-blocks") { blocks {
      __typename
      ... on HeaderBlock { title callToAction { isExternal } }
      ... on CountdownBlock { endDatetime }
      ... on IframeBlock { title height }
      ... on EventListBlock { events { slug } }
    } } }`);
    expect(aboutCustomPage.blocks).toEqual([
      { __typename: 'HeaderBlock', title: 'أهلًا', callToAction: { isExternal: true } },
      { __typename: 'CountdownBlock', endDatetime: '2026-12-10T12:00:00Z' },
      { __typename: 'IframeBlock', title: 'المتجر', height: 600 },
      { __typename: 'EventListBlock', events: [{ slug: 'winter-fest' }] },
    ]);
  });

  describe('drafts and preview (SPEC 1, 6, 7.1)', () => {
    const draftOnly = '{ aboutCustomPage(locale: en, slug: "secret-plans") { title } }';
    const changed = '{ aboutPage(locale: en) { title } }';
    const preview = { authorization: `Bearer ${PREVIEW_TOKEN}`, 'x-include-drafts': 'true' };

    test('published content never shows drafts', async () => {
      expect((await data(draftOnly)).aboutCustomPage).toBeNull();
      expect((await data(changed)).aboutPage.title).toBe('page-about');
    });

    test('the preview token with include-drafts shows drafts and draft changes', async () => {
      expect((await data(draftOnly, {}, preview)).aboutCustomPage).toEqual({ title: 'page-secret-plans' });
      expect((await data(changed, {}, preview)).aboutPage.title).toBe('About (next version)');
      expect((await data(changed, {}, { authorization: `Bearer ${PREVIEW_TOKEN}` })).aboutPage.title).toBe('page-about');
    });

    test('include-drafts with the ordinary token is refused', async () => {
      const response = await service.content.query({ query: changed }, { 'x-include-drafts': 'true' });
      expect(response.status).toBe(403);
    });
  });

  test('ids with quotes, commas and braces are just ids that match nothing', async () => {
    const { dayProgram, performer } = await data('query($id: ID!) { dayProgram(locale: en, id: $id) { name } performer(locale: en, slug: "zara") { name } }', { id: '"a",b{c}\\' });
    expect(dayProgram).toBeNull();
    expect(performer).toEqual({ name: 'zara' });
  });

  describe('broken references', () => {
    const grid = '{ aboutCustomPage(locale: en, slug: "broken-grid") { blocks { ... on ContentGridBlock { items { __typename } } } } }';

    test('fail the field by default, and are left out with exclude-invalid (SPEC 7.1)', async () => {
      const strict = await service.content.query({ query: grid });
      expect(strict.body.errors[0].extensions.code).toBe('UNRESOLVABLE_LINK');
      const lenient = await data(grid, {}, { 'x-exclude-invalid': 'true' });
      expect(lenient.aboutCustomPage.blocks[0].items).toEqual([{ __typename: 'EventCard' }]);
    });
  });
});

describe('request options, limits and environments', () => {
  let fixture: Awaited<ReturnType<typeof contentFolder>>;
  let content: RunningContent;
  beforeAll(async () => {
    fixture = await contentFolder(RECORDS);
    content = await startContentService(fixture.folder, { production: true });
  });
  afterAll(async () => {
    await content.close();
    await fixture.remove();
  });

  test('no token or a wrong one is 401', async () => {
    expect((await content.query({ query: '{ contentVersion { version } }' }, { authorization: '' })).status).toBe(401);
    expect((await content.query({ query: '{ contentVersion { version } }' }, { authorization: 'Bearer wrong' })).status).toBe(401);
  });

  test('invalid queries and variables are 400, never 500', async () => {
    expect((await content.query({ query: '{ nope }' })).status).toBe(400);
    expect((await content.query({ query: '{' })).status).toBe(400);
    expect((await content.query({ query: 'query($l: Locale!) { homePage(locale: $l) { title } }', variables: { l: 'fr' } })).status).toBe(400);
    expect((await content.query({ query: 'query($l: Locale!) { homePage(locale: $l) { title } }' })).status).toBe(400);
  });

  test('queries too deep or too costly are refused with 400', async () => {
    const deep = `{ navigation(locale: en) { menus { currentEvents { config { venue { upcomingEvents { config { ticketsOverviewPage { event { config { venue { upcomingEvents { slug } } } } } } } } } } } } }`;
    const deepResponse = await content.query({ query: deep });
    expect(deepResponse.status).toBe(400);
    expect(deepResponse.body.errors[0].message).toMatch(/levels deep/);
    const costly = `{ articles(locale: en, first: 100) { items { moreInCategory(first: 100) { moreInCategory(first: 100) { slug title } } } } }`;
    const costlyResponse = await content.query({ query: costly });
    expect(costlyResponse.status).toBe(400);
    expect(costlyResponse.body.errors[0].message).toMatch(/costs/);
  });

  test('introspection is off in production', async () => {
    expect((await content.query({ query: '{ __schema { types { name } } }' })).status).toBe(400);
  });

  test('the environment header picks the content; an unknown one is 400', async () => {
    expect((await content.query({ query: '{ homePage(locale: en) { title } }' }, { 'x-content-environment': 'staging' })).body.data.homePage.title).toBe('page-home');
    expect((await content.query({ query: '{ homePage(locale: en) { title } }' }, { 'x-content-environment': 'qa' })).status).toBe(400);
  });
});
