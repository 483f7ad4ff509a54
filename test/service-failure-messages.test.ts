import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { issueTickets } from '#graphql/commerce/issued-tickets.ts';
import { insertOrder } from '#graphql/commerce/test-support/paid-orders.ts';
import { queryRows } from '#platform/database.ts';
import { fromRoot } from '#platform/paths.ts';
import { Browser, type Page } from './support/browser.ts';
import { databaseBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { newSignedInVisitor } from './support/signed-in-visitor.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * SPEC 8: when a service fails in the middle of a form (the database refuses the one write the form
 * needs, as a full disk, a lock timeout or a bug would), the visitor gets that form's own message in
 * their language, the page again with what they typed, and nothing changed. The database refuses
 * through a trigger on the table the form writes to, so every other part of the site keeps working.
 */

const EVENT = '/events/nabd-festival-2026/tickets';
const texts = (locale: 'en' | 'ar', namespace: string) =>
  JSON.parse(readFileSync(fromRoot('locales', locale, `${namespace}.json`), 'utf8'));

const database = databaseBackends.at(-1)!;
let site: TestSite;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await database.create({ startedSite: true });
  drop = created.drop;
  site = await startTestSite({ DATABASE_URL: created.url });
  await site.database.db.execute(
    sql.raw(`create or replace function public.refuse_for_test() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test' using errcode = coalesce(tg_argv[0], 'P0001'); end $$`),
  );
});
afterAll(async () => {
  await site.close();
  await drop();
});

/** Runs `act` while the database refuses every `operation` on `table` (with SQLSTATE `sqlState`). */
async function whileRefusing<T>(table: string, operation: 'insert' | 'update', act: () => Promise<T>, sqlState = 'P0001'): Promise<T> {
  await site.database.db.execute(
    sql.raw(
      `create trigger refuse_for_test before ${operation} on ${table} for each row execute function public.refuse_for_test('${sqlState}')`,
    ),
  );
  try {
    return await act();
  } finally {
    await site.database.db.execute(sql.raw(`drop trigger refuse_for_test on ${table}`));
  }
}

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(site.database.db, query))[0]!.n);

