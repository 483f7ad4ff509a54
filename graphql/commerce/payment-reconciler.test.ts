import express from 'express';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import { createLogger } from '#platform/logger.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { ISSUER, API_AUDIENCE } from '#identity/test-support/identity-fixture.ts';
import { HOLD_MINUTES } from './inventory.ts';
import { createCommerceService } from './service.ts';
import { PaymentSandbox } from './payments/sandbox.ts';
import { callbackSecret } from './payments/signature.ts';
import type { PaymentProviders } from './payments/payment-gateway.ts';
import { insertOrder } from './test-support/paid-orders.ts';
import {
  startCommerceService,
  TEST_COMMERCE_SECRET,
  type RunningCommerceService,
  type TestCustomer,
} from './test-support/commerce-fixture.ts';

/**
 * Decision 0032: no payment is lost. When a success or a decline never reaches us (a process
 * killed between the gateway and our callback handling, the database out, the gateway's retries
 * over), the reconciler asks the provider, through the real sandbox, and acts on each answer.
 */

const EVENT = 'evt_nabd_2026';
const ORIGIN = 'http://localhost:3000';
const MINUTE = 60_000;
const ORDER_CREATE = `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { orderId paymentLink validationResult { isValid } } }`;
const CART_CREATE = `mutation($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { id } }`;
const ORDER = `query($orderId: ID!) { order(orderId: $orderId) { state ticketsIssued pdfTickets { id } } }`;
const CANCEL = `mutation($orderId: ID!) { orderCancel(orderId: $orderId) { state } }`;

