import type { Page } from 'playwright-core';
import { DEMO_USER } from '#identity/service.ts';
import { LAPTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { clippedText, horizontalOverflow, localized, overlaps } from './support/page-checks.ts';

/**
 * What a buyer sees at a phone's 360 px and a laptop's 1366 px, in both languages: the event bar
 * names its event in full beside its call to action; the event's and the account's tab rows fade
 * where there is more to scroll to; the footer's partners sit under their heading; every select
 * has one arrow; without JavaScript the header's radio is a link that fits, menu open or not.
 * Screenshots of each part, named `finish-…`, in test-results/screenshots.
 */

const EVENT = '/events/nabd-festival-2026';
const LOCALES = ['en', 'ar'] as const;
const DEVICES = [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const;

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

/** The row's two fades as the stylesheet has them now, in px: [start edge, end edge]. */
const fades = (page: Page, selector: string) =>
  page.locator(selector).evaluate((row) => {
    const style = getComputedStyle(row);
    return [style.getPropertyValue('--scroll-fade-start'), style.getPropertyValue('--scroll-fade-end')];
  });

/**
 * A row too wide for the screen fades at its far edge only; scrolled to its end, at its near edge
 * only (the far fade is all but gone: a row's width in fractions of a pixel leaves it a few).
 */
async function expectScrollHints(page: Page, selector: string) {
  const row = page.locator(selector);
  expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await fades(page, selector)).toEqual(['0px', '40px']);
  // Towards the end: to the left in Arabic, where scrollLeft counts down from 0.
  await row.evaluate((element) => {
    element.scrollLeft = getComputedStyle(element).direction === 'rtl' ? -element.scrollWidth : element.scrollWidth;
  });
  await page.waitForFunction(
    (selector) => parseFloat(getComputedStyle(document.querySelector(selector)!).getPropertyValue('--scroll-fade-end')) < 5,
    selector,
  );
  expect((await fades(page, selector))[0]).toBe('40px');
  await row.evaluate((element) => (element.scrollLeft = 0));
}

describe('the event bar', () => {
  test.each(LOCALES)(
    'at 360 px it names the event in full beside its call to action, and its tabs say they scroll (%s)',
    async (locale) => {
      const context = await site.context(PHONE);
      const page = await context.newPage();
      await page.goto(localized(locale, EVENT));
      expect(await clippedText(page, '.event-nav')).toEqual([]);
      expect(await overlaps(page, ['.event-nav__logo', '.event-nav__title', '.event-nav__cta'])).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await expectScrollHints(page, '.event-nav__tabs');
      await screenshot(page, `finish-event-bar-${locale}-phone`, { viewportOnly: true });
      await context.close();
    },
  );

  test.each(LOCALES)('at 1366 px it is one row with nothing cut off (%s)', async (locale) => {
    const context = await site.context(LAPTOP);
    const page = await context.newPage();
    await page.goto(localized(locale, EVENT));
    expect(await clippedText(page, '.event-nav')).toEqual([]);
    expect(await overlaps(page, ['.event-nav__event', '.event-nav__tabs', '.event-nav__cta'])).toEqual([]);
    await screenshot(page, `finish-event-bar-${locale}-laptop`, { viewportOnly: true });
    await context.close();
  });
});

test('at 360 px in Arabic the account sections say they scroll; signing out says so', async () => {
  const context = await site.context(PHONE);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto('/ar/account');
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name="email"]').fill(DEMO_USER.email);
  await page.locator('input[name="password"]').fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await page.waitForURL(`${site.origin}/ar/account`);
  expect(await clippedText(page, '.account-nav')).toEqual([]);
  await expectScrollHints(page, '.account-nav__list');
  await screenshot(page, 'finish-account-tabs-ar-phone', { viewportOnly: true });
  await page.getByRole('button', { name: 'تسجيل الخروج' }).first().click();
  await page.waitForURL(`${site.origin}/ar/account/login`);
  await page.getByRole('status').filter({ hasText: 'تم تسجيل خروجك.' }).waitFor();
  await context.close();
});

