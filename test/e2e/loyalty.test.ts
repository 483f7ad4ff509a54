import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { insertOrder } from '#graphql/commerce/test-support/paid-orders.ts';
import { createAccount } from '#test/support/accounts.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { PHONE, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import {
  addGeneralAdmission,
  answerGuestSteps,
  CARDS,
  checkPage,
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
 * Loyalty points in a real browser (SPEC 2.4, 4.3, 9.2; decision 0039): link a points account,
 * claim the points of two past orders, spend 150 points on a purchase that ends in a PDF ticket,
 * and unlink, once with JavaScript (English, desktop) and once without (Arabic, phone). Then every
 * loyalty screen at 360 px and 1366 px in both languages, checked by axe and for sideways
 * scrolling, with screenshots in test-results/screenshots.
 */

const PASSWORD = 'Browser-loyalty-2026!';
/** The brief's desktop: the common laptop width. */
const WIDE = { viewport: { width: 1366, height: 900 } } as const;
const GA_ORDER = { ticketId: 'tkt_nabd_ga', quantity: 1, price: 59_500 };
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
const device = (options: Run) => (options.isMobile ? 'phone' : 'desktop');
const loyalty = (locale: Locale) => texts(locale, 'loyalty');

/**
 * The page as a visitor lands on it, for its screenshot: from the top, nothing focused (a form
 * just sent by htmx, or an anchor followed, leaves the page scrolled with the sticky header midway).
 */
async function atRest(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
}

let accounts = 0;
/** A confirmed account of the test's own, signed in through the identity provider, starting at `path`. */
async function signedIn(context: BrowserContext, locale: Locale, path: string): Promise<{ page: Page; email: string; userId: string }> {
  accounts += 1;
  const email = `browser-loyalty-${accounts}-${Date.now()}@nabd.example`;
  const user = await createAccount(site.site.database.db, { email, password: PASSWORD, givenName: 'Reem', familyName: 'Saleh' });
  const page = await context.newPage();
  await page.goto(localized(locale, path));
  await signInOnLoginPage(page, locale, email, PASSWORD);
  await page.waitForURL(`**${localized(locale, path)}`);
  return { page, email, userId: user.id };
}

async function linkMember(page: Page, locale: Locale, memberId: string, pin: string) {
  await page.goto(localized(locale, '/account/loyalty'));
  await page.locator('input[name="memberId"]').fill(memberId);
  await page.locator('input[name="memberPin"]').fill(pin);
  await page.getByRole('button', { name: loyalty(locale).account.link, exact: true }).click();
  await page.getByRole('status').getByText(loyalty(locale).account.linked).waitFor();
}

async function unlink(page: Page, locale: Locale) {
  await page.goto(localized(locale, '/account/loyalty'));
  await page.getByRole('link', { name: loyalty(locale).account.unlinkStart }).click();
  await page.getByRole('heading', { name: loyalty(locale).account.unlinkConfirmTitle }).waitFor();
}

