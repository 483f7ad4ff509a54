import { text } from 'node:stream/consumers';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { atEveryWidth, axeViolations, checkLayout, localized } from './support/page-checks.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

const EVENT = '/events/nabd-festival-2026';
const PAGES = [
  ['overview', `${EVENT}/lineup`],
  ['artists', `${EVENT}/lineup/artists`],
  ['stages', `${EVENT}/lineup/stages`],
  ['day', `${EVENT}/lineup/stages/2026-12-11`],
  ['search', `${EVENT}/lineup/search?q=dj`],
  ['performance', `${EVENT}/lineup/barq`],
  ['my-schedule', `${EVENT}/lineup/my-schedule`],
  ['hidden-timing', '/events/nabd-nights-jeddah-2027/lineup'],
] as const;

/** Reads until the value is the one expected (the browser works asynchronously), then asserts it. */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 5000): Promise<void> {
  const deadline = Date.now() + timeout;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  expect(value).toEqual(expected);
}

const visibleEntries = (page: Page) => page.locator('#lineup-results [data-lineup-entry]:visible');

describe('the line-up pages at phone and desktop widths, in both languages', () => {
  test.each(atEveryWidth(PAGES))(
    '%s (%s) in %s on a %s: no horizontal scroll, no axe-core violations on a desktop, screenshot taken',
    async (name, path, locale, device) => {
      await checkLayout(site, localized(locale, path), device, `lineup-${name}-${locale}-${device}`, 200, { axe: device === 'desktop' });
    },
  );
});

describe('accessibility', () => {
  // The pages above are checked where their layout is; this is the filters' empty state.
  test.each<[string, string]>([['filters with no results (en)', `${EVENT}/lineup?letter=x&q=nobody`]])(
    '%s has no axe-core violations',
    async (_name, path) => {
      // axe is injected as an inline script, which the site's CSP rightly forbids.
      const context = await site.context({ ...DESKTOP, bypassCSP: true });
      const page = await context.newPage();
      await page.goto(path);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    },
  );
});