describe('the footer', () => {
  test.each(LOCALES)('at 1366 px the partners heading sits over its logos, all in one row (%s)', async (locale) => {
    const context = await site.context(LAPTOP);
    const page = await context.newPage();
    await page.goto(localized(locale, '/'));
    const heading = (await page.locator('.site-footer__partners .site-footer__heading').boundingBox())!;
    const logos = (await page.locator('.site-footer__partner-list').boundingBox())!;
    // Aligned on the side the text starts from, the logos below.
    const start = (box: { x: number; width: number }) => (locale === 'ar' ? box.x + box.width : box.x);
    expect(Math.abs(start(heading) - start(logos))).toBeLessThanOrEqual(1);
    expect(logos.y).toBeGreaterThanOrEqual(heading.y + heading.height);
    const rows = await page
      .locator('.site-footer__partner-list > li')
      .evaluateAll((items) => new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size);
    expect(rows).toBe(1);
    await screenshot(page, `finish-footer-${locale}-laptop`, { element: '.site-footer__connect' });
    await context.close();
  });

  test.each(LOCALES)('at 360 px the partners stay under their heading (%s)', async (locale) => {
    const context = await site.context(PHONE);
    const page = await context.newPage();
    await page.goto(localized(locale, '/'));
    const heading = (await page.locator('.site-footer__partners .site-footer__heading').boundingBox())!;
    const logos = (await page.locator('.site-footer__partner-list').boundingBox())!;
    expect(logos.y).toBeGreaterThanOrEqual(heading.y + heading.height);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `finish-footer-${locale}-phone`, { element: '.site-footer__connect' });
    await context.close();
  });
});

describe('select fields', () => {
  test.each(DEVICES.flatMap(([device, options]) => LOCALES.map((locale) => [locale, device, options] as const)))(
    'the line-up and calendar filters draw one arrow, ours (%s, %s)',
    async (locale, device, options) => {
      const context = await site.context(options);
      const page = await context.newPage();
      for (const [name, path] of [
        ['lineup', `${EVENT}/lineup/artists`],
        ['calendar', '/events/calendar'],
      ] as const) {
        await page.goto(localized(locale, path));
        const selects = await page.locator('select.field__input').evaluateAll((elements) =>
          elements.map((select) => {
            const style = getComputedStyle(select);
            const field = getComputedStyle(select.parentElement!, '::after');
            return { appearance: style.appearance, arrow: style.backgroundImage.includes('svg'), drawnBeside: field.content !== 'none' };
          }),
        );
        expect(selects.length).toBeGreaterThan(0);
        for (const select of selects) expect({ path, ...select }).toEqual({ path, appearance: 'none', arrow: true, drawnBeside: false });
        await screenshot(page, `finish-${name}-filters-${locale}-${device}`, { element: 'form:has(select.field__input)' });
      }
      await context.close();
    },
  );
});

describe('the header radio on a phone', () => {
  test.each(LOCALES)('without JavaScript it is a round link to the radio page that fits, menu open or not (%s)', async (locale) => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(localized(locale, '/'), { waitUntil: 'load' });
    expect(await page.locator('.radio-player audio').isVisible()).toBe(false);
    const link = page.locator('.radio-player a[href$="/radio"]');
    const fits = async () => {
      const box = (await link.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(box.y).toBeGreaterThanOrEqual(0);
    };
    expect(await link.isVisible()).toBe(true);
    await fits();
    await screenshot(page, `finish-header-radio-${locale}-phone-nojs`, { javaScriptEnabled: false, viewportOnly: true });
    await page.locator('.site-nav__toggle-label').click();
    expect(await page.locator('#site-nav').isVisible()).toBe(true);
    expect(await link.isVisible()).toBe(true);
    await fits();
    await screenshot(page, `finish-header-radio-menu-${locale}-phone-nojs`, { javaScriptEnabled: false, viewportOnly: true });
    await context.close();
  });

  test('with JavaScript the play button takes the link’s place', async () => {
    const context = await site.context(PHONE);
    const page = await context.newPage();
    await page.goto('/ar');
    const button = page.locator('.radio-player button[aria-pressed]');
    await button.waitFor();
    expect(await page.locator('.radio-player a[href$="/radio"]').isVisible()).toBe(false);
    expect((await button.boundingBox())!.width).toBeGreaterThanOrEqual(44);
    await context.close();
  });
});
