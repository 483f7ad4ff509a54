import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { fromRoot } from '#platform/paths.ts';
import { TabbyInstalments } from '#graphql/commerce/payments/tabby.ts';
import { MOYASAR_TEST_CARDS, MoyasarEmulator } from '#graphql/commerce/test-support/moyasar-emulator.ts';
import { TABBY_TEST_OTP, TabbyEmulator } from '#graphql/commerce/test-support/tabby-emulator.ts';
import { createLogger } from '#platform/logger.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startTestSite } from '#test/support/test-site.ts';
import { PHONE, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import {
  addGeneralAdmission,
  answerGuestSteps,
  cartToLogin,
  EVENT,
  expectPdf,
  texts,
  waitForHeading,
  type Locale,
} from './support/checkout-steps.ts';
import { localized } from './support/page-checks.ts';

/**
 * A shop that can open for real (decisions 0036, 0042): the built site in production mode with proper
 * secrets sells a ticket through Moyasar, and one in four instalments through Tabby (both APIs
 * emulated on this machine), without JavaScript, in English and Arabic on a phone; the payment
 * sandbox is nowhere to be found; and a staging site that runs the sandbox says TEST MODE on every page.
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-session-secret-for-the-browser-test',
  CONTENT_API_TOKEN: 'a-production-content-token-for-the-browser-test',
  CONTENT_PREVIEW_TOKEN: 'a-production-content-preview-token-for-the-browser-test',
  OIDC_CLIENT_SECRET: 'a-production-oidc-client-secret-for-the-browser-test',
  IDENTITY_SECRET: 'a-production-identity-secret-for-the-browser-test',
  PREVIEW_SECRET: 'a-production-preview-secret-for-the-browser-test',
  COMMERCE_SECRET: 'a-production-commerce-secret-for-the-browser-test',
  // The order e-mails are not what this test reads: kept in the site's outbox.
  MAIL_OUTBOX_IN_PRODUCTION: 'true',
};
const SECRET_KEY = 'sk_live_emulatedMerchantKey';
const WEBHOOK_SECRET = 'the-webhook-secret-token-of-the-dashboard';
/** Tabby's live keys look like this (`sk_…`, `pk_…`): no TEST MODE. */
const TABBY = {
  INSTALMENT_PROVIDER: 'tabby',
  TABBY_SECRET_KEY: 'sk_emulatedTabbyMerchantKey',
  TABBY_PUBLIC_KEY: 'pk_emulatedTabbyMerchantKey',
  TABBY_MERCHANT_CODE: 'NABD_KSA',
  TABBY_WEBHOOK_SECRET: 'the-value-of-the-header-tabby-sends',
};
const SCREENSHOTS = fromRoot('test-results', 'screenshots');

const database = databaseBackends.at(-1)!;

/** A production site on a database a development start prepared (production seeds no catalogue). */
async function productionSite(environment: Record<string, string>): Promise<{ site: BrowserSite; drop(): Promise<void> }> {
  const created = await database.create({ startedSite: true });
  const site = await startBrowserSite({ ...PRODUCTION, DATABASE_URL: created.url, ...environment }, { fromSnapshot: true });
  return { site, drop: created.drop };
}

describe('the shop in production with Moyasar and Tabby', () => {
  let moyasar: MoyasarEmulator;
  let tabby: TabbyEmulator;
  let shop: { site: BrowserSite; drop(): Promise<void> };

  beforeAll(async () => {
    moyasar = new MoyasarEmulator({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    const apiUrl = await moyasar.start();
    tabby = new TabbyEmulator({
      secretKey: TABBY.TABBY_SECRET_KEY,
      publicKey: TABBY.TABBY_PUBLIC_KEY,
      merchantCode: TABBY.TABBY_MERCHANT_CODE,
    });
    const tabbyUrl = await tabby.start();
    shop = await productionSite({
      PAYMENT_PROVIDER: 'moyasar',
      MOYASAR_SECRET_KEY: SECRET_KEY,
      MOYASAR_PUBLISHABLE_KEY: 'pk_live_emulatedMerchantKey',
      MOYASAR_WEBHOOK_SECRET: WEBHOOK_SECRET,
      MOYASAR_API_URL: apiUrl,
      ...TABBY,
      TABBY_API_URL: tabbyUrl,
    });
    moyasar.webhookUrl = `${shop.site.origin}/commerce/payments/moyasar/webhook`;
    // The operator's step (npm run tabby:webhook), through the site's own client.
    const tabbySettings = shop.site.site.config.payments.tabby!;
    await new TabbyInstalments({ ...tabbySettings, logger: createLogger({ level: 'silent' }) }).registerWebhook(
      `${shop.site.origin}/commerce/payments/tabby/webhook`,
      { title: tabbySettings.webhookHeader, value: tabbySettings.webhookSecret },
    );
  }, 120_000);
  afterAll(async () => {
    await shop?.site.close();
    await shop?.drop();
    await moyasar?.stop();
    await tabby?.stop();
  });

  async function buyWithoutJavaScript(locale: Locale, card: string, afterCard?: (page: Page) => Promise<void>) {
    const checkout = texts(locale, 'checkout');
    const context: BrowserContext = await shop.site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);

    await addGeneralAdmission(page, locale, 1);
    // A real shop: no TEST MODE banner.
    expect(await page.locator('.test-mode-banner').count()).toBe(0);
    await cartToLogin(page, locale);
    await page.getByRole('button', { name: texts(locale, 'shop').login.guest }).click();
    await page.waitForURL(`**${EVENT}/tickets/checkout`);
    await answerGuestSteps(page, locale, `moyasar-${locale}-${Date.now()}@example.com`);
    expect(
      await page.locator('input[name="paymentMethod"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value)),
    ).toEqual(['CREDIT_CARD', 'INSTALMENTS']);
    await page.locator('input[name="paymentMethod"][value="CREDIT_CARD"]').check();
    await page.locator('input[name="acceptTerms"]').check();
    await page.locator('form button[type="submit"]').last().click();

    // Moyasar's hosted invoice page (emulated): the buyer types a card there, never on our site.
    await page.waitForURL(`${moyasar.origin}/invoices/**`);
    await page.locator('input[name="name"]').fill('Lina Haddad');
    await page.locator('input[name="number"]').fill(card);
    await page.locator('input[name="month"]').fill('12');
    await page.locator('input[name="year"]').fill('2030');
    await page.locator('input[name="cvc"]').fill('123');
    await page.locator('button[type="submit"]').click();
    await afterCard?.(page);

    await page.waitForURL(`**${localized(locale, EVENT)}/tickets/confirmation?**`);
    await waitForHeading(page, checkout.confirmation.paidHeading);
    await page.screenshot({ path: path.join(SCREENSHOTS, `moyasar-confirmation-${locale}-phone.png`), fullPage: true });
    await expectPdf(context, await page.locator('.ticket-downloads__link').first().getAttribute('href'));
    await context.close();
  }

  test('a guest buys a ticket without JavaScript, in English on a phone, and downloads it', async () => {
    await buyWithoutJavaScript('en', MOYASAR_TEST_CARDS.success);
    expect(moyasar.calls.every((call) => call.authorized)).toBe(true);
  }, 120_000);

  test('a guest pays with mada after a 3-D Secure step, in Arabic on a phone, without its webhook', async () => {
    // The redirect alone: the confirmation asks Moyasar.
    moyasar.dropWebhooks(1);
    await buyWithoutJavaScript('ar', MOYASAR_TEST_CARDS.threeDSecure, async (page) => {
      await page.waitForURL(`${moyasar.origin}/3ds/**`);
      await page.getByRole('button', { name: 'Approve' }).click();
    });
  }, 120_000);

  test('a guest pays in four instalments with Tabby without JavaScript, in Arabic on a phone, and downloads the ticket', async () => {
    const locale = 'ar';
    const checkout = texts(locale, 'checkout');
    const context: BrowserContext = await shop.site.context({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);

    await addGeneralAdmission(page, locale, 1);
    await cartToLogin(page, locale);
    await page.getByRole('button', { name: texts(locale, 'shop').login.guest }).click();
    await page.waitForURL(`**${localized(locale, EVENT)}/tickets/checkout`);
    await answerGuestSteps(page, locale, `tabby-${locale}-${Date.now()}@example.com`);
    // Tabby pre-scored the cart: 595.00 SAR is four payments of 148.75.
    const instalments = page.locator('label', { has: page.locator('input[name="paymentMethod"][value="INSTALMENTS"]') });
    expect(await instalments.locator('.checkout-methods__note').textContent()).toContain('148.75');
    await instalments.locator('input').check();
    await page.locator('input[name="acceptTerms"]').check();
    await page.locator('form button[type="submit"]').last().click();

    // Tabby's hosted payment page (emulated), in the buyer's language: the four payments, then the code.
    await page.waitForURL((url) => url.origin === tabby.origin);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('ol li').count()).toBe(4);
    await page.locator('input[name="otp"]').fill(TABBY_TEST_OTP);
    await page.locator('button[value="approve"]').click();

    await page.waitForURL(`**${localized(locale, EVENT)}/tickets/confirmation?**`);
    await waitForHeading(page, checkout.confirmation.paidHeading);
    await page.screenshot({ path: path.join(SCREENSHOTS, `tabby-confirmation-${locale}-phone.png`), fullPage: true });
    await expectPdf(context, await page.locator('.ticket-downloads__link').first().getAttribute('href'));
    await context.close();

    // Approved, then captured in full once the order was paid: Tabby closed it.
    const [payment] = [...tabby.payments.values()].filter((candidate) => candidate.status !== 'CREATED' && candidate.captures.length > 0);
    expect(payment).toMatchObject({ status: 'CLOSED', amount: 595_00, captures: [expect.objectContaining({ amount: 595_00 })] });
    expect(tabby.deliveries.length).toBeGreaterThan(0);
    expect(tabby.deliveries.every((delivery) => delivery.outcome === 200)).toBe(true);
    expect(tabby.calls.every((call) => call.authorized)).toBe(true);
  }, 120_000);

  test('the payment sandbox is not there: /sandbox/... is 404', async () => {
    const context = await shop.site.context();
    for (const pathname of ['/sandbox/payments/pay_anything', '/sandbox/wallet/pay_anything', '/sandbox/instalments/pay_anything']) {
      expect({ pathname, status: (await context.request.get(pathname)).status() }).toEqual({ pathname, status: 404 });
    }
    await context.close();
  });

  test('production refuses to start with the payment sandbox unless it is a staging site', async () => {
    await expect(startTestSite({ ...PRODUCTION, BASE_URL: 'https://nabd.example', PAYMENT_PROVIDER: 'sandbox' })).rejects.toThrow(
      /PAYMENT_PROVIDER: the payment sandbox takes no real money[\s\S]*ALLOW_SANDBOX_PAYMENTS=true/,
    );
    await expect(startTestSite({ ...PRODUCTION, BASE_URL: 'https://nabd.example' })).rejects.toThrow(
      /PAYMENT_PROVIDER: is required in production/,
    );
  });
});

describe('a staging site: production mode with the payment sandbox allowed', () => {
  let staging: { site: BrowserSite; drop(): Promise<void> };
  beforeAll(async () => {
    staging = await productionSite({ PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' });
  }, 120_000);
  afterAll(async () => {
    await staging?.site.close();
    await staging?.drop();
  });

  test.each([
    { locale: 'en' as const, width: 360 },
    { locale: 'en' as const, width: 1366 },
    { locale: 'ar' as const, width: 360 },
    { locale: 'ar' as const, width: 1366 },
  ])('every page says TEST MODE: $locale at $width px', async ({ locale, width }) => {
    const context = await staging.site.context({ viewport: { width, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const common = texts(locale, 'common');
    for (const pathname of ['/', `${EVENT}/tickets`]) {
      await page.goto(localized(locale, pathname));
      const banner = page.locator('.test-mode-banner');
      expect(await banner.isVisible()).toBe(true);
      expect(await banner.textContent()).toContain(common.testMode.label);
      // First thing on the page, whatever the direction.
      expect((await banner.boundingBox())!.y).toBe(0);
    }
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, `test-mode-banner-${locale}-${width}.png`) });
    await context.close();
  });
});
