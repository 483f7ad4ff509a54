import type { BrowserContext, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { axeViolations, horizontalOverflow, localized } from './support/page-checks.ts';

/**
 * The ticket shop in a real browser (SPEC 2.4, 4.3): adding tickets, the quantity stepper, a coupon
 * and an out-of-stock line, without JavaScript (plain forms) and with it (the cart island's live
 * totals, htmx for the coupon and removals), in both languages; every shop page at a phone's and a
 * desktop's width, checked by axe and for sideways scrolling, with screenshots.
 */

const EVENT = '/events/nabd-festival-2026';

const LABELS = {
  en: {
    add: 'Add to cart',
    more: 'One more General admission – 3 days',
    less: 'One less General admission – 3 days',
    remove: 'Remove Backstage tour',
    apply: 'Apply',
    applied: 'Coupon applied.',
    outOfStock: 'Out of stock: remove to continue',
    removed: 'Removed from your cart.',
    checkout: 'Checkout',
    added: 'Added to your cart.',
  },
  ar: {
    add: 'أضف إلى السلة',
    more: 'أضف واحدة من دخول عام – 3 أيام',
    less: 'أنقص واحدة من دخول عام – 3 أيام',
    remove: 'إزالة جولة خلف الكواليس',
    apply: 'تطبيق',
    applied: 'طُبّقت القسيمة.',
    outOfStock: 'نفدت الكمية: أزلها للمتابعة',
    removed: 'أُزيلت من سلتك.',
    checkout: 'إتمام الشراء',
    added: 'أُضيفت إلى سلتك.',
  },
} as const;

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

const setSold = (ticketId: string, sold: number) =>
  site.site.database.db.execute(sql`update commerce.tickets set sold = ${sold} where id = ${ticketId}`);

/** Adds `quantity` of a ticket from the tickets page through its own form. */
async function addTicket(page: Page, locale: 'en' | 'ar', ticketName: string, quantity: number) {
  await page.goto(localized(locale, `${EVENT}/tickets`));
  const card = page.locator('.ticket-card', { has: page.getByRole('heading', { name: ticketName, exact: true }) });
  await card.locator('input[name="quantity"]').fill(String(quantity));
  await card.getByRole('button', { name: LABELS[locale].add }).click();
  await page.waitForURL(`**${EVENT}/tickets/cart`);
}

const total = (page: Page) => page.locator('[data-total="total"]').textContent();
/** The shop header's "2 tickets · SAR 1,190.00", outside the cart island. */
const headerCart = (page: Page) => page.locator('[data-shop-cart-count]').textContent();

/** Waits until the shop header's cart shows `amount` (with JavaScript it follows the island's answer). */
const headerShows = (page: Page, amount: string) =>
  page.waitForFunction((amount) => document.querySelector('[data-shop-cart-count]')?.textContent?.includes(amount), amount);

async function shop(context: BrowserContext, locale: 'en' | 'ar', javaScriptEnabled: boolean) {
  const labels = LABELS[locale];
  const page = await context.newPage();
  // Any script error fails the walk: hydrating the cart that a coupon swapped in used to throw
  // React #418. (A refusal's 422 answer is logged by the browser too: that one is expected.)
  const scriptErrors: string[] = [];
  page.on('pageerror', (error) => scriptErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) scriptErrors.push(message.text());
  });
  const ga = locale === 'en' ? 'General admission – 3 days' : 'دخول عام – 3 أيام';
  const backstage = locale === 'en' ? 'Backstage tour' : 'جولة خلف الكواليس';
  await addTicket(page, locale, ga, 1);
  expect(await total(page)).toContain('595.00');
  expect(await headerCart(page)).toContain('595.00');
  await page.getByText(labels.added).waitFor();

  // The stepper: with JavaScript the total changes before the server answers, then stays.
  await page.getByRole('button', { name: labels.more }).click();
  if (javaScriptEnabled) {
    await page.waitForFunction(() => document.querySelector('[data-total="total"]')?.textContent?.includes('1,190.00'));
    await page.waitForFunction(() => !document.querySelector('.cart-island[aria-busy]'));
  } else {
    await page.waitForLoadState();
  }
  expect(await total(page)).toContain('1,190.00');
  expect(await page.locator('.stepper__value').first().textContent()).toBe('2');
  // "Added to your cart." was the add's outcome: shown once, gone with the next change (the stepper's).
  expect(await page.getByText(labels.added).count()).toBe(0);
  // The summary lists what the total is made of, line by line.
  expect(await page.locator('.cart-summary__item').first().textContent()).toContain(`2 × ${ga}`);
  // The header outside the island says the same, without a reload.
  await headerShows(page, '1,190.00');
  expect(await headerCart(page)).toMatch(locale === 'en' ? /^2 tickets · / : /^تذكرتان · /);

  if (javaScriptEnabled) {
    // The island did it, not a page load: the page is still the one it hydrated.
    expect(await page.locator('[data-island="cart"][data-hydrated]').count()).toBe(1);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // A refusal: the limit changed meanwhile. The island shows the server's message and goes back.
    await site.site.database.db.execute(sql`update commerce.tickets set max_per_order = 2 where id = 'tkt_nabd_ga'`);
    try {
      await page.getByRole('button', { name: labels.more }).click();
      await page.getByText('You can buy at most 2 of this ticket per order.').waitFor();
      expect(await page.locator('.stepper__value').first().textContent()).toBe('2');
      expect(await total(page)).toContain('1,190.00');
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    } finally {
      await site.site.database.db.execute(sql`update commerce.tickets set max_per_order = 10 where id = 'tkt_nabd_ga'`);
    }
  }

  await page.locator('#coupon-code').fill('welcome10');
  await page.getByRole('button', { name: labels.apply }).click();
  await page.getByText(labels.applied).waitFor();
  expect(await total(page)).toContain('1,071.00');
  await headerShows(page, '1,071.00');
  // The add message was that form's outcome: the coupon's replaces it.
  expect(await page.getByText(labels.added).count()).toBe(0);
  if (javaScriptEnabled) {
    // The swapped-in island hydrated without a mismatch and works: the stepper still steps in place.
    expect(await page.locator('[data-island="cart"][data-hydrated]').count()).toBe(1);
    await page.getByRole('button', { name: labels.less }).click();
    await headerShows(page, '535.50');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.getByRole('button', { name: labels.more }).click();
    await headerShows(page, '1,071.00');
  }
  expect(scriptErrors).toEqual([]);

  await addTicket(page, locale, backstage, 1);
  await setSold('tkt_nabd_vip_backstage', 30);
  try {
    await page.reload();
    await page.getByText(labels.outOfStock).waitFor();
    expect(await page.locator('.cart-summary__checkout[aria-disabled="true"]').count()).toBe(1);
    await page.getByRole('button', { name: labels.remove }).click();
    await page.getByText(labels.removed).waitFor();
    await page.getByRole('link', { name: labels.checkout }).waitFor();
  } finally {
    await setSold('tkt_nabd_vip_backstage', 27);
  }
  await page.close();
}

