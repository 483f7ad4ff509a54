import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { axeViolations, checkLayout } from './support/page-checks.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

/** "ايقاعات" typed plainly, while the content writes "إيقاعات" with a hamza. */
const PLAIN_RHYTHMS = 'ايقاعات';
const titles = (page: Page) => page.locator('.search-result__title').allTextContents();

describe.each([
  ['without JavaScript', false],
  ['with JavaScript', true],
] as const)('searching %s', (_name, javaScriptEnabled) => {
  test('an Arabic query with a spelling variant finds its results; a chip narrows them; page 2 follows', async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto('/ar/search');
    if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
    await page.getByLabel('عمّ تبحث؟').fill(PLAIN_RHYTHMS);
    await page.getByRole('button', { name: 'ابحث', exact: true }).click();
    await page.waitForURL(/\/ar\/search\?q=/);
    await page.locator('.search-result').first().waitFor();
    expect((await titles(page)).some((title) => title.includes('إيقاعات'))).toBe(true);
    expect(await page.locator('#search-status').textContent()).toContain(PLAIN_RHYTHMS);

    const storiesChip = page.locator('.search-chips .chip-link', { hasText: 'القصص' });
    const stories = Number(await storiesChip.locator('.chip-link__count').textContent());
    await storiesChip.click();
    await page.waitForURL(/category=articles/);
    await page.locator('.search-chips .chip-link[aria-current="page"]', { hasText: 'القصص' }).waitFor();
    const storyKinds = await page.locator('.search-result__kind').allTextContents();
    expect(storyKinds).toHaveLength(Math.min(stories, 20));
    expect(new Set(storyKinds)).toEqual(new Set(['قصة']));
    await page.waitForFunction((count) => document.querySelector('#search-status')?.textContent?.includes(String(count)), stories);
    if (javaScriptEnabled) {
      // The results were swapped in place: the page was never reloaded.
      expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
      // Back shows the results of the address it goes back to: all of them, "all" chosen.
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('q') === PLAIN_RHYTHMS && !url.searchParams.has('category'));
      await page.locator('.search-chips .chip-link[aria-current="page"]', { hasText: 'الكل' }).waitFor();
      expect(Number(await page.locator('.search-chips .chip-link[aria-current="page"] .chip-link__count').textContent())).toBeGreaterThan(
        stories,
      );
    }

    await page.goto(`/ar/search?q=${encodeURIComponent('مهرجان')}`);
    const firstPage = await titles(page);
    await page.locator('.pagination').getByRole('link', { name: 'التالي' }).click();
    await page.waitForURL(/page=2/);
    await page.locator('.pagination__page[aria-current="page"]', { hasText: '2' }).waitFor();
    const secondPage = await titles(page);
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage).not.toEqual(firstPage);
    await screenshot(page, `search-ar-phone-${javaScriptEnabled ? 'js' : 'nojs'}`, { javaScriptEnabled });
    await context.close();
  });
});

test('with JavaScript, when the results cannot be fetched in place, the chip leads to its page as a plain link would', async () => {
  const context = await site.context(DESKTOP);
  const page = await context.newPage();
  await page.goto('/search?q=festival');
  await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
  const asked: string[] = [];
  await page.route(/\/search\?/, (route) => {
    if (route.request().headers()['hx-request'] !== 'true') return route.continue();
    asked.push(route.request().headers()['hx-target']!);
    return route.fulfill({ status: 503, body: 'unavailable' });
  });
  await page.locator('.search-chips .chip-link', { hasText: 'Events' }).click();
  await page.waitForURL(/category=events/);
  await page.locator('.search-chips .chip-link[aria-current="page"]', { hasText: 'Events' }).waitFor();
  expect(asked).toEqual(['search-results']);
  // A page of its own, whole: the failed answer never reached the results.
  expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBeUndefined();
  expect(await page.locator('.search-result').count()).toBeGreaterThan(0);
  expect(await page.locator('#search-results').getAttribute('aria-busy')).toBeNull();
  await context.close();
});

test('no axe-core violations in either language: results, a chosen chip, messages, nothing found', async () => {
  const context = await site.context({ ...DESKTOP, bypassCSP: true });
  const paths = [
    '/search?q=festival',
    `/ar/search?q=${encodeURIComponent('مهرجان')}&category=articles`,
    `/ar/search?q=${'a'.repeat(120)}&category=nope`,
    '/search?q=zzzzqx',
  ];
  for (const path of paths) {
    const page = await context.newPage();
    await page.goto(path);
    expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
    await page.close();
  }
  await context.close();
});

test.each([
  ['en', '/search?q=festival', 'phone'],
  ['en', '/search?q=festival', 'desktop'],
  ['ar', `/ar/search?q=${encodeURIComponent('مهرجان')}`, 'phone'],
  ['ar', `/ar/search?q=${encodeURIComponent('مهرجان')}`, 'desktop'],
] as const)('in %s, %s lays out without sideways scroll on a %s', async (locale, path, device) => {
  await checkLayout(site, path, device, `search-${locale}-${device}`);
});
