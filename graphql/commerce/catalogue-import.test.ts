import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { fromRoot } from '#platform/paths.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { describeImport, type CatalogueImportReport, type SectionReport } from './catalogue-import-report.ts';
import { importCatalogue } from './catalogue-import.ts';
import { startCommerceService, type RunningCommerceService, type TestCustomer } from './test-support/commerce-fixture.ts';

/*
 * `npm run catalogue:import` (decision 0037) on a shop that is selling: the demo catalogue seeded
 * from catalogue/ with its made-up sales, orders placed and paid through the service, and the
 * files changed the way an operator changes them.
 */

type Data = Record<string, any>;

const NABD = 'evt_nabd_2026';
const ORIGIN = 'http://localhost:3000';

const CART_CREATE = `mutation($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { id version items { id } } }`;
const CART_UPDATE = `mutation($cartId: ID!, $eventId: ID!, $input: CartUpdateInput!) {
  cartUpdate(cartId: $cartId, eventId: $eventId, input: $input) { id version } }`;
const CART = `query($cartId: ID!, $eventId: ID!) {
  cart(cartId: $cartId, eventId: $eventId) { canCheckout items { catalogueItemId state originalPrice { amount } } } }`;
const ORDER_CREATE = `mutation($input: OrderCreateInput!) {
  orderCreate(input: $input) { orderId paymentLink validationResult { isValid problems { field message } } } }`;
const ORDER = `query($orderId: ID!) { order(orderId: $orderId) {
  state totalPrice { amount } subtotalPrice { amount }
  items { catalogueItemId quantity originalPrice { amount } discountedPrice { amount } total { amount } subItems { catalogueItemId originalPrice { amount } } } } }`;
const EVENT = `query($eventId: ID!) { event(eventId: $eventId) {
  tickets { id state price { originalPrice { amount } } extraItems { id } timeslots { id } perks { id } }
  categories { id tickets { id } children { id tickets { id } } } } }`;

const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((folder) => rm(folder, { recursive: true, force: true }))));

/** A copy of the repository's catalogue an operator edits: `edit('evt_nabd_2026/tickets.json', (json) => …)`. */
async function operatorCatalogue() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'nabd-catalogue-import-'));
  scratch.push(root);
  const folder = path.join(root, 'catalogue');
  await cp(fromRoot('catalogue'), folder, { recursive: true });
  return {
    folder,
    async edit(file: string, change: (json: Data) => void) {
      const location = path.join(folder, file);
      const json = JSON.parse(await readFile(location, 'utf8'));
      change(json);
      await writeFile(location, JSON.stringify(json, null, 2));
    },
    async write(file: string, json: Data) {
      await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
      await writeFile(path.join(folder, file), JSON.stringify(json, null, 2));
    },
  };
}

const ticketIn = (json: Data, id: string) => json.tickets.find((ticket: Data) => ticket.id === id);
const section = (report: CatalogueImportReport, name: string) => report.sections.find((candidate) => candidate.name === name)!;
const changed = (part: SectionReport) => part.created.length + part.updated.length + part.removed.length;

/** A small event of its own, as an operator would write it. */
const desertEvent = {
  id: 'evt_desert_2027',
  name: { en: 'Desert Lights', ar: 'أضواء الصحراء' },
  startsAt: '2027-03-04T16:00:00+03:00',
  endsAt: '2027-03-06T23:59:00+03:00',
  waves: [
    {
      id: 'wave_desert_sale',
      label: { en: 'On sale', ar: 'متاح' },
      startsAt: '2026-11-01T09:00:00+03:00',
      endsAt: '2027-03-04T16:00:00+03:00',
    },
  ],
  categories: [{ id: 'cat_desert_floor', name: { en: 'Floor', ar: 'الساحة' } }],
};
const desertTickets = (capacity: number, price: string, extraPrice: string) => ({
  tickets: [
    {
      id: 'tkt_desert_ga',
      category: 'cat_desert_floor',
      wave: 'wave_desert_sale',
      name: { en: 'General admission', ar: 'دخول عام' },
      price,
      capacity,
      extras: [{ id: 'extra_desert_parking', name: { en: 'Parking', ar: 'موقف السيارات' }, price: extraPrice, capacity: 1000 }],
    },
  ],
});

