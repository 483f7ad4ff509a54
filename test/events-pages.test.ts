import { readFileSync } from 'node:fs';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import type { EventCardContent } from '#views/content.ts';
import { createFormatter } from '#views/format.ts';
import { ServiceClient } from '#server/services/service-client.ts';
import { EventSales } from '#server/commerce/event-sales.ts';
import { createLogger } from '#platform/logger.ts';
import { fromRoot } from '#platform/paths.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_NOW, TEST_ORIGIN, type TestSite } from './support/test-site.ts';
import { publishedContent } from './support/content-records.ts';
import { ACCEPTED_PRIVACY } from './support/privacy.ts';

/**
 * The events area: calendar, event pages, custom event pages, calendar files, venues and travel
 * packages, in both languages. Expectations come from the content files, not from today's wording.
 */

type Locale = 'en' | 'ar';
type Fields = Record<string, any>;

let site: TestSite;
type ContentRecord = Awaited<ReturnType<typeof publishedContent<Fields>>>[number];
let published: ContentRecord[];
beforeAll(async () => {
  site = await startTestSite();
  published = await publishedContent();
});
afterAll(() => site.close());

const get = (path: string, headers: Record<string, string> = {}) => request(site.app).get(path).set(headers);
const records = (type: string, locale: Locale = 'en') => published.filter((entry) => entry.type === type && entry.locale === locale);
const record = (id: string, locale: Locale = 'en') => published.find((entry) => entry.id === id && entry.locale === locale)!;
const fields = (id: string, locale: Locale = 'en'): Fields => record(id, locale).fields;
const strings = (locale: Locale, namespace: string) => JSON.parse(readFileSync(fromRoot('locales', locale, `${namespace}.json`), 'utf8'));
const events = { en: strings('en', 'events'), ar: strings('ar', 'events') };
const localized = (locale: Locale, path: string) => (locale === 'ar' ? `/ar${path}` : path);

/** Upcoming listed events, soonest first, as the calendar must show them (SPEC 4.3, 6). */
function upcomingEvents(locale: Locale = 'en') {
  return records('event', locale)
    .filter((event) => !event.fields.config.unlistedEvent && Date.parse(event.fields.config.endDatetime) >= TEST_NOW.getTime())
    .sort((a, b) => Date.parse(a.fields.config.startDatetime) - Date.parse(b.fields.config.startDatetime));
}

/** Riyadh is UTC+3 all year: a month's bounds as instants. */
function runsInMonth(event: ContentRecord, month: string) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const start = Date.UTC(year, number - 1, 1, -3);
  const end = Date.UTC(year, number, 1, -3);
  return Date.parse(event.fields.config.startDatetime) < end && Date.parse(event.fields.config.endDatetime) >= start;
}

const riyadhMonth = (instant: string) => new Date(Date.parse(instant) + 3 * 3600_000).toISOString().slice(0, 7);

/** The events a calendar page lists, by slug, in order. */
const listedSlugs = (html: string) =>
  [...html.matchAll(/class="event-row__link" href="(?:\/ar)?\/events\/([^"]+)"/g)].map((match) => match[1]);
