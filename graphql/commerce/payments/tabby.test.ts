import { createServer, type Server } from 'node:http';
import express from 'express';
import * as esbuild from 'esbuild';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { fromRoot } from '#platform/paths.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startCommerceService, type RunningCommerceService, type TestCustomer } from '../test-support/commerce-fixture.ts';
import { TABBY_TEST_BUYERS, TabbyEmulator } from '../test-support/tabby-emulator.ts';
import {
  halalasOf,
  providerPaymentOf,
  tabbyAmount,
  TabbyInstalments,
  TabbyPaymentStillOpen,
  TabbyRefused,
  TabbyUnavailable,
  type TabbyPaymentObject,
} from './tabby.ts';

/**
 * Tabby as the instalment provider (decision 0042): the service's real HTTP client against the
 * emulator of Tabby's API, webhooks over the network to the service's own route with the header
 * they were registered with, on each database engine.
 */

type Data = Record<string, any>;

const EVENT = 'evt_nabd_2026';
const SECRET_KEY = 'sk_test_emulatedTabbySecretKey';
const PUBLIC_KEY = 'pk_test_emulatedTabbyPublicKey';
const MERCHANT_CODE = 'NABD_KSA';
const WEBHOOK_HEADER = 'X-Nabd-Webhook-Token';
const WEBHOOK_SECRET = 'a-webhook-secret-registered-with-tabby';
const ORDER_CREATE = `mutation($input: OrderCreateInput!) {
  orderCreate(input: $input) { orderId paymentLink secretUuid validationResult { isValid problems { field message } } } }`;
const ORDER = `query($orderId: ID!, $secretUuid: ID) { order(orderId: $orderId, secretUuid: $secretUuid) { id state } }`;
const CART_CREATE = `mutation($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { id } }`;
const PRESCORE = `mutation($input: TabbyPrescoringInput!) {
  tabbyPrescoring(input: $input) { isCustomerEligible notEligibleTickets rejectionReason instalmentAmount { amount currency } } }`;

async function listen(app: express.Express): Promise<{ server: Server; origin: string }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