async function loyaltyJourney(locale: Locale, options: Run, member: readonly [string, string]) {
  const words = loyalty(locale);
  const checkout = texts(locale, 'checkout');
  const name = `${locale}-${device(options)}`;
  const shot = async (step: string, page: Page) => {
    await atRest(page, options.javaScriptEnabled);
    await checkPage(page, `loyalty-${step}-${name}`, options.javaScriptEnabled);
  };
  const context = await site.context(options);
  context.setDefaultTimeout(15_000);
  const { page, email, userId } = await signedIn(context, locale, '/account/loyalty');

  // Link: a wrong PIN first (SPEC 8), then the right one.
  await shot('link', page);
  await page.locator('input[name="memberId"]').fill(member[0]);
  await page.locator('input[name="memberPin"]').fill('0000');
  await page.getByRole('button', { name: words.account.link, exact: true }).click();
  await page.getByText(words.errors.pinIncorrect).first().waitFor();
  await page.locator('input[name="memberPin"]').fill(member[1]);
  await page.getByRole('button', { name: words.account.link, exact: true }).click();
  await page.getByRole('status').getByText(words.account.linked).waitFor();
  await page.getByText(words.account.membershipACTIVE).waitFor();
  await shot('linked', page);

  // Claim two past orders bought with the account's e-mail.
  const orders = [
    (await insertOrder(site.site.database.db, { customerId: userId, email, lines: [GA_ORDER] })).orderId,
    (await insertOrder(site.site.database.db, { customerId: userId, email, lines: [GA_ORDER] })).orderId,
  ];
  await page.goto(localized(locale, '/loyalty/redeem'));
  for (const orderId of orders) await page.locator(`input[name="order-${orderId}"]`).check();
  await shot('redeem', page);
  await page.getByRole('button', { name: words.redeem.claimSelected, exact: true }).click();
  await page.getByRole('status').getByText(words.redeem.claimed).waitFor();
  for (const orderId of orders) {
    await page.locator('.redeem-order', { hasText: orderId }).getByText(words.redeem.stateCLAIMED).waitFor();
  }
  await shot('claimed', page);

  // Spend 150 points on a general admission ticket, with the PIN.
  await addGeneralAdmission(page, locale, 1);
  await page.locator('#cart-points-points').fill('150');
  await page.locator('#cart-points-pin').fill(member[1]);
  await page.getByRole('button', { name: words.cart.apply, exact: true }).click();
  await page.locator('[data-total="points"]').waitFor();
  await page.getByText(words.cart.applied).waitFor();
  await shot('cart', page);
  await page
    .locator('a, button', { hasText: texts(locale, 'shop').cart.checkout })
    .last()
    .click();
  await page.waitForURL(`**${localized(locale, `${EVENT}/tickets/checkout`)}`);
  await answerGuestSteps(page, locale, email);
  await page.getByText(words.checkout.pointsLine.replace('{{points}}', '150')).waitFor();
  await shot('checkout', page);
  await finalizeToPayment(page);
  await payByCard(page, CARDS.success);
  await waitForHeading(page, checkout.confirmation.paidHeading);
  await page.locator('.confirmation__points').waitFor();
  expect(await page.locator('.confirmation__points').textContent()).toContain(words.confirmation.spent.split('{{points}}')[0].trim());
  await shot('confirmation', page);
  await expectPdf(context, await page.locator('.ticket-downloads__link').first().getAttribute('href'));

  // Unlink, after confirming (SPEC 4.3).
  await unlink(page, locale);
  await shot('unlink', page);
  await page.getByRole('button', { name: words.account.unlinkConfirm }).click();
  await page.getByRole('status').getByText(words.account.unlinked).waitFor();
  await page.locator('input[name="memberId"]').waitFor();
  await context.close();
}

describe('a member links, claims, spends and unlinks in the browser', () => {
  test('with JavaScript, in English, at 1366 px', async () => {
    await loyaltyJourney('en', { ...WIDE, javaScriptEnabled: true }, ['9000000001', '1234']);
  }, 180_000);

  test('without JavaScript, in Arabic, on a phone', async () => {
    await loyaltyJourney('ar', { ...PHONE, javaScriptEnabled: false }, ['9000000005', '5555']);
  }, 180_000);
});

describe('every loyalty screen at 360 px and 1366 px, in both languages', () => {
  const widths = [
    ['360', PHONE],
    ['1366', WIDE],
  ] as const;

  test.each((['en', 'ar'] as const).flatMap((locale) => widths.map(([width, viewport]) => [locale, width, viewport] as const)))(
    '%s at %s px',
    async (locale, width, viewport) => {
      const member = locale === 'en' ? (['9000000006', '6666'] as const) : (['9000000007', '7777'] as const);
      const shot = async (name: string, page: Page) => {
        await atRest(page, true);
        await checkPage(page, `loyalty-layout-${name}-${locale}-${width}`, true);
      };
      const anonymous = await site.context({ ...viewport, javaScriptEnabled: true });
      const open = await anonymous.newPage();
      const response = await open.goto(localized(locale, '/loyalty/redeem'));
      expect(response!.status()).toBe(200);
      await shot('redeem-signed-out', open);
      await anonymous.close();

      const context = await site.context({ ...viewport, javaScriptEnabled: true });
      context.setDefaultTimeout(15_000);
      const { page, email, userId } = await signedIn(context, locale, '/account/loyalty');
      await shot('account-unlinked', page);
      await page.goto(localized(locale, '/loyalty/redeem'));
      await shot('redeem-not-linked', page);
      await linkMember(page, locale, member[0], member[1]);
      await shot('account-linked', page);
      await page.goto(localized(locale, '/account'));
      await shot('overview', page);
      await insertOrder(site.site.database.db, { customerId: userId, email, lines: [GA_ORDER] });
      await insertOrder(site.site.database.db, {
        customerId: userId,
        email,
        lines: [{ ...GA_ORDER, ticketId: 'tkt_forum_2027_ga' }],
        eventId: 'evt_forum_2027',
      });
      await page.goto(localized(locale, '/loyalty/redeem'));
      await shot('redeem', page);
      await addGeneralAdmission(page, locale, 1);
      await shot('cart-points', page);
      await unlink(page, locale);
      await shot('account-unlink', page);
      await page.getByRole('button', { name: loyalty(locale).account.unlinkConfirm }).click();
      await page.getByRole('status').getByText(loyalty(locale).account.unlinked).waitFor();
      await context.close();
    },
    120_000,
  );
});
