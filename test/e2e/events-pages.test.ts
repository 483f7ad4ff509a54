import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { atEveryWidth, axeViolations, checkLayout, localized } from './support/page-checks.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

// An event's own page (getting there) is built from blocks: blocks.test.ts checks it.
const PAGES = [
  ['calendar', '/events/calendar'],
  ['event-upcoming', '/events/nabd-festival-2026'],
  ['event-ended', '/events/nabd-festival-2025'],
  ['venues', '/venues'],
  ['travel-packages', '/travel-packages'],
  ['travel-package', '/travel-packages/nabd-festival-2026-weekend'],
  ['travel-partner', '/travel-packages/partners/rihla-journeys'],
] as const;

describe('the events pages at phone and desktop widths, in both languages', () => {
  test.each(atEveryWidth(PAGES))(
    '%s (%s) in %s on a %s: no horizontal scroll, no axe-core violations on a desktop, screenshot taken',
    async (name, path, locale, device) => {
      await checkLayout(site, localized(locale, path), device, `events-${name}-${locale}-${device}`, 200, { axe: device === 'desktop' });
    },
  );
});

describe('accessibility', () => {
  // The pages above are checked where their layout is; these are the calendar's other states.
  test.each<[string, string]>([
    ['calendar with a refused value and no results (en)', '/events/calendar?month=2027-07&city=riyadh&type=nope'],
    ['calendar with no results (ar)', '/ar/events/calendar?month=2027-07&city=riyadh'],
  ])('%s has no axe-core violations', async (_name, path) => {
    // axe is injected as an inline script, which the site's CSP rightly forbids.
    const context = await site.context({ ...DESKTOP, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(path);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the calendar filters', () => {
  const rows = (page: Page) => page.locator('.event-row');
  const cities = (page: Page) => page.locator('.event-row__meta').allTextContents();

  test('without JavaScript, the form submits to a URL that carries the filters and narrows the list', async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/events/calendar');
    const everything = await rows(page).count();
    await page.selectOption('#calendar-city', 'riyadh');
    await page.selectOption('#calendar-type', 'festival');
    await page.getByRole('button', { name: 'Show events' }).click();
    await page.waitForURL(/\/events\/calendar\?month=&city=riyadh&type=festival$/);
    const narrowed = await rows(page).count();
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(everything);
    for (const meta of await cities(page)) expect(meta).toMatch(/^Festival · Riyadh$/i);
    expect(await page.locator('#calendar-status').textContent()).toBe(
      `${narrowed} event${narrowed === 1 ? '' : 's'} match${narrowed === 1 ? 'es' : ''} your filters`,
    );
    expect(await page.locator('#calendar-city').inputValue()).toBe('riyadh');
    await screenshot(page, 'events-calendar-filtered-nojs-en-phone', { javaScriptEnabled: false });
    await context.close();
  });

  test('with JavaScript, choosing a city updates the results in place, the URL follows and focus stays on the filter', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/ar/events/calendar');
    await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
    const status = await page.locator('#calendar-status').textContent();
    await page.locator('#calendar-city').focus();
    await page.selectOption('#calendar-city', 'jeddah');
    await page.waitForURL(/\/ar\/events\/calendar\?month=&city=jeddah&type=$/);
    await page.waitForFunction((before) => document.querySelector('#calendar-status')?.textContent !== before, status);
    // The page was never reloaded: only the results and the count changed.
    expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('calendar-city');
    const metas = await cities(page);
    expect(metas.length).toBeGreaterThan(0);
    for (const meta of metas) expect(meta).toContain('جدة');
    // Going back brings the unfiltered calendar again.
    await page.goBack();
    await page.waitForURL(/\/ar\/events\/calendar$/);
    await page.waitForFunction((before) => document.querySelector('#calendar-status')?.textContent === before, status);
    await context.close();
  });
});
