import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { atEveryWidth, checkLayout, localized } from './support/page-checks.ts';

/**
 * Page blocks in a real browser: the countdown ticks, carousels get working arrows (also right to
 * left), FAQ answers open and are tracked, and the pages built from blocks pass axe-core.
 */

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

// The home page is built from blocks too; site-chrome.test.ts checks it (axe at both widths).
const PAGES = [
  ['getting-there', '/events/nabd-festival-2026/getting-there'],
  ['good-to-know', '/events/nabd-festival-2026/good-to-know'],
  ['accessibility', '/events/nabd-festival-2026/accessibility'],
] as const;

describe('the countdown', () => {
  test('ticks every second with JavaScript', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/');
    const clock = page.locator('.countdown__clock');
    const first = await clock.getAttribute('datetime');
    await page.waitForFunction((before) => document.querySelector('.countdown__clock')!.getAttribute('datetime') !== before, first, {
      timeout: 3000,
    });
    expect(await page.locator('[data-unit="seconds"]').textContent()).toMatch(/^\d{2}$/);
    expect(await clock.getAttribute('aria-live')).toBe('off');
    await context.close();
  });

  test('shows the ended state once its moment has passed', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/');
    const end = Date.parse((await page.locator('[data-countdown]').getAttribute('data-countdown'))!);
    // The visitor's clock jumps to a second before the moment.
    await page.clock.install({ time: end - 1500 });
    await page.reload();
    await page.locator('.countdown__ended').waitFor({ state: 'visible', timeout: 5000 });
    expect(await page.locator('.countdown__clock').isHidden()).toBe(true);
    await context.close();
  });

  test('reads right without JavaScript', async () => {
    const context = await site.context({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.locator('.countdown__date time').textContent()).toMatch(/2026/);
    expect(Number(await page.locator('[data-unit="days"]').textContent())).toBeGreaterThanOrEqual(0);
    await context.close();
  });
});

describe('the carousel', () => {
  test.each(['en', 'ar'] as const)('arrows appear with JavaScript, scroll toward the reading end and are tracked (%s)', async (locale) => {
    const context = await site.context(PHONE);
    const page = await context.newPage();
    await page.goto(localized(locale, '/'));
    const arrows = page.locator('[data-carousel-arrows]');
    await arrows.scrollIntoViewIfNeeded();
    await arrows.waitFor({ state: 'visible' });
    const previous = page.locator('[data-carousel-arrow="previous"]');
    const next = page.locator('[data-carousel-arrow="next"]');
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);

    await next.click();
    const scroller = page.locator('[data-carousel]');
    await page.waitForFunction(() => Math.abs(document.querySelector('[data-carousel]')!.scrollLeft) > 50);
    const scrolled = await scroller.evaluate((element) => element.scrollLeft);
    // Right to left, "next" moves the list to the left: scrollLeft goes negative.
    expect(locale === 'ar' ? scrolled < 0 : scrolled > 0).toBe(true);
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-carousel-arrow="previous"]')!.disabled);

    const section = (await page.locator('.block-carousel h2').textContent())!;
    await site.received(
      'carousel_arrow_clicked',
      (properties) => properties.carousel_arrow === 'next' && properties.section_name === section,
    );
    // Scrolled to, the section was reported seen.
    await site.received('section_viewed', (properties) => properties.section_name === section && properties.language === locale);

    // To the end: "next" is disabled there.
    for (let step = 0; step < 10 && !(await next.isDisabled()); step += 1) {
      await next.click();
      await page.waitForTimeout(400);
    }
    expect(await next.isDisabled()).toBe(true);
    await context.close();
  });

  test('without JavaScript the list scrolls and no arrow is shown', async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.locator('[data-carousel-arrows]').isHidden()).toBe(true);
    const room = await page.locator('[data-carousel]').evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(room).toBeGreaterThan(0);
    await page.locator('[data-carousel]').evaluate((element) => element.scrollBy({ left: 200 }));
    expect(await page.locator('[data-carousel]').evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await context.close();
  });
});

describe('the FAQ', () => {
  test('an answer opens without JavaScript', async () => {
    const context = await site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/events/nabd-festival-2026/getting-there');
    const item = page.locator('.faq__item').first();
    await item.locator('summary').click();
    expect(await item.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);
    expect(await item.locator('.faq__answer').isVisible()).toBe(true);
    await context.close();
  });

  test.each(['en', 'ar'] as const)('opening a question is tracked with its category and title (%s)', async (locale) => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto(localized(locale, '/events/nabd-festival-2026/getting-there'));
    const item = page.locator('.faq__item').nth(1);
    const question = (await item.locator('summary').textContent())!;
    const category = (await item.getAttribute('data-track-faq_category'))!;
    await item.locator('summary').click();
    const event = await site.received('faq_accordion_opened', (properties) => properties.faq_item_title === question);
    expect(event.properties).toMatchObject({ faq_category: category, language: locale });
    await context.close();
  });
});

describe('pages built from blocks', () => {
  test.each(atEveryWidth(PAGES))(
    '%s (%s) in %s on a %s: no horizontal scroll, no axe-core violations on a desktop, screenshot taken',
    async (name, path, locale, device) => {
      await checkLayout(site, localized(locale, path), device, `blocks-${name}-${locale}-${device}`, 200, { axe: device === 'desktop' });
    },
  );
});
