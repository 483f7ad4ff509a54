import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { issueTickets } from '#graphql/commerce/issued-tickets.ts';
import { insertOrder } from '#graphql/commerce/test-support/paid-orders.ts';
import { queryRows } from '#platform/database.ts';
import { fromRoot } from '#platform/paths.ts';
import { createAccount } from '#test/support/accounts.ts';
import { Browser, fieldValue, formAction, type Page } from './support/browser.ts';
import { databaseBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * Checkout, confirmation, assignment and the account's tickets (SPEC 2.4, 4.3, 5, 8, 9.4) through
 * the real site without JavaScript: content, identity, user and commerce services and the web tier
 * in one process.
 */

const EVENT = '/events/nabd-festival-2026/tickets';
const GA = { ticketId: 'tkt_nabd_ga', quantity: 2, price: 59500 };
const texts = (locale: 'en' | 'ar', namespace: string) =>
  JSON.parse(readFileSync(fromRoot('locales', locale, `${namespace}.json`), 'utf8'));
const prefix = (locale: 'en' | 'ar') => (locale === 'ar' ? '/ar' : '');

const database = databaseBackends.at(-1)!;
let site: TestSite;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await database.create({ startedSite: true });
  drop = created.drop;
  site = await startTestSite({ DATABASE_URL: created.url });
});
afterAll(async () => {
  await site.close();
  await drop();
});

const get = (browser: Browser, path: string) => browser.get(`${TEST_ORIGIN}${path}`);
const post = (browser: Browser, path: string, fields: Record<string, string>) => browser.post(`${TEST_ORIGIN}${path}`, fields);
const text = (page: Page) => decoded(page.html);

/** A guest with two general admission tickets in the cart who chose to continue as a guest. */
async function guestWithCart(locale: 'en' | 'ar' = 'en', browser = new Browser(site.fetch)): Promise<Browser> {
  const added = await post(browser, `${prefix(locale)}${EVENT}`, { intent: 'add', ticketId: GA.ticketId, quantity: '2' });
  expect(added.status).toBe(303);
  const chosen = await post(browser, `${prefix(locale)}${EVENT}/login`, { intent: 'guest' });
  expect(chosen.status).toBe(303);
  return browser;
}

async function purchaseEvents(name: string) {
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the buffered sink sends every second
  return site.analytics!.received(name);
}

describe('who reaches checkout (SPEC 2.4, 4.3, 6)', () => {
  test('a guest who has not chosen guest checkout is sent to the ticket login step first', async () => {
    const page = await get(new Browser(site.fetch), `${EVENT}/checkout`);
    expect(page.status).toBe(303);
    expect(page.location).toBe(`${EVENT}/login`);
  });

  test('a guest without a cart goes back to the cart', async () => {
    const browser = new Browser(site.fetch);
    await post(browser, `${EVENT}/login`, { intent: 'guest' });
    const page = await get(browser, `${EVENT}/checkout`);
    expect(page.status).toBe(303);
    expect(page.location).toBe(`${EVENT}/cart`);
  });

  test('an event whose tickets are not sold here has no checkout', async () => {
    expect((await get(new Browser(site.fetch), '/events/no-such-event/tickets/checkout')).status).toBe(404);
  });
});

