import { DEVELOPMENT_SECRETS } from '#server/config.ts';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { axeViolations, horizontalOverflow, localized } from './support/page-checks.ts';

/** Site-wide behaviour in a real browser: editors' preview mode, and the not-found and error pages. */

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

const DRAFT_TITLE = { en: 'Nabd Festival 2026: the set times are out', ar: 'مهرجان نبض 2026: مواعيد العروض صدرت' };
const EXIT = { en: 'Exit preview', ar: 'الخروج من المعاينة' };

describe('preview mode', () => {
  test.each(['en', 'ar'] as const)('an editor enters with the secret, sees a draft under the banner, and leaves (%s)', async (locale) => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    const home = localized(locale, '/');
    await page.goto(`/api/preview?secret=${DEVELOPMENT_SECRETS.PREVIEW_SECRET}&redirect=${encodeURIComponent(home)}`);
    await page.waitForURL(`${site.origin}${home}`);
    const banner = page.locator('.preview-banner');
    expect(await banner.isVisible()).toBe(true);
    await page.getByText(DRAFT_TITLE[locale]).first().waitFor();
    // In the flow of the page: it pushes the header down rather than covering it.
    const bannerBox = (await banner.boundingBox())!;
    const headerBox = (await page.locator('.site-header').boundingBox())!;
    expect(headerBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);

    await banner.getByRole('link', { name: EXIT[locale] }).click();
    await page.waitForURL(`${site.origin}${home}`);
    expect(await page.locator('.preview-banner').count()).toBe(0);
    expect(await page.getByText(DRAFT_TITLE[locale]).count()).toBe(0);
    await context.close();
  });

  test.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('the banner is axe-clean, fits and is keyboard reachable on a %s, in both directions', async (device, options) => {
    const context = await site.context({ ...options, bypassCSP: true });
    const page = await context.newPage();
    for (const locale of ['en', 'ar'] as const) {
      await page.goto(
        `/api/preview?secret=${DEVELOPMENT_SECRETS.PREVIEW_SECRET}&redirect=${encodeURIComponent(localized(locale, '/events'))}`,
      );
      await page.locator('.preview-banner').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      // The way out of preview is the first thing the keyboard reaches, the skip link next.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('preview-banner__exit');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-link');
      await screenshot(page, `preview-banner-${locale}-${device}`);
    }
    await context.close();
  });
});

describe('the not-found and error pages', () => {
  test.each(['en', 'ar'] as const)('/404 and a refused form: screenshots, axe-clean, and "try again" goes back (%s)', async (locale) => {
    const context = await site.context({ ...PHONE, bypassCSP: true });
    const page = await context.newPage();
    const notFound = await page.goto(localized(locale, '/404'));
    expect(notFound!.status()).toBe(404);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `not-found-${locale}-phone`);

    // A form sent to the site from another site (here the same server under another host name)
    // gets the error page (403), in the visitor's language.
    const events = localized(locale, '/events');
    await page.goto(`${site.origin.replace('localhost', '127.0.0.1')}${localized(locale, '/404')}`);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST' && response.url() === `${site.origin}${events}`),
      page.evaluate((action) => {
        const form = Object.assign(document.createElement('form'), { method: 'post', action });
        document.body.append(form);
        form.submit();
      }, `${site.origin}${events}`),
    ]);
    expect(answer.status()).toBe(403);
    await page.locator('.status-page').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    expect(await page.locator('.status-page__detail').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `error-${locale}-phone`);
    await page.locator('.status-page__links a').first().click();
    await page.waitForURL(`${site.origin}${events}`);
    expect(await page.locator('.status-page').count()).toBe(0);
    await context.close();
  });
});
