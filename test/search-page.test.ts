import { readFileSync } from 'node:fs';
import request from 'supertest';
import { fromRoot } from '#platform/paths.ts';
import { decoded } from './support/html.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';

/** SPEC 2.1 /search, 2.4 search with category chips, over the demo content, in both languages. */

type Locale = 'en' | 'ar';

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

const strings = (locale: Locale) => JSON.parse(readFileSync(fromRoot('locales', locale, 'search.json'), 'utf8'));
const search = { en: strings('en'), ar: strings('ar') };
const prefix = (locale: Locale) => (locale === 'ar' ? '/ar' : '');

async function page(path: string) {
  const response = await request(site.app).get(path);
  return { status: response.status, headers: response.headers, html: decoded(response.text) };
}

/** The chips as label → count, and the chosen one. */
function chipsOf(html: string) {
  const chips = [
    ...html.matchAll(/<a class="chip-link" href="([^"]*)"( aria-current="page")?>([^<]+)<span class="chip-link__count">(\d+)<\/span>/g),
  ];
  return {
    counts: Object.fromEntries(chips.map((chip) => [chip[3]!, Number(chip[4])])) as Record<string, number>,
    current: chips.find((chip) => chip[2])?.[3],
    hrefs: chips.map((chip) => chip[1]),
  };
}

const resultLinks = (html: string) =>
  [...html.matchAll(/<h2 class="search-result__title"><a href="([^"]+)">([^<]+)<\/a>/g)].map((match) => ({
    href: match[1]!,
    title: match[2]!,
  }));
const resultKinds = (html: string) => [...html.matchAll(/<p class="search-result__kind">([^<]+)<\/p>/g)].map((match) => match[1]!);