describe('the line-up filters', () => {
  test('without JavaScript, the form submits to a URL that carries the filters and the list narrows', async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${EVENT}/lineup/artists`);
    const everything = await visibleEntries(page).count();
    await page.locator('.lineup-letters__letter', { hasText: /^B$/ }).click();
    await page.getByRole('button', { name: 'Show results' }).click();
    await page.waitForURL(/letter=b/);
    const filtered = await visibleEntries(page).count();
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(everything);
    for (const name of await visibleEntries(page).locator('.lineup-card__name').allTextContents()) expect(name).toMatch(/^b/i);
    await context.close();
  });

  test('with JavaScript, the island filters the list in place and keeps the filters in the URL', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    // Hydration that does not match the server's markup is reported on the console.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${EVENT}/lineup/artists`);
    await page.waitForFunction(() => document.querySelector('[data-island="lineup-filters"] input[name="q"]') !== null);
    // A mark on the window survives only if no change reloads the page.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const everything = await visibleEntries(page).count();
    await eventually(async () => {
      await page.locator('#lineup-q').fill('barq');
      return visibleEntries(page).count();
    }, 1);
    expect(page.url()).toContain('q=barq');
    await page.locator('#lineup-q').fill('');
    await eventually(() => visibleEntries(page).count(), everything);
    await page.locator('.lineup-letters__letter', { hasText: /^N$/ }).click();
    await eventually(async () => page.url().includes('letter=n'), true);
    const names = await visibleEntries(page).locator('.lineup-card__name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/^n/i);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    // A reload keeps the filter.
    await page.reload();
    expect(await visibleEntries(page).count()).toBe(names.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('React comes only when the visitor reaches for the filters, and a click on an artist is tracked with the name', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${EVENT}/lineup`, { waitUntil: 'load' });
    const island = page.locator('[data-island="lineup-filters"]');
    await page.waitForTimeout(500);
    expect(await island.getAttribute('data-hydrated')).toBeNull();
    await page.locator('#lineup-q').hover();
    await eventually(async () => (await island.getAttribute('data-hydrated')) !== null, true, 15_000);
    // The poster's names and the index's cards share their list's tracking: event, name and address.
    const name = page.locator('.lineup-poster__name a').first();
    const [artist, href] = [(await name.textContent())!, (await name.getAttribute('href'))!];
    await name.click();
    await page.waitForURL(`${site.origin}${href}`);
    await site.received(
      'catch_artist_clicked',
      (properties) => properties.artist_name === artist && properties.event === 'nabd-festival-2026' && properties.link_url === href,
    );
    await context.close();
  });

  test('the island script loads only on line-up pages', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(EVENT);
    expect(scripts.some((url) => url.includes('lineup-filters'))).toBe(false);
    await page.goto(`${EVENT}/lineup`);
    expect(scripts.some((url) => url.includes('lineup-filters'))).toBe(true);
    await context.close();
  });
});

describe('the Arabic line-up index', () => {
  const ARABIC_ALPHABET = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي', '#'];
  const alphabetIndex = (letter: string) => ARABIC_ALPHABET.indexOf(letter);

  test('offers the Arabic alphabet and files and sorts every name by its Arabic form', async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/ar${EVENT}/lineup/artists`);
    const letters = (await page.locator('.lineup-letters__letter span').allTextContents()).slice(1); // after "all"
    expect(letters).toEqual(ARABIC_ALPHABET);
    // Each heading is an Arabic letter, in alphabet order, and each name under it starts with it.
    const collator = new Intl.Collator('ar');
    const groups = page.locator('.lineup-group');
    const headings = await groups.locator('.lineup-group__title').allTextContents();
    expect(headings.length).toBeGreaterThan(10);
    expect(headings.every((heading) => ARABIC_ALPHABET.includes(heading.trim()))).toBe(true);
    const order = headings.map((heading) => alphabetIndex(heading.trim()));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const fold = (name: string) => name.replace(/^[أإآ]/, 'ا');
    for (let index = 0; index < headings.length; index += 1) {
      const heading = headings[index]!.trim();
      const names = (await groups.nth(index).locator('.lineup-card__name').allTextContents()).map((name) => name.trim());
      expect(names.length).toBeGreaterThan(0);
      if (heading !== '#') for (const name of names) expect(fold(name).startsWith(heading)).toBe(true);
      expect(names).toEqual([...names].sort(collator.compare));
    }
    // شرقي (Chergui) is under ش, not under a Latin C.
    const sheen = groups.filter({ has: page.locator('.lineup-group__title', { hasText: /^ش$/ }) });
    expect(await sheen.locator('.lineup-card__name').allTextContents()).toContain('شرقي');
    await screenshot(page, 'lineup-artists-arabic-index-ar-phone', { javaScriptEnabled: false });
    await context.close();
  });

  test.each([false, true])('choosing ش lists only names that start with it, JavaScript %s', async (javaScriptEnabled) => {
    const context = await site.context({ ...DESKTOP, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`/ar${EVENT}/lineup/artists`);
    if (javaScriptEnabled)
      await page.waitForFunction(() => document.querySelector('[data-island="lineup-filters"] input[name="q"]') !== null);
    await page.locator('.lineup-letters__letter', { hasText: /^ش$/ }).click();
    if (!javaScriptEnabled) await page.locator('.lineup-filters__actions button[type="submit"]').click();
    await eventually(async () => decodeURIComponent(page.url()).includes('letter=ش'), true);
    await eventually(async () => (await visibleEntries(page).locator('.lineup-card__name').allTextContents()).includes('شرقي'), true);
    const names = await visibleEntries(page).locator('.lineup-card__name').allTextContents();
    for (const name of names) expect(name).toMatch(/^ش/);
    await context.close();
  });

  test('a Latin letter in an Arabic address gives the whole line-up and says, in Arabic, that the filter was dropped', async () => {
    const response = await fetch(`${site.origin}/ar${EVENT}/lineup/artists?letter=c`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('يقبل مرشّح الحروف حرفًا من ا إلى ي أو #');
  });
});

describe('my schedule', () => {
  test.each([true, false])('marking sets and downloading them, JavaScript %s', async (javaScriptEnabled) => {
    const context = await site.context({ ...DESKTOP, javaScriptEnabled, acceptDownloads: true });
    const page = await context.newPage();
    await page.goto(`${EVENT}/lineup/stages/2026-12-10`);
    if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const aurelio = page.locator('.lineup-row', { has: page.locator('.lineup-row__title', { hasText: 'Aurelio Sand' }) });
    await aurelio.getByRole('button', { name: /^Add to my schedule\W+Aurelio Sand/ }).click();
    await eventually(() => aurelio.getByRole('button', { name: /^In my schedule\W+Aurelio Sand/ }).count(), 1);
    // The same hour on another stage: a clash.
    const dhalam = page.locator('.lineup-row', { has: page.locator('.lineup-row__title', { hasText: 'Dhalam' }) });
    await dhalam.getByRole('button', { name: /^Add to my schedule/ }).click();
    await eventually(() => dhalam.getByRole('button', { name: /^In my schedule/ }).count(), 1);

    // With JavaScript, the toggles were swapped in place: the page was never reloaded.
    if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await page.goto(`${EVENT}/lineup/my-schedule`);
    await eventually(() => page.locator('.lineup-row--clash').count(), 2);
    await screenshot(page, `lineup-my-schedule-marked-${javaScriptEnabled ? 'js' : 'nojs'}`, { javaScriptEnabled });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Download my schedule/ }).click()]);
    expect(download.suggestedFilename()).toBe('nabd-festival-2026-my-schedule.ics');
    // Read through the connection: the file sits with the suite's shared Chromium, not in this process.
    const body = await text(await download.createReadStream());
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(body).toContain('Aurelio Sand');
    await context.close();
  });
});