describe.each(databaseBackends)('Tabby as the instalment provider, on $name', (backend) => {
  let commerce: RunningCommerceService;
  let tabby: TabbyEmulator;
  let site: { server: Server; origin: string };
  const paid: string[] = [];

  beforeAll(async () => {
    let now = () => new Date();
    tabby = new TabbyEmulator({ secretKey: SECRET_KEY, publicKey: PUBLIC_KEY, merchantCode: MERCHANT_CODE, clock: () => now() });
    const apiUrl = await tabby.start();
    // The service's routes listen before the service exists, so that its public origin is known.
    let routes: express.Router = express.Router();
    site = await listen(express().use('/commerce', (req, res, next) => routes(req, res, next)));
    const settings = {
      secretKey: SECRET_KEY,
      publicKey: PUBLIC_KEY,
      merchantCode: MERCHANT_CODE,
      apiUrl,
      webhookHeader: WEBHOOK_HEADER,
      webhookSecret: WEBHOOK_SECRET,
    };
    commerce = await startCommerceService(backend, {
      baseUrl: site.origin,
      tabby: settings,
      tabbyTimeoutMs: 400,
      onOrderPaid: async (orderId) => void paid.push(orderId),
      holdSweepIntervalMs: 0,
    });
    routes = commerce.service.http;
    now = commerce.clock.now;
    // What an operator does once (npm run tabby:webhook), through the same client.
    const client = new TabbyInstalments({ ...settings, logger: createLogger({ level: 'silent' }) });
    await client.registerWebhook(`${site.origin}/commerce/payments/tabby/webhook`, { title: WEBHOOK_HEADER, value: WEBHOOK_SECRET });
  });
  afterAll(async () => {
    await commerce?.close();
    site?.server.closeAllConnections();
    await new Promise((resolve) => (site ? site.server.close(resolve) : resolve(undefined)));
    await tabby?.stop();
  });
  beforeEach(() => {
    commerce.clock.set('2026-11-21T12:00:00Z');
    tabby.failNext(0);
    tabby.answerSlowly(0);
    tabby.dropWebhooks(0);
    tabby.sendWebhooksTwice(false);
    tabby.chargeAmount(undefined);
    tabby.setLimits({ min: 100_00, max: 5000_00 });
  });

  const ok = async (query: string, variables: Data, who?: TestCustomer) => {
    const body = (await commerce.call({ query, variables }, who?.accessToken)).body;
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const details = (cartId: string, buyer: { email: string; phone: string } = TABBY_TEST_BUYERS.success) => ({
    cartId,
    eventId: EVENT,
    customer: { email: buyer.email, confirmEmail: buyer.email, firstName: 'Layla', lastName: 'Haddad', phoneNumber: buyer.phone },
    billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
    paymentMethod: 'INSTALMENTS',
    acceptedTerms: true,
    returnUrl: `${site.origin}/ar/events/nabd-festival-2026/tickets/confirmation`,
    locale: 'ar',
  });
  const cart = async (who: TestCustomer, quantity = 2) =>
    (await ok(CART_CREATE, { eventId: EVENT, input: { items: [{ catalogueItemId: 'tkt_nabd_ga', quantity }] } }, who)).cartCreate
      .id as string;
  const place = async (buyer: { email: string; phone: string } = TABBY_TEST_BUYERS.success) => {
    const guest = await commerce.guest();
    const placed = (await ok(ORDER_CREATE, { input: details(await cart(guest), buyer) }, guest)).orderCreate;
    expect(placed.validationResult).toEqual({ isValid: true, problems: [] });
    const session = [...tabby.sessions.values()].find(
      (candidate) => new URL(placed.paymentLink).searchParams.get('sessionId') === candidate.id,
    )!;
    return {
      guest,
      orderId: placed.orderId as string,
      secretUuid: placed.secretUuid as string,
      paymentId: session.paymentId,
      link: placed.paymentLink,
    };
  };
  /** The tables as they stand, read directly (a GraphQL read of a pending order asks Tabby). */
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
  const total = async (orderId: string) =>
    (await queryRows<{ total: number }>(commerce.database.db, sql`select total from commerce.orders where id = ${orderId}`))[0]!.total;
  const webhook = (body: Data, header: Record<string, string> = { [WEBHOOK_HEADER]: WEBHOOK_SECRET }) =>
    commerce.http().post('/commerce/payments/tabby/webhook').set(header).send(body);

  it('pre-scores through a checkout session: eligible for four payments, or each of Tabby’s rejection reasons', async () => {
    const guest = await commerce.guest();
    const prescore = async (buyer: { email: string; phone: string }, quantity = 2) =>
      (
        await ok(
          PRESCORE,
          { input: { cartId: await cart(guest, quantity), eventId: EVENT, email: buyer.email, phoneNumber: buyer.phone } },
          guest,
        )
      ).tabbyPrescoring;
    const before = tabby.sessions.size;
    // 2 × 595.00 SAR = 1190.00: four payments of 297.50.
    expect(await prescore(TABBY_TEST_BUYERS.success)).toEqual({
      isCustomerEligible: true,
      notEligibleTickets: [],
      rejectionReason: null,
      instalmentAmount: { amount: '297.50', currency: 'SAR' },
    });
    const session = [...tabby.sessions.values()].at(-1)!;
    expect(tabby.view(session.paymentId)).toMatchObject({ amount: '1190.00', currency: 'SAR', buyer: { phone: '+966500000001' } });
    expect(await prescore(TABBY_TEST_BUYERS.prescoringRejected)).toMatchObject({
      isCustomerEligible: false,
      rejectionReason: 'NOT_AVAILABLE',
    });
    tabby.setLimits({ min: 2000_00, max: 5000_00 });
    expect(await prescore({ email: 'low@example.com', phone: '+966 50 000 0003' })).toMatchObject({
      rejectionReason: 'ORDER_AMOUNT_TOO_LOW',
    });
    tabby.setLimits({ min: 100_00, max: 1000_00 });
    expect(await prescore({ email: 'high@example.com', phone: '+966 50 000 0004' })).toMatchObject({
      rejectionReason: 'ORDER_AMOUNT_TOO_HIGH',
    });
    expect(tabby.sessions.size - before).toBe(4);
    // The same buyer and amount again within minutes: the answer kept, no new session.
    await prescore(TABBY_TEST_BUYERS.success);
    expect(tabby.sessions.size - before).toBe(4);
    expect(tabby.calls.every((call) => call.authorized)).toBe(true);
  });

  it('a buyer Tabby turns down cannot choose instalments, and nothing is held', async () => {
    const before = await sold();
    const guest = await commerce.guest();
    const body = (
      await commerce.call(
        { query: ORDER_CREATE, variables: { input: details(await cart(guest), TABBY_TEST_BUYERS.prescoringRejected) } },
        guest.accessToken,
      )
    ).body;
    expect(body.data.orderCreate.validationResult.isValid).toBe(false);
    expect(body.data.orderCreate.validationResult.problems).toEqual([{ field: 'paymentMethod', message: 'validation:choice' }]);
    expect(await sold()).toEqual(before);
  });

  it('opens a session for the order with its lines, and every merchant URL leads back to its confirmation', async () => {
    const { orderId, paymentId, link } = await place();
    const url = new URL(link);
    expect(url.origin).toBe(tabby.origin);
    expect(url.searchParams.get('apiKey')).toBe(PUBLIC_KEY);
    const session = [...tabby.sessions.values()].find((candidate) => candidate.paymentId === paymentId)!;
    const back = `${site.origin}/ar/events/nabd-festival-2026/tickets/confirmation?orderId=${orderId}`;
    expect(session).toMatchObject({ lang: 'ar', merchant_urls: { success: back, cancel: back, failure: back } });
    expect(tabby.view(paymentId)).toMatchObject({
      status: 'CREATED',
      amount: tabbyAmount(await total(orderId)),
      order: { reference_id: orderId },
      buyer: { email: TABBY_TEST_BUYERS.success.email, phone: '+966500000001', name: 'Layla Haddad' },
    });
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT', payment_state: 'PENDING' });
  });

  it('approved on Tabby’s page: its webhook alone pays the order, which is then captured in full, once', async () => {
    const { orderId, paymentId } = await place();
    const next = await tabby.approve(paymentId);
    expect(new URL(next).searchParams.get('orderId')).toBe(orderId);
    expect(new URL(next).searchParams.get('payment_id')).toBe(paymentId);
    expect(await stored(orderId)).toMatchObject({ state: 'PAID', payment_state: 'SUCCEEDED', reconciliation: 'paid' });
    expect(paid.filter((id) => id === orderId)).toHaveLength(1);
    // Captured right after the order was paid: Tabby closes a payment captured in full.
    const payment = tabby.view(paymentId);
    expect(payment.status).toBe('CLOSED');
    expect(payment.captures).toEqual([
      expect.objectContaining({ amount: tabbyAmount(await total(orderId)), reference_id: `capture-${paymentId}` }),
    ]);
    // Tabby's webhooks for the capture and the close were checked and changed nothing.
    expect(
      tabby.deliveries.filter((delivery) => delivery.paymentId === paymentId).map((delivery) => [delivery.status, delivery.outcome]),
    ).toEqual([
      ['authorized', 200],
      ['authorized', 200],
      ['closed', 200],
    ]);
  });

  it('rejected on Tabby’s page: the order fails and gives its tickets back', async () => {
    const before = await sold();
    const { orderId, paymentId } = await place(TABBY_TEST_BUYERS.paymentRejected);
    expect(await sold()).not.toEqual(before);
    await tabby.approve(paymentId);
    expect(tabby.view(paymentId).status).toBe('REJECTED');
    expect(await stored(orderId)).toMatchObject({ state: 'PAYMENT_FAILED', payment_state: 'DECLINED', failure_reason: 'declined' });
    expect(await sold()).toEqual(before);
  });

  it('cancelled on Tabby’s page: the order is cancelled at once and its cart is the buyer’s again', async () => {
    const before = await sold();
    const { orderId, paymentId } = await place();
    const next = await tabby.cancel(paymentId);
    expect(new URL(next).searchParams.get('orderId')).toBe(orderId);
    expect(await stored(orderId)).toMatchObject({ state: 'CANCELLED', payment_state: 'VOIDED', failure_reason: 'voided_at_provider' });
    expect(await sold()).toEqual(before);
  });

  it('a redirect without a webhook pays the order when the buyer comes back to the confirmation', async () => {
    const { guest, orderId, secretUuid, paymentId } = await place();
    tabby.dropWebhooks(1);
    await tabby.approve(paymentId);
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT' });
    // The confirmation page reads the order: the service asks Tabby.
    expect((await ok(ORDER, { orderId, secretUuid }, guest)).order.state).toBe('PAID');
    expect(paid.filter((id) => id === orderId)).toHaveLength(1);
    expect(tabby.view(paymentId).status).toBe('CLOSED');
  });

  it('a forged webhook is refused with 401 before its body is read, and changes nothing', async () => {
    const { orderId, paymentId } = await place();
    tabby.dropWebhooks(1);
    await tabby.approve(paymentId);
    const body = { ...tabby.view(paymentId), status: 'authorized' };
    const forged: Record<string, string>[] = [
      {},
      { [WEBHOOK_HEADER]: 'a-guessed-token' },
      { [WEBHOOK_HEADER]: WEBHOOK_SECRET.slice(0, -1) },
      { 'X-Another-Header': WEBHOOK_SECRET },
      { Authorization: `Bearer ${WEBHOOK_SECRET}` },
    ];
    for (const header of forged) {
      expect((await webhook(body, header)).status).toBe(401);
    }
    expect((await webhook({ garbage: true }, {})).status).toBe(401);
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT', payment_state: 'PENDING', reconciliation: null });
    // With the header, the same body is only a hint: Tabby is asked, and says the payment is approved.
    expect((await webhook(body)).body).toEqual({ outcome: 'paid' });
  });

  it('a webhook sent twice, and replayed later, pays the order once and captures it once', async () => {
    const before = await sold();
    const { orderId, paymentId } = await place();
    tabby.sendWebhooksTwice();
    await tabby.approve(paymentId);
    expect(tabby.deliveries.filter((delivery) => delivery.paymentId === paymentId).every((delivery) => delivery.outcome === 200)).toBe(
      true,
    );
    const replay = await webhook({ ...tabby.view(paymentId), status: 'authorized' });
    expect(replay.body).toEqual({ outcome: 'unchanged' });
    expect(paid.filter((id) => id === orderId)).toHaveLength(1);
    expect((await sold()).sold - before.sold).toBe(2);
    expect(tabby.view(paymentId).captures).toHaveLength(1);
    // A payment that is not ours (another shop on the merchant code) is answered and left alone.
    expect((await webhook({ id: '00000000-0000-0000-0000-000000000000', status: 'authorized' })).body).toEqual({ outcome: 'unknown' });
  });

  it('a payment of another amount than the order is refused, logged, never paid and never captured', async () => {
    const { orderId, paymentId } = await place();
    tabby.chargeAmount(100_00);
    await tabby.approve(paymentId);
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT', payment_state: 'PENDING', reconciliation: 'mismatch' });
    expect(paid).not.toContain(orderId);
    expect(tabby.view(paymentId)).toMatchObject({ status: 'AUTHORIZED', captures: [] });
  });

  it('Tabby timing out or failing at checkout is a clear refusal, and the order gives its tickets back', async () => {
    const before = await sold();
    for (const trouble of [() => tabby.answerSlowly(1000), () => tabby.failNext(2)]) {
      trouble();
      const guest = await commerce.guest();
      // A buyer of their own: no pre-scoring answer is kept for them.
      const buyer = { email: `slow-${Math.random()}@example.com`, phone: TABBY_TEST_BUYERS.success.phone };
      const body = (
        await commerce.call({ query: ORDER_CREATE, variables: { input: details(await cart(guest), buyer) } }, guest.accessToken)
      ).body;
      expect(body.errors?.[0]?.extensions?.code).toBe('PAYMENT_DECLINED');
      tabby.answerSlowly(0);
      tabby.failNext(0);
    }
    // Pre-scored already (the answer kept), Tabby failing when the session for the order is opened.
    const guest = await commerce.guest();
    await ok(
      PRESCORE,
      { input: { cartId: await cart(guest), eventId: EVENT, email: 'kept@example.com', phoneNumber: '+966500000001' } },
      guest,
    );
    tabby.failNext(1);
    const body = (
      await commerce.call(
        { query: ORDER_CREATE, variables: { input: details(await cart(guest), { email: 'kept@example.com', phone: '+966500000001' }) } },
        guest.accessToken,
      )
    ).body;
    expect(body.errors?.[0]?.extensions?.code).toBe('PAYMENT_DECLINED');
    expect(await sold()).toEqual(before);
  });

  it('Tabby down when its webhook comes: 503, and the reconciliation pays and captures the order once, later', async () => {
    const { orderId, paymentId } = await place();
    tabby.failNext(1);
    await tabby.approve(paymentId);
    expect(tabby.deliveries.at(-1)).toMatchObject({ paymentId, status: 'authorized', outcome: 503 });
    expect(await stored(orderId)).toMatchObject({ state: 'PENDING_PAYMENT' });
    // A minute before the hold ends the reconciler asks Tabby.
    commerce.clock.advance(14 * 60_000 + 1000);
    await commerce.service.parts.jobs.runDue();
    expect(await stored(orderId)).toMatchObject({ state: 'PAID', reconciliation: 'paid' });
    expect(paid.filter((id) => id === orderId)).toHaveLength(1);
    expect(tabby.view(paymentId)).toMatchObject({ status: 'CLOSED', captures: [expect.anything()] });
  });

  it('a capture that fails is retried by the queue until Tabby takes it', async () => {
    const { orderId, paymentId } = await place();
    tabby.failNext(1, /\/captures$/);
    await tabby.approve(paymentId);
    expect(await stored(orderId)).toMatchObject({ state: 'PAID', payment_state: 'SUCCEEDED' });
    expect(tabby.view(paymentId)).toMatchObject({ status: 'AUTHORIZED', captures: [] });
    // The queue's backoff: 5 s (±10%) after the first attempt.
    commerce.clock.advance(6_000);
    await commerce.service.parts.jobs.runDue();
    expect(tabby.view(paymentId)).toMatchObject({
      status: 'CLOSED',
      captures: [expect.objectContaining({ reference_id: `capture-${paymentId}` })],
    });
  });

  it('a buyer still on Tabby’s page when the hold runs out: closed as soon as Tabby approves it late', async () => {
    const { orderId, paymentId } = await place();
    commerce.clock.advance(16 * 60_000);
    await commerce.service.parts.lifecycle.expireDue();
    // The reconciler cannot close a payment still open on Tabby's page: its job fails and waits.
    await commerce.service.parts.jobs.runDue();
    expect(await stored(orderId)).toMatchObject({ state: 'EXPIRED', payment_state: 'VOIDED', failure_reason: 'hold_expired' });
    // The buyer approves after all: the webhook finds our payment given up, and Tabby is told to close it.
    await tabby.approve(paymentId);
    expect(tabby.view(paymentId)).toMatchObject({ status: 'CLOSED', captures: [] });
    expect(await stored(orderId)).toMatchObject({ state: 'EXPIRED', payment_state: 'VOIDED', reconciliation: 'void_confirmed' });
    expect(paid).not.toContain(orderId);
  });
});

describe('the Tabby client', () => {
  let tabby: TabbyEmulator;
  let client: TabbyInstalments;
  let now = new Date('2026-11-21T12:00:00Z');
  const logger = createLogger({ level: 'silent' });
  const request = (orderId: string, amount = 25_000) => ({
    orderId,
    amount,
    currency: 'SAR' as const,
    description: `Nabd order ${orderId}`,
    locale: 'en' as const,
    returnUrl: 'https://nabd.test/tickets/confirmation',
    callbackUrl: 'https://nabd.test/commerce/payments/callback',
    email: TABBY_TEST_BUYERS.success.email,
    buyer: { name: 'Layla Haddad', phoneNumber: '+966 50 000 0001', city: 'Riyadh', address: 'King Fahd Road 1' },
  });

  beforeAll(async () => {
    tabby = new TabbyEmulator({ secretKey: SECRET_KEY, publicKey: PUBLIC_KEY, merchantCode: MERCHANT_CODE, clock: () => now });
    const apiUrl = await tabby.start();
    client = new TabbyInstalments({ secretKey: SECRET_KEY, merchantCode: MERCHANT_CODE, apiUrl, timeoutMs: 300, clock: () => now, logger });
  });
  afterAll(() => tabby.stop());
  beforeEach(() => {
    now = new Date('2026-11-21T12:00:00Z');
    tabby.failNext(0);
    tabby.answerSlowly(0);
  });

  it('turns halalas into SAR decimal strings and back exactly, without floating point', () => {
    expect(tabbyAmount(0)).toBe('0.00');
    expect(tabbyAmount(5)).toBe('0.05');
    expect(tabbyAmount(29_750)).toBe('297.50');
    expect(tabbyAmount(900_719_925_474_099)).toBe('9007199254740.99');
    expect(() => tabbyAmount(-1)).toThrow();
    expect(() => tabbyAmount(1.5)).toThrow();
    expect(halalasOf('1190')).toBe(119_000);
    expect(halalasOf('1190.5')).toBe(119_050);
    expect(halalasOf('1190.50')).toBe(119_050);
    expect(halalasOf('1190.500')).toBe(119_050);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; here it is 30 halalas.
    expect(halalasOf('0.1') + halalasOf('0.2')).toBe(halalasOf('0.3'));
    for (const amount of [0, 1, 99, 100, 12_345, 499_999, 500_000]) expect(halalasOf(tabbyAmount(amount))).toBe(amount);
    for (const wrong of ['1190.505', '-5', '1e3', '', 'SAR 10', '10,00']) expect(() => halalasOf(wrong)).toThrow(TabbyRefused);
  });

  it('maps Tabby’s statuses to ours', () => {
    const payment = (status: TabbyPaymentObject['status'], extra: Partial<TabbyPaymentObject> = {}): TabbyPaymentObject => ({
      id: 'p',
      status,
      amount: '250.00',
      currency: 'SAR',
      ...extra,
    });
    const capture = { id: 'c', amount: '250.00', created_at: '2026-11-21T12:01:00Z' };
    expect(providerPaymentOf(payment('CREATED'))).toEqual({ status: 'OPEN', amount: 25_000, currency: 'SAR' });
    expect(providerPaymentOf(payment('AUTHORIZED'))).toEqual({ status: 'SUCCEEDED', amount: 25_000, currency: 'SAR' });
    expect(providerPaymentOf(payment('CLOSED', { captures: [capture] }))).toEqual({
      status: 'SUCCEEDED',
      amount: 25_000,
      currency: 'SAR',
      succeededAt: new Date('2026-11-21T12:01:00Z'),
    });
    expect(providerPaymentOf(payment('CLOSED'))).toMatchObject({ status: 'VOIDED' });
    expect(providerPaymentOf(payment('CLOSED', { captures: [capture], refunds: [{ ...capture, id: 'r' }] }))).toMatchObject({
      status: 'VOIDED',
    });
    // Partly refunded: what is kept no longer matches the order, which the reconciler reports.
    expect(
      providerPaymentOf(payment('CLOSED', { captures: [capture], refunds: [{ ...capture, id: 'r', amount: '50.00' }] })),
    ).toMatchObject({
      status: 'SUCCEEDED',
      amount: 20_000,
    });
    expect(providerPaymentOf(payment('REJECTED'))).toMatchObject({ status: 'DECLINED' });
    expect(providerPaymentOf(payment('EXPIRED'))).toMatchObject({ status: 'VOIDED' });
  });

  it('gives money back: an approved payment closed, a captured one refunded, each once', async () => {
    const approved = await client.createPayment(request('NBD-1'));
    await tabby.approve(approved.paymentId);
    await client.voidPayment(approved.paymentId);
    expect(tabby.view(approved.paymentId)).toMatchObject({ status: 'CLOSED', captures: [], refunds: [] });
    expect(await client.fetchPayment(approved.paymentId)).toMatchObject({ status: 'VOIDED' });

    const captured = await client.createPayment(request('NBD-2'));
    await tabby.approve(captured.paymentId);
    await client.capturePayment(captured.paymentId, 25_000);
    await client.capturePayment(captured.paymentId, 25_000);
    expect(tabby.view(captured.paymentId)).toMatchObject({ status: 'CLOSED', captures: [expect.objectContaining({ amount: '250.00' })] });
    expect(await client.fetchPayment(captured.paymentId)).toMatchObject({ status: 'SUCCEEDED', amount: 25_000 });
    await client.voidPayment(captured.paymentId);
    await client.voidPayment(captured.paymentId);
    expect(tabby.view(captured.paymentId).refunds).toEqual([
      expect.objectContaining({ amount: '250.00', reference_id: `refund-${captured.paymentId}` }),
    ]);
    expect(await client.fetchPayment(captured.paymentId)).toMatchObject({ status: 'VOIDED' });
  });

  it('cannot close a payment the buyer has not finished: asked again until Tabby expires it', async () => {
    const open = await client.createPayment(request('NBD-3'));
    await expect(client.voidPayment(open.paymentId)).rejects.toBeInstanceOf(TabbyPaymentStillOpen);
    await expect(client.capturePayment(open.paymentId, 25_000)).rejects.toBeInstanceOf(TabbyRefused);
    // 25 minutes after it was created, Tabby expires it: nothing left to close.
    now = new Date(now.getTime() + 25 * 60_000);
    expect(await client.fetchPayment(open.paymentId)).toMatchObject({ status: 'VOIDED' });
    await client.voidPayment(open.paymentId);
    expect(await client.fetchPayment('00000000-0000-0000-0000-000000000000')).toBeUndefined();
    await client.voidPayment('00000000-0000-0000-0000-000000000000');
  });

  it('refuses a session Tabby rejects, and asks nothing without the buyer’s e-mail and phone', async () => {
    await expect(client.createPayment({ ...request('NBD-4'), amount: 9_000_00 })).rejects.toThrow(
      /order_amount_too_high|ORDER_AMOUNT_TOO_HIGH/,
    );
    const calls = tabby.calls.length;
    await expect(client.prescore({ amount: 25_000, email: 'sam@example.com' })).rejects.toBeInstanceOf(TabbyRefused);
    expect(tabby.calls.length).toBe(calls);
  });

  it('a slow, busy or failing Tabby is "unavailable", so the reconciler asks again later', async () => {
    tabby.answerSlowly(1000);
    await expect(client.fetchPayment('any')).rejects.toBeInstanceOf(TabbyUnavailable);
    tabby.answerSlowly(0);
    tabby.failNext(1);
    await expect(client.fetchPayment('any')).rejects.toBeInstanceOf(TabbyUnavailable);
  });

  it('a wrong secret key is refused by Tabby, and the key never shows in the error', async () => {
    const wrong = new TabbyInstalments({ secretKey: 'sk_test_wrongKey', merchantCode: MERCHANT_CODE, apiUrl: tabby.origin, logger });
    const failure = await wrong.createPayment(request('NBD-5')).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(TabbyRefused);
    expect((failure as Error).message).toMatch(/401/);
    expect((failure as Error).message).not.toContain('sk_test_wrongKey');
  });

  it('registers the webhook once per URL, and updates its header when registered again', async () => {
    const url = 'https://nabd.test/commerce/payments/tabby/webhook';
    const first = await client.registerWebhook(url, { title: WEBHOOK_HEADER, value: 'the-first-secret-value-of-24' });
    const again = await client.registerWebhook(url, { title: WEBHOOK_HEADER, value: 'a-rotated-secret-value-of-24' });
    expect(again).toBe(first);
    expect([...tabby.webhooks.values()].filter((webhook) => webhook.url === url)).toEqual([
      expect.objectContaining({ header: { title: WEBHOOK_HEADER, value: 'a-rotated-secret-value-of-24' }, is_test: true }),
    ]);
  });
});

describe('the server bundle', () => {
  it('holds neither payment emulator: they are for tests only', async () => {
    // What scripts/build.ts bundles into dist/server.
    const built = await esbuild.build({
      absWorkingDir: fromRoot(),
      entryPoints: ['server/main.ts', 'scripts/content-cli.ts', 'scripts/tabby-webhook.ts'],
      outdir: 'dist/server',
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      packages: 'external',
      jsx: 'automatic',
      loader: { '.graphql': 'text', '.sql': 'text' },
      logLevel: 'silent',
    });
    const inputs = Object.keys(built.metafile.inputs);
    expect(inputs).toContain('graphql/commerce/payments/tabby.ts');
    expect(inputs.filter((input) => input.includes('test-support/'))).toEqual([]);
  }, 60_000);
});
