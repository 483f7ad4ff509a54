import { DESKTOP, PHONE, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { checkLayout, localized } from './support/page-checks.ts';

/**
 * The about area in a real browser: every page in both languages on a phone and a desktop without
 * sideways scroll and without axe-core violations; the FAQ opens from the keyboard with JavaScript
 * off and on, and with JavaScript its questions and links are tracked.
 */

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

const PAGES = [
  ['about', '/about'],
  ['history', '/about/history'],
  ['faq', '/about/faq'],
  ['careers', '/about/careers'],
  ['partners', '/about/partners'],
  ['privacy', '/about/privacy'],
  ['contact', '/contact'],
  ['terms', '/terms-and-conditions'],
  ['store', '/store'],
] as const;

describe.each(PAGES)('%s (%s)', (name, path) => {
  test('fits a phone and a desktop in both languages with no axe-core violations, screenshots taken', async () => {
    for (const locale of ['en', 'ar'] as const) {
      for (const device of ['phone', 'desktop'] as const) {
        await checkLayout(site, localized(locale, path), device, `about-${name}-${locale}-${device}`, 200, { axe: device === 'phone' });
      }
    }
  });
});

describe('the FAQ', () => {
  test.each([false, true])('opens from the keyboard, Enter and Space on a question (JavaScript %s)', async (javaScriptEnabled) => {
    const context = await site.context({ ...PHONE, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto('/ar/about/faq');
    const items = page.locator('.faq__item');
    const isOpen = (index: number) => items.nth(index).evaluate((details) => (details as HTMLDetailsElement).open);
    expect(await isOpen(0)).toBe(false);

    await items.nth(0).locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await isOpen(0)).toBe(true);
    expect(await items.nth(0).locator('.faq__answer').isVisible()).toBe(true);

    await page.keyboard.press('Tab');
    // The next stop is a link in the open answer or the next question: Tab until the next question.
    for (
      let step = 0;
      step < 5 &&
      !(await items
        .nth(1)
        .locator('summary')
        .evaluate((summary) => summary === document.activeElement));
      step += 1
    ) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Space');
    expect(await isOpen(1)).toBe(true);

    if (javaScriptEnabled) {
      const question = (await items.nth(1).locator('summary').textContent())!;
      const category = (await items.nth(1).getAttribute('data-track-faq_category'))!;
      const event = await site.received('faq_accordion_opened', (properties) => properties.faq_item_title === question);
      expect(event.properties).toMatchObject({ faq_category: category, language: 'ar', page_name: '/ar/about/faq' });
    }
    await context.close();
  });

  test('a link followed from an answer is tracked with its question', async () => {
    const context = await site.context(DESKTOP);
    const page = await context.newPage();
    await page.goto('/about/faq');
    const item = page.locator('.faq__item', { has: page.locator('a[data-track="faq_link_clicked"]') }).first();
    const link = item.locator('a[data-track="faq_link_clicked"]').first();
    await item.locator('summary').click();
    const [question, url] = await Promise.all([link.getAttribute('data-track-faq_item_title'), link.getAttribute('href')]);
    await Promise.all([page.waitForURL((target) => target.pathname === url), link.click()]);
    const event = await site.received('faq_link_clicked', (properties) => properties.faq_item_link === url);
    expect(event.properties).toMatchObject({ faq_item_title: question, language: 'en' });
    await context.close();
  });
});