describe.each(databaseBackends)('payment reconciliation on $name', (backend) => {
  let commerce: RunningCommerceService;
  let sandbox: PaymentSandbox;
  let pages: express.Express;
  /** The network between the gateway and us: while set, callbacks do not arrive. */
  let callbacksLost = false;
  /** While set, the card gateway's "fetch payment" fails like a gateway answering 503. */
  let gatewayDown = false;
  /** While set, the card gateway answers every payment one riyal off what we asked. */
  let gatewayAmountOff = false;
  let deliverToService: typeof fetch;

  beforeAll(async () => {
    commerce = await startCommerceService(backend, async ({ database, clock }) => {
      sandbox = await PaymentSandbox.create({
        database,
        baseUrl: ORIGIN,
        secret: callbackSecret(TEST_COMMERCE_SECRET),
        clock: clock.now,
        logger: createLogger({ level: 'silent' }),
        deliver: (input, init) => (callbacksLost ? Promise.reject(new TypeError('fetch failed')) : deliverToService(input, init)),
      });
      const card = sandbox.card;
      const payments: PaymentProviders = {
        ...sandbox.providers,
        card: {
          ...card,
          fetchPayment: async (paymentId) => {
            if (gatewayDown) throw new Error('503 Service Unavailable');
            const answer = await card.fetchPayment(paymentId);
            return answer && gatewayAmountOff ? { ...answer, amount: answer.amount + 100 } : answer;
          },
        },
      };
      return { payments, holdSweepIntervalMs: 0 };
    });
    deliverToService = createInProcessFetch(express().use('/commerce', commerce.service.http));
    pages = express().use('/sandbox', sandbox.router);
  });
  afterAll(async () => {
    await sandbox.callbacks.stop();
    await commerce?.close();
  });
  beforeEach(async () => {
    callbacksLost = false;
    gatewayDown = false;
    gatewayAmountOff = false;
    commerce.clock.set('2026-11-21T12:00:00Z');
    // Each test starts with nothing queued from the one before.
    commerce.clock.advance(24 * 60 * MINUTE);
    await commerce.service.parts.jobs.runDue();
    await commerce.service.parts.lifecycle.expireDue();
    await commerce.service.parts.jobs.runDue();
    await sandbox.callbacks.runDue();
    commerce.clock.set('2026-11-21T12:00:00Z');
  });

  const jobs = () => commerce.service.parts.jobs;
  const data = async (query: string, variables: Record<string, unknown>, who: TestCustomer) => {
    const body = (await commerce.call({ query, variables }, who.accessToken)).body;
    expect(body.errors).toBeUndefined();
    return body.data;
  };

  async function place(who: TestCustomer, quantity = 1) {
    const cart = (await data(CART_CREATE, { eventId: EVENT, input: { items: [{ catalogueItemId: 'tkt_nabd_ga', quantity }] } }, who))
      .cartCreate;
    const input = {
      cartId: cart.id,
      eventId: EVENT,
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
    };
    const placed = (await data(ORDER_CREATE, { input }, who)).orderCreate as { orderId: string; paymentLink: string };
    const [payment] = await queryRows<{ id: string }>(
      commerce.database.db,
      sql`select id from commerce.payments where order_id = ${placed.orderId}`,
    );
    return { ...placed, paymentId: payment!.id };
  }
  const pay = (link: string, cardNumber: string) =>
    request(pages).post(new URL(link).pathname).type('form').send({ cardNumber, expiry: '12/29', cvc: '123' });
  const orderOf = async (orderId: string, who: TestCustomer) => (await data(ORDER, { orderId }, who)).order;
  const paymentOf = async (paymentId: string) =>
    (
      await queryRows<{ state: string; failure_reason: string | null; reconciliation: string | null }>(
        commerce.database.db,
        sql`select state, failure_reason, reconciliation from commerce.payments where id = ${paymentId}`,
      )
    )[0]!;
  const gatewaySays = async (paymentId: string) => (await sandbox.card.fetchPayment(paymentId))?.status;
  const stock = async () =>
    (
      await queryRows<{ held: number; sold: number }>(
        commerce.database.db,
        sql`select held, sold from commerce.tickets where id = 'tkt_nabd_ga'`,
      )
    )[0]!;
  const emailsFor = (orderId: string) => commerce.outbox.filter((message) => message.subject.includes(orderId));

  it('a success whose callback was lost pays the order a minute before its hold ends, as the callback would have', async () => {
    const guest = await commerce.guest();
    const before = await stock();
    const order = await place(guest, 2);
    callbacksLost = true;
    await pay(order.paymentLink, '4242424242424242').expect(303);
    expect(await gatewaySays(order.paymentId)).toBe('SUCCEEDED');
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'PENDING_PAYMENT' });

    commerce.clock.advance(13 * MINUTE);
    await jobs().runDue();
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'PENDING_PAYMENT' });
    commerce.clock.advance(MINUTE);
    await jobs().runDue();
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'PAID', ticketsIssued: true });
    expect(await paymentOf(order.paymentId)).toEqual({ state: 'SUCCEEDED', failure_reason: null, reconciliation: 'paid' });
    expect(await stock()).toEqual({ held: before.held, sold: before.sold + 2 });
    expect(emailsFor(order.orderId)).toHaveLength(1);

    // The gateway's own retry arrives later: recorded, changes nothing.
    callbacksLost = false;
    expect(await sandbox.callbacks.runDue()).toBe(1);
    expect(await sandbox.callbacks.stats()).toMatchObject({ waiting: 0, failing: 0 });
    expect((await orderOf(order.orderId, guest)).pdfTickets).toHaveLength(2);
    expect(emailsFor(order.orderId)).toHaveLength(1);
  });

  it('a process that starts looks for lost callbacks at once, not at the hold’s end', async () => {
    const guest = await commerce.guest();
    const order = await place(guest);
    callbacksLost = true;
    await pay(order.paymentLink, '4242424242424242').expect(303);
    commerce.clock.advance(2 * MINUTE);
    expect(await jobs().runDue()).toBe(0);

    // Another process of the site starts on the same database.
    const peer = await createCommerceService({
      database: commerce.database,
      identity: { issuer: ISSUER, audience: API_AUDIENCE, fetch: commerce.identity.fetch },
      production: false,
      logger: createLogger({ level: 'silent' }),
      clock: commerce.clock.now,
      baseUrl: ORIGIN,
      secret: TEST_COMMERCE_SECRET,
      payments: sandbox.providers,
      holdSweepIntervalMs: 0,
      jobPollIntervalMs: 0,
    });
    try {
      expect(await peer.parts.jobs.runDue()).toBeGreaterThanOrEqual(1);
    } finally {
      await peer.stop();
    }
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'PAID', ticketsIssued: true });
  });

  it('a success that came after the hold ended is voided at the gateway, and the order stays expired', async () => {
    const guest = await commerce.guest();
    const before = await stock();
    const order = await place(guest);
    commerce.clock.advance((HOLD_MINUTES + 1) * MINUTE);
    expect(await commerce.service.parts.lifecycle.expireDue()).toBe(1);
    // The visitor was still on the card page; the gateway takes the money and its callback is lost.
    callbacksLost = true;
    await pay(order.paymentLink, '4242424242424242').expect(303);
    expect(await gatewaySays(order.paymentId)).toBe('SUCCEEDED');

    await jobs().runDue();
    expect(await gatewaySays(order.paymentId)).toBe('VOIDED');
    expect(await paymentOf(order.paymentId)).toEqual({
      state: 'VOIDED',
      failure_reason: 'hold_expired',
      reconciliation: 'voided_late_success',
    });
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'EXPIRED', ticketsIssued: false });
    expect(await stock()).toEqual(before);
  });

  it('a payment still open when its order ended is closed at the gateway, so it can never be paid late', async () => {
    const guest = await commerce.guest();
    const order = await place(guest);
    expect((await data(CANCEL, { orderId: order.orderId }, guest)).orderCancel).toEqual({ state: 'CANCELLED' });
    await jobs().runDue();
    expect(await gatewaySays(order.paymentId)).toBe('VOIDED');
    expect(await paymentOf(order.paymentId)).toEqual({
      state: 'VOIDED',
      failure_reason: 'order_not_pending',
      reconciliation: 'voided_open',
    });
    await pay(order.paymentLink, '4242424242424242').expect(409);
  });

  it('an open payment is asked about again when the hold ends, then the order expires and the payment is closed', async () => {
    const guest = await commerce.guest();
    const before = await stock();
    const order = await place(guest);
    commerce.clock.advance(14 * MINUTE);
    expect(await jobs().runDue()).toBe(1);
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'PENDING_PAYMENT' });
    expect((await commerce.service.queueStats()).commerce).toMatchObject({ waiting: 0, scheduled: 1 });

    commerce.clock.advance(MINUTE);
    expect(await jobs().runDue()).toBe(1);
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'EXPIRED' });
    expect(await paymentOf(order.paymentId)).toEqual({ state: 'VOIDED', failure_reason: 'hold_expired', reconciliation: 'voided_open' });
    expect(await gatewaySays(order.paymentId)).toBe('VOIDED');
    expect(await stock()).toEqual(before);
  });

  it.each([
    ['4000000000000002', 'declined'],
    ['4000000000009995', 'insufficient_funds'],
  ])('a decline (%s) whose callback was lost fails the order and gives its tickets back', async (cardNumber, reason) => {
    const guest = await commerce.guest();
    const before = await stock();
    const order = await place(guest, 3);
    callbacksLost = true;
    await pay(order.paymentLink, cardNumber).expect(303);
    commerce.clock.advance(14 * MINUTE);
    await jobs().runDue();
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'PAYMENT_FAILED' });
    expect(await paymentOf(order.paymentId)).toEqual({ state: 'DECLINED', failure_reason: reason, reconciliation: 'failed' });
    expect(await stock()).toEqual(before);
  });

  it('a payment the gateway does not know is recorded, and nothing else changes', async () => {
    const guest = await commerce.guest();
    const { orderId } = await insertOrder(commerce.database.db, {
      customerId: guest.customerId,
      lines: [{ ticketId: 'tkt_nabd_ga', quantity: 1, price: 115000 }],
      state: 'PENDING_PAYMENT',
    });
    await commerce.database.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      await tx.execute(
        sql`insert into commerce.payments (id, order_id, provider, state, amount) values ('pay_never_issued', ${orderId}, 'card', 'PENDING', 115000)`,
      );
      await commerce.service.parts.reconciler.scheduleIn(tx, 'pay_never_issued', new Date('2026-11-21T12:15:00Z'));
    });
    commerce.clock.advance(14 * MINUTE);
    expect(await jobs().runDue()).toBe(1);
    expect(await paymentOf('pay_never_issued')).toEqual({ state: 'PENDING', failure_reason: null, reconciliation: 'unknown' });
    expect(await orderOf(orderId, guest)).toMatchObject({ state: 'PENDING_PAYMENT' });
    expect((await commerce.service.queueStats()).commerce).toMatchObject({ waiting: 0, scheduled: 0, failing: 0 });
  });

  it('a gateway that cannot answer is asked again with backoff; the payment is applied once it answers', async () => {
    const guest = await commerce.guest();
    const order = await place(guest);
    callbacksLost = true;
    await pay(order.paymentLink, '4242424242424242').expect(303);
    gatewayDown = true;
    commerce.clock.advance(14 * MINUTE);
    expect(await jobs().runDue()).toBe(1);
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'PENDING_PAYMENT' });
    expect((await commerce.service.queueStats()).commerce).toMatchObject({ waiting: 0, scheduled: 1, failing: 1 });

    gatewayDown = false;
    commerce.clock.advance(4_000); // the first wait is 5 s, ±10%
    expect(await jobs().runDue()).toBe(0);
    commerce.clock.advance(2_000);
    expect(await jobs().runDue()).toBeGreaterThanOrEqual(1);
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'PAID', ticketsIssued: true });
    expect((await commerce.service.queueStats()).commerce).toMatchObject({ failing: 0, failed: 0 });
  });

  it('the hold sweeper pays an order whose gateway says it succeeded inside the hold, instead of expiring it', async () => {
    const guest = await commerce.guest();
    const order = await place(guest);
    callbacksLost = true;
    commerce.clock.advance(MINUTE);
    await pay(order.paymentLink, '4242424242424242').expect(303);
    commerce.clock.advance(HOLD_MINUTES * MINUTE);
    expect(await commerce.service.parts.lifecycle.expireDue()).toBe(1);
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'PAID', ticketsIssued: true });
    expect(await paymentOf(order.paymentId)).toMatchObject({ state: 'SUCCEEDED' });
  });

  it('the hold sweeper expires the order when the gateway cannot answer; the reconciler then gives the money back', async () => {
    const guest = await commerce.guest();
    const before = await stock();
    const order = await place(guest);
    callbacksLost = true;
    commerce.clock.advance(MINUTE);
    await pay(order.paymentLink, '4242424242424242').expect(303);
    gatewayDown = true;
    commerce.clock.advance(HOLD_MINUTES * MINUTE);
    expect(await commerce.service.parts.lifecycle.expireDue()).toBe(1);
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'EXPIRED' });
    expect(await stock()).toEqual(before);

    gatewayDown = false;
    commerce.clock.advance(10 * MINUTE);
    await jobs().runDue();
    expect(await gatewaySays(order.paymentId)).toBe('VOIDED');
    expect(await paymentOf(order.paymentId)).toEqual({
      state: 'VOIDED',
      failure_reason: 'hold_expired',
      reconciliation: 'voided_late_success',
    });
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'EXPIRED' });
  });

  it('a gateway success of another amount pays nothing, whether the sweeper or the reconciler hears it', async () => {
    const guest = await commerce.guest();
    const before = await stock();
    const order = await place(guest);
    callbacksLost = true;
    gatewayAmountOff = true;
    commerce.clock.advance(MINUTE);
    await pay(order.paymentLink, '4242424242424242').expect(303);
    commerce.clock.advance(HOLD_MINUTES * MINUTE);
    expect(await commerce.service.parts.lifecycle.expireDue()).toBe(1);
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'EXPIRED', ticketsIssued: false });
    expect(await stock()).toEqual(before);
    commerce.clock.advance(10 * MINUTE);
    await jobs().runDue();
    expect(await paymentOf(order.paymentId)).toMatchObject({ reconciliation: 'mismatch' });
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'EXPIRED' });
  });

  it('a callback and the reconciler arriving at the same moment settle the payment once', async () => {
    const guest = await commerce.guest();
    const before = await stock();
    const order = await place(guest, 2);
    callbacksLost = true;
    await pay(order.paymentLink, '4242424242424242').expect(303);
    callbacksLost = false;
    commerce.clock.advance(14 * MINUTE);
    await Promise.all([sandbox.callbacks.runDue(), jobs().runDue()]);
    expect(await orderOf(order.orderId, guest)).toMatchObject({ state: 'PAID', ticketsIssued: true });
    expect((await orderOf(order.orderId, guest)).pdfTickets).toHaveLength(2);
    expect(await stock()).toEqual({ held: before.held, sold: before.sold + 2 });
    expect(emailsFor(order.orderId)).toHaveLength(1);
    expect(await paymentOf(order.paymentId)).toMatchObject({ state: 'SUCCEEDED' });
  });
});
