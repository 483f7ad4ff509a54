import type { BrowserContextOptions, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { issueTickets } from '#graphql/commerce/issued-tickets.ts';
import { insertOrder } from '#graphql/commerce/test-support/paid-orders.ts';
import { createAccount } from '#test/support/accounts.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { DESKTOP, PHONE, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import {
  addGeneralAdmission,
  answerGuestSteps,
  CARDS,
  cartToLogin,
  checkPage,
  continueButton,
  EVENT,
  expectPdf,
  finalizeToPayment,
  payByCard,
  signInOnLoginPage,
  texts,
  waitForHeading,
  type Locale,
} from './support/checkout-steps.ts';
import { localized } from './support/page-checks.ts';

/**
 * After the guest's purchase (checkout.test.ts), the rest of a purchase in a real browser
 * (SPEC 2.4, 4.3, 8): a signed-in purchase prefilled from the profile that ends in the account's
 * tickets, a declined card and the retry, and naming the tickets' holders. Each scenario runs once
 * with JavaScript and once without, in the other language, on the other device; the screens they
 * add are checked by axe and for sideways scrolling, with screenshots at both widths in both languages.
 */

const PASSWORD = 'Browser-orders-2026!';
const GA = { ticketId: 'tkt_nabd_ga', quantity: 2, price: 59500 };
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

type Run = BrowserContextOptions & { javaScriptEnabled: boolean };
const RUNS = {
  jsDesktop: { ...DESKTOP, javaScriptEnabled: true },
  jsPhone: { ...PHONE, javaScriptEnabled: true },
  plainDesktop: { ...DESKTOP, javaScriptEnabled: false },
  plainPhone: { ...PHONE, javaScriptEnabled: false },
} as const;
const device = (options: Run) => (options.isMobile ? 'phone' : 'desktop');

let accounts = 0;
/** A new confirmed account of the test's own: never the shared demo user. */
async function newAccount(givenName: string, familyName: string) {
  accounts += 1;
  const email = `browser-orders-${accounts}-${Date.now()}@nabd.example`;
  const user = await createAccount(site.site.database.db, { email, password: PASSWORD, givenName, familyName });
  return { email, userId: user.id };
}

/** A paid order of two general admission tickets, with its tickets issued, written for `userId`. */
async function paidOrderFor(userId: string): Promise<string> {
  const { orderId } = await insertOrder(site.site.database.db, { customerId: userId, lines: [GA] });
  await issueTickets(site.site.database.db, orderId);
  return orderId;
}

const orderIdOnPage = (page: Page) => page.locator('.confirmation__order-id bdi').textContent();

async function signedInPurchase(locale: Locale, options: Run) {
  const shop = texts(locale, 'shop');
  const checkout = texts(locale, 'checkout');
  const { email } = await newAccount('Huda', 'Omar');
  const context = await site.context(options);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();

  await addGeneralAdmission(page, locale, 2);
  await cartToLogin(page, locale);
  await page.locator('.shop-login__choice').getByRole('button', { name: shop.login.signIn, exact: true }).click();
  await signInOnLoginPage(page, locale, email, PASSWORD);
  // SPEC 2.4: the sign-in comes back to checkout, with the cart put together before it.
  await page.waitForURL(`**${localized(locale, `${EVENT}/tickets/checkout`)}`);

  // Prefilled from the profile: the account's e-mail (twice) and name; the visitor adds the rest.
  expect(await page.getByLabel(checkout.email.email, { exact: true }).inputValue()).toBe(email);
  expect(await page.getByLabel(checkout.email.confirmEmail).inputValue()).toBe(email);
  await continueButton(page, locale).click();
  await page.locator('input[name="firstName"]').waitFor();
  expect(await page.locator('input[name="firstName"]').inputValue()).toBe('Huda');
  expect(await page.locator('input[name="lastName"]').inputValue()).toBe('Omar');
  await page.locator('input[name="phoneNumber"]').fill('+966 55 765 4321');
  await continueButton(page, locale).click();
  await page.locator('input[name="address1"]').fill('Olaya Street 20');
  await page.locator('input[name="city"]').fill('Riyadh');
  await continueButton(page, locale).click();
  await page.locator('input[name="acceptTerms"]').waitFor();
  await finalizeToPayment(page);
  await payByCard(page, CARDS.success);
  await waitForHeading(page, checkout.confirmation.paidHeading);
  const orderId = await orderIdOnPage(page);
  expect(orderId).toMatch(/^NBD-/);

  // SPEC 2.4: the order is the account's: listed in /account/tickets with both tickets to download.
  await page.goto(localized(locale, '/account/tickets'));
  const order = page.locator('.account-order', { hasText: orderId! });
  await order.waitFor();
  expect(await order.locator('.ticket-downloads__link').count()).toBe(2);
  expect(await order.locator('.account-order__assignment').textContent()).toContain(
    checkout.accountTickets.assigned.replace('{{count}}', '0').replace('{{total}}', '2'),
  );
  await checkPage(page, `orders-account-tickets-${locale}-${device(options)}`, options.javaScriptEnabled);
  await expectPdf(context, await order.locator('.ticket-downloads__link').first().getAttribute('href'));
  await context.close();
}