test('without JavaScript in Arabic on a phone: add, step the quantity, a coupon, remove an out-of-stock line', async () => {
  const context = await site.context({ ...PHONE, javaScriptEnabled: false });
  context.setDefaultTimeout(15_000);
  await shop(context, 'ar', false);
  await context.close();
});

test('with JavaScript in English on a desktop: live totals from the stepper, htmx for the coupon and the removal', async () => {
  const context = await site.context({ ...DESKTOP, javaScriptEnabled: true });
  context.setDefaultTimeout(15_000);
  await shop(context, 'en', true);
  await context.close();
  // SPEC 9.4: the server tracked the cart's events, the browser what came into view.
  const added = await site.received('cart_add', (properties) => properties.product_id === 'tkt_nabd_ga');
  expect(added.properties).toEqual(expect.objectContaining({ product_price: '595.00', item_currency: 'SAR', quantity: 1 }));
  await site.received('coupon_code_succeeded', (properties) => properties.coupon_code === 'WELCOME10');
  await site.received('product_view', (properties) => properties.product_id === 'tkt_nabd_ga');
  const promotion = await site.received('view_promotion', (properties) => properties.promotion_id === 'cat_nabd_ga');
  expect(promotion.properties.items).toEqual(expect.arrayContaining([{ item_name: 'General admission – 3 days' }]));
});

test.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)(
  'every shop page fits a %s in both languages, axe-clean, with screenshots',
  async (device, options) => {
    const context = await site.context({ ...options, javaScriptEnabled: true });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    for (const locale of ['en', 'ar'] as const) {
      await page.goto(localized(locale, `${EVENT}/tickets/cart`));
      // An empty cart first, then one with tickets.
      for (const [name, path] of [
        ['cart-empty', '/tickets/cart'],
        ['tickets', '/tickets'],
        ['login', '/tickets/login'],
      ] as const) {
        const response = await page.goto(localized(locale, `${EVENT}${path}`));
        expect({ path, status: response!.status() }).toEqual({ path, status: 200 });
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        expect({ path, locale, violations: await axeViolations(page) }).toEqual({ path, locale, violations: [] });
        await screenshot(page, `shop-${name}-${locale}-${device}`);
      }
    }
    await addTicket(page, 'en', 'General admission – 3 days', 2);
    await addTicket(page, 'en', 'Day pass', 1);
    // Two parkings with the general admission: the summary lists the extra on its own line.
    await page.getByLabel(/^Parking – 3 days, /).fill('2');
    await page.locator('.cart-line__extras').first().getByRole('button', { name: 'Update extras' }).click();
    await page.locator('.cart-summary__item--extra', { hasText: '2 × Parking – 3 days' }).waitFor();
    expect(await page.locator('.cart-summary__item--extra .cart-summary__amount').first().textContent()).toContain('150.00');
    for (const locale of ['en', 'ar'] as const) {
      await page.goto(localized(locale, `${EVENT}/tickets/cart`));
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect({ locale, violations: await axeViolations(page) }).toEqual({ locale, violations: [] });
      await screenshot(page, `shop-cart-${locale}-${device}`);
    }
    await context.close();
    // Ten pages with their checks and a cart filled on the way: a minute on a busy two-core runner.
  },
  180_000,
);
