import { readFileSync } from 'node:fs';
import { expect } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { fromRoot } from '#platform/paths.ts';
import { screenshot } from './browser-site.ts';
import { axeViolations, horizontalOverflow, localized } from './page-checks.ts';

/** Steps of a purchase in a real browser that more than one browser test takes. */

export type Locale = 'en' | 'ar';

export const EVENT = '/events/nabd-festival-2026';

export const GENERAL_ADMISSION = { en: 'General admission – 3 days', ar: 'دخول عام – 3 أيام' } as const;

/** The sandbox card gateway's test cards (graphql/commerce/payments/sandbox.ts), typed as a visitor would. */
export const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

/** A namespace of the site's texts, so the tests read what the visitor reads. */
export const texts = (locale: Locale, namespace: string) =>
  JSON.parse(readFileSync(fromRoot('locales', locale, `${namespace}.json`), 'utf8'));

/**
 * Checks a page for sideways scrolling and by axe, then keeps its screenshot. The checks run
 * scripts in the page: a browser without JavaScript only takes the screenshot.
 */
export async function checkPage(page: Page, name: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return screenshot(page, name, { javaScriptEnabled });
  expect({ name, overflows: (await horizontalOverflow(page)) > 0 }).toEqual({ name, overflows: false });
  expect({ name, violations: await axeViolations(page) }).toEqual({ name, violations: [] });
  await screenshot(page, name, { javaScriptEnabled });
}

/** Puts `quantity` general admission tickets in the cart through the tickets page's form and opens the cart. */
export async function addGeneralAdmission(page: Page, locale: Locale, quantity: number) {
  await page.goto(localized(locale, `${EVENT}/tickets`));
  const card = page.locator('.ticket-card', { has: page.getByRole('heading', { name: GENERAL_ADMISSION[locale], exact: true }) });
  await card.locator('input[name="quantity"]').fill(String(quantity));
  await card.locator('button[type="submit"]').first().click();
  await page.waitForURL(`**${EVENT}/tickets/cart`);
}

/** From the cart to the step before checkout: "sign in or continue as a guest". */
export async function cartToLogin(page: Page, locale: Locale) {
  await page
    .locator('a, button', { hasText: texts(locale, 'shop').cart.checkout })
    .last()
    .click();
  await page.waitForURL(`**${EVENT}/tickets/login`);
}

export const continueButton = (page: Page, locale: Locale) => page.getByRole('button', { name: texts(locale, 'checkout').continue });

/** The last checkout step: accept the terms and go to the card gateway's page. */
export async function finalizeToPayment(page: Page) {
  await page.locator('input[name="acceptTerms"]').check();
  await page.locator('form button[type="submit"]').last().click();
  await page.waitForURL('**/sandbox/payments/**');
}

/** Pays on the sandbox's hosted card page and comes back to the site's confirmation. */
export async function payByCard(page: Page, card: string) {
  await page.locator('input[name="cardNumber"]').fill(card);
  await page.locator('input[name="expiry"]').fill('12/29');
  await page.locator('input[name="cvc"]').fill('123');
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL(`**${EVENT}/tickets/confirmation?**`);
}

/** The confirmation once the payment's callback has come (the page refreshes itself meanwhile, without JavaScript too). */
export async function waitForHeading(page: Page, heading: string) {
  await page.getByRole('heading', { name: heading }).waitFor({ timeout: 20_000 });
}

/** The link is a working ticket download: a PDF, fetched with the browser's own cookies. */
export async function expectPdf(context: BrowserContext, href: string | null) {
  expect(href).toBeTruthy();
  const pdf = await context.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');
}

/** Signs in on the identity provider's login page, where the site has just sent the browser. */
export async function signInOnLoginPage(page: Page, locale: Locale, email: string, password: string) {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: texts(locale, 'identity').login.submit, exact: true }).click();
}

/** A guest's answers to the checkout steps of a digital ticket (e-mail, details, billing), up to the last step. */
export async function answerGuestSteps(page: Page, locale: Locale, email: string) {
  const checkout = texts(locale, 'checkout');
  await page.getByLabel(checkout.email.email, { exact: true }).fill(email);
  await page.getByLabel(checkout.email.confirmEmail).fill(email);
  await continueButton(page, locale).click();
  await page.locator('input[name="firstName"]').fill('Lina');
  await page.locator('input[name="lastName"]').fill('Haddad');
  await page.locator('input[name="phoneNumber"]').fill('+966 50 123 4567');
  await continueButton(page, locale).click();
  await page.locator('input[name="address1"]').fill('King Fahd Road 1');
  await page.locator('input[name="city"]').fill('Riyadh');
  await continueButton(page, locale).click();
  await page.locator('input[name="acceptTerms"]').waitFor();
}