async function declinedThenPaid(locale: Locale, options: Run) {
  const checkout = texts(locale, 'checkout');
  const context = await site.context(options);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();

  await addGeneralAdmission(page, locale, 1);
  await cartToLogin(page, locale);
  await page.getByRole('button', { name: texts(locale, 'shop').login.guest }).click();
  await page.waitForURL(`**${EVENT}/tickets/checkout`);
  await answerGuestSteps(page, locale, `declined-${locale}-${Date.now()}@example.com`);
  await finalizeToPayment(page);
  // The gateway's hosted page, in the order's language (the sandbox stands in for the real one).
  expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
  if (options.javaScriptEnabled) {
    // Its own style sheet applies: the site's policy, which allows no inline style, does not reach it.
    expect(await page.locator('main').evaluate((main) => getComputedStyle(main).maxWidth)).toBe('420px');
  }
  await checkPage(page, `orders-sandbox-card-${locale}-${device(options)}`, options.javaScriptEnabled);
  await payByCard(page, CARDS.declined);

  // SPEC 8, decision 0048: the decline is said in the visitor's language with the provider's
  // reason, nothing was charged, the cart waits; the buyer is still at checkout, step 3, and is
  // told that trying again is a new order.
  await waitForHeading(page, checkout.confirmation.declinedHeading);
  expect(await page.getByRole('alert').textContent()).toBe(checkout.confirmation.paymentFailure.DECLINED);
  await page.getByText(checkout.confirmation.PAYMENT_FAILED).waitFor();
  await page.getByText(checkout.confirmation.retryNewOrder).waitFor();
  const currentStep = page.locator('.shop-steps__step[data-state="current"]');
  expect(await currentStep.locator('.shop-steps__number').textContent()).toBe('3');
  expect(await currentStep.locator('.shop-steps__label').textContent()).toBe(texts(locale, 'shop').frame.steps.checkout);
  const declinedOrder = await orderIdOnPage(page);
  await checkPage(page, `orders-declined-${locale}-${device(options)}`, options.javaScriptEnabled);

  // "Try again": the answers are kept, so checkout opens on its last step, and the good card pays.
  await page.getByRole('link', { name: checkout.confirmation.tryAgain }).click();
  await page.locator('input[name="acceptTerms"]').waitFor();
  await finalizeToPayment(page);
  await payByCard(page, CARDS.success);
  await waitForHeading(page, checkout.confirmation.paidHeading);
  const paidOrder = await orderIdOnPage(page);
  expect(paidOrder).not.toBe(declinedOrder);
  await expectPdf(context, await page.locator('.ticket-downloads__link').first().getAttribute('href'));
  await context.close();
}

