import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { fromRoot } from '#platform/paths.ts';
import { databaseBackends } from '#test/support/backends.ts';
import type { SectionReport } from './catalogue-import-report.ts';
import { importCatalogue } from './catalogue-import.ts';
import { startCommerceService, type RunningCommerceService } from './test-support/commerce-fixture.ts';

/*
 * Decision 0037: the import runs while the shop sells. On PostgreSQL, buyers place and pay orders
 * for a ticket with an extra while the import changes that ticket's and extra's prices and the
 * ticket's capacity again and again. Orders lock the extra before the ticket (decision 0027); so
 * does the import, or the two would deadlock. Nothing is oversold and every buyer gets a clear
 * answer. (PGlite runs one transaction at a time: there is nothing to race there.)
 */
const postgres = databaseBackends.find((backend) => backend.name === 'PostgreSQL');
const describeOnPostgres = postgres ? describe : describe.skip;

type Data = Record<string, any>;

const EVENT = 'evt_rush_2027';
const TICKET = 'tkt_rush_ga';
const EXTRA = 'extra_rush_parking';
const LANES = 8;
const BUYERS = 48;

/** The rush event as the files say it, at one capacity and price or another. */
function rushTickets(capacity: number, price: string, extraPrice: string) {
  return {
    tickets: [
      {
        id: TICKET,
        category: 'cat_rush_floor',
        name: { en: 'General admission', ar: 'دخول عام' },
        price,
        capacity,
        extras: [{ id: EXTRA, name: { en: 'Parking', ar: 'موقف السيارات' }, price: extraPrice, capacity: 1000 }],
      },
    ],
  };
}

async function catalogueWith(root: string, name: string, tickets: Data): Promise<string> {
  const folder = path.join(root, name, 'catalogue');
  await cp(fromRoot('catalogue'), folder, { recursive: true });
  await mkdir(path.join(folder, EVENT));
  await writeFile(
    path.join(folder, EVENT, 'event.json'),
    JSON.stringify({
      id: EVENT,
      name: { en: 'Sale rush', ar: 'اندفاع البيع' },
      startsAt: '2027-05-01T18:00:00+03:00',
      endsAt: '2027-05-01T23:59:00+03:00',
      categories: [{ id: 'cat_rush_floor', name: { en: 'Floor', ar: 'الساحة' } }],
    }),
  );
  await writeFile(path.join(folder, EVENT, 'tickets.json'), JSON.stringify(tickets));
  return folder;
}