describe.each(databaseBackends)('importing the catalogue on $name', (backend) => {
  let commerce: RunningCommerceService;
  let sandbox: express.Express;

  beforeAll(async () => {
    commerce = await startCommerceService(backend, { holdSweepIntervalMs: 0 });
    sandbox = express().use('/sandbox', commerce.service.sandbox!);
  });
  afterAll(() => commerce?.close());

  const ok = async (query: string, variables: Data, who?: TestCustomer) => {
    const body = (await commerce.call({ query, variables }, who?.accessToken)).body;
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const refusal = async (query: string, variables: Data, who?: TestCustomer) => {
    const body = (await commerce.call({ query, variables }, who?.accessToken)).body;
    return body.errors?.[0]?.extensions?.code as string | undefined;
  };
  const details = (cartId: string, eventId: string) => ({
    cartId,
    eventId,
    customer: {
      email: 'layla@example.com',
      confirmEmail: 'layla@example.com',
      firstName: 'Layla',
      lastName: 'Haddad',
      phoneNumber: '+966501234567',
    },
    billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
    paymentMethod: 'CREDIT_CARD',
    acceptedTerms: true,
    returnUrl: `${ORIGIN}/tickets/confirmation`,
    locale: 'en',
  });
  /** A guest's order of `items`, left pending (its stock held) unless paid. */
  const placeOrder = async (items: Data[], eventId = NABD) => {
    const guest = await commerce.guest();
    const cart = (await ok(CART_CREATE, { eventId, input: { items } }, guest)).cartCreate;
    const placed = (await ok(ORDER_CREATE, { input: details(cart.id, eventId) }, guest)).orderCreate;
    expect(placed.validationResult.isValid).toBe(true);
    return { guest, orderId: placed.orderId as string, paymentLink: placed.paymentLink as string };
  };
  const pay = (paymentLink: string) =>
    request(sandbox)
      .post(new URL(paymentLink).pathname)
      .type('form')
      .send({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' })
      .expect(303);
  const counters = async () =>
    queryRows<Data>(
      commerce.database.db,
      sql`select 'ticket' as kind, id, held, sold from commerce.tickets
          union all select 'extra', id, held, sold from commerce.extra_items
          union all select 'timeslot', id, held, sold from commerce.timeslots
          union all select 'coupon', code, 0, redemptions from commerce.coupons order by 1, 2`,
    );
  const ticketRow = async (id: string) =>
    (
      await queryRows<Data>(
        commerce.database.db,
        sql`select price, capacity, held, sold, withdrawn_at from commerce.tickets where id = ${id}`,
      )
    )[0]!;

  beforeEach(() => commerce.clock.set('2026-11-21T12:00:00Z'));

  it('finds the seeded demo catalogue already imported, creates a new event, then a second run changes nothing and says so', async () => {
    const files = await operatorCatalogue();
    const untouched = await importCatalogue(commerce.database.db, files.folder);
    expect(untouched.sections.filter(changed)).toEqual([]);
    expect(describeImport(untouched)).toContain('Nothing changed: the database already holds this catalogue.');

    await files.write('evt_desert_2027/event.json', desertEvent);
    await files.write('evt_desert_2027/tickets.json', desertTickets(500, '250.00', '50.00'));
    const created = await importCatalogue(commerce.database.db, files.folder);
    expect(section(created, 'evt_desert_2027')).toMatchObject({
      refused: false,
      created: [
        { noun: 'event', id: 'evt_desert_2027' },
        { noun: 'wave', id: 'wave_desert_sale' },
        { noun: 'category', id: 'cat_desert_floor' },
        { noun: 'ticket', id: 'tkt_desert_ga' },
        { noun: 'extra', id: 'extra_desert_parking' },
      ],
      updated: [],
      removed: [],
    });
    expect(section(created, NABD)).toMatchObject({ created: [], updated: [], removed: [], unchanged: 35 });
    expect(describeImport(created)).toContain(
      'evt_desert_2027 (Desert Lights): 5 created, 0 updated, 0 removed, 0 unchanged\n  + 1 event: evt_desert_2027',
    );
    const event = (await ok(EVENT, { eventId: 'evt_desert_2027' })).event;
    expect(event.tickets).toEqual([
      expect.objectContaining({ id: 'tkt_desert_ga', state: 'AVAILABLE_NOW', price: { originalPrice: { amount: '250.00' } } }),
    ]);
    expect(await ticketRow('tkt_desert_ga')).toMatchObject({ price: 25000, capacity: 500, held: 0, sold: 0 });

    const again = await importCatalogue(commerce.database.db, files.folder);
    expect(again.sections.filter(changed)).toEqual([]);
    expect(section(again, 'evt_desert_2027').unchanged).toBe(5);
    expect(describeImport(again)).toContain('evt_desert_2027 (Desert Lights): unchanged (5 rows)');
    expect(describeImport(again)).toContain('Nothing changed: the database already holds this catalogue.');
  });

  it('refuses a capacity below what is sold plus held, naming the ticket and the numbers, and changes nothing of that event', async () => {
    // Backstage tour: 30 places, 27 sold by the demo; an order now holds 2 more.
    await placeOrder([{ catalogueItemId: 'tkt_nabd_vip_backstage', quantity: 2 }]);
    const before = await counters();
    const files = await operatorCatalogue();
    await files.edit(`${NABD}/tickets.json`, (json) => {
      ticketIn(json, 'tkt_nabd_vip_backstage').capacity = 28;
      ticketIn(json, 'tkt_nabd_ga').price = '610.00';
      ticketIn(json, 'tkt_nabd_ga').perks.push({ id: 'perk_nabd_ga_lockers', name: { en: 'Lockers', ar: 'خزائن' } });
    });
    await files.edit('evt_dunes_2027/tickets.json', (json) => (ticketIn(json, 'tkt_dunes_2027_vip').capacity = 250));

    const report = await importCatalogue(commerce.database.db, files.folder);
    expect(section(report, NABD)).toMatchObject({
      refused: true,
      problems: [
        'catalogue/evt_nabd_2026/tickets.json: ticket tkt_nabd_vip_backstage: capacity 28 is below what is sold (27) plus held (2); it can be 29 at the least',
      ],
    });
    expect(describeImport(report)).toContain('evt_nabd_2026 (Nabd Festival 2026): refused, nothing of it changed:');
    // Nothing of the event changed; the other event's change went through in its own transaction.
    expect(await ticketRow('tkt_nabd_vip_backstage')).toMatchObject({ capacity: 30, held: 2, sold: 27 });
    expect(await ticketRow('tkt_nabd_ga')).toMatchObject({ price: 59500 });
    expect(await queryRows(commerce.database.db, sql`select id from commerce.perks where id = 'perk_nabd_ga_lockers'`)).toEqual([]);
    expect(section(report, 'evt_dunes_2027')).toMatchObject({
      refused: false,
      updated: [{ id: 'tkt_dunes_2027_vip', changes: ['capacity 200 → 250'] }],
    });
    expect(await counters()).toEqual(before);

    await files.edit(`${NABD}/tickets.json`, (json) => (ticketIn(json, 'tkt_nabd_vip_backstage').capacity = 29));
    const accepted = await importCatalogue(commerce.database.db, files.folder);
    expect(section(accepted, NABD)).toMatchObject({
      refused: false,
      created: [{ noun: 'perk', id: 'perk_nabd_ga_lockers' }],
      updated: [
        { id: 'tkt_nabd_ga', changes: ['price 595.00 → 610.00'] },
        { id: 'tkt_nabd_vip_backstage', changes: ['capacity 30 → 29'] },
      ],
    });
    expect(await ticketRow('tkt_nabd_vip_backstage')).toMatchObject({ capacity: 29, held: 2, sold: 27 });
    // The shop's counters are never the import's to write.
    expect(await counters()).toEqual(before);
    // What is left is exactly nothing: the next buyer is told so.
    expect(
      await refusal(
        CART_CREATE,
        { eventId: NABD, input: { items: [{ catalogueItemId: 'tkt_nabd_vip_backstage', quantity: 1 }] } },
        await commerce.guest(),
      ),
    ).toBe('OUT_OF_STOCK');
    // Put back as the repository has it for the tests that follow.
    await importCatalogue(commerce.database.db, fromRoot('catalogue'));
  });

  it('changes a price for what is sold from then on: placed orders, paid or pending, keep theirs', async () => {
    const paid = await placeOrder([{ catalogueItemId: 'tkt_nabd_ga', quantity: 2 }]);
    await pay(paid.paymentLink);
    const pending = await placeOrder([{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    const orderOf = async (placed: { guest: TestCustomer; orderId: string }) =>
      (await ok(ORDER, { orderId: placed.orderId }, placed.guest)).order;
    const paidBefore = await orderOf(paid);
    const pendingBefore = await orderOf(pending);
    expect(paidBefore.items[0].originalPrice.amount).toBe('595.00');

    const files = await operatorCatalogue();
    await files.edit(`${NABD}/tickets.json`, (json) => {
      ticketIn(json, 'tkt_nabd_ga').price = '650.00';
      ticketIn(json, 'tkt_nabd_ga').extras[0].price = '80.00';
    });
    const report = await importCatalogue(commerce.database.db, files.folder);
    expect(section(report, NABD).updated).toEqual([
      { noun: 'ticket', id: 'tkt_nabd_ga', changes: ['price 595.00 → 650.00'] },
      { noun: 'extra', id: 'extra_nabd_parking', changes: ['price 75.00 → 80.00'] },
    ]);

    expect(await orderOf(paid)).toEqual(paidBefore);
    expect(await orderOf(pending)).toEqual(pendingBefore);
    // The pending order is paid at the price it was placed at.
    await pay(pending.paymentLink);
    const [payment] = await queryRows<{ amount: number }>(
      commerce.database.db,
      sql`select amount from commerce.payments where order_id = ${pending.orderId} and state = 'SUCCEEDED'`,
    );
    expect(payment!.amount).toBe(59500);
    expect(await orderOf(pending)).toEqual({ ...pendingBefore, state: 'PAID' });
    // A new cart shows the new price.
    const guest = await commerce.guest();
    const cart = (await ok(CART_CREATE, { eventId: NABD, input: { items: [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }] } }, guest))
      .cartCreate;
    expect((await ok(CART, { cartId: cart.id, eventId: NABD }, guest)).cart.items[0].originalPrice.amount).toBe('650.00');

    await importCatalogue(commerce.database.db, fromRoot('catalogue'));
  });

  it('refuses to remove a ticket with sales; one without goes off sale with its extras and timeslots, and comes back when put back', async () => {
    // A visitor has the day pass in a cart when it is taken out of the files.
    const guest = await commerce.guest();
    const cart = (
      await ok(
        CART_CREATE,
        { eventId: NABD, input: { items: [{ catalogueItemId: 'tkt_nabd_day_pass', quantity: 1, timeslotId: 'slot_nabd_day2' }] } },
        guest,
      )
    ).cartCreate;
    await ok(
      CART_UPDATE,
      {
        cartId: cart.id,
        eventId: NABD,
        input: { actions: [{ setSubItem: { itemId: cart.items[0].id, catalogueItemId: 'extra_nabd_day_parking', quantity: 1 } }] },
      },
      guest,
    );

    const files = await operatorCatalogue();
    await files.edit(
      `${NABD}/tickets.json`,
      (json) => (json.tickets = json.tickets.filter((ticket: Data) => ticket.id !== 'tkt_nabd_vip')),
    );
    await files.edit('demo-sales.json', (json) => delete json.sold.tkt_nabd_vip);
    const refused = await importCatalogue(commerce.database.db, files.folder);
    expect(section(refused, NABD).problems).toEqual([
      'catalogue/evt_nabd_2026/tickets.json: ticket tkt_nabd_vip is no longer in the file, but 120 are sold and 0 held: ' +
        'what has sales cannot be removed (keep it, and end its wave or set its capacity to 120 to stop selling it)',
    ]);
    expect((await ticketRow('tkt_nabd_vip')).withdrawn_at).toBeNull();

    const again = await operatorCatalogue();
    await again.edit(
      `${NABD}/tickets.json`,
      (json) => (json.tickets = json.tickets.filter((ticket: Data) => ticket.id !== 'tkt_nabd_day_pass')),
    );
    const removed = await importCatalogue(commerce.database.db, again.folder);
    expect(section(removed, NABD)).toMatchObject({
      refused: false,
      removed: [
        { noun: 'ticket', id: 'tkt_nabd_day_pass', removal: 'withdrawn from sale' },
        { noun: 'perk', id: 'perk_nabd_day_stages', removal: 'deleted' },
        { noun: 'extra', id: 'extra_nabd_day_parking', removal: 'withdrawn from sale' },
        { noun: 'timeslot', id: 'slot_nabd_day1', removal: 'withdrawn from sale' },
        { noun: 'timeslot', id: 'slot_nabd_day2', removal: 'withdrawn from sale' },
        { noun: 'timeslot', id: 'slot_nabd_day3', removal: 'withdrawn from sale' },
      ],
    });
    const event = (await ok(EVENT, { eventId: NABD })).event;
    expect(event.tickets.map((ticket: Data) => ticket.id)).not.toContain('tkt_nabd_day_pass');
    const dayPasses = event.categories.find((category: Data) => category.id === 'cat_nabd_ga').children[0];
    expect(dayPasses).toEqual({ id: 'cat_nabd_day_passes', tickets: [] });
    // The cart keeps its line, no longer on sale, and cannot be ordered; nobody can add the pass.
    expect((await ok(CART, { cartId: cart.id, eventId: NABD }, guest)).cart).toMatchObject({
      canCheckout: false,
      items: [{ catalogueItemId: 'tkt_nabd_day_pass', state: 'NOT_ON_SALE' }],
    });
    expect(await refusal(ORDER_CREATE, { input: details(cart.id, NABD) }, guest)).toBe('CART_BLOCKED');
    expect(
      await refusal(
        CART_CREATE,
        { eventId: NABD, input: { items: [{ catalogueItemId: 'tkt_nabd_day_pass', quantity: 1, timeslotId: 'slot_nabd_day1' }] } },
        guest,
      ),
    ).toBe('BAD_USER_INPUT');

    const restored = await importCatalogue(commerce.database.db, fromRoot('catalogue'));
    expect(section(restored, NABD).created).toEqual([{ noun: 'perk', id: 'perk_nabd_day_stages' }]);
    expect(section(restored, NABD).updated.map((row) => [row.id, row.changes])).toEqual(
      expect.arrayContaining([
        ['tkt_nabd_day_pass', ['back on sale']],
        ['slot_nabd_day2', ['back on sale']],
      ]),
    );
    expect((await ok(CART, { cartId: cart.id, eventId: NABD }, guest)).cart).toMatchObject({ canCheckout: true });
  });

  it('stops giving a free extra taken out of the files, and the ticket it came with still sells', async () => {
    const files = await operatorCatalogue();
    const badge = { id: 'extra_nabd_vip_badge', name: { en: 'VIP badge', ar: 'شارة كبار الشخصيات' }, price: '0', free: true };
    await files.edit(`${NABD}/tickets.json`, (json) => ticketIn(json, 'tkt_nabd_vip').extras.push(badge));
    expect(section(await importCatalogue(commerce.database.db, files.folder), NABD).created).toEqual([{ noun: 'extra', id: badge.id }]);
    await files.edit(`${NABD}/tickets.json`, (json) => {
      const vip = ticketIn(json, 'tkt_nabd_vip');
      vip.extras = vip.extras.filter((extra: Data) => extra.id !== badge.id);
    });
    expect(section(await importCatalogue(commerce.database.db, files.folder), NABD).removed).toEqual([
      { noun: 'extra', id: badge.id, removal: 'withdrawn from sale' },
    ]);
    const placed = await placeOrder([{ catalogueItemId: 'tkt_nabd_vip', quantity: 1 }]);
    const order = (await ok(ORDER, { orderId: placed.orderId }, placed.guest)).order;
    expect(order.items[0].subItems).toEqual([]);
  });

  it('keeps a coupon that was used, removes one nobody used, and rolls everything back in a dry run', async () => {
    const guest = await commerce.guest();
    const cart = (await ok(CART_CREATE, { eventId: NABD, input: { items: [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }] } }, guest))
      .cartCreate;
    await ok(CART_UPDATE, { cartId: cart.id, eventId: NABD, input: { actions: [{ applyCoupon: { code: 'WELCOME10' } }] } }, guest);
    const files = await operatorCatalogue();
    await files.edit('coupons.json', (json) => (json.coupons = json.coupons.filter((coupon: Data) => coupon.code === 'NABD50')));

    const refused = await importCatalogue(commerce.database.db, files.folder);
    expect(section(refused, 'coupons')).toMatchObject({
      refused: true,
      problems: [
        'catalogue/coupons.json: coupon WELCOME10 is no longer in the file, but it has 0 redemptions and 1 cart holds it: keep it, with a validUntil that ends it',
      ],
    });

    await files.edit('coupons.json', (json) => json.coupons.push({ code: 'WELCOME10', discount: { percent: '10' }, maxRedemptions: 500 }));
    const dryRun = await importCatalogue(commerce.database.db, files.folder, { dryRun: true });
    expect(section(dryRun, 'coupons')).toMatchObject({
      refused: false,
      updated: [{ id: 'WELCOME10', changes: ['maxRedemptions none → 500'] }],
      removed: [
        { id: 'EXPIRED2025', removal: 'deleted' },
        { id: 'FORUMONLY', removal: 'deleted' },
      ],
    });
    expect(describeImport(dryRun)).toContain('coupons: 0 would be created, 1 would be updated, 2 would be removed, 1 unchanged');
    expect(describeImport(dryRun)).toContain('Dry run: nothing was written.');
    const codes = async () =>
      (await queryRows<{ code: string }>(commerce.database.db, sql`select code from commerce.coupons order by code`)).map(
        (row) => row.code,
      );
    expect(await codes()).toEqual(['EXPIRED2025', 'FORUMONLY', 'NABD50', 'WELCOME10']);

    await importCatalogue(commerce.database.db, files.folder);
    expect(await codes()).toEqual(['NABD50', 'WELCOME10']);
    await importCatalogue(commerce.database.db, fromRoot('catalogue'));
    expect(await codes()).toEqual(['EXPIRED2025', 'FORUMONLY', 'NABD50', 'WELCOME10']);
  });

  it('refuses an id that another event already has', async () => {
    const files = await operatorCatalogue();
    await files.write('evt_desert_2027/event.json', desertEvent);
    await files.write('evt_desert_2027/tickets.json', {
      tickets: [{ ...desertTickets(10, '1.00', '1.00').tickets[0], id: 'tkt_other_event', extras: [] }],
    });
    await importCatalogue(commerce.database.db, files.folder);
    // Moved to a folder of its own, the ticket would leave its event: refused instead.
    await files.write('evt_oasis_2027/event.json', {
      ...desertEvent,
      id: 'evt_oasis_2027',
      waves: [],
      categories: [{ id: 'cat_oasis_floor', name: { en: 'Floor', ar: 'الساحة' } }],
    });
    await files.write('evt_oasis_2027/tickets.json', {
      tickets: [
        {
          ...desertTickets(10, '1.00', '1.00').tickets[0],
          id: 'tkt_other_event',
          category: 'cat_oasis_floor',
          wave: undefined,
          extras: [],
        },
      ],
    });
    await files.write('evt_desert_2027/tickets.json', { tickets: [] });
    const report = await importCatalogue(commerce.database.db, files.folder);
    expect(section(report, 'evt_oasis_2027').problems).toEqual([
      'catalogue/evt_oasis_2027/tickets.json: ticket tkt_other_event already belongs to the event evt_desert_2027 (withdrawn); give it another id',
    ]);
  });
});