describe.each(['en', 'ar'] as const)('a failing service, in %s', (locale) => {
  const prefix = locale === 'ar' ? '/ar' : '';
  const shop = texts(locale, 'shop').errors;
  const checkout = texts(locale, 'checkout');
  const get = (browser: Browser, path: string) => browser.get(`${TEST_ORIGIN}${prefix}${path}`);
  const post = (browser: Browser, path: string, fields: Record<string, string>) => browser.post(`${TEST_ORIGIN}${prefix}${path}`, fields);
  const says = (page: Page, message: string) => {
    expect(page.status).toBe(503);
    expect(decoded(page.html)).toContain(message);
    expect(page.html).toContain(`lang="${locale}"`);
  };

  async function withCart(browser = new Browser(site.fetch)) {
    expect((await post(browser, EVENT, { intent: 'add', ticketId: 'tkt_nabd_ga', quantity: '2' })).status).toBe(303);
    return browser;
  }

  test('adding a ticket: the cart stays empty', async () => {
    const browser = new Browser(site.fetch);
    const failed = await whileRefusing('commerce.cart_items', 'insert', () =>
      post(browser, EVENT, { intent: 'add', ticketId: 'tkt_nabd_ga', quantity: '2' }),
    );
    says(failed, shop.cartAddFailed);
    expect((await get(browser, `${EVENT}/cart`)).html).not.toContain('name="itemId"');
  });

  test('changing a quantity, applying and removing a coupon: the cart stays as it was', async () => {
    const browser = await withCart();
    const cart = await get(browser, `${EVENT}/cart`);
    const itemId = /name="itemId" value="([^"]+)"/.exec(cart.html)![1]!;
    says(
      await whileRefusing('commerce.cart_items', 'update', () =>
        post(browser, `${EVENT}/cart`, { intent: 'quantity', itemId, quantity: '3' }),
      ),
      shop.cartUpdateFailed,
    );
    expect(await count(sql`select sum(quantity) as n from commerce.cart_items where id::text = ${itemId}`)).toBe(2);

    const applied = await whileRefusing('commerce.cart_coupons', 'insert', () =>
      post(browser, `${EVENT}/cart`, { intent: 'coupon-apply', code: 'WELCOME10' }),
    );
    says(applied, shop.couponApplyFailed);
    expect(applied.html).toContain('value="WELCOME10"');
    expect((await post(browser, `${EVENT}/cart`, { intent: 'coupon-apply', code: 'WELCOME10' })).status).toBe(303);

    const removed = await whileRefusing('commerce.carts', 'update', () =>
      post(browser, `${EVENT}/cart`, { intent: 'coupon-remove', code: 'WELCOME10' }),
    );
    says(removed, shop.couponRemoveFailed);
    expect(decoded((await get(browser, `${EVENT}/cart`)).html)).toContain('WELCOME10');
  });

  test('sending a ticket request: nothing is recorded', async () => {
    const before = await count(sql`select count(*) as n from commerce.application_requests`);
    const failed = await whileRefusing('commerce.application_requests', 'insert', () =>
      post(new Browser(site.fetch), EVENT, {
        intent: 'request',
        ticketId: 'tkt_nabd_premium_box',
        firstName: 'Hadeel',
        lastName: 'Saleh',
        email: 'hadeel@example.com',
        phoneNumber: '+966 50 123 4567',
        contactOption: 'email',
        'day-2026-12-11': 'on',
        groupSize: '8',
        groupType: 'corporate',
      }),
    );
    says(failed, shop.requestFailed);
    expect(failed.html).toContain('value="hadeel@example.com"');
    expect(await count(sql`select count(*) as n from commerce.application_requests`)).toBe(before);
  });

  describe('placing the order', () => {
    async function readyToPay() {
      const browser = await withCart();
      expect((await post(browser, `${EVENT}/login`, { intent: 'guest' })).status).toBe(303);
      const email = `failure-${locale}-${Date.now()}@example.com`;
      const steps: Record<string, string>[] = [
        { intent: 'checkout-email', email, confirmEmail: email },
        { intent: 'checkout-details', firstName: 'Lina', lastName: 'Haddad', phoneNumber: '+966501234567' },
        { intent: 'checkout-billing', address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
      ];
      for (const step of steps) expect((await post(browser, `${EVENT}/checkout`, step)).status).toBe(303);
      return { browser, email };
    }
    const finalize = (browser: Browser) =>
      post(browser, `${EVENT}/checkout`, { intent: 'checkout-finalize', paymentMethod: 'CREDIT_CARD', acceptTerms: 'on' });
    const ordersOf = (email: string) => count(sql`select count(*) as n from commerce.orders where customer->>'email' = ${email}`);

    test('the order cannot be written: nothing is ordered or held, and the buyer can pay again', async () => {
      const { browser, email } = await readyToPay();
      says(await whileRefusing('commerce.orders', 'insert', () => finalize(browser)), checkout.errors.orderFailed);
      expect(await ordersOf(email)).toBe(0);
      expect((await finalize(browser)).status).toBe(303);
      expect(await ordersOf(email)).toBe(1);
    });

    test('the stock cannot be held just now (a lock timeout): the inventory message, nothing held', async () => {
      const { browser, email } = await readyToPay();
      const held = () => count(sql`select held as n from commerce.tickets where id = 'tkt_nabd_ga'`);
      const heldBefore = await held();
      says(await whileRefusing('commerce.inventory_holds', 'insert', () => finalize(browser), '55P03'), shop.inventoryError);
      expect(await ordersOf(email)).toBe(0);
      expect(await held()).toBe(heldBefore);
    });
  });

  test('registering for WhatsApp and naming ticket holders after a paid order', async () => {
    const { orderId, secretUuid } = await insertOrder(site.database.db, {
      customerId: `guest_failures-${locale}`,
      lines: [{ ticketId: 'tkt_nabd_ga', quantity: 2, price: 59500 }],
    });
    await issueTickets(site.database.db, orderId);
    const browser = new Browser(site.fetch);
    const assign = `${EVENT}/assign?order=${orderId}&secret=${secretUuid}`;
    const ids = [...(await get(browser, assign)).html.matchAll(/name="ticket\.(\d+)\.id" value="([^"]+)"/g)].map((match) => match[2]!);
    const holders = {
      intent: 'assign-tickets',
      'ticket.0.id': ids[0]!,
      'ticket.0.firstName': 'Omar',
      'ticket.0.lastName': 'Saleh',
      'ticket.0.email': 'omar@example.com',
    };
    const assigned = await whileRefusing('commerce.issued_tickets', 'update', () => post(browser, assign, holders));
    says(assigned, checkout.assign.failed);
    expect(assigned.html).toContain('value="Omar"');
    expect(
      await count(sql`select count(*) as n from commerce.issued_tickets where order_id = ${orderId} and holder_email is not null`),
    ).toBe(0);

    const confirmation = `${EVENT}/confirmation?order=${orderId}&secret=${secretUuid}`;
    await get(browser, confirmation);
    const optIn = await whileRefusing('commerce.whatsapp_optins', 'insert', () =>
      post(browser, confirmation, { intent: 'whatsapp-optin', phoneNumber: '+966501234567', whatsappConsent: 'on' }),
    );
    says(optIn, checkout.confirmation.whatsappFailed);
    expect(optIn.html).toContain('value="+966501234567"');
  });

  test('saving an address: the address book stays as it was', async () => {
    const visitor = await newSignedInVisitor(site, `${prefix}/account/addresses`);
    const failed = await whileRefusing('users.addresses', 'insert', () =>
      visitor.submit(`${prefix}/account/addresses`, { intent: 'add-address', address1: 'Corniche 9', city: 'Jeddah', countryCode: 'SA' }),
    );
    says(failed, texts(locale, 'account').addresses.saveFailed);
    expect(failed.html).toContain('value="Corniche 9"');
    expect(await count(sql`select count(*) as n from users.addresses where user_id = ${visitor.userId}`)).toBe(0);
  });
});