describe.each([
  ['en', 'festival'],
  ['ar', 'مهرجان'],
] as const)('in %s', (locale, query) => {
  const t = search[locale];
  const base = `${prefix(locale)}/search`;

  test('results show in cards linking to their pages, with chips counting them per category, and the query in the title', async () => {
    const { status, html } = await page(`${base}?q=${encodeURIComponent(query)}`);
    expect(status).toBe(200);
    expect(html).toContain(`<title>${t.title.replace('{{query}}', query)}`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const chips = chipsOf(html);
    expect(chips.current).toBe(t.category.all);
    const { [t.category.all]: all, ...categories } = chips.counts;
    expect(all).toBeGreaterThan(20);
    expect(Object.values(categories).reduce((sum, count) => sum + count, 0)).toBe(all);
    expect(Object.values(categories).every((count) => count > 0)).toBe(true);
    expect(html).toMatch(new RegExp(`role="status">[^<]*${all}`));
    const links = resultLinks(html);
    expect(links).toHaveLength(20);
    for (const link of links)
      expect(link.href).toMatch(
        new RegExp(`^${prefix(locale)}/(events|performers|xp-feed|records|radio|travel-packages|about|contact|venues)`),
      );
    expect(resultKinds(html)[0]).toBe(t.kinds.event);
  });

  test('a chip narrows the results to its category, and the others stay offered with their counts', async () => {
    const everything = chipsOf((await page(`${base}?q=${encodeURIComponent(query)}`)).html);
    const { html } = await page(`${base}?q=${encodeURIComponent(query)}&category=articles`);
    const chips = chipsOf(html);
    expect(chips.current).toBe(t.category.articles);
    expect(chips.counts).toEqual(everything.counts);
    expect(new Set(resultKinds(html))).toEqual(new Set([t.kinds.article]));
    expect(resultLinks(html).length).toBe(Math.min(20, chips.counts[t.category.articles]!));
  });

  test('pages of 20 with page links: the first, the current and the last, with previous and next', async () => {
    const first = await page(`${base}?q=${encodeURIComponent(query)}`);
    const total = chipsOf(first.html).counts[t.category.all]!;
    const pages = Math.ceil(total / 20);
    const second = await page(`${base}?q=${encodeURIComponent(query)}&page=2`);
    const pageLinks = [
      ...second.html.matchAll(/class="pagination__(page|step)"[^>]*>(?:<span class="visually-hidden">[^<]*<\/span>)?([^<]+)</g),
    ].map((match) => match[2]);
    expect(pageLinks).toEqual([
      t.pagination.previous,
      '1',
      '2',
      ...(pages > 2 ? [String(pages)] : []),
      ...(pages > 2 ? [t.pagination.next] : []),
    ]);
    expect(second.html).toContain(`href="${base}?q=${encodeURIComponent(query).replace(/%20/g, '+')}&page=3"`);
    expect(second.html).toContain('data-track="pagination_clicked"');
    const firstTitles = resultLinks(first.html).map((link) => link.href);
    const secondTitles = resultLinks(second.html).map((link) => link.href);
    expect(secondTitles.length).toBeGreaterThan(0);
    expect(secondTitles.filter((href) => firstTitles.includes(href))).toEqual([]);
  });

  test('an empty query shows the empty state with suggestions; no search, no chips', async () => {
    const { status, html } = await page(`${base}?q=+++`);
    expect(status).toBe(200);
    expect(html).toContain(t.empty);
    expect(html).toContain(t.upcoming);
    expect(html).not.toContain('search-chips');
    expect(html).toMatch(new RegExp(`href="${prefix(locale)}/events/[a-z0-9-]+"`));
  });

  test('a query over 100 characters is refused with a message in the visitor language', async () => {
    const { status, html } = await page(`${base}?q=${'a'.repeat(101)}`);
    expect(status).toBe(200);
    expect(html).toContain(t.tooLong.replace('{{max}}', '100'));
    expect(html).toContain('aria-invalid="true"');
    expect(resultLinks(html)).toEqual([]);
  });

  test('odd values are never an error: an unknown category is named and ignored, a bad page is the first, a page past the end says so', async () => {
    const unknown = await page(`${base}?q=${encodeURIComponent(query)}&category=nonsense`);
    expect(unknown.status).toBe(200);
    expect(unknown.html).toContain(t.unknownCategory.replace('{{value}}', 'nonsense'));
    expect(chipsOf(unknown.html).current).toBe(t.category.all);
    const badPage = await page(`${base}?q=${encodeURIComponent(query)}&page=abc&category[]=x`);
    expect(badPage.status).toBe(200);
    expect(resultLinks(badPage.html)).toHaveLength(20);
    const beyond = await page(`${base}?q=${encodeURIComponent(query)}&page=999`);
    expect(beyond.status).toBe(200);
    expect(beyond.html).toContain(t.beyondLastPage);
  });
});

test('Arabic is matched as people type it: "جده" finds titles with "جدة", "ايقاعات" those with "إيقاعات"', async () => {
  const jeddah = resultLinks((await page(`/ar/search?q=${encodeURIComponent('جده')}&category=articles`)).html);
  expect(jeddah.length).toBeGreaterThan(0);
  expect(jeddah.some((link) => link.title.includes('جدة'))).toBe(true);
  const rhythms = resultLinks((await page(`/ar/search?q=${encodeURIComponent('ايقاعات البلد')}`)).html);
  expect(rhythms.some((link) => link.title.includes('إيقاعات البلد'))).toBe(true);
});

test('unlisted events are never found', async () => {
  const { html } = await page('/search?q=partners+preview+night');
  expect(resultLinks(html).filter((link) => link.href.includes('partners-preview-night'))).toEqual([]);
});

test('a GET form and plain links, refreshed in place by the results-in-place script, not htmx', async () => {
  const response = await request(site.app).get(`/ar/search?q=${encodeURIComponent('مهرجان')}`);
  const text = response.text;
  const form = /<form class="search-form"[^>]*>/.exec(text)![0];
  expect(form).toContain('method="get"');
  expect(form).toContain('action="/ar/search"');
  expect(form).toContain('data-results="search-results"');
  // The chips and the page links inside the results bring their page's results in place of these.
  expect(text).toContain('<nav class="search-chips" aria-label="' + search.ar.categories + '" data-results-links="search-results">');
  expect(text).toMatch(/<div data-results-links="search-results"><nav class="pagination"/);
  expect(text).not.toMatch(/\shx-[\w-]+=/);
  expect(text).toMatch(/<script type="module" src="\/assets\/results-in-place-[A-Z0-9]+\.js"/);
  expect(text).not.toContain('/assets/htmx-');
});

test('a partial request from a chip, a page link or the form gets just the results and the new count', async () => {
  const response = await request(site.app)
    .get('/search?q=festival&category=events')
    .set({ 'HX-Request': 'true', 'HX-Target': 'search-results' });
  expect(response.status).toBe(200);
  expect(response.text).not.toContain('<html');
  expect(response.text).toContain('search-result__title');
  // The count goes to the live region outside the results: its content replaced, out of band.
  expect(response.text).toMatch(/<p id="search-status" data-swap-oob="inner">/);
  expect(response.text).not.toMatch(/\shx-[\w-]+=/);
  expect(response.headers.vary).toMatch(/HX-Target/i);
});