describe.each(['en', 'ar'] as const)('checkout steps (%s)', (locale) => {
  const strings = texts(locale, 'checkout');
  const rules = texts(locale, 'validation');
  const path = `${prefix(locale)}${EVENT}/checkout`;

  test('each step checks its fields on the server, keeps them in the session and moves on', async () => {
    const browser = await guestWithCart(locale);
    const first = await get(browser, path);
    expect(first.status).toBe(200);
    expect(first.html).toContain('name="intent" value="checkout-email"');
    expect(first.html).not.toContain('name="firstName"');

    const mismatch = await post(browser, path, { intent: 'checkout-email', email: 'lina@example.com', confirmEmail: 'lena@example.com' });
    expect(mismatch.status).toBe(422);
    expect(text(mismatch)).toContain(rules.mustMatch);
    expect(mismatch.html).toContain('value="lena@example.com"');

    const email = await post(browser, path, { intent: 'checkout-email', email: 'lina@example.com', confirmEmail: 'LINA@example.com' });
    expect(email.status).toBe(303);
    const details = await get(browser, path);
    expect(details.html).toContain('name="intent" value="checkout-details"');
    expect(details.html).toContain('lina@example.com');
    expect(details.html).toContain('?step=email');

    const badPhone = await post(browser, path, {
      intent: 'checkout-details',
      firstName: '',
      lastName: 'Haddad',
      phoneNumber: '0501234567',
    });
    expect(badPhone.status).toBe(422);
    expect(text(badPhone)).toContain(rules.required);
    expect(text(badPhone)).toContain(rules.phone);
    expect(
      (await post(browser, path, { intent: 'checkout-details', firstName: 'Lina', lastName: 'Haddad', phoneNumber: '+966 50 123 4567' }))
        .status,
    ).toBe(303);

    const badAddress = await post(browser, path, { intent: 'checkout-billing', address1: 'King Fahd Road 1', city: '', countryCode: 'XX' });
    expect(badAddress.status).toBe(422);
    expect(text(badAddress)).toContain(rules.country);
    expect(
      (await post(browser, path, { intent: 'checkout-billing', address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' })).status,
    ).toBe(303);

    // General admission is digital: no shipping step; the last step is the fourth.
    const finalize = await get(browser, path);
    expect(finalize.status).toBe(200);
    expect(finalize.html).toContain('name="intent" value="checkout-finalize"');
    expect(text(finalize)).toContain(strings.progress.replace('{{step}}', '4').replace('{{total}}', '4'));
    expect(text(finalize)).toContain(strings.payment.CREDIT_CARD);

    const noTerms = await post(browser, path, { intent: 'checkout-finalize', paymentMethod: 'CREDIT_CARD' });
    expect(noTerms.status).toBe(422);
    expect(text(noTerms)).toContain(rules.acceptTerms);

    // Going back to an answered step shows what was answered.
    const again = await get(browser, `${path}?step=email`);
    expect(again.html).toContain('name="intent" value="checkout-email"');
    expect(again.html).toContain('value="lina@example.com"');
  });
});

/** A guest's answers up to the last step, as the steps above check them. */
async function answerSteps(browser: Browser, email: string): Promise<void> {
  const path = `${EVENT}/checkout`;
  expect((await post(browser, path, { intent: 'checkout-email', email, confirmEmail: email })).status).toBe(303);
  expect(
    (await post(browser, path, { intent: 'checkout-details', firstName: 'Lina', lastName: 'Haddad', phoneNumber: '+966501234567' })).status,
  ).toBe(303);
  expect(
    (await post(browser, path, { intent: 'checkout-billing', address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' })).status,
  ).toBe(303);
}

/** "Pay" with a card, then the sandbox's card page with a test card: where the payment page sends the visitor back. */
async function payByCard(browser: Browser, cardNumber: string): Promise<Page> {
  const paid = await post(browser, `${EVENT}/checkout`, { intent: 'checkout-finalize', paymentMethod: 'CREDIT_CARD', acceptTerms: 'on' });
  expect(paid.status).toBe(303);
  const paymentPage = new URL(paid.location!, TEST_ORIGIN);
  expect(paymentPage.pathname).toMatch(/^\/sandbox\/payments\//);
  const back = await browser.post(paymentPage, { cardNumber, expiry: '12/29', cvc: '123' });
  expect(back.status).toBe(303);
  return back;
}

/** The confirmation the payment page returns to, once the callback has settled the order. */
async function confirmationAfterPayment(browser: Browser, back: Page, heading: string): Promise<Page> {
  const url = new URL(back.location!, TEST_ORIGIN);
  expect(url.pathname).toBe(`${EVENT}/confirmation`);
  expect(url.searchParams.get('orderId')).toBeTruthy();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const page = await browser.get(url);
    if (text(page).includes(heading)) return page;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The confirmation never said: ${heading}`);
}

describe('paying (SPEC 2.4, 8)', () => {
  const strings = texts('en', 'checkout');

  test('a guest pays by card and downloads the tickets from the confirmation, without a secret in the URL', async () => {
    const browser = await guestWithCart();
    await answerSteps(browser, 'guest-buyer@example.com');
    const back = await payByCard(browser, '4242 4242 4242 4242');
    const page = await confirmationAfterPayment(browser, back, strings.confirmation.paidHeading);
    expect(page.html).not.toContain('secret=');
    const download = /href="([^"]*&amp;ticket=[^"]+)"/.exec(page.html)![1]!.replaceAll('&amp;', '&');
    const redirected = await browser.get(new URL(download, TEST_ORIGIN));
    expect(redirected.status).toBe(303);
    const pdf = await site.fetch(new URL(redirected.location!, TEST_ORIGIN).href);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    // The cart was paid: checkout has nothing left to check out.
    expect((await get(browser, `${EVENT}/checkout`)).location).toBe(`${EVENT}/cart`);
  });

  test("a partner's link credits the order: recorded on it and in the purchase event (SPEC 7.4)", async () => {
    const arrived = new Browser(site.fetch);
    // The partner's link opens some other page, days before the purchase.
    expect((await get(arrived, '/ar/events?aff=partner_07')).status).toBe(200);
    const browser = await guestWithCart('en', arrived);
    await answerSteps(browser, 'partner-buyer@example.com');
    const back = await payByCard(browser, '4242 4242 4242 4242');
    await confirmationAfterPayment(browser, back, strings.confirmation.paidHeading);
    const orderId = new URL(back.location!, TEST_ORIGIN).searchParams.get('orderId')!;
    const [order] = await queryRows<{ affiliate_code: string | null }>(
      site.database.db,
      sql`select affiliate_code from commerce.orders where id = ${orderId}`,
    );
    expect(order).toEqual({ affiliate_code: 'partner_07' });
    const [purchase] = (await purchaseEvents('purchase')).filter((event) => event.properties.order_id === orderId);
    expect(purchase!.properties.affiliate_code).toBe('partner_07');
  });

  test('a declined card says so, and trying again with a good card pays the same cart', async () => {
    const browser = await guestWithCart();
    await answerSteps(browser, 'declined-buyer@example.com');
    const declined = await confirmationAfterPayment(
      browser,
      await payByCard(browser, '4000 0000 0000 0002'),
      strings.confirmation.declinedHeading,
    );
    expect(text(declined)).toContain(strings.confirmation.PAYMENT_FAILED);
    // Decision 0048: the provider's reason, and that trying again is a new order.
    expect(text(declined)).toContain(strings.confirmation.paymentFailure.DECLINED);
    expect(text(declined)).toContain(strings.confirmation.retryNewOrder);
    // "Try again": the cart is active again and every answer is kept, so checkout opens on its last step.
    const again = await get(browser, `${EVENT}/checkout`);
    expect(again.status).toBe(200);
    expect(again.html).toContain('name="intent" value="checkout-finalize"');
    await confirmationAfterPayment(browser, await payByCard(browser, '4242424242424242'), strings.confirmation.paidHeading);
  });
});

describe('checkout analytics (SPEC 9.4)', () => {
  test('steps are tracked by number, failures with their first error and count', async () => {
    const browser = await guestWithCart();
    await get(browser, `${EVENT}/checkout`);
    await post(browser, `${EVENT}/checkout`, { intent: 'checkout-email', email: 'not-an-email', confirmEmail: '' });
    await post(browser, `${EVENT}/checkout`, { intent: 'checkout-email', email: 'track@example.com', confirmEmail: 'track@example.com' });
    const failed = (await purchaseEvents('checkout_step_failed')).at(-1)!;
    expect(failed.properties).toMatchObject({ step_number: 1, first_error: 'validation:email', error_count: 2 });
    const shown = (await site.analytics!.received('checkout')).at(-1)!;
    expect(shown.properties).toMatchObject({ step_number: 1, total_product_quantity: 2, product_ids: 'tkt_nabd_ga' });
    const done = (await site.analytics!.received('checkout_option_customer')).at(-1)!;
    expect(done.properties).toMatchObject({ step_number: 1, total_fields: 2, fields_succeeded: 2 });
    expect(JSON.stringify(done.properties)).not.toContain('track@example.com');
  });
});

describe('forms refuse other sites (CSRF)', () => {
  test('a checkout step posted from another site changes nothing', async () => {
    const response = await site.fetch(`${TEST_ORIGIN}${EVENT}/checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'intent=checkout-email&email=a%40b.co&confirmEmail=a%40b.co',
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
  });
});

describe('the confirmation (SPEC 2.4, 8, 9.4)', () => {
  async function paidOrder() {
    const placed = await insertOrder(site.database.db, { customerId: 'guest_someone-else', lines: [GA] });
    await issueTickets(site.database.db, placed.orderId);
    return placed;
  }

  test("without the secret, another visitor's order is not found; with it, the order shows", async () => {
    const { orderId, secretUuid } = await paidOrder();
    const stranger = new Browser(site.fetch);
    expect((await get(stranger, `${EVENT}/confirmation?order=${orderId}`)).status).toBe(404);
    expect((await get(stranger, `${EVENT}/confirmation`)).status).toBe(404);
    const page = await get(stranger, `${EVENT}/confirmation?order=${orderId}&secret=${secretUuid}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(orderId);
    expect(text(page)).toContain(texts('en', 'checkout').confirmation.paidHeading);
    expect(page.html).toContain(`/tickets/assign?order=${orderId}&amp;secret=${secretUuid}`);
    // An order's page is never kept by any cache, even reached by a link without cookies.
    const response = await site.fetch(`${TEST_ORIGIN}${EVENT}/confirmation?order=${orderId}&secret=${secretUuid}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  test('the order of another event is not found there', async () => {
    const { orderId, secretUuid } = await paidOrder();
    expect(
      (await get(new Browser(site.fetch), `/events/dunes-sessions-2027/tickets/confirmation?order=${orderId}&secret=${secretUuid}`)).status,
    ).toBe(404);
  });

  test('a ticket download asks for a fresh signed link and redirects to the PDF', async () => {
    const { orderId, secretUuid } = await paidOrder();
    const browser = new Browser(site.fetch);
    const page = await get(browser, `${EVENT}/confirmation?order=${orderId}&secret=${secretUuid}`);
    const ticketId = /&amp;ticket=([^"&]+)"/.exec(page.html)?.[1];
    expect(ticketId).toBeDefined();
    const download = await get(browser, `${EVENT}/confirmation?order=${orderId}&secret=${secretUuid}&ticket=${ticketId}`);
    expect(download.status).toBe(303);
    const pdf = await site.fetch(new URL(download.location!, TEST_ORIGIN).href);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    expect((await get(browser, `${EVENT}/confirmation?order=${orderId}&secret=${secretUuid}&ticket=not-a-ticket`)).status).toBe(404);
  });

  test('the purchase is tracked once, however often the confirmation is shown', async () => {
    const { orderId, secretUuid } = await paidOrder();
    for (const browser of [new Browser(site.fetch), new Browser(site.fetch)]) {
      await get(browser, `${EVENT}/confirmation?order=${orderId}&secret=${secretUuid}`);
      await get(browser, `${EVENT}/confirmation?order=${orderId}&secret=${secretUuid}`);
    }
    const purchases = (await purchaseEvents('purchase')).filter((event) => event.properties.order_id === orderId);
    expect(purchases).toHaveLength(1);
    expect(purchases[0]!.properties).toMatchObject({
      order_id: orderId,
      ticketing_platform_customer_id: 'guest_someone-else',
      item_count: 2,
      total_amount: '1190.00',
      currency: 'SAR',
      affiliate_code: null,
    });
  });

  test('a pending order refreshes itself; a cancelled one offers to try again', async () => {
    const pending = await insertOrder(site.database.db, { customerId: 'guest_x', lines: [GA], state: 'PENDING_PAYMENT' });
    const page = await get(new Browser(site.fetch), `${EVENT}/confirmation?order=${pending.orderId}&secret=${pending.secretUuid}`);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<meta http-equiv="refresh" content="4;/);
    const cancelled = await insertOrder(site.database.db, { customerId: 'guest_x', lines: [GA], state: 'CANCELLED' });
    const failed = await get(new Browser(site.fetch), `/ar${EVENT}/confirmation?order=${cancelled.orderId}&secret=${cancelled.secretUuid}`);
    expect(text(failed)).toContain(texts('ar', 'checkout').confirmation.CANCELLED);
    expect(failed.html).toContain(`href="/ar${EVENT}/checkout"`);
  });

  test.each(['en', 'ar'] as const)(
    'a paid order whose tickets are still being issued says so and refreshes itself until they are there (%s)',
    async (locale) => {
      const strings = texts(locale, 'checkout').confirmation;
      // Paid, its fulfilment job not run yet (decision 0032).
      const { orderId, secretUuid } = await insertOrder(site.database.db, { customerId: 'guest_waiting', lines: [GA], locale });
      const path = `${prefix(locale)}${EVENT}/confirmation?order=${orderId}&secret=${secretUuid}`;
      const waiting = await get(new Browser(site.fetch), path);
      expect(waiting.status).toBe(200);
      expect(text(waiting)).toContain(strings.issuing);
      expect(text(waiting)).not.toContain(strings.paidHeading);
      expect(waiting.html).toMatch(/<meta http-equiv="refresh" content="4;/);
      expect(waiting.html).not.toContain('&amp;ticket=');

      await issueTickets(site.database.db, orderId);
      const ready = await get(new Browser(site.fetch), path);
      expect(text(ready)).toContain(strings.paidHeading);
      expect(ready.html).not.toContain('http-equiv="refresh"');
      expect(ready.html).toContain('&amp;ticket=');
    },
  );

  test("assignment names each ticket's holder, checking every row", async () => {
    const { orderId, secretUuid } = await paidOrder();
    const browser = new Browser(site.fetch);
    const path = `${EVENT}/assign?order=${orderId}&secret=${secretUuid}`;
    const form = await get(browser, path);
    expect(form.status).toBe(200);
    const ids = [...form.html.matchAll(/name="ticket\.(\d+)\.id" value="([^"]+)"/g)].map((match) => match[2]!);
    expect(ids).toHaveLength(2);
    const invalid = await post(browser, path, {
      intent: 'assign-tickets',
      'ticket.0.id': ids[0]!,
      'ticket.0.firstName': 'Omar',
      'ticket.0.lastName': 'Saleh',
      'ticket.0.email': 'not-mail',
    });
    expect(invalid.status).toBe(422);
    expect(text(invalid)).toContain(texts('en', 'validation').email);
    const saved = await post(browser, path, {
      intent: 'assign-tickets',
      'ticket.0.id': ids[0]!,
      'ticket.0.firstName': 'Omar',
      'ticket.0.lastName': 'Saleh',
      'ticket.0.email': 'omar@example.com',
      'ticket.1.id': ids[1]!,
      'ticket.1.firstName': 'Sara',
      'ticket.1.lastName': 'Saleh',
      'ticket.1.email': 'sara@example.com',
    });
    expect(saved.status).toBe(303);
    const after = await get(browser, path);
    expect(text(after)).toContain(texts('en', 'checkout').assign.saved);
    expect(after.html).toContain('value="Sara"');
  });
});

describe.each(['en', 'ar'] as const)('messages of SPEC 5 on the order pages (%s)', (locale) => {
  const rules = texts(locale, 'validation');

  test('one address for two holders is refused on the later row, without case', async () => {
    const { orderId, secretUuid } = await insertOrder(site.database.db, { customerId: 'guest_duplicates', lines: [GA] });
    await issueTickets(site.database.db, orderId);
    const browser = new Browser(site.fetch);
    const path = `${prefix(locale)}${EVENT}/assign?order=${orderId}&secret=${secretUuid}`;
    const ids = [...(await get(browser, path)).html.matchAll(/name="ticket\.(\d+)\.id" value="([^"]+)"/g)].map((match) => match[2]!);
    const holders = (second: string) => ({
      intent: 'assign-tickets',
      'ticket.0.id': ids[0]!,
      'ticket.0.firstName': 'Omar',
      'ticket.0.lastName': 'Saleh',
      'ticket.0.email': 'omar@example.com',
      'ticket.1.id': ids[1]!,
      'ticket.1.firstName': 'Sara',
      'ticket.1.lastName': 'Saleh',
      'ticket.1.email': second,
    });
    const duplicate = await post(browser, path, holders('Omar@Example.com'));
    expect(duplicate.status).toBe(422);
    expect(text(duplicate)).toContain(rules.emailDuplicate);
    expect(duplicate.html).toContain('id="assign-tickets-ticket.1.email-error"');
    expect((await post(browser, path, holders('sara@example.com'))).status).toBe(303);
  });

  test('tickets go to WhatsApp only with consent given with the number', async () => {
    // The buyer's own confirmation: WhatsApp delivery is for the order's customer.
    const browser = await guestWithCart(locale);
    await answerSteps(browser, `whatsapp-${locale}@example.com`);
    const back = await payByCard(browser, '4242 4242 4242 4242');
    await confirmationAfterPayment(browser, back, texts('en', 'checkout').confirmation.paidHeading);
    const confirmation = new URL(back.location!, TEST_ORIGIN);
    const path = `${prefix(locale)}${confirmation.pathname}${confirmation.search}`;
    const page = await get(browser, path);
    expect(page.html).toContain('name="whatsappConsent"');
    const withoutConsent = await post(browser, path, { intent: 'whatsapp-optin', phoneNumber: '+966501234567' });
    expect(withoutConsent.status).toBe(422);
    expect(text(withoutConsent)).toContain(rules.acceptWhatsapp);
    expect(withoutConsent.html).toContain('value="+966501234567"');
    const consented = await post(browser, path, { intent: 'whatsapp-optin', phoneNumber: '+966501234567', whatsappConsent: 'on' });
    expect(consented.status).toBe(303);
    expect(text(await get(browser, consented.location!))).toContain(texts(locale, 'checkout').confirmation.whatsappDone);
  });
});

describe('/account/tickets (SPEC 2.4, 7.2, 9.3)', () => {
  const PASSWORD = 'Tickets-test-2026!';

  async function signedIn(email: string): Promise<{ browser: Browser; userId: string }> {
    const user = await createAccount(site.database.db, { email, password: PASSWORD, givenName: 'Noura', familyName: 'Saleh' });
    const browser = new Browser(site.fetch);
    const login = await browser.follow(await get(browser, '/account/tickets'), TEST_ORIGIN);
    const action = new URL(formAction(login.html, '/login')!, login.url);
    const landed = await browser.follow(
      await browser.post(action, { _csrf: fieldValue(login.html, '_csrf')!, email, password: PASSWORD }),
      TEST_ORIGIN,
    );
    expect(landed.status).toBe(200);
    return { browser, userId: user.id };
  }

  test('needs sign-in', async () => {
    const page = await get(new Browser(site.fetch), '/account/tickets');
    expect(page.status).toBe(302);
    expect(page.location).toContain('/account/login');
  });

  test("lists the user's orders ten a page, newest first, and never another user's", async () => {
    const { browser, userId } = await signedIn(`tickets-${Date.now()}@nabd.example`);
    const ids: string[] = [];
    for (let day = 1; day <= 12; day += 1) {
      const { orderId } = await insertOrder(site.database.db, {
        customerId: userId,
        lines: [GA],
        completedAt: new Date(Date.UTC(2026, 9, day)),
      });
      await issueTickets(site.database.db, orderId);
      ids.push(orderId);
    }
    const stranger = await insertOrder(site.database.db, { customerId: 'someone-else', lines: [GA] });
    const first = await get(browser, '/account/tickets');
    expect(first.status).toBe(200);
    expect(first.html).toContain(ids[11]);
    expect(first.html).not.toContain(ids[1]);
    expect(first.html).not.toContain(stranger.orderId);
    expect(text(first)).toContain('Nabd');
    expect(text(first)).toContain(texts('en', 'checkout').accountTickets.assigned.replace('{{count}}', '0').replace('{{total}}', '2'));
    expect(first.html).toContain('/account/tickets?page=2');
    const second = await get(browser, '/account/tickets?page=2');
    expect(second.html).toContain(ids[0]);
    expect(second.html).toContain(ids[1]);
    expect(second.html).not.toContain(ids[2]);
    expect((await get(browser, '/account/tickets?page=9')).location).toBe('/account/tickets?page=2');
    const overview = await get(browser, '/account');
    expect(text(overview)).toContain('12 orders');
  });

  test('an order paid a moment ago says its tickets are being issued, then lists them', async () => {
    const { browser, userId } = await signedIn(`issuing-${Date.now()}@nabd.example`);
    const { orderId } = await insertOrder(site.database.db, { customerId: userId, lines: [GA] });
    const waiting = await get(browser, '/ar/account/tickets');
    expect(waiting.html).toContain(orderId);
    expect(text(waiting)).toContain(texts('ar', 'checkout').accountTickets.issuing);
    await issueTickets(site.database.db, orderId);
    const listed = await get(browser, '/ar/account/tickets');
    expect(text(listed)).not.toContain(texts('ar', 'checkout').accountTickets.issuing);
    expect(listed.html).toContain('&amp;ticket=');
  });
});
