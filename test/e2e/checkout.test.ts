import type { BrowserContextOptions } from 'playwright-core';
import { databaseBackends } from '#test/support/backends.ts';
import { DESKTOP, PHONE, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import {
  addGeneralAdmission,
  CARDS,
  cartToLogin,
  checkPage,
  continueButton,
  EVENT,
  expectPdf,
  finalizeToPayment,
  payByCard,
  texts,
  waitForHeading,
} from './support/checkout-steps.ts';

/**
 * A guest's purchase in a real browser (SPEC 2.4, 8), with JavaScript (English, desktop) and
 * without (Arabic, phone): tickets → cart → "continue as a guest" → the checkout steps → the
 * sandbox card page with the success card → the confirmation → the ticket PDF. Each checkout step
 * and the confirmation are checked by axe and for sideways scrolling, with screenshots.
 */

const database = databaseBackends.at(-1)!;

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

async function guestPurchase(locale: 'en' | 'ar', device: string, options: BrowserContextOptions & { javaScriptEnabled: boolean }) {
  const shop = texts(locale, 'shop');
  const checkout = texts(locale, 'checkout');
  const context = await site.context(options);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const shot = (step: string) => checkPage(page, `checkout-${step}-${locale}-${device}`, options.javaScriptEnabled);

  await addGeneralAdmission(page, locale, 2);
  await cartToLogin(page, locale);
  await page.getByRole('button', { name: shop.login.guest }).click();
  await page.waitForURL(`**${EVENT}/tickets/checkout`);

  const next = () => continueButton(page, locale).click();
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
  await finalizeToPayment(page);
  await payByCard(page, CARDS.success);
  await waitForHeading(page, checkout.confirmation.paidHeading);
  await shot('confirmation');

  await expectPdf(context, await page.locator('.ticket-downloads__link').first().getAttribute('href'));
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