const selectValues = (html: string, name: string) => {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`).exec(html)![1]!;
  return [...select.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]!).filter(Boolean);
};
/** The attributes of the first link to `href` (React writes them in prop order, so none is assumed). */
function linkTo(html: string, href: string): Record<string, string> {
  const tag = [...html.matchAll(/<a\s[^>]*>/g)].map((match) => match[0]).find((candidate) => candidate.includes(` href="${href}"`));
  if (!tag) throw new Error(`No link to ${href}`);
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
}
const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);

describe('every page of the area answers in both languages, titled from its SEO fields', () => {
  const pages: [string, string][] = [
    ['/events/calendar', 'page-events-calendar'],
    ['/events/nabd-festival-2026', 'event-nabd-festival-2026'],
    ['/events/nabd-festival-2026/getting-there', 'page-event-nabd-festival-2026-getting-there'],
    ['/venues', 'page-venues'],
    ['/travel-packages', 'page-travel'],
    ['/travel-packages/nabd-festival-2026-weekend', 'travel-package-nabd-festival-2026-weekend'],
  ];
  test.each(pages.flatMap(([path, id]) => (['en', 'ar'] as const).map((locale) => [localized(locale, path), id, locale] as const)))(
    '%s',
    async (path, id, locale) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.text).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
      const suffix = fields('global-config', locale).siteTitleSuffix;
      expect(decoded(response.text)).toContain(`<title>${fields(id, locale).seo.title} | ${suffix}</title>`);
    },
  );

  test.each(['en', 'ar'] as const)('a travel partner page (%s) is titled with the partner', async (locale) => {
    const response = await get(localized(locale, '/travel-packages/partners/rihla-journeys'));
    expect(response.status).toBe(200);
    expect(decoded(response.text)).toContain(`<title>${fields('travel-partner-rihla-journeys', locale).name} | `);
  });

  test.each([
    '/events/no-such-event',
    '/events/no-such-event/getting-there',
    '/events/nabd-festival-2026/no-such-page',
    // A custom page belongs to its event only.
    '/events/dunes-sessions-2027/accessibility',
    '/events/no-such-event/calendar.ics',
    '/travel-packages/no-such-package',
    '/travel-packages/partners/no-such-partner',
    '/ar/events/nabd-festival-2026/no-such-page',
    '/ar/travel-packages/no-such-package',
  ])('%s is not found', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.text).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('the event calendar (SPEC 2.4)', () => {
  test('lists every upcoming listed event soonest first, under the month it starts in, never an unlisted one', async () => {
    const { text } = await get('/events/calendar');
    const upcoming = upcomingEvents();
    expect(listedSlugs(text)).toEqual(upcoming.map((event) => event.slug));
    expect(listedSlugs(text)).not.toContain('partners-preview-night-2026');
    const months = [...new Set(upcoming.map((event) => riyadhMonth(event.fields.config.startDatetime)))];
    const headings = [...text.matchAll(/<h2 id="month-(\d{4}-\d{2})"/g)].map((match) => match[1]);
    expect(headings).toEqual(months);
    expect(decoded(text)).toContain(`${upcoming.length} upcoming events`);
  });

  test('offers the months, cities and types the upcoming events have, and no others', async () => {
    const { text } = await get('/events/calendar');
    const upcoming = upcomingEvents();
    const months = new Set<string>();
    for (const event of upcoming) {
      for (let month = riyadhMonth(event.fields.config.startDatetime); month <= riyadhMonth(event.fields.config.endDatetime);) {
        months.add(month);
        const [year, number] = month.split('-').map(Number) as [number, number];
        month = number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
      }
    }
    expect(selectValues(text, 'month')).toEqual([...months].sort());
    expect(selectValues(text, 'city').sort()).toEqual([...new Set(upcoming.map((event) => event.fields.config.cityKey))].sort());
    expect(selectValues(text, 'type').sort()).toEqual([...new Set(upcoming.map((event) => event.fields.config.eventType))].sort());
  });

  test('each city narrows the list to exactly its events', async () => {
    const upcoming = upcomingEvents();
    for (const city of new Set(upcoming.map((event) => event.fields.config.cityKey as string))) {
      const { text } = await get(`/events/calendar?city=${city}`);
      expect(listedSlugs(text)).toEqual(upcoming.filter((event) => event.fields.config.cityKey === city).map((event) => event.slug));
      expect(text).toMatch(new RegExp(`<option value="${city}" selected=""`));
    }
  });

  test('each type narrows the list to exactly its events', async () => {
    const upcoming = upcomingEvents();
    for (const type of new Set(upcoming.map((event) => event.fields.config.eventType as string))) {
      const { text } = await get(`/ar/events/calendar?type=${type}`);
      expect(listedSlugs(text)).toEqual(upcoming.filter((event) => event.fields.config.eventType === type).map((event) => event.slug));
    }
  });

  test('a month lists the events running in it, all under its heading, including one that began the month before', async () => {
    const upcoming = upcomingEvents();
    const { text: page } = await get('/events/calendar');
    for (const month of selectValues(page, 'month')) {
      const { text } = await get(`/events/calendar?month=${month}`);
      expect(listedSlugs(text)).toEqual(upcoming.filter((event) => runsInMonth(event, month)).map((event) => event.slug));
      expect([...text.matchAll(/<h2 id="month-([\d-]+)"/g)].map((match) => match[1])).toEqual([month]);
    }
    // New Year's Eve ends after midnight in Riyadh: it is in December and in January.
    const spanning = upcoming.find(
      (event) => riyadhMonth(event.fields.config.startDatetime) !== riyadhMonth(event.fields.config.endDatetime),
    );
    expect(spanning).toBeDefined();
    expect(listedSlugs((await get(`/events/calendar?month=${riyadhMonth(spanning!.fields.config.endDatetime)}`)).text)).toContain(
      spanning!.slug,
    );
  });

  test('filters combine, and the URL that carries them can be shared', async () => {
    const upcoming = upcomingEvents();
    const { text } = await get('/events/calendar?month=2026-12&city=riyadh&type=festival');
    const expected = upcoming.filter(
      (event) => runsInMonth(event, '2026-12') && event.fields.config.cityKey === 'riyadh' && event.fields.config.eventType === 'festival',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(listedSlugs(text)).toEqual(expected.map((event) => event.slug));
    expect(decoded(text)).toContain(
      expected.length === 1 ? '1 event matches your filters' : `${expected.length} events match your filters`,
    );
  });

  test('a combination with nothing in it says so and offers to clear the filters', async () => {
    const upcoming = upcomingEvents();
    const { text: page } = await get('/events/calendar');
    const combination = selectValues(page, 'month')
      .flatMap((month) => selectValues(page, 'city').map((city) => ({ month, city })))
      .find(({ month, city }) => !upcoming.some((event) => runsInMonth(event, month) && event.fields.config.cityKey === city))!;
    for (const locale of ['en', 'ar'] as const) {
      const { status, text } = await get(localized(locale, `/events/calendar?month=${combination.month}&city=${combination.city}`));
      expect(status).toBe(200);
      expect(listedSlugs(text)).toEqual([]);
      expect(decoded(text)).toContain(events[locale].calendar.emptyFiltered);
      expect(decoded(text)).toContain(`href="${localized(locale, '/events/calendar')}">${events[locale].calendar.clear}`);
    }
  });

  test.each([
    ['month=2026-13', 'month', '2026-13'],
    ['month=2025-01', 'month', '2025-01'],
    ['city=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'city', '<script>alert(1)</script>'],
    ['city=london', 'city', 'london'],
    ['type=rave', 'type', 'rave'],
    ['city=riyadh&city=jeddah', 'city', 'riyadh, jeddah'],
  ])('?%s is named back to the visitor and the calendar shows everything', async (query, name, value) => {
    for (const locale of ['en', 'ar'] as const) {
      const response = await get(localized(locale, `/events/calendar?${query}`));
      expect(response.status).toBe(200);
      expect(listedSlugs(response.text)).toEqual(upcomingEvents().map((event) => event.slug));
      expect(decoded(response.text)).toContain(events[locale].calendar[name].rejected.replace('{{value}}', value));
      expect(response.text).not.toContain('<script>alert(1)');
    }
  });

  test('a valid filter still applies beside one that cannot', async () => {
    const { text } = await get('/events/calendar?city=jeddah&month=2026-13');
    expect(listedSlugs(text)).toEqual(
      upcomingEvents()
        .filter((event) => event.fields.config.cityKey === 'jeddah')
        .map((event) => event.slug),
    );
  });

  test('a partial request for the results gets only them and the new count, and the answer varies on its headers', async () => {
    const partial = { 'HX-Request': 'true', 'HX-Target': 'calendar-results' };
    const response = await get('/events/calendar?city=jeddah', partial);
    expect(response.status).toBe(200);
    expect(response.headers.vary).toMatch(/HX-Request/);
    expect(response.headers.vary).toMatch(/HX-Target/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).not.toContain('<html');
    expect(response.text).not.toContain('calendar-filters');
    const jeddah = upcomingEvents().filter((event) => event.fields.config.cityKey === 'jeddah');
    expect(listedSlugs(response.text)).toEqual(jeddah.map((event) => event.slug));
    // The count goes to the live region outside the results: its content replaced, out of band.
    expect(decoded(response.text)).toMatch(/<p id="calendar-status" data-swap-oob="inner">\d+ events? match/);
    expect(response.text).not.toContain('hx-swap-oob');
    expect((await get('/events/calendar')).headers.vary).toMatch(/HX-Request/);
  });

  test('a history restore, or a partial request aiming elsewhere, gets the whole page', async () => {
    const restore = await get('/events/calendar?city=jeddah', { 'HX-Request': 'true', 'HX-History-Restore-Request': 'true' });
    expect(restore.text).toContain('<html');
    const elsewhere = await get('/events/calendar', { 'HX-Request': 'true', 'HX-Target': 'main' });
    expect(elsewhere.text).toContain('<html');
    expect(elsewhere.text).toContain('calendar-filters');
  });

  test('the form works without JavaScript: a GET to the calendar with a submit button, enhanced by the results-in-place script', async () => {
    const { text } = await get('/ar/events/calendar');
    const form = /<form class="calendar-filters"[^>]*>/.exec(text)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/ar/events/calendar"');
    // A change of filter, or the button, refreshes the results in place.
    expect(form).toContain('data-results="calendar-results"');
    expect(form).toContain('data-results-on-change=""');
    // Back reloads the page for its address: no browser may refill the form with the filters it left.
    expect(form).toMatch(/ autocomplete="off"/i);
    expect(form).not.toContain('hx-');
    expect(text).toContain('<div id="calendar-results" class="calendar-results">');
    expect(text).toMatch(/<button type="submit"[^>]*>اعرض الفعاليات<\/button>/);
    expect(text).toMatch(/<p id="calendar-status" class="calendar__status" role="status">/);
    expect(text).toMatch(/<script type="module" src="\/assets\/results-in-place-[A-Z0-9]+\.js"/);
    expect(text).not.toContain('/assets/htmx-');
  });
});

describe('the events overview (SPEC 2.1 /events)', () => {
  /** Listed events, as the overview shows them: upcoming soonest first, then past ones latest first. */
  const listed = (locale: Locale = 'en') => records('event', locale).filter((event) => !event.fields.config.unlistedEvent);
  const isUpcoming = (event: ContentRecord) => Date.parse(event.fields.config.endDatetime) >= TEST_NOW.getTime();
  const overviewOrder = (events: ContentRecord[]) => [
    ...events.filter(isUpcoming).sort((a, b) => Date.parse(a.fields.config.startDatetime) - Date.parse(b.fields.config.startDatetime)),
    ...events
      .filter((event) => !isUpcoming(event))
      .sort((a, b) => Date.parse(b.fields.config.startDatetime) - Date.parse(a.fields.config.startDatetime)),
  ];
  const cardSlugs = (html: string) =>
    [...html.matchAll(/class="event-card__link" href="(?:\/ar)?\/events\/([^"]+)"/g)].map((match) => match[1]);
  /** One card's HTML, from its link to the end of its article. */
  const card = (html: string, slug: string, locale: Locale = 'en') => {
    const start = html.indexOf(`class="event-card__link" href="${localized(locale, `/events/${slug}`)}"`);
    expect(start).toBeGreaterThan(-1);
    return html.slice(start, html.indexOf('</article>', start));
  };

  test('a sold-out event says so on its card, and has no price', async () => {
    const soldOut = sql`update commerce.tickets set sold = capacity where event_id = 'evt_dunes_2027'`;
    await site.database.db.execute(soldOut);
    try {
      // First of the overview's tests: no list with Dunes Sessions alone had its sale asked for (and kept a minute).
      const { text } = await get('/events?month=2027-01&city=alula');
      expect(cardSlugs(text)).toEqual(['dunes-sessions-2027']);
      const dunes = decoded(card(text, 'dunes-sessions-2027'));
      expect(dunes).toContain('event-card__badge--sold-out">Sold out');
      expect(dunes).toContain('<p class="event-card__sale">Sold out</p>');
      expect(dunes).not.toContain('From ');
    } finally {
      await site.database.db.execute(sql`update commerce.tickets set sold = 0 where event_id = 'evt_dunes_2027'`);
    }
  });

  test('lists every listed event, upcoming then past, and offers the cities, months and types they have', async () => {
    const { text } = await get('/events');
    expect(cardSlugs(text)).toEqual(overviewOrder(listed()).map((event) => event.slug));
    expect(selectValues(text, 'city').sort()).toEqual([...new Set(listed().map((event) => event.fields.config.cityKey))].sort());
    expect(selectValues(text, 'type').sort()).toEqual([...new Set(listed().map((event) => event.fields.config.eventType))].sort());
    expect(selectValues(text, 'month')).toEqual(
      expect.arrayContaining([...new Set(listed().map((event) => riyadhMonth(event.fields.config.startDatetime)))]),
    );
  });

  test('each city, month and type narrows both lists to exactly their events', async () => {
    const { text: page } = await get('/events');
    for (const city of selectValues(page, 'city')) {
      const { text } = await get(`/events?city=${city}`);
      expect(cardSlugs(text)).toEqual(
        overviewOrder(listed().filter((event) => event.fields.config.cityKey === city)).map((event) => event.slug),
      );
      expect(text).toMatch(new RegExp(`<option value="${city}" selected=""`));
    }
    for (const type of selectValues(page, 'type')) {
      const { text } = await get(`/ar/events?type=${type}`);
      expect(cardSlugs(text)).toEqual(
        overviewOrder(listed('ar').filter((event) => event.fields.config.eventType === type)).map((event) => event.slug),
      );
    }
    for (const month of selectValues(page, 'month')) {
      const { text } = await get(`/events?month=${month}`);
      expect(cardSlugs(text)).toEqual(overviewOrder(listed().filter((event) => runsInMonth(event, month))).map((event) => event.slug));
    }
  });

  test('filters combine, say how many events match, and keep the page out of search engines under its one canonical URL', async () => {
    const { text } = await get('/events?city=riyadh&type=festival&month=2026-12');
    const expected = overviewOrder(
      listed().filter(
        (event) =>
          event.fields.config.cityKey === 'riyadh' && event.fields.config.eventType === 'festival' && runsInMonth(event, '2026-12'),
      ),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(cardSlugs(text)).toEqual(expected.map((event) => event.slug));
    expect(decoded(text)).toContain(
      expected.length === 1 ? '1 event matches your filters' : `${expected.length} events match your filters`,
    );
    expect(text).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/events"/>`);
    expect(text).toMatch(/<meta name="robots" content="noindex/);
    const unfiltered = (await get('/events')).text;
    expect(unfiltered).not.toMatch(/<meta name="robots" content="noindex/);
  });

  test('the form works without JavaScript: a GET to /events, labelled in both languages', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const { text } = await get(localized(locale, '/events'));
      const form = /<form class="calendar-filters"[^>]*>/.exec(text)![0];
      expect(form).toContain('method="get"');
      expect(form).toContain(`action="${localized(locale, '/events')}"`);
      for (const name of ['city', 'month', 'type'] as const) {
        expect(decoded(text)).toContain(`<label class="field__label" for="events-${name}">${events[locale].calendar[name].label}</label>`);
      }
      expect(decoded(text)).toContain(`>${events[locale].calendar.apply}</button>`);
    }
  });

  test('a combination with nothing in it says so and offers to clear the filters', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const { status, text } = await get(localized(locale, '/events?city=alula&type=conference'));
      expect(status).toBe(200);
      expect(cardSlugs(text)).toEqual([]);
      expect(decoded(text)).toContain(events[locale].overview.emptyFiltered);
      expect(decoded(text)).toContain(`href="${localized(locale, '/events')}">${events[locale].calendar.clear}`);
    }
  });

  test.each([
    ['month=2026-13', 'month', '2026-13'],
    ['month=1999-01', 'month', '1999-01'],
    ['city=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'city', '<script>alert(1)</script>'],
    ['city=london', 'city', 'london'],
    ['type=rave', 'type', 'rave'],
    ['city=riyadh&city=jeddah', 'city', 'riyadh, jeddah'],
  ])('?%s is named back to the visitor and every event is shown', async (query, name, value) => {
    for (const locale of ['en', 'ar'] as const) {
      const response = await get(localized(locale, `/events?${query}`));
      expect(response.status).toBe(200);
      expect(cardSlugs(response.text)).toEqual(overviewOrder(listed(locale)).map((event) => event.slug));
      expect(decoded(response.text)).toContain(events[locale].overview.rejected[name].replace('{{value}}', value));
      expect(response.text).not.toContain('<script>alert(1)');
    }
  });

  test('the page cache keeps one copy per choice of filters: other parameters and their order do not count', async () => {
    const anonymous = (url: string) => request(site.app).get(url).set('Cookie', 'locale=en');
    const stats = () => ({ ...site.pageCache!.stats });
    const before = stats();
    const first = await anonymous('/events?type=concert&city=jeddah&utm_source=newsletter');
    const same = [
      '/events?city=jeddah&type=concert',
      '/events?utm_campaign=winter&type=concert&city=jeddah',
      '/events?city=jeddah&fbclid=abc&type=concert',
    ];
    for (const url of same) expect((await anonymous(url)).text).toBe(first.text);
    expect(stats()).toEqual({ hits: before.hits + same.length, misses: before.misses + 1 });
    // Another choice is another page (one no other test asked for).
    await anonymous('/events?type=festival&city=jeddah');
    expect(stats().misses).toBe(before.misses + 2);
    // The home reads no parameter at all.
    const home = await anonymous('/?utm_source=poster');
    expect((await anonymous('/?gclid=1')).text).toBe(home.text);
  });

  test('cards give the lowest price on sale and where the sale stands, in both languages', async () => {
    const nabd = fields('event-nabd-festival-2026');
    expect(nabd.config.ticketsExternalId).toBe('evt_nabd_2026');
    for (const locale of ['en', 'ar'] as const) {
      const format = createFormatter(locale);
      const common = strings(locale, 'common');
      const { text } = await get(localized(locale, '/events'));
      // The day pass at its discounted 249.00 is the cheapest ticket on sale; the 99.00 wristband kit
      // is shipped, not admission, and the group request has no price.
      const festival = decoded(card(text, 'nabd-festival-2026', locale));
      expect(festival).toContain(common.eventCard.from.replace('{{price}}', format.money('249.00')));
      // Three of the thirty backstage tours are left: few left of a ticket on sale.
      expect(festival).toContain(`event-card__badge--selling-fast">${common.eventCard.sale.SELLING_FAST}`);
      const sahab = decoded(card(text, 'sahab-festival-2027', locale));
      expect(sahab).toContain(`event-card__badge--on-sale-soon">${common.eventCard.sale.ON_SALE_SOON}`);
      expect(sahab).not.toContain(common.eventCard.from.replace('{{price}}', ''));
      expect(decoded(card(text, 'dunes-sessions-2027', locale))).toContain(
        common.eventCard.from.replace('{{price}}', format.money('395.00')),
      );
      // Past events and events not sold here have no sale line.
      expect(card(text, 'nabd-festival-2025', locale)).not.toContain('event-card__sale');
    }
  });

  test('the sale of every card of a page comes in one call, and the next page view reuses it', async () => {
    let calls = 0;
    const commerce = new ServiceClient({
      name: 'commerce',
      url: `${TEST_ORIGIN}/graphql/commerce`,
      fetch: (input, init) => {
        calls += 1;
        return site.fetch(input, init);
      },
    });
    const sales = new EventSales(commerce, createLogger({ level: 'silent' }));
    const cards: EventCardContent[] = upcomingEvents().map((event) => ({
      title: event.fields.title,
      slug: event.slug!,
      config: event.fields.config,
    }));
    expect(cards.filter((event) => event.config.enableTickets).length).toBeGreaterThan(3);
    const withSale = await sales.forCards(cards);
    expect(calls).toBe(1);
    expect(cards.map(withSale).filter((event) => event.sale).length).toBe(cards.filter((event) => event.config.enableTickets).length);
    await sales.forCards(cards);
    expect(calls).toBe(1);
  });
});

