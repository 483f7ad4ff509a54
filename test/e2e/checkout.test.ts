import { readFileSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { fromRoot } from '#platform/paths.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { DESKTOP, PHONE, screenshot, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import { axeViolations, horizontalOverflow, localized } from './support/page-checks.ts';

/**
 * A guest's purchase in a real browser (SPEC 2.4, 8), with JavaScript (English, desktop) and
 * without (Arabic, phone): tickets → cart → "continue as a guest" → the checkout steps → the
 * sandbox card page with the success card → the confirmation → the ticket PDF. Each checkout step
 * and the confirmation are checked by axe and for sideways scrolling, with screenshots.
 */

const EVENT = '/events/nabd-festival-2026';
const database = databaseBackends.at(-1)!;
const texts = (locale: 'en' | 'ar', namespace: string) =>
  JSON.parse(readFileSync(fromRoot('locales', locale, `${namespace}.json`), 'utf8'));

let site: BrowserSite;
let drop: () => Promise<void> = async () => {};
beforeAll(async () => {
  const created = await database.create({ startedSite: true });
  drop = created.drop;
  site = await startBrowserSite({ DATABASE_URL: created.url });
});
afterAll(async () => {
  await site?.close();
  await drop();
});

async function checkPage(page: Page, name: string, javaScriptEnabled: boolean) {
  // The checks run scripts in the page: a browser without JavaScript only takes the screenshot.
  if (!javaScriptEnabled) return screenshot(page, name, { javaScriptEnabled });
  expect({ name, overflows: (await horizontalOverflow(page)) > 0 }).toEqual({ name, overflows: false });
  expect({ name, violations: await axeViolations(page) }).toEqual({ name, violations: [] });
  await screenshot(page, name, { javaScriptEnabled });
}

async function guestPurchase(locale: 'en' | 'ar', device: string, options: BrowserContextOptions & { javaScriptEnabled: boolean }) {
  const shop = texts(locale, 'shop');
  const checkout = texts(locale, 'checkout');
  const context = await site.context(options);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const shot = (step: string) => checkPage(page, `checkout-${step}-${locale}-${device}`, options.javaScriptEnabled);

  await page.goto(localized(locale, `${EVENT}/tickets`));
  const ga = locale === 'en' ? 'General admission – 3 days' : 'دخول عام – 3 أيام';
  const card = page.locator('.ticket-card', { has: page.getByRole('heading', { name: ga, exact: true }) });
  await card.locator('input[name="quantity"]').fill('2');
  await card.locator('button[type="submit"]').first().click();
  await page.waitForURL(`**${EVENT}/tickets/cart`);
  await page.locator('a, button', { hasText: shop.cart.checkout }).last().click();
  await page.waitForURL(`**${EVENT}/tickets/login`);
  await page.getByRole('button', { name: shop.login.guest }).click();
  await page.waitForURL(`**${EVENT}/tickets/checkout`);

  const next = () => page.getByRole('button', { name: checkout.continue }).click();
  await shot('email');
  await page.getByLabel(checkout.email.email, { exact: true }).fill(`browser-${locale}-${Date.now()}@example.com`);
  await page.getByLabel(checkout.email.confirmEmail).fill('someone-else@example.com');
  await next();
  await page.getByText(texts(locale, 'validation').mustMatch).waitFor();
  await page.getByLabel(checkout.email.confirmEmail).fill(await page.getByLabel(checkout.email.email, { exact: true }).inputValue());
  await next();

  await page.locator('input[name="firstName"]').waitFor();
  await shot('details');
  await page.locator('input[name="firstName"]').fill('Lina');
  await page.locator('input[name="lastName"]').fill('Haddad');
  await page.locator('input[name="phoneNumber"]').fill('+966 50 123 4567');
  await next();

  await page.locator('input[name="address1"]').waitFor();
  await shot('billing');
  await page.locator('input[name="address1"]').fill('King Fahd Road 1');
  await page.locator('input[name="city"]').fill('Riyadh');
  await next();

  await page.locator('input[name="acceptTerms"]').waitFor();
  await shot('finalize');
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('form button[type="submit"]').last().click();

  await page.waitForURL('**/sandbox/payments/**');
  await page.locator('input[name="cardNumber"]').fill('4242 4242 4242 4242');
  await page.locator('input[name="expiry"]').fill('12/29');
  await page.locator('input[name="cvc"]').fill('123');
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL(`**${EVENT}/tickets/confirmation?**`);
  // While the payment is processed the page refreshes itself (no JavaScript needed).
  await page.getByRole('heading', { name: checkout.confirmation.paidHeading }).waitFor({ timeout: 20_000 });
  await shot('confirmation');

  const href = await page.locator('.ticket-downloads__link').first().getAttribute('href');
  const pdf = await context.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
  await context.close();
}

describe('a guest buys tickets in the browser', () => {
  test('with JavaScript, in English, on a desktop', async () => {
    await guestPurchase('en', 'desktop', { ...DESKTOP, javaScriptEnabled: true });
  }, 120_000);

  test('without JavaScript, in Arabic, on a phone', async () => {
    await guestPurchase('ar', 'phone', { ...PHONE, javaScriptEnabled: false });
  }, 120_000);
});
