import { createServer, type Server } from 'node:http';
import express from 'express';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startCommerceService, type RunningCommerceService, type TestCustomer } from '../test-support/commerce-fixture.ts';
import { MOYASAR_TEST_CARDS, MoyasarEmulator } from '../test-support/moyasar-emulator.ts';
import { MoyasarGateway, MoyasarUnavailable } from './moyasar.ts';

/**
 * Moyasar as the card gateway (decision 0036): the service's real HTTP client against the
 * emulator of Moyasar's API, webhooks over the network to the service's own route, on each
 * database engine.
 */

type Data = Record<string, any>;

const EVENT = 'evt_nabd_2026';
const SECRET_KEY = 'sk_test_emulatedSecretKey';
const WEBHOOK_SECRET = 'a-webhook-secret-token-of-the-dashboard';
const ORDER_CREATE = `mutation($input: OrderCreateInput!) {
  orderCreate(input: $input) { orderId paymentLink secretUuid validationResult { isValid problems { field message } } } }`;
const ORDER = `query($orderId: ID!, $secretUuid: ID) { order(orderId: $orderId, secretUuid: $secretUuid) { id state } }`;
const CART_CREATE = `mutation($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { id } }`;
const TICKETS_INFO = `query($eventId: ID!, $ticketIds: [ID!]!) { ticketsInfo(eventId: $eventId, ticketIds: $ticketIds) { ticketId paymentMethods } }`;

async function listen(app: express.Express): Promise<{ server: Server; origin: string }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

