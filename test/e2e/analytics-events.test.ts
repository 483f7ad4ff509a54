import { sql } from 'drizzle-orm';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createAccount } from '#test/support/accounts.ts';
import { SPEC_ANALYTICS_EVENTS } from '#test/support/spec-analytics-events.ts';
import { DESKTOP, PHONE, startBrowserSite, type BrowserSite } from './support/browser-site.ts';
import {
  addGeneralAdmission,
  CARDS,
  cartToLogin,
  continueButton,
  EVENT,
  finalizeToPayment,
  GENERAL_ADMISSION,
  payByCard,
  texts,
  waitForHeading,
} from './support/checkout-steps.ts';

/**
 * SPEC 9.4: every one of its 45 events is recorded through the real path, not only marked in a
 * page. Server-side events come from real requests of a browser (forms without JavaScript where
 * that is the simplest way to cause them), browser events from the pages' own script posting to
 * `/api/analytics`; what counts is what the site's analytics sink received. With the privacy
 * banner refused (decision 0051) neither a page view nor a browser event is recorded.
 */

const PASSWORD = 'Analytics-walk-2026!';
/** A ticket that ships, so that the checkout has its shipping step (SPEC 9.4 add_shipping_info). */
const SHIPPED_TICKET = 'tkt_nabd_ga';

let site: BrowserSite;
beforeAll(async () => {
  site = await startBrowserSite();
});
afterAll(() => site.close());

/** The distinct event names the sink has received. */
async function recordedNames(): Promise<string[]> {
  const events = await site.site.analytics!.received();
  return [...new Set(events.map((event) => event.name))].sort();
}

/** The SPEC's events the sink has not received, once events still travelling (sent in batches) have had time to arrive. */
async function missingEvents(): Promise<string[]> {
  let missing: string[] = [];
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const recorded = new Set(await recordedNames());
    missing = SPEC_ANALYTICS_EVENTS.filter((name) => !recorded.has(name));
    if (missing.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return missing;
}

/**
 * Clicks a tracked link where it is: the page's script sends the event as for any click, and the
 * link is then not followed, so one page load serves many links (external ones open nothing).
 */
async function clickInPlace(link: Locator): Promise<void> {
  await link.evaluate((element) => element.addEventListener('click', (event) => event.preventDefault(), { once: true }));
  await link.click();
}

const firstVisible = (page: Page, selector: string) => page.locator(`${selector}:visible`).first();

/** Submits a plain form (no JavaScript) and waits for the page it leads to. */
async function submit(page: Page, button: Locator): Promise<void> {
  await Promise.all([page.waitForEvent('load'), button.click()]);
}

/** The home page and the site's chrome: sections, the carousel, posts, social accounts, navigation, newsletter, language. */
async function walkHomePage(page: Page) {
  await page.goto('/');
  const carousel = page.locator('[data-carousel-arrows]');
  await carousel.scrollIntoViewIfNeeded();
  await page.locator('[data-carousel-arrow="next"]').click();
  await clickInPlace(firstVisible(page, 'a[data-track="social_media_post_clicked"]'));
  await clickInPlace(firstVisible(page, 'a[data-track="social_media_account_clicked"]'));
  await clickInPlace(firstVisible(page, 'a[data-track="navigation_item_clicked"]'));
  await page.locator('#newsletter-email').fill(`analytics-${Date.now()}@nabd.example`);
  await page.locator('#newsletter button[type="submit"]').click();
  await page.getByText(texts('en', 'common').newsletter.subscribed).waitFor();
  await clickInPlace(firstVisible(page, 'a[data-track="language_switched"]'));
}

/** Reading on: the FAQ, the line-up, an article's share and "more" links, the feed's next page, a playlist, a plain link. */
async function walkContentPages(page: Page) {
  await page.goto('/about/faq');
  const question = page.locator('.faq__item').first();
  await question.locator('summary').click();
  await clickInPlace(firstVisible(page, 'a[data-track="faq_link_clicked"]'));

  await page.goto(`${EVENT}/lineup`);
  await clickInPlace(firstVisible(page, '[data-track-links="catch_artist_clicked"] a[href]'));

  await page.goto('/xp-feed/news/nabd-festival-2026-tickets-guide');
  await clickInPlace(firstVisible(page, 'a[data-track="social_shared"]'));
  await clickInPlace(firstVisible(page, 'a[data-track="more_in_category_clicked"]'));

  await page.goto('/xp-feed');
  await clickInPlace(firstVisible(page, 'a[data-track="pagination_clicked"]'));

  await page.goto('/records/playlists');
  await clickInPlace(firstVisible(page, 'a[data-track="playlist_click"]'));

  await page.goto('/contact');
  await clickInPlace(firstVisible(page, 'a[data-track="link_clicked"]'));
}

/** The phone menu, opened and closed with Escape. */
async function closePhoneMenu(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const button = page.getByRole('button', { name: 'Menu' });
  await button.click();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelector('.site-nav__button')?.getAttribute('aria-expanded') === 'false');
  await page.close();
}