describeOnPostgres('importing the catalogue while the shop sells', () => {
  let commerce: RunningCommerceService;
  let sandbox: express.Express;
  let root: string;

  beforeAll(async () => {
    commerce = await startCommerceService(postgres!, { holdSweepIntervalMs: 0 });
    sandbox = express().use('/sandbox', commerce.service.sandbox!);
    root = await mkdtemp(path.join(os.tmpdir(), 'nabd-catalogue-rush-'));
  });
  afterAll(async () => {
    await commerce?.close();
    await rm(root, { recursive: true, force: true });
  });

  const call = async (query: string, variables: Data, token: string) => (await commerce.call({ query, variables }, token)).body;

  /** One buyer: a cart with the ticket and its extra, an order, and (every other buyer) the payment. */
  async function buy(index: number): Promise<string> {
    const { accessToken } = await commerce.guest();
    const created = await call(
      `mutation($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { id items { id } } }`,
      { eventId: EVENT, input: { items: [{ catalogueItemId: TICKET, quantity: 1 }] } },
      accessToken,
    );
    if (created.errors) return created.errors[0].extensions.code;
    const cart = created.data.cartCreate;
    const updated = await call(
      `mutation($cartId: ID!, $eventId: ID!, $input: CartUpdateInput!) { cartUpdate(cartId: $cartId, eventId: $eventId, input: $input) { id } }`,
      {
        cartId: cart.id,
        eventId: EVENT,
        input: { actions: [{ setSubItem: { itemId: cart.items[0].id, catalogueItemId: EXTRA, quantity: 1 } }] },
      },
      accessToken,
    );
    if (updated.errors) return updated.errors[0].extensions.code;
    const email = `buyer${index}@example.com`;
    const placed = await call(
      `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { orderId paymentLink validationResult { isValid } } }`,
      {
        input: {
          cartId: cart.id,
          eventId: EVENT,
          customer: { email, confirmEmail: email, firstName: 'Sara', lastName: `Buyer ${index}`, phoneNumber: '+966501234567' },
          billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
          paymentMethod: 'CREDIT_CARD',
          acceptedTerms: true,
          returnUrl: 'http://localhost:3000/tickets/confirmation',
          locale: 'en',
        },
      },
      accessToken,
    );
    if (placed.errors) return placed.errors[0].extensions.code;
    if (index % 2) return 'PENDING';
    const paid = await request(sandbox)
      .post(new URL(placed.data.orderCreate.paymentLink).pathname)
      .type('form')
      .send({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' });
    return paid.status === 303 ? 'PAID' : `PAYMENT ${paid.status}`;
  }

  it('neither deadlocks nor oversells, and every buyer and every import gets a clear answer', async () => {
    const roomy = await catalogueWith(root, 'roomy', rushTickets(40, '250.00', '50.00'));
    const tight = await catalogueWith(root, 'tight', rushTickets(30, '260.00', '55.00'));
    expect(await importCatalogue(commerce.database.db, roomy)).toMatchObject({ sections: expect.any(Array) });

    const outcomes: string[] = [];
    const imports: SectionReport[] = [];
    const samples: { capacity: number; held: number; sold: number }[] = [];
    let next = 0;
    let selling = true;
    const lanes = Array.from({ length: LANES }, async () => {
      while (next < BUYERS) outcomes.push(await buy(next++));
    });
    const importer = (async () => {
      for (let round = 0; selling || round < 6; round += 1) {
        const report = await importCatalogue(commerce.database.db, round % 2 ? roomy : tight);
        imports.push(report.sections.find((section) => section.name === EVENT)!);
        const [stock] = await queryRows<{ capacity: number; held: number; sold: number }>(
          commerce.database.db,
          sql`select capacity, held, sold from commerce.tickets where id = ${TICKET}`,
        );
        samples.push(stock!);
      }
    })();
    await Promise.all(lanes);
    selling = false;
    await importer;

    // Every buyer: an order (paid or pending) or a stock refusal; nothing else, no deadlock.
    expect(outcomes).toHaveLength(BUYERS);
    expect(outcomes.filter((outcome) => !['PAID', 'PENDING', 'OUT_OF_STOCK', 'INSUFFICIENT_STOCK'].includes(outcome))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === 'PAID' || outcome === 'PENDING').length).toBeGreaterThanOrEqual(30);
    expect(outcomes.filter((outcome) => outcome === 'OUT_OF_STOCK' || outcome === 'INSUFFICIENT_STOCK').length).toBeGreaterThan(0);

    // Every import: applied, or refused because the tight capacity was below what was taken.
    expect(imports.length).toBeGreaterThanOrEqual(6);
    for (const report of imports) {
      if (report.refused)
        expect(report.problems).toEqual([
          expect.stringMatching(/ticket tkt_rush_ga: capacity 30 is below what is sold \(\d+\) plus held \(\d+\)/),
        ]);
    }
    expect(imports.some((report) => !report.refused && report.updated.length > 0)).toBe(true);

    expect(samples.filter((stock) => stock.held + stock.sold > stock.capacity)).toEqual([]);
    const [final] = await queryRows<{ capacity: number; held: number; sold: number; paid: number; pending: number; extras: number }>(
      commerce.database.db,
      sql`select t.capacity, t.held, t.sold,
            (select count(*)::int from commerce.orders where event_id = ${EVENT} and state = 'PAID') as paid,
            (select count(*)::int from commerce.orders where event_id = ${EVENT} and state = 'PENDING_PAYMENT') as pending,
            (select held + sold from commerce.extra_items where id = ${EXTRA}) as extras
          from commerce.tickets t where t.id = ${TICKET}`,
    );
    expect(final!.held + final!.sold).toBeLessThanOrEqual(final!.capacity);
    expect(final).toMatchObject({
      sold: final!.paid,
      held: final!.pending,
      paid: outcomes.filter((outcome) => outcome === 'PAID').length,
      pending: outcomes.filter((outcome) => outcome === 'PENDING').length,
      extras: final!.paid + final!.pending,
    });
  });
});
