import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { atEveryWidth, checkLayout, localized } from './support/page-checks.ts';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

const ARTICLE = '/xp-feed/news/nabd-festival-2026-tickets-guide';
const PAGES = [
  ['overview', '/xp-feed'],
  ['article', ARTICLE],
] as const;

const cards = (page: Page) => page.locator('#feed-articles > li');
const cardHrefs = (page: Page) =>
  page.locator('#feed-articles > li a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
const loadMore = (page: Page) => page.locator('[data-load-more]');

describe('the XP feed at phone and desktop widths, in both languages', () => {
  test.each(atEveryWidth(PAGES))(
    '%s (%s) in %s on a %s: no horizontal scroll, no axe-core violations on a desktop, screenshot taken',
    async (name, path, locale, device) => {
      await checkLayout(site, localized(locale, path), device, `feed-${name}-${locale}-${device}`, 200, { axe: device === 'desktop' });
    },
  );
});

describe('load more', () => {
  test('with JavaScript, appends the next cards, puts focus on the first new one and moves itself on, to the last page', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/ar/xp-feed');
    await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
    const first = await cardHrefs(page);
    expect(first).toHaveLength(12);
    expect(await loadMore(page).getAttribute('data-track-pagination_type')).toBe('load_more');

    await loadMore(page).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('#feed-articles > li').length > 12);
    const both = await cardHrefs(page);
    expect(both.slice(0, 12)).toEqual(first);
    expect(new Set(both).size).toBe(both.length);
    await page.waitForFunction(() => document.activeElement?.closest('#feed-articles > li:nth-child(13)') !== null);
    expect(page.url()).toMatch(/\/ar\/xp-feed\?page=2$/);
    expect(await loadMore(page).getAttribute('href')).toBe('/ar/xp-feed?page=3');
    expect(await loadMore(page).getAttribute('data-track-pagination_type')).toBe('load_more');
    // The page itself was never reloaded.
    expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);

    await loadMore(page).click();
    await page.waitForFunction(() => document.querySelectorAll('#feed-articles > li').length > 24);
    // The last page: the control is gone.
    await page.waitForFunction(() => !document.querySelector('[data-load-more]'));
    await screenshot(page, 'feed-overview-loaded-ar-desktop');
    await context.close();
  });

  test('when the request fails, says so in the visitor\'s language and tries again on "try again"', async () => {
    const context = await site.context(PHONE);
    const page = await context.newPage();
    await page.goto('/xp-feed');
    let failing = true;
    await page.route(/\/xp-feed\?page=2$/, (route) => (failing ? route.abort('internetdisconnected') : route.continue()));

    await loadMore(page).click();
    const alert = page.locator('.feed-more__failure[role="alert"]');
    await page.waitForFunction(() => document.querySelector('.feed-more__failure')?.textContent !== '');
    expect(await alert.textContent()).toBe('The next stories could not be loaded. Check your connection and try again.');
    expect(await loadMore(page).textContent()).toBe('Try again');
    expect(await cards(page).count()).toBe(12);
    await screenshot(page, 'feed-overview-load-more-failed-en-phone');

    failing = false;
    await loadMore(page).click();
    await page.waitForFunction(() => document.querySelectorAll('#feed-articles > li').length > 12);
    expect(await alert.isVisible()).toBe(false);
    expect(await loadMore(page).textContent()).toBe('Load more stories');
    await context.close();
  });

  test('a server error in Arabic is announced in Arabic', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/ar/xp-feed');
    await page.route(/\/xp-feed\?page=2$/, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
    await loadMore(page).click();
    await page.waitForFunction(() => document.querySelector('.feed-more__failure')?.textContent !== '');
    expect(await page.locator('.feed-more__failure').textContent()).toBe('تعذّر تحميل القصص التالية. تحقّق من اتصالك وحاول مرة أخرى.');
    expect(await loadMore(page).textContent()).toBe('حاول مرة أخرى');
    await context.close();
  });

  test('without JavaScript, the same control is a link to the next page, which links back', async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/xp-feed');
    const first = await cardHrefs(page);
    await loadMore(page).click();
    await page.waitForURL(/\/xp-feed\?page=2$/);
    const second = await cardHrefs(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((href) => first.includes(href))).toEqual([]);
    await screenshot(page, 'feed-overview-page-2-nojs-en-phone', { javaScriptEnabled: false });
    await page.locator('a[rel="prev"]').click();
    await page.waitForURL(/\/xp-feed$/);
    expect(await cardHrefs(page)).toEqual(first);
    await context.close();
  });
});

describe('analytics of reading on (SPEC 9.4)', () => {
  test.each(['en', 'ar'] as const)('paging, sharing and "more in this category" are recorded from the page (%s)', async (locale) => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto(localized(locale, ARTICLE));
    // A share opens the network in a new tab; the event leaves before.
    const share = page.locator('a[data-track="social_shared"][data-track-social_platform="whatsapp"]');
    const opened = context.waitForEvent('page');
    await share.click();
    await (await opened).close();
    await site.received('social_shared', (properties) => properties.social_platform === 'whatsapp' && properties.language === locale);

    const more = page.locator('[data-track="more_in_category_clicked"]').first();
    const target = (await more.getAttribute('data-track-link_url'))!;
    await more.click();
    await page.waitForURL((url) => url.pathname === target);
    await site.received('more_in_category_clicked', (properties) => properties.link_url === target && properties.language === locale);

    await page.goto(localized(locale, '/xp-feed'));
    await loadMore(page).click();
    await site.received(
      'pagination_clicked',
      (properties) => properties.pagination_type === 'load_more' && properties.next_page === '2' && properties.language === locale,
    );
    await context.close();
  });
});