/** Registration without JavaScript: step 1 done, then a password the rules refuse. */
async function startRegistration(page: Page) {
  await page.goto('/account/register');
  await page.locator('input[name="firstName"]').fill('Reem');
  await page.locator('input[name="lastName"]').fill('Nasser');
  await page.locator('main input[name="email"]').fill(`register-${Date.now()}@nabd.example`);
  await page.locator('input[name="terms"]').check();
  await submit(page, page.locator('form:has(input[value="register-details"]) button[type="submit"]'));
  await page.locator('input[name="password"]').fill('short');
  await page.locator('input[name="confirmPassword"]').fill('short');
  await submit(page, page.locator('button[value="register-password"]'));
  await page.locator('input[name="password"][aria-invalid="true"]').waitFor();
}

/** "Forgot your password" without JavaScript, for an existing account. */
async function forgetPassword(page: Page, email: string) {
  await page.goto('/account/forgot-password');
  await page.locator('main input[name="email"]').fill(email);
  await submit(page, page.locator('form:has(input[value="forgot-password"]) button[type="submit"]'));
}

/** Sign-in on the hosted login page: a wrong password first, then the right one; then the account's changes. */
async function walkAccount(page: Page, email: string) {
  await page.goto('/account/details');
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(`${PASSWORD}-wrong`);
  await submit(page, page.getByRole('button', { name: 'Sign in', exact: true }));
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${site.origin}/account/details`);

  await page.locator('input[name="firstName"]').fill('Hadeel');
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Your details have been saved.').waitFor();

  await page.goto('/account/addresses');
  const add = page.locator('#address-add');
  await add.locator('input[name="address1"]').fill('Tahlia Street 12');
  await add.locator('input[name="city"]').fill('Riyadh');
  await add.getByRole('button', { name: 'Add address' }).click();
  await page.getByText('The address has been added.').waitFor();
  await page.locator('.address-card').first().getByRole('link', { name: /^Edit/ }).click();
  await page.locator('#address-edit input[name="address1"]').fill('Tahlia Street 14');
  await page.locator('#address-edit').getByRole('button', { name: 'Save address' }).click();
  await page.getByText('The address has been saved.').waitFor();
  await page
    .locator('.address-card')
    .first()
    .getByRole('link', { name: /^Delete/ })
    .click();
  await page.getByRole('button', { name: 'Delete address' }).click();
  await page.getByText('The address has been deleted.').waitFor();

  // The data file is a download: the browser's own request, with its session.
  expect((await page.request.get('/account/manage/data.json')).status()).toBe(200);
}

/** The shop and a guest's purchase of a shipped ticket, with a refused and an accepted coupon and a removed line. */
async function walkShop(page: Page) {
  const shop = texts('en', 'shop');
  await page.goto(`${EVENT}/tickets`);
  // Seen: the promoted category and its first ticket; its add button is the promotion's selection.
  await page.locator('[data-track-view="product_view"]').first().scrollIntoViewIfNeeded();
  await addGeneralAdmission(page, 'en', 2);
  await page.locator('#coupon-code').fill('NOT-A-COUPON');
  await page.getByRole('button', { name: shop.cart.applyCoupon }).click();
  await page.getByText(shop.errors.couponNotFound).waitFor();
  await page.locator('#coupon-code').fill('welcome10');
  await page.getByRole('button', { name: shop.cart.applyCoupon }).click();
  await page.getByText(shop.cart.couponApplied).waitFor();
  await page.getByRole('button', { name: `One less ${GENERAL_ADMISSION.en}` }).click();
  await page.waitForFunction(() => document.querySelector('.stepper__value')?.textContent === '1');

  await cartToLogin(page, 'en');
  await page.getByRole('button', { name: shop.login.guest }).click();
  await page.waitForURL(`**${EVENT}/tickets/checkout`);
  // A first answer the step refuses, then the guest's answers.
  const email = texts('en', 'checkout').email;
  await page.getByLabel(email.email, { exact: true }).fill('guest@example.com');
  await page.getByLabel(email.confirmEmail).fill('someone-else@example.com');
  await continueButton(page, 'en').click();
  await page.getByText(texts('en', 'validation').mustMatch).waitFor();
  await page.getByLabel(email.confirmEmail).fill('guest@example.com');
  await continueButton(page, 'en').click();
  await answerGuestStepsWithShipping(page);
  await finalizeToPayment(page);
  await payByCard(page, CARDS.success);
  await waitForHeading(page, texts('en', 'checkout').confirmation.paidHeading);
}

/** The guest's answers after the e-mail step: details, billing, and shipping to the billing address. */
async function answerGuestStepsWithShipping(page: Page) {
  const next = () => continueButton(page, 'en').click();
  await page.locator('input[name="firstName"]').fill('Lina');
  await page.locator('input[name="lastName"]').fill('Haddad');
  await page.locator('input[name="phoneNumber"]').fill('+966 50 123 4567');
  await next();
  await page.locator('input[name="address1"]').fill('King Fahd Road 1');
  await page.locator('input[name="city"]').fill('Riyadh');
  await next();
  await page.locator('input[name="sameAsBilling"]').check();
  await next();
  await page.locator('input[name="acceptTerms"]').waitFor();
}

test('every event of SPEC 9.4 is recorded through the real path', async () => {
  await site.site.database.db.execute(sql`update commerce.tickets set is_shipping_required = true where id = ${SHIPPED_TICKET}`);
  const email = `analytics-${Date.now()}@nabd.example`;
  await createAccount(site.site.database.db, { email, password: PASSWORD, givenName: 'Huda', familyName: 'Omar' });
  const browsing = await site.context(DESKTOP);
  const phone = await site.context(PHONE);
  const forms = await site.context({ ...DESKTOP, javaScriptEnabled: false });
  for (const context of [browsing, phone, forms]) context.setDefaultTimeout(15_000);
  try {
    const page = await browsing.newPage();
    await walkHomePage(page);
    await walkContentPages(page);
    await closePhoneMenu(phone);
    const plain = await forms.newPage();
    await startRegistration(plain);
    await forgetPassword(plain, email);
    // A guest's purchase first: signed in, the shop would skip its sign-in step.
    await walkShop(page);
    await walkAccount(page, email);
  } finally {
    await Promise.all([browsing.close(), phone.close(), forms.close()]);
    await site.site.database.db.execute(sql`update commerce.tickets set is_shipping_required = false where id = ${SHIPPED_TICKET}`);
  }
  expect({ missing: await missingEvents() }).toEqual({ missing: [] });
  expect(await recordedNames()).toEqual([...SPEC_ANALYTICS_EVENTS].sort());
}, 240_000);

test('with the privacy banner refused, neither a page view nor a browser event is recorded', async () => {
  const FAQ = `${EVENT}/getting-there`;
  const refused = await site.context({ ...DESKTOP, privacy: 'refused' });
  const page = await refused.newPage();
  await page.goto(FAQ);
  await page.locator('.faq__item').first().locator('summary').click();
  // A script that ignored the answer would still be turned away by the endpoint itself.
  const status = await page.evaluate(async () => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="analytics-page"]')!;
    const response = await fetch('/api/analytics', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'faq_accordion_opened',
        properties: { faq_category: 'General', faq_item_title: 'Sent regardless' },
        page: JSON.parse(meta.content),
        pageName: location.pathname,
        language: 'en',
      }),
    });
    return response.status;
  });
  expect(status).toBe(204);
  await refused.close();

  // The same visit with consent, opening another question: events reach the sink in the order they
  // were sent, so once this one has arrived, anything the refused visit let through would have too.
  const accepted = await site.context(DESKTOP);
  const control = await accepted.newPage();
  await control.goto(FAQ);
  const question = control.locator('.faq__item').nth(1).locator('summary');
  const title = (await question.textContent())!;
  await question.click();
  await site.received('faq_accordion_opened', (properties) => properties.faq_item_title === title);
  await accepted.close();
  const recorded = (await site.site.analytics!.received()).filter((event) => event.properties.page_name === FAQ);
  expect(recorded.filter((event) => event.name === 'page_viewed')).toHaveLength(1);
  expect(recorded.filter((event) => event.name === 'faq_accordion_opened').map((event) => event.properties.faq_item_title)).toEqual([
    title,
  ]);
});
