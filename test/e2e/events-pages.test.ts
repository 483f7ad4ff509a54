import type { Page } from 'playwright-core';
import { DESKTOP, LAPTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { atEveryWidth, axeViolations, checkLayout, horizontalOverflow, localized } from './support/page-checks.ts';

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

/**
 * Decision 0053: the home shows each event once, /events filters (and says when nothing matches),
 * cards carry their price and sale, and wide grids leave no card alone on a last row. At a phone's
 * width and the common laptop's, in both languages.
 */
describe('browsing events: the home, /events and its filters, the cards', () => {
  const BROWSING = [
    ['home', '/'],
    ['events', '/events'],
    ['events-filtered', '/events?city=riyadh&type=festival'],
    ['events-empty', '/events?city=alula&type=conference'],
  ] as const;

  /** Rows of a card grid by their top edge, each with how many cards it holds. */
  const rowsOf = (page: Page, grid: string) =>
    page.$$eval(grid, (lists) =>
      lists.map((list) => {
        const rows = new Map<number, number>();
        for (const item of list.children) {
          const top = Math.round(item.getBoundingClientRect().top);
          rows.set(top, (rows.get(top) ?? 0) + 1);
        }
        return [...rows.values()];
      }),
    );

  test('without JavaScript the filters are a form whose URL carries them, and clearing them shows every event again', async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/ar/events');
    const all = await page.locator('.event-card').count();
    await page.getByLabel('المدينة').selectOption('jeddah');
    await page.getByRole('button', { name: 'اعرض الفعاليات' }).click();
    await page.waitForURL(/\/ar\/events\?city=jeddah/);
    const cities = await page.locator('.event-card__meta').allTextContents();
    expect(cities.length).toBeGreaterThan(0);
    expect(cities.length).toBeLessThan(all);
    expect(cities.every((meta) => meta.includes('جدة'))).toBe(true);
    await page.getByRole('link', { name: 'إزالة عوامل التصفية' }).click();
    await page.waitForURL(/\/ar\/events$/);
    expect(await page.locator('.event-card').count()).toBe(all);
    await context.close();
  });

  test.each(
    BROWSING.flatMap(([name, path]) =>
      (['en', 'ar'] as const).flatMap((locale) =>
        (
          [
            ['phone', PHONE],
            ['laptop', LAPTOP],
          ] as const
        ).map(([device, options]) => [name, path, locale, device, options] as const),
      ),
    ),
  )('%s (%s) in %s on a %s: fits, cards unique, no orphan card on wide grids, screenshot', async (name, path, locale, device, options) => {
    const context = await site.context(options);
    try {
      const page = await context.newPage();
      expect((await page.goto(localized(locale, path)))!.status()).toBe(200);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const links = await page.locator('.event-card__link').evaluateAll((cards) => cards.map((card) => card.getAttribute('href')));
      if (name === 'home') expect(links).toEqual([...new Set(links)]);
      if (name === 'events-empty') {
        expect(links).toEqual([]);
        await page.locator('.empty-state a').waitFor();
      }
      if (device === 'laptop') {
        for (const rows of await rowsOf(page, '.event-grid, .content-grid, .cards')) {
          if (rows.length > 1) expect({ path, rows }).not.toEqual({ path, rows: [...rows.slice(0, -1), 1] });
        }
      }
      await screenshot(page, `browse-${name}-${locale}-${device}`);
      if (name === 'events' && device === 'laptop') {
        // A card close up: its cover with the sale's badge, the dates and the from-price.
        await screenshot(page, `browse-event-card-${locale}`, { element: '.event-card:has(.event-card__badge--selling-fast)' });
      }
    } finally {
      await context.close();
    }
  });
});

describe('accessibility', () => {
  // The pages above are checked where their layout is; these are the calendar's other states.
  test.each<[string, string]>([
    ['calendar with a refused value and no results (en)', '/events/calendar?month=2027-07&city=riyadh&type=nope'],
    ['calendar with no results (ar)', '/ar/events/calendar?month=2027-07&city=riyadh'],
    ['events overview with its cards, filtered (en)', '/events?city=riyadh'],
    ['events overview with nothing matching and a refused value (ar)', '/ar/events?city=alula&type=conference&month=1999-01'],
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