async function assignHolders(locale: Locale, options: Run) {
  const checkout = texts(locale, 'checkout');
  const { email, userId } = await newAccount('Samir', 'Khalil');
  const orderId = await paidOrderFor(userId);
  const context = await site.context(options);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();

  await page.goto(localized(locale, '/account/tickets'));
  await signInOnLoginPage(page, locale, email, PASSWORD);
  await page.waitForURL(`**${localized(locale, '/account/tickets')}`);
  const order = page.locator('.account-order', { hasText: orderId });
  await order.getByRole('link', { name: checkout.accountTickets.assign }).click();
  await page.waitForURL(`**${EVENT}/tickets/assign?order=${orderId}`);

  // Every row is checked on the server: a bad e-mail in the second row is named there and nothing is saved.
  const field = (row: number, name: string) => page.locator(`input[name="ticket.${row}.${name}"]`);
  await field(0, 'firstName').fill('Samir');
  await field(0, 'lastName').fill('Khalil');
  await field(0, 'email').fill('samir@example.com');
  await field(1, 'firstName').fill('Rana');
  await field(1, 'lastName').fill('Khalil');
  await field(1, 'email').fill('rana-at-example');
  await page.getByRole('button', { name: checkout.assign.submit }).click();
  await page.locator('.field__error').first().waitFor();
  expect(await field(1, 'email').getAttribute('aria-invalid')).toBe('true');
  expect(await field(0, 'email').getAttribute('aria-invalid')).not.toBe('true');
  expect(await field(1, 'firstName').inputValue()).toBe('Rana');
  await checkPage(page, `orders-assign-invalid-${locale}-${device(options)}`, options.javaScriptEnabled);

  await field(1, 'email').fill('rana@example.com');
  await page.getByRole('button', { name: checkout.assign.submit }).click();
  await page.getByText(checkout.assign.saved).waitFor();
  // Saved: the form shows the holders it now has.
  expect(await field(0, 'email').inputValue()).toBe('samir@example.com');
  expect(await field(1, 'firstName').inputValue()).toBe('Rana');
  await checkPage(page, `orders-assign-saved-${locale}-${device(options)}`, options.javaScriptEnabled);

  await page.goto(localized(locale, '/account/tickets'));
  const assigned = page.locator('.account-order', { hasText: orderId });
  expect(await assigned.locator('.account-order__assignment').textContent()).toContain(
    checkout.accountTickets.assigned.replace('{{count}}', '2').replace('{{total}}', '2'),
  );
  expect(await assigned.locator('.ticket-downloads__holder').allTextContents()).toEqual([' · Samir Khalil', ' · Rana Khalil']);
  await context.close();
}

describe('a signed-in visitor buys tickets, prefilled from the profile, and finds them in the account', () => {
  test('with JavaScript, in English, on a desktop', () => signedInPurchase('en', RUNS.jsDesktop), 120_000);
  test('without JavaScript, in Arabic, on a phone', () => signedInPurchase('ar', RUNS.plainPhone), 120_000);
});

describe('a declined card is said so, and a retry with a good card pays', () => {
  test('with JavaScript, in Arabic, on a phone', () => declinedThenPaid('ar', RUNS.jsPhone), 120_000);
  test('without JavaScript, in English, on a desktop', () => declinedThenPaid('en', RUNS.plainDesktop), 120_000);
});

describe("a paid order's tickets are assigned to their holders", () => {
  test('with JavaScript, in Arabic, on a desktop', () => assignHolders('ar', RUNS.jsDesktop), 120_000);
  test('without JavaScript, in English, on a phone', () => assignHolders('en', RUNS.plainPhone), 120_000);
});

test.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)(
  'the account tickets, the assignment and a declined order fit a %s in both languages, axe-clean',
  async (name, options) => {
    const { email, userId } = await newAccount('Mona', 'Saad');
    const paid = await paidOrderFor(userId);
    const { orderId: declined } = await insertOrder(site.site.database.db, { customerId: userId, lines: [GA], state: 'PENDING_PAYMENT' });
    await site.site.database.db.execute(
      sql`update commerce.orders set state = 'PAYMENT_FAILED', hold_expires_at = null where id = ${declined}`,
    );
    const context = await site.context({ ...options, javaScriptEnabled: true });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto('/account/tickets');
    await signInOnLoginPage(page, 'en', email, PASSWORD);
    await page.waitForURL('**/account/tickets');
    for (const locale of ['en', 'ar'] as const) {
      for (const [screen, path] of [
        ['account-tickets', '/account/tickets'],
        ['assign', `${EVENT}/tickets/assign?order=${paid}`],
        ['declined', `${EVENT}/tickets/confirmation?order=${declined}`],
      ] as const) {
        const response = await page.goto(localized(locale, path));
        expect({ path, status: response!.status() }).toEqual({ path, status: 200 });
        await checkPage(page, `orders-${screen}-${locale}-${name}`, true);
      }
    }
    await context.close();
  },
  120_000,
);