describe('the event page', () => {
  test('gives the facts: dates, opening time in Riyadh, the venue linked on the venues page, city and type', async () => {
    const { text } = await get('/events/nabd-festival-2026');
    const config = fields('event-nabd-festival-2026').config;
    const venue = record(config.venue.ref);
    expect(text).toContain(`href="/venues#${venue.slug}"`);
    expect(decoded(text)).toContain(venue.fields.name);
    expect(decoded(text)).toContain(`>${config.city}</dd>`);
    expect(text).toContain(new Date(Date.parse(config.startDatetime) + 3 * 3600_000).toISOString().slice(11, 16));
  });

  test('teases the line-up with its headliners in billing order and links to it', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const { text } = await get(localized(locale, '/events/nabd-festival-2026'));
      const lineup = fields(fields('event-nabd-festival-2026').config.lineup.ref, locale);
      const names = lineup.headlinerOrder.map((reference: { ref: string }) => fields(reference.ref, locale).name as string);
      const section = decoded(text.slice(text.indexOf('class="section headliners"')));
      const positions = names.map((name: string) => section.indexOf(`<span class="headliners__name">${name}</span>`));
      expect(positions.every((position: number) => position > 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(text).toContain(`href="${localized(locale, '/events/nabd-festival-2026/lineup')}"`);
    }
  });

  test('no two headings of an event page share a title, in either language', async () => {
    for (const slug of records('event').map((event) => event.slug)) {
      for (const locale of ['en', 'ar'] as const) {
        const { text } = await get(localized(locale, `/events/${slug}`));
        const headings = [...decoded(text).matchAll(/<h[23][^>]*>(.*?)<\/h[23]>/gs)].map((match) =>
          match[1]!.replace(/<[^>]+>/g, '').trim(),
        );
        const repeated = headings.filter((heading, index) => heading && headings.indexOf(heading) !== index);
        expect({ page: localized(locale, `/events/${slug}`), repeated }).toEqual({
          page: localized(locale, `/events/${slug}`),
          repeated: [],
        });
      }
    }
  });

  test('an event without a line-up has no teaser', async () => {
    expect((await get('/events/new-years-eve-riyadh-2026')).text).not.toContain('class="section headliners"');
  });

  test('offers tickets and the calendar file while ahead', async () => {
    const { text } = await get('/events/nabd-festival-2026');
    expect(text).toContain('href="/events/nabd-festival-2026/tickets"');
    expect(text).toMatch(
      /<a class="button button--ghost" href="\/events\/nabd-festival-2026\/calendar.ics" download="nabd-festival-2026.ics"/,
    );
  });

  test('a past event says it is over and sells nothing', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const { status, text } = await get(localized(locale, '/events/nabd-festival-2025'));
      expect(status).toBe(200);
      expect(decoded(text)).toContain(events[locale].event.ended);
      expect(text).not.toContain('/events/nabd-festival-2025/tickets');
      expect(text).not.toContain('calendar.ics');
      expect(jsonLd(text).offers).toBeUndefined();
    }
  });

  test('describes itself to search engines as a schema.org Event', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const { text } = await get(localized(locale, '/events/nabd-festival-2026'));
      const event = fields('event-nabd-festival-2026', locale);
      const venue = fields(event.config.venue.ref, locale);
      const data = jsonLd(text);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: event.title,
        url: `${TEST_ORIGIN}${localized(locale, '/events/nabd-festival-2026')}`,
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: { '@type': 'Place', name: venue.name, address: { addressLocality: event.config.city, addressCountry: 'SA' } },
        offers: { '@type': 'Offer', url: `${TEST_ORIGIN}${localized(locale, '/events/nabd-festival-2026/tickets')}` },
        organizer: { '@type': 'Organization', name: events[locale].organizer },
      });
      const local = (instant: string) => `${new Date(Date.parse(instant) + 3 * 3600_000).toISOString().slice(0, 19)}+03:00`;
      expect(data.startDate).toBe(local(event.config.startDatetime));
      expect(data.endDate).toBe(local(event.config.endDatetime));
      expect(data.image[0]).toMatch(/^http:\/\/localhost:3000\/.+/);
      const headliners = fields(event.config.lineup.ref, locale).headlinerOrder.map(
        (reference: { ref: string }) => fields(reference.ref, locale).name,
      );
      expect(data.performer.map((performer: { name: string }) => performer.name)).toEqual(headliners);
    }
  });

  test('an unlisted event keeps its page out of search engines', async () => {
    const { text } = await get('/events/partners-preview-night-2026');
    expect(text).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('the calendar file (/events/{slug}/calendar.ics)', () => {
  const utc = (instant: string) =>
    new Date(instant)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');

  test.each(['en', 'ar'] as const)('is a download of the event in iCalendar, in %s', async (locale) => {
    const response = await get(localized(locale, '/events/nabd-festival-2026/calendar.ics'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="?nabd-festival-2026\.ics"?$/);
    const event = fields('event-nabd-festival-2026', locale);
    const venue = fields(event.config.venue.ref, locale);
    const file = response.text.replace(/\r\n[ \t]/g, ''); // unfold long lines (RFC 5545)
    expect(file).toContain(`DTSTART:${utc(event.config.startDatetime)}`);
    expect(file).toContain(`DTEND:${utc(event.config.endDatetime)}`);
    expect(file).toContain(`SUMMARY:${event.title}`);
    expect(file).toContain(`LOCATION:${venue.name}\\, ${event.config.city}`);
    expect(file).toContain(`URL:${TEST_ORIGIN}${localized(locale, '/events/nabd-festival-2026')}`);
    expect(file).toContain('UID:event-nabd-festival-2026@nabd');
  });
});

describe('custom event pages', () => {
  test.each(['en', 'ar'] as const)('show the event navigation with their own tab current, their header and body (%s)', async (locale) => {
    const { text } = await get(localized(locale, '/events/nabd-festival-2026/getting-there'));
    const page = fields('page-event-nabd-festival-2026-getting-there', locale);
    expect(text).toContain('class="event-nav"');
    expect(linkTo(text, localized(locale, '/events/nabd-festival-2026/getting-there'))).toMatchObject({
      class: 'event-nav__tab',
      'aria-current': 'page',
    });
    expect(decoded(text)).toContain(`<h1 class="hero__title">${page.header.title}</h1>`);
    const firstParagraph = page.body.find((node: Fields) => node.type === 'paragraph').children[0].text;
    expect(decoded(text)).toContain(firstParagraph);
  });
});

describe('venues', () => {
  test.each(['en', 'ar'] as const)('every venue has its anchor, address, capacity, map link and upcoming events (%s)', async (locale) => {
    const { text } = await get(localized(locale, '/venues'));
    const html = decoded(text);
    const format = new Intl.NumberFormat(locale === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB');
    for (const venue of records('venue', locale)) {
      expect(text).toContain(`id="${venue.slug}"`);
      expect(html).toContain(venue.fields.name);
      expect(html).toContain(venue.fields.address);
      expect(html).toContain(format.format(venue.fields.capacity));
      // SPEC 2.2 external, SPEC 9.4 tracked.
      expect(linkTo(html, venue.fields.mapUrl)).toMatchObject({
        target: '_blank',
        rel: 'noreferrer noopener',
        'data-track': 'link_clicked',
        'data-track-link_url': venue.fields.mapUrl,
      });
    }
    const banban = html.slice(html.indexOf('id="banban-grounds"'));
    const atBanban = banban.slice(0, banban.indexOf('</article>'));
    expect(atBanban).toContain('/events/nabd-festival-2026"');
    expect(atBanban).not.toContain('/events/nabd-festival-2025"');
  });
});

describe('travel packages', () => {
  const money = (amount: string) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'SAR' }).format(Number(amount));

  test('the overview lists every package, cheapest first with its price from, and the partners', async () => {
    const { text } = await get('/travel-packages');
    const html = decoded(text);
    const packages = records('travelPackage').sort((a, b) => Number(a.fields.priceFrom) - Number(b.fields.priceFrom));
    const links = [...text.matchAll(/class="travel-card__link" href="\/travel-packages\/([^"]+)"/g)].map((match) => match[1]);
    expect(links).toEqual(packages.map((travelPackage) => travelPackage.slug));
    for (const travelPackage of packages) expect(html).toContain(`From ${money(travelPackage.fields.priceFrom)}`);
    for (const partner of fields('travel-packages-config').partners) {
      expect(text).toContain(`href="/travel-packages/partners/${record(partner.ref).slug}"`);
    }
  });

  test.each(['en', 'ar'] as const)(
    'a package shows its inclusions, nights, event and a tracked way to book with the partner (%s)',
    async (locale) => {
      const { text } = await get(localized(locale, '/travel-packages/nabd-festival-2026-weekend'));
      const html = decoded(text);
      const travelPackage = fields('travel-package-nabd-festival-2026-weekend', locale);
      for (const inclusion of travelPackage.inclusions) expect(html).toContain(`<li>${inclusion}</li>`);
      // Three nights: "other" in English, "few" in Arabic's plural rules.
      const nights = events[locale].travel[locale === 'ar' ? 'nights_few' : 'nights_other'].replace(
        '{{count}}',
        String(travelPackage.nights),
      );
      expect(travelPackage.nights).toBe(3);
      expect(html).toContain(`<p class="booking-box__nights">${nights}</p>`);
      expect(text).toContain(`class="event-card__link" href="${localized(locale, `/events/${record(travelPackage.event.ref).slug}`)}"`);
      const booking = travelPackage.header.callToAction.url;
      expect(linkTo(html, booking)).toMatchObject({
        class: 'button button--primary booking-box__cta',
        target: '_blank',
        rel: 'noreferrer noopener',
        'data-track': 'link_clicked',
        'data-track-link_url': booking,
      });
      expect(html).toContain(`href="${localized(locale, `/travel-packages/partners/${record(travelPackage.partner.ref).slug}`)}"`);
    },
  );

  test('a partner page has its logo, website (tracked) and its packages only', async () => {
    const { text } = await get('/travel-packages/partners/nakheel-hotels');
    const partner = fields('travel-partner-nakheel-hotels');
    expect(decoded(text)).toContain(`<h1 class="travel-partner__name">${partner.name}</h1>`);
    expect(linkTo(text, partner.url)).toMatchObject({ target: '_blank', rel: 'noreferrer noopener', 'data-track': 'link_clicked' });
    expect(text).toMatch(/<div class="travel-partner__logo"><img /);
    const theirs = records('travelPackage')
      .filter((travelPackage) => travelPackage.fields.partner.ref === 'travel-partner-nakheel-hotels')
      .map((travelPackage) => travelPackage.slug)
      .sort();
    const links = [...text.matchAll(/class="travel-card__link" href="\/travel-packages\/([^"]+)"/g)].map((match) => match[1]!);
    expect(links.sort()).toEqual(theirs);
  });
});

describe('analytics (SPEC 9.4)', () => {
  test('each page kind reports what it is, from its content record', async () => {
    await get('/ar/events/calendar?city=riyadh', { Cookie: ACCEPTED_PRIVACY });
    await get('/events/nabd-festival-2026/getting-there', { Cookie: ACCEPTED_PRIVACY });
    await get('/venues', { Cookie: ACCEPTED_PRIVACY });
    await get('/travel-packages/partners/rihla-journeys', { Cookie: ACCEPTED_PRIVACY });
    await new Promise((resolve) => setTimeout(resolve, 1200)); // events are sent in batches every second
    const views = (await site.analytics!.received('page_viewed')).map((event) => event.properties);
    const calendar = fields('page-events-calendar');
    expect(views).toContainEqual(
      expect.objectContaining({
        page_type: calendar.pageType,
        module_name: calendar.moduleName,
        submodule_name: calendar.submoduleName,
        page_name: '/ar/events/calendar',
        language: 'ar',
      }),
    );
    const custom = fields('page-event-nabd-festival-2026-getting-there');
    expect(views).toContainEqual(
      expect.objectContaining({
        page_type: custom.pageType,
        submodule_name: custom.submoduleName,
        category: 'nabd-festival-2026',
        tab_name: custom.title,
      }),
    );
    expect(views).toContainEqual(expect.objectContaining({ page_type: fields('page-venues').pageType, page_name: '/venues' }));
    expect(views).toContainEqual(
      expect.objectContaining({ page_type: 'travelPartner', module_name: 'travel', category: 'rihla-journeys' }),
    );
  });
});