describe.each(databaseBackends)('Moyasar as the card gateway, on $name', (backend) => {
  let commerce: RunningCommerceService;
  let moyasar: MoyasarEmulator;
  let site: { server: Server; origin: string };
  const paid: string[] = [];

  beforeAll(async () => {
    let now = () => new Date();
    moyasar = new MoyasarEmulator({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, clock: () => now() });
    const apiUrl = await moyasar.start();
    // The service's routes listen before the service exists, so that its public origin is known.
    let routes: express.Router = express.Router();
    site = await listen(express().use('/commerce', (req, res, next) => routes(req, res, next)));
    commerce = await startCommerceService(backend, {
      baseUrl: site.origin,
      moyasar: { secretKey: SECRET_KEY, publishableKey: 'pk_test_emulated', webhookSecret: WEBHOOK_SECRET, apiUrl },
      moyasarTimeoutMs: 400,
      onOrderPaid: async (orderId) => void paid.push(orderId),
      holdSweepIntervalMs: 0,
    });
    routes = commerce.service.http;
    now = commerce.clock.now;
    moyasar.webhookUrl = `${site.origin}/commerce/payments/moyasar/webhook`;
  });
  afterAll(async () => {
    await commerce?.close();
    site?.server.close();
    await moyasar?.stop();
  });
  beforeEach(() => {
    commerce.clock.set('2026-11-21T12:00:00Z');
    moyasar.failNext(0);
    moyasar.answerSlowly(0);
    moyasar.dropWebhooks(0);
    moyasar.sendWebhooksTwice(false);
    moyasar.chargeAmount(undefined);
  });

  const ok = async (query: string, variables: Data, who?: TestCustomer) => {
    const body = (await commerce.call({ query, variables }, who?.accessToken)).body;
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const details = (cartId: string) => ({
    cartId,
    eventId: EVENT,
    customer: {
      email: 'layla@example.com',
      confirmEmail: 'layla@example.com',
      firstName: 'Layla',
      lastName: 'Haddad',
      phoneNumber: '+966 50 123 4567',
    },
    billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
    paymentMethod: 'CREDIT_CARD',
    acceptedTerms: true,
    returnUrl: `${site.origin}/events/nabd-festival-2026/tickets/confirmation`,
    locale: 'en',
  });
  const cart = async (who: TestCustomer) =>
    (await ok(CART_CREATE, { eventId: EVENT, input: { items: [{ catalogueItemId: 'tkt_nabd_ga', quantity: 2 }] } }, who)).cartCreate
      .id as string;
  const place = async () => {
    const guest = await commerce.guest();
    const placed = (await ok(ORDER_CREATE, { input: details(await cart(guest)) }, guest)).orderCreate;
    expect(placed.validationResult.isValid).toBe(true);
    const invoiceId = new URL(placed.paymentLink).pathname.split('/').at(-1)!;
    return { guest, orderId: placed.orderId as string, secretUuid: placed.secretUuid as string, invoiceId };
  };
  /** The tables as they stand, read directly (a GraphQL read of a pending order asks Moyasar). */
  const stored = async (orderId: string) =>
    (
      await queryRows<{ state: string; payment_state: string; failure_reason: string | null; reconciliation: string | null }>(
        commerce.database.db,
        sql`select o.state, p.state as payment_state, p.failure_reason, p.reconciliation
            from commerce.orders o join commerce.payments p on p.order_id = o.id where o.id = ${orderId}`,
      )
    )[0]!;
  const sold = async () =>
    (
      await queryRows<{ held: number; sold: number }>(
        commerce.database.db,
        sql`select held, sold from commerce.tickets where id = 'tkt_nabd_ga'`,
      )
    )[0]!;
  const webhook = (body: Data) => commerce.http().post('/commerce/payments/moyasar/webhook').send(body);

  it('creates an invoice for the order with HTTP Basic, and sends the buyer to its hosted page', async () => {
    const { orderId, invoiceId } = await place();
    const invoice = moyasar.invoice(invoiceId);
    expect(invoice).toMatchObject({
      status: 'initiated',
      amount: (await queryRows<{ total: number }>(commerce.database.db, sql`select total from commerce.orders where id = ${orderId}`))[0]!
        .total,
      currency: 'SAR',
      metadata: { order_id: orderId },
      callback_url: `${site.origin}/commerce/payments/moyasar/invoice-callback`,
      success_url: `${site.origin}/events/nabd-festival-2026/tickets/confirmation?orderId=${orderId}`,
      back_url: `${site.origin}/events/nabd-festival-2026/tickets/confirmation?orderId=${orderId}`,
    });
    expect(invoice.url).toBe(`${moyasar.origin}/invoices/${invoiceId}`);
    expect(moyasar.calls.every((call) => call.authorized)).toBe(true);
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT', payment_state: 'PENDING' });
  });

  it('a card paid on the hosted page pays the order by its webhook alone, before the buyer comes back', async () => {
    const { orderId, invoiceId } = await place();
    const next = await moyasar.pay(invoiceId, MOYASAR_TEST_CARDS.success);
    expect(next).toContain(`orderId=${orderId}`);
    expect(moyasar.webhooks.at(-1)).toMatchObject({ type: 'payment_paid', status: 200 });
    expect(await stored(orderId)).toMatchObject({ state: 'PAID', payment_state: 'SUCCEEDED', reconciliation: 'paid' });
    expect(paid.filter((id) => id === orderId)).toHaveLength(1);
  });

  it('a declined card fails the order and gives its tickets back; insufficient funds are told apart', async () => {
    const before = await sold();
    const declined = await place();
    await moyasar.pay(declined.invoiceId, MOYASAR_TEST_CARDS.declined);
    expect(await stored(declined.orderId)).toMatchObject({
      state: 'PAYMENT_FAILED',
      payment_state: 'DECLINED',
      failure_reason: 'declined',
    });
    const poor = await place();
    await moyasar.pay(poor.invoiceId, MOYASAR_TEST_CARDS.insufficientFunds);
    expect(await stored(poor.orderId)).toMatchObject({ state: 'PAYMENT_FAILED', failure_reason: 'insufficient_funds' });
    expect(await sold()).toEqual(before);
  });

  it('a card with a 3-D Secure step pays only once the step is approved', async () => {
    const { orderId, invoiceId } = await place();
    const step = await moyasar.pay(invoiceId, MOYASAR_TEST_CARDS.threeDSecure);
    expect(step).toContain('/3ds/');
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT' });
    await moyasar.completeThreeDSecure(step.split('/').at(-1)!, true);
    expect(await stored(orderId)).toMatchObject({ state: 'PAID', payment_state: 'SUCCEEDED' });
  });

  it('a failed 3-D Secure step fails the order with its own reason (decision 0048)', async () => {
    const { orderId, invoiceId } = await place();
    const step = await moyasar.pay(invoiceId, MOYASAR_TEST_CARDS.threeDSecure);
    await moyasar.completeThreeDSecure(step.split('/').at(-1)!, false);
    expect(await stored(orderId)).toMatchObject({ state: 'PAYMENT_FAILED', failure_reason: 'challenge_failed' });
  });

  it('a redirect without a webhook pays the order when the buyer comes back to the confirmation', async () => {
    const { guest, orderId, secretUuid, invoiceId } = await place();
    moyasar.dropWebhooks(1);
    await moyasar.pay(invoiceId, MOYASAR_TEST_CARDS.success);
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT' });
    // The confirmation page reads the order: the service asks Moyasar.
    expect((await ok(ORDER, { orderId, secretUuid }, guest)).order.state).toBe('PAID');
    expect(paid.filter((id) => id === orderId)).toHaveLength(1);
  });

  it('a forged webhook is refused with 401 and changes nothing', async () => {
    const { orderId, invoiceId } = await place();
    moyasar.dropWebhooks(1);
    await moyasar.pay(invoiceId, MOYASAR_TEST_CARDS.success);
    const payment = moyasar.invoice(invoiceId).payments[0]!;
    for (const token of ['a-guessed-token', '', WEBHOOK_SECRET.slice(0, -1)]) {
      const response = await webhook({ id: 'evt_1', type: 'payment_paid', secret_token: token, data: payment });
      expect(response.status).toBe(401);
    }
    expect((await webhook({ type: 'payment_paid', data: payment })).status).toBe(401);
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT', payment_state: 'PENDING', reconciliation: null });
  });

  it('a webhook sent twice, and replayed later, pays the order once', async () => {
    const before = await sold();
    const { orderId, invoiceId } = await place();
    moyasar.sendWebhooksTwice();
    await moyasar.pay(invoiceId, MOYASAR_TEST_CARDS.success);
    expect(moyasar.webhooks.slice(-2).map((delivery) => delivery.status)).toEqual([200, 200]);
    const replay = await webhook({
      id: 'evt_2',
      type: 'payment_paid',
      secret_token: WEBHOOK_SECRET,
      data: moyasar.invoice(invoiceId).payments[0],
    });
    expect(replay.body).toEqual({ outcome: 'unchanged' });
    expect(paid.filter((id) => id === orderId)).toHaveLength(1);
    expect((await sold()).sold - before.sold).toBe(2);
  });

  it('a payment of another amount than the order is refused, logged and never pays it', async () => {
    const { orderId, invoiceId } = await place();
    moyasar.chargeAmount(100);
    await moyasar.pay(invoiceId, MOYASAR_TEST_CARDS.success);
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT', payment_state: 'PENDING', reconciliation: 'mismatch' });
    expect(paid).not.toContain(orderId);
  });

  it('Moyasar timing out or failing at checkout is a clear refusal, and the order gives its tickets back', async () => {
    const before = await sold();
    for (const trouble of [() => moyasar.answerSlowly(1000), () => moyasar.failNext(1)]) {
      trouble();
      const guest = await commerce.guest();
      const body = (await commerce.call({ query: ORDER_CREATE, variables: { input: details(await cart(guest)) } }, guest.accessToken)).body;
      expect(body.errors?.[0]?.extensions?.code).toBe('PAYMENT_DECLINED');
      moyasar.answerSlowly(0);
    }
    expect(await sold()).toEqual(before);
  });

  it('Moyasar down when its webhook comes: 503, and the reconciliation pays the order once, later', async () => {
    const { orderId, invoiceId } = await place();
    // The webhook's check and the invoice callback's both meet a failing Moyasar.
    moyasar.failNext(2);
    await moyasar.pay(invoiceId, MOYASAR_TEST_CARDS.success);
    expect(moyasar.webhooks.at(-1)).toMatchObject({ status: 503 });
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT' });
    // A minute before the hold ends the reconciler asks Moyasar.
    commerce.clock.advance(14 * 60_000 + 1000);
    await commerce.service.parts.jobs.runDue();
    expect(await stored(orderId)).toMatchObject({ state: 'PAID', reconciliation: 'paid' });
    expect(paid.filter((id) => id === orderId)).toHaveLength(1);
  });

  it('an invoice nobody paid is cancelled at Moyasar when its hold runs out', async () => {
    const { orderId, invoiceId } = await place();
    commerce.clock.advance(16 * 60_000);
    await commerce.service.parts.lifecycle.expireDue();
    await commerce.service.parts.jobs.runDue();
    expect(await stored(orderId)).toMatchObject({ state: 'EXPIRED', payment_state: 'VOIDED', reconciliation: 'voided_open' });
    expect(moyasar.invoice(invoiceId).status).toBe('canceled');
  });

  it('a success after the hold ran out is given back at Moyasar', async () => {
    const { orderId, invoiceId } = await place();
    moyasar.dropWebhooks(1);
    await moyasar.pay(invoiceId, MOYASAR_TEST_CARDS.success);
    // Paid at Moyasar after our hold: the clock here moves past it before anyone hears.
    commerce.clock.advance(16 * 60_000);
    await commerce.service.parts.lifecycle.expireOverdue(orderId);
    await commerce.service.parts.jobs.runDue();
    expect(await stored(orderId)).toMatchObject({ state: 'EXPIRED', payment_state: 'VOIDED' });
    expect(moyasar.invoice(invoiceId).payments[0]!.status).toBe('voided');
  });

  it("wallets and instalments are not offered apart: Moyasar's page takes Apple Pay and STC Pay, and there is no instalment provider", async () => {
    const { ticketsInfo } = await ok(TICKETS_INFO, { eventId: EVENT, ticketIds: ['tkt_nabd_ga'] });
    expect(ticketsInfo[0].paymentMethods).toEqual(['CREDIT_CARD']);
    const guest = await commerce.guest();
    const body = (
      await commerce.call(
        { query: ORDER_CREATE, variables: { input: { ...details(await cart(guest)), paymentMethod: 'INSTALMENTS' } } },
        guest.accessToken,
      )
    ).body;
    expect(body.data.orderCreate.validationResult.isValid).toBe(false);
  });
});

describe('the Moyasar client gives money back: voided the same day, refunded after, an unpaid invoice cancelled', () => {
  let moyasar: MoyasarEmulator;
  let gateway: MoyasarGateway;
  let now = new Date('2026-11-21T12:00:00Z');
  const request = (orderId: string) => ({
    orderId,
    amount: 25_000,
    currency: 'SAR' as const,
    description: `Nabd order ${orderId}`,
    locale: 'en' as const,
    returnUrl: 'https://nabd.test/tickets/confirmation',
    callbackUrl: 'https://nabd.test/commerce/payments/callback',
  });

  beforeAll(async () => {
    moyasar = new MoyasarEmulator({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, clock: () => now });
    const apiUrl = await moyasar.start();
    gateway = new MoyasarGateway({
      secretKey: SECRET_KEY,
      apiUrl,
      invoiceCallbackUrl: 'https://nabd.test/commerce/payments/moyasar/invoice-callback',
      timeoutMs: 300,
      clock: () => now,
      logger: createLogger({ level: 'silent' }),
    });
  });
  afterAll(() => moyasar.stop());
  beforeEach(() => void (now = new Date('2026-11-21T12:00:00Z')));

  it('voids a payment taken today and reports it VOIDED', async () => {
    const { paymentId } = await gateway.createPayment(request('NBD-1'));
    await moyasar.pay(paymentId, MOYASAR_TEST_CARDS.success);
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ status: 'SUCCEEDED', amount: 25_000, currency: 'SAR' });
    await gateway.voidPayment(paymentId);
    expect(moyasar.invoice(paymentId).payments[0]!.status).toBe('voided');
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ status: 'VOIDED' });
    // Again: nothing more to give back.
    await gateway.voidPayment(paymentId);
  });

  it('refunds a payment taken on an earlier day', async () => {
    const { paymentId } = await gateway.createPayment(request('NBD-2'));
    await moyasar.pay(paymentId, MOYASAR_TEST_CARDS.success);
    now = new Date('2026-11-22T12:00:00Z');
    await gateway.voidPayment(paymentId);
    expect(moyasar.invoice(paymentId).payments[0]!.status).toBe('refunded');
    expect(moyasar.calls.filter((call) => call.path.endsWith('/refund'))).toHaveLength(1);
  });

  it('cancels an invoice nobody paid, and knows nothing of an invoice Moyasar never issued', async () => {
    const { paymentId } = await gateway.createPayment(request('NBD-3'));
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({ status: 'OPEN', amount: 25_000 });
    await gateway.voidPayment(paymentId);
    expect(moyasar.invoice(paymentId).status).toBe('canceled');
    expect(await gateway.fetchPayment('00000000-0000-0000-0000-000000000000')).toBeUndefined();
  });

  it('a slow or failing Moyasar is "unavailable", so the reconciler asks again later', async () => {
    moyasar.answerSlowly(1000);
    await expect(gateway.fetchPayment('any')).rejects.toBeInstanceOf(MoyasarUnavailable);
    moyasar.answerSlowly(0);
    moyasar.failNext(1);
    await expect(gateway.fetchPayment('any')).rejects.toBeInstanceOf(MoyasarUnavailable);
  });

  it('a wrong secret key is refused by Moyasar, and the key never shows in the error', async () => {
    const wrong = new MoyasarGateway({
      secretKey: 'sk_test_wrongKey',
      apiUrl: `${moyasar.origin}/v1`,
      invoiceCallbackUrl: 'https://nabd.test/x',
      logger: createLogger({ level: 'silent' }),
    });
    const failure = await wrong.createPayment(request('NBD-4')).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/401/);
    expect((failure as Error).message).not.toContain('sk_test_wrongKey');
  });
});
