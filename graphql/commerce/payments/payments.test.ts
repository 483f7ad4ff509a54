import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { queryRows } from '#platform/database.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startPaymentsFixture, BASE_URL, type PaymentsFixture } from '../test-support/payments-fixture.ts';
import { StockShortage } from '../inventory.ts';
import { newOrderId } from '../order-ids.ts';
import { signCallback, SIGNATURE_HEADER } from './signature.ts';
import type { PaymentCallback } from './payment-gateway.ts';

const path = (link: string) => new URL(link).pathname;
const card = (number: string) => ({ cardNumber: number, expiry: '12/29', cvc: '123' });

describe.each(databaseBackends)('payments on $name', (backend) => {
  let fixture: PaymentsFixture;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await backend.create();
    drop = database.drop;
    fixture = await startPaymentsFixture(database.url);
  });
  afterAll(async () => {
    await fixture?.close();
    await drop?.();
  });
  beforeEach(() => {
    fixture.clock.now = new Date('2026-11-21T12:00:00Z');
  });

  const pay = (link: string, number: string) => request(fixture.app).post(path(link)).type('form').send(card(number));

  const callback = (body: PaymentCallback | string, header?: string) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    return request(fixture.app)
      .post('/commerce/payments/callback')
      .set('content-type', 'application/json')
      .set(SIGNATURE_HEADER, header ?? signCallback(fixture.secret, raw, fixture.clock.now))
      .send(raw);
  };

  it('pays with the success card: the order is paid once, stock sold, cart completed, tickets issued', async () => {
    const ticket = await fixture.ticket(10);
    const order = await fixture.placeOrder(ticket, 3);
    expect(await fixture.stock(ticket)).toEqual({ capacity: 10, held: 3, sold: 0 });

    const page = await request(fixture.app).get(path(order.paymentLink)).expect(200);
    expect(page.text).toContain('SANDBOX');
    expect(page.text).toContain('4242 4242 4242 4242');
    expect(page.text).toContain('SAR\u00a0750.00');

    const paid = await pay(order.paymentLink, '4242 4242 4242 4242').expect(303);
    expect(paid.headers.location).toBe(`${BASE_URL}/tickets/confirmation?orderId=${order.orderId}`);
    expect(await fixture.order(order.orderId)).toEqual({
      state: 'PAID',
      cart_state: 'COMPLETED',
      payment_state: 'SUCCEEDED',
      failure_reason: null,
    });
    expect(await fixture.stock(ticket)).toEqual({ capacity: 10, held: 0, sold: 3 });
    expect(fixture.paidOrders.filter((id) => id === order.orderId)).toHaveLength(1);

    // Paying again on the page changes nothing: the payment is closed.
    await pay(order.paymentLink, '4242 4242 4242 4242').expect(409);
    expect(await fixture.stock(ticket)).toEqual({ capacity: 10, held: 0, sold: 3 });
  });

  it.each([
    ['4000 0000 0000 0002', 'declined'],
    ['4000000000009995', 'insufficient_funds'],
  ])('card %s fails the payment (%s): the hold is released and the cart reopens', async (number, reason) => {
    const ticket = await fixture.ticket(5);
    const order = await fixture.placeOrder(ticket, 2);
    await pay(order.paymentLink, number).expect(303);
    expect(await fixture.order(order.orderId)).toEqual({
      state: 'PAYMENT_FAILED',
      cart_state: 'ACTIVE',
      payment_state: 'DECLINED',
      failure_reason: reason,
    });
    expect(await fixture.stock(ticket)).toEqual({ capacity: 5, held: 0, sold: 0 });
    expect(fixture.paidOrders).not.toContain(order.orderId);
  });

  it('asks for 3-D Secure with the challenge card; approve pays, fail declines', async () => {
    const ticket = await fixture.ticket(5);
    const approved = await fixture.placeOrder(ticket, 1);
    const challenge = await pay(approved.paymentLink, '4000 0000 0000 3220').expect(303);
    expect(challenge.headers.location).toBe(`${path(approved.paymentLink)}/challenge`);
    expect((await fixture.order(approved.orderId)).payment_state).toBe('CHALLENGE');
    expect((await request(fixture.app).get(challenge.headers.location!).expect(200)).text).toContain('3-D Secure');
    await request(fixture.app).post(challenge.headers.location!).type('form').send({ decision: 'approve' }).expect(303);
    expect((await fixture.order(approved.orderId)).state).toBe('PAID');

    const failed = await fixture.placeOrder(ticket, 1);
    await pay(failed.paymentLink, '4000000000003220').expect(303);
    await request(fixture.app)
      .post(`${path(failed.paymentLink)}/challenge`)
      .type('form')
      .send({ decision: 'fail' })
      .expect(303);
    // Decision 0048: a failed 3-D Secure step is said apart from a decline.
    expect(await fixture.order(failed.orderId)).toEqual({
      state: 'PAYMENT_FAILED',
      cart_state: 'ACTIVE',
      payment_state: 'DECLINED',
      failure_reason: 'challenge_failed',
    });
    expect(await fixture.stock(ticket)).toEqual({ capacity: 5, held: 0, sold: 1 });
  });

  it('refuses a wrong card form with messages in the order language, and changes nothing', async () => {
    const ticket = await fixture.ticket(5);
    const order = await fixture.placeOrder(ticket, 1);
    const refused = await request(fixture.app)
      .post(path(order.paymentLink))
      .type('form')
      .send({ cardNumber: '1234 5678 9012 3456', expiry: '01/20', cvc: '12' })
      .expect(422);
    expect(refused.text).toContain('Enter one of the test card numbers below.');
    expect(refused.text).toContain('Enter an expiry date in the future, as MM/YY.');
    expect(refused.text).toContain('Enter the 3 digits on the back of the card.');
    expect(refused.text).toContain('1234 5678 9012 3456');
    expect(await fixture.order(order.orderId)).toMatchObject({ state: 'PENDING_PAYMENT', payment_state: 'PENDING' });
  });

  it('serves its hosted pages under a policy of their own that lets their style sheet, and nothing else, apply', async () => {
    const ticket = await fixture.ticket(5);
    const order = await fixture.placeOrder(ticket, 1);
    const page = await request(fixture.app).get(path(order.paymentLink)).expect(200);
    const style = /<style>([\s\S]*)<\/style>/.exec(page.text)![1]!;
    const policy = page.headers['content-security-policy'];
    expect(policy).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('records a replayed callback once and ignores an older one arriving late', async () => {
    const ticket = await fixture.ticket(5);
    const order = await fixture.placeOrder(ticket, 2);
    const success: PaymentCallback = {
      eventId: `evt-${order.orderId}-2`,
      paymentId: order.paymentId,
      orderId: order.orderId,
      provider: 'card',
      status: 'SUCCEEDED',
      sequence: 2,
      amount: 50000,
      currency: 'SAR',
    };
    expect((await callback(success).expect(200)).body).toEqual({ outcome: 'applied' });
    expect((await callback(success).expect(200)).body).toEqual({ outcome: 'replayed' });
    // A pending (sequence 1) and a decline after the success: recorded, ignored.
    expect((await callback({ ...success, eventId: `evt-${order.orderId}-1`, status: 'PENDING', sequence: 1 }).expect(200)).body).toEqual({
      outcome: 'ignored',
    });
    expect((await callback({ ...success, eventId: `evt-${order.orderId}-3`, status: 'DECLINED', sequence: 3 }).expect(200)).body).toEqual({
      outcome: 'ignored',
    });
    expect(await fixture.order(order.orderId)).toEqual({
      state: 'PAID',
      cart_state: 'COMPLETED',
      payment_state: 'SUCCEEDED',
      failure_reason: null,
    });
    expect(await fixture.stock(ticket)).toEqual({ capacity: 5, held: 0, sold: 2 });
    expect(fixture.paidOrders.filter((id) => id === order.orderId)).toHaveLength(1);
  });

  it('refuses a callback with a bad, missing or stale signature, and a wrong amount changes nothing', async () => {
    const ticket = await fixture.ticket(5);
    const order = await fixture.placeOrder(ticket, 1);
    const success: PaymentCallback = {
      eventId: `evt-${order.orderId}`,
      paymentId: order.paymentId,
      orderId: order.orderId,
      provider: 'card',
      status: 'SUCCEEDED',
      sequence: 1,
      amount: 25000,
      currency: 'SAR',
    };
    const raw = JSON.stringify(success);
    await callback(raw, signCallback(Buffer.from('not the shared secret'), raw, fixture.clock.now)).expect(401);
    await request(fixture.app).post('/commerce/payments/callback').set('content-type', 'application/json').send(raw).expect(401);
    await callback(raw, signCallback(fixture.secret, raw, new Date(fixture.clock.now.getTime() - 6 * 60_000))).expect(401);
    await callback('{"not":"a callback"}').expect(400);
    expect((await callback({ ...success, eventId: 'evt-cheap', amount: 100 }).expect(200)).body).toEqual({ outcome: 'ignored' });
    expect(await fixture.order(order.orderId)).toMatchObject({ state: 'PENDING_PAYMENT', payment_state: 'PENDING' });
    expect(await fixture.stock(ticket)).toEqual({ capacity: 5, held: 1, sold: 0 });
  });

  it('expires a hold after 15 minutes; a success arriving later is voided and the order stays expired', async () => {
    const ticket = await fixture.ticket(5);
    const order = await fixture.placeOrder(ticket, 2);
    fixture.clock.now = new Date(fixture.clock.now.getTime() + 14 * 60_000);
    expect(await fixture.lifecycle.expireDue()).toBe(0);
    fixture.clock.now = new Date(fixture.clock.now.getTime() + 60_000);
    // Earlier tests' pending orders were placed at the same time and expire with it.
    expect(await fixture.lifecycle.expireDue()).toBeGreaterThanOrEqual(1);
    expect(await fixture.lifecycle.expireDue()).toBe(0);
    expect(await fixture.order(order.orderId)).toMatchObject({ state: 'EXPIRED', cart_state: 'ACTIVE' });
    expect(await fixture.stock(ticket)).toEqual({ capacity: 5, held: 0, sold: 0 });

    // The visitor was still on the card page: the gateway takes the money, the service voids it.
    await pay(order.paymentLink, '4242424242424242').expect(303);
    expect(await fixture.order(order.orderId)).toEqual({
      state: 'EXPIRED',
      cart_state: 'ACTIVE',
      payment_state: 'VOIDED',
      failure_reason: 'hold_expired',
    });
    expect((await request(fixture.app).get(path(order.paymentLink)).expect(200)).text).toContain('This payment is closed.');
    expect(await fixture.stock(ticket)).toEqual({ capacity: 5, held: 0, sold: 0 });
    expect(fixture.paidOrders).not.toContain(order.orderId);
  });

  it('expires lazily: a success after the hold ran out, before any sweep, is voided too', async () => {
    const ticket = await fixture.ticket(5);
    const order = await fixture.placeOrder(ticket, 1);
    fixture.clock.now = new Date(fixture.clock.now.getTime() + 16 * 60_000);
    await pay(order.paymentLink, '4242424242424242').expect(303);
    expect(await fixture.order(order.orderId)).toMatchObject({ state: 'EXPIRED', payment_state: 'VOIDED' });
    expect(await fixture.stock(ticket)).toEqual({ capacity: 5, held: 0, sold: 0 });
  });

  it('ends a pending order once: cancelling twice releases the stock once', async () => {
    const ticket = await fixture.ticket(5);
    const order = await fixture.placeOrder(ticket, 3);
    expect(await fixture.lifecycle.end(order.orderId, 'CANCELLED')).toBe(true);
    expect(await fixture.lifecycle.end(order.orderId, 'CANCELLED')).toBe(false);
    expect(await fixture.lifecycle.end(order.orderId, 'EXPIRED')).toBe(false);
    expect(await fixture.order(order.orderId)).toMatchObject({ state: 'CANCELLED', cart_state: 'ACTIVE' });
    expect(await fixture.stock(ticket)).toEqual({ capacity: 5, held: 0, sold: 0 });
  });

  it('never holds more than is left: the whole order is refused and nothing stays held', async () => {
    const ticket = await fixture.ticket(4);
    await fixture.placeOrder(ticket, 3);
    await expect(fixture.placeOrder(ticket, 2)).rejects.toMatchObject({ code: 'INSUFFICIENT_STOCK' });
    await fixture.placeOrder(ticket, 1);
    const refusal = await fixture.placeOrder(ticket, 1).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StockShortage);
    expect((refusal as StockShortage).code).toBe('OUT_OF_STOCK');
    expect(await fixture.stock(ticket)).toEqual({ capacity: 4, held: 4, sold: 0 });
    expect(newOrderId()).toMatch(/^NBD-[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  it('retries a refused callback like a gateway retries its webhooks: after 10 s, then 30 s, from the sandbox queue', async () => {
    const ticket = await fixture.ticket(5);
    const order = await fixture.placeOrder(ticket, 1);
    fixture.refuseCallbacks(2);
    const paidAt = fixture.clock.now.getTime();
    const after = (seconds: number) => void (fixture.clock.now = new Date(paidAt + seconds * 1000));
    await pay(order.paymentLink, '4242424242424242').expect(303);
    // The gateway holds the money; its first delivery was refused (503).
    expect(await fixture.sandbox.card.fetchPayment(order.paymentId)).toMatchObject({ status: 'SUCCEEDED', amount: 25000 });
    expect(await fixture.order(order.orderId)).toMatchObject({ state: 'PENDING_PAYMENT', payment_state: 'PENDING' });
    expect(await fixture.sandbox.callbacks.stats()).toMatchObject({ waiting: 0, scheduled: 1, failing: 1 });

    after(8); // 10 s, less the most jitter can take off (10%)
    expect(await fixture.sandbox.callbacks.runDue()).toBe(0);
    after(12);
    expect(await fixture.sandbox.callbacks.runDue()).toBe(1); // refused again
    expect(await fixture.order(order.orderId)).toMatchObject({ state: 'PENDING_PAYMENT' });
    after(12 + 26); // then 30 s, less 10%
    expect(await fixture.sandbox.callbacks.runDue()).toBe(0);
    after(12 + 34);
    expect(await fixture.sandbox.callbacks.runDue()).toBe(1);
    expect(await fixture.order(order.orderId)).toMatchObject({ state: 'PAID', payment_state: 'SUCCEEDED' });
    expect(fixture.paidOrders.filter((id) => id === order.orderId)).toHaveLength(1);
    expect(await fixture.sandbox.callbacks.stats()).toMatchObject({ waiting: 0, scheduled: 0, failing: 0, failed: 0 });
    const [delivery] = await queryRows<{ attempts: number; done: boolean }>(
      fixture.db,
      sql`select attempts, done_at is not null as done from payment_sandbox.jobs order by id desc limit 1`,
    );
    expect(delivery).toEqual({ attempts: 3, done: true });
  });

  it('answers "fetch payment" from its own records, and not at all for a payment it never issued', async () => {
    const ticket = await fixture.ticket(5);
    const order = await fixture.placeOrder(ticket, 2);
    expect(await fixture.sandbox.card.fetchPayment(order.paymentId)).toEqual({
      status: 'OPEN',
      amount: 50000,
      currency: 'SAR',
      succeededAt: undefined,
    });
    await pay(order.paymentLink, '4242424242424242').expect(303);
    expect(await fixture.sandbox.card.fetchPayment(order.paymentId)).toEqual({
      status: 'SUCCEEDED',
      amount: 50000,
      currency: 'SAR',
      succeededAt: fixture.clock.now,
    });
    await fixture.sandbox.card.voidPayment(order.paymentId);
    expect(await fixture.sandbox.card.fetchPayment(order.paymentId)).toMatchObject({ status: 'VOIDED' });
    expect(await fixture.sandbox.card.fetchPayment('pay_never_issued')).toBeUndefined();
  });

  it('shows the wallet sheet and the instalment plan, and answers prescoring like the provider', async () => {
    const wallet = await fixture.sandbox.wallet.createPayment({
      orderId: 'NBD-WALLET01',
      amount: 30000,
      currency: 'SAR',
      description: 'Order',
      locale: 'ar',
      returnUrl: `${BASE_URL}/ar/tickets/confirmation`,
      callbackUrl: `${BASE_URL}/commerce/payments/callback`,
    });
    const sheet = await request(fixture.app).get(path(wallet.paymentLink)).expect(200);
    expect(sheet.text).toContain('ادفع بالمحفظة التجريبية');
    expect(sheet.text).toContain('dir="rtl"');
    const back = await request(fixture.app).post(path(wallet.paymentLink)).type('form').send({ wallet: 'empty' }).expect(303);
    const token = new URL(back.headers.location!).searchParams.get('walletToken')!;
    expect(await fixture.sandbox.wallet.charge('pay_of_another_order', token, 30000)).toEqual({ outcome: 'INVALID_TOKEN' });
    expect(await fixture.sandbox.wallet.charge(wallet.paymentId, token, 30000)).toEqual({
      outcome: 'INSUFFICIENT_FUNDS',
      paymentId: wallet.paymentId,
    });
    expect(await fixture.sandbox.wallet.charge(wallet.paymentId, token, 30000)).toEqual({ outcome: 'INVALID_TOKEN' });

    expect(await fixture.sandbox.instalments.prescore({ amount: 115000, email: 'a@example.com' })).toEqual({
      eligible: true,
      instalments: [28750, 28750, 28750, 28750],
    });
    expect(await fixture.sandbox.instalments.prescore({ amount: 9999 })).toEqual({ eligible: false, reason: 'ORDER_AMOUNT_TOO_LOW' });
    expect(await fixture.sandbox.instalments.prescore({ amount: 500001 })).toEqual({ eligible: false, reason: 'ORDER_AMOUNT_TOO_HIGH' });
    expect(await fixture.sandbox.instalments.prescore({ amount: 20000, email: 'Sam@Rejected.Example' })).toEqual({
      eligible: false,
      reason: 'NOT_AVAILABLE',
    });
    const plan = await fixture.sandbox.instalments.createPayment({
      orderId: 'NBD-PLAN0001',
      amount: 10003,
      currency: 'SAR',
      description: 'Order',
      locale: 'en',
      email: 'a@example.com',
      returnUrl: `${BASE_URL}/tickets/confirmation`,
      callbackUrl: `${BASE_URL}/commerce/payments/callback`,
    });
    const page = (await request(fixture.app).get(path(plan.paymentLink)).expect(200)).text;
    expect(page).toContain('SAR\u00a025.00');
    expect(page).toContain('SAR\u00a025.03');
  });

  it('shows an Arabic buyer the amount as the site writes it, and card numbers and 3-D Secure as left-to-right runs', async () => {
    const payment = await fixture.sandbox.card.createPayment({
      orderId: 'NBD-ARABIC01',
      amount: 119000,
      currency: 'SAR',
      description: 'Order',
      locale: 'ar',
      returnUrl: `${BASE_URL}/tickets/confirmation`,
      callbackUrl: `${BASE_URL}/commerce/payments/callback`,
    });
    const page = (await request(fixture.app).get(path(payment.paymentLink)).expect(200)).text;
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('1,190.00\u00a0ر.س.');
    expect(page).not.toContain('1190.00');
    expect(page).toContain('<code><bdi dir="ltr">4000 0000 0000 3220</bdi></code>');
    expect(page).toContain('تطلب تحققًا بخدمة <bdi dir="ltr">3-D Secure</bdi>');
  });
});
