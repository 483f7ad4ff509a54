import express from 'express';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startCommerceService, type RunningCommerceService, type TestCustomer } from './test-support/commerce-fixture.ts';

type Data = Record<string, any>;

const EVENT = 'evt_nabd_2026';
const ORIGIN = 'http://localhost:3000';
const ORDER_FIELDS = `id eventId customerId state paymentMethod holdExpiresAt paymentLink paymentFailure completedAt createdAt ticketsAssigned
  customer { firstName lastName email } totalPrice { amount currency } totalPriceExcluding { amount } vatAmount { amount }
  subtotalPrice { amount } cartDiscountPrice { amount }
  items { catalogueItemId quantity originalPrice { amount } discountedPrice { amount } total { amount } subItems { catalogueItemId quantity } custom { delivery } }`;
const ORDER_CREATE = `mutation($input: OrderCreateInput!) {
  orderCreate(input: $input) { orderId paymentLink secretUuid validationResult { isValid problems { field message } } } }`;
const ORDER = `query($orderId: ID!, $secretUuid: ID) { order(orderId: $orderId, secretUuid: $secretUuid) { ${ORDER_FIELDS} } }`;
const CANCEL = `mutation($orderId: ID!, $secretUuid: ID) { orderCancel(orderId: $orderId, secretUuid: $secretUuid) { id state } }`;
const WALLET = `mutation($input: ApplePayCheckoutInput!) { applePayCheckout(input: $input) { returnUrl } }`;
const PRESCORE = `mutation($input: TabbyPrescoringInput!) {
  tabbyPrescoring(input: $input) { isCustomerEligible notEligibleTickets rejectionReason instalmentAmount { amount currency } } }`;
const CART_CREATE = `mutation($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { id cartState version } }`;
const CART = `query($cartId: ID!, $eventId: ID!) { cart(cartId: $cartId, eventId: $eventId) { id cartState version } }`;

describe.each(databaseBackends)('orders and payments on $name', (backend) => {
  let commerce: RunningCommerceService;
  let sandbox: express.Express;
  const paid: string[] = [];

  beforeAll(async () => {
    commerce = await startCommerceService(backend, { onOrderPaid: async (orderId) => void paid.push(orderId), holdSweepIntervalMs: 0 });
    sandbox = express().use('/sandbox', commerce.service.sandbox!);
  });
  afterAll(async () => commerce?.close());

  const call = async (query: string, variables: Data, who?: TestCustomer) =>
    (await commerce.call({ query, variables }, who?.accessToken)).body;
  const ok = async (query: string, variables: Data, who?: TestCustomer) => {
    const body = await call(query, variables, who);
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const refusal = async (query: string, variables: Data, who?: TestCustomer) => {
    const body = await call(query, variables, who);
    expect(body.errors).toHaveLength(1);
    return body.errors[0].extensions.code as string;
  };
  const cartWith = async (who: TestCustomer, items: Data[]) =>
    (await ok(CART_CREATE, { eventId: EVENT, input: { items } }, who)).cartCreate;
  const details = (cartId: string, over: Data = {}) => ({
    cartId,
    eventId: EVENT,
    customer: {
      email: 'layla@example.com',
      confirmEmail: 'Layla@Example.com',
      firstName: 'Layla',
      lastName: 'Haddad',
      phoneNumber: '+966 50 123 4567',
    },
    billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
    paymentMethod: 'CREDIT_CARD',
    acceptedTerms: true,
    returnUrl: `${ORIGIN}/tickets/confirmation`,
    locale: 'en',
    ...over,
  });
  const place = async (who: TestCustomer, items: Data[], over: Data = {}) => {
    const cart = await cartWith(who, items);
    const result = (await ok(ORDER_CREATE, { input: details(cart.id, over) }, who)).orderCreate;
    expect(result.validationResult).toEqual({ isValid: true, problems: [] });
    return { cartId: cart.id as string, ...result } as { cartId: string; orderId: string; paymentLink: string; secretUuid: string };
  };
  const stock = async (ticketId: string) =>
    (
      await queryRows<{ held: number; sold: number }>(
        commerce.database.db,
        sql`select held, sold from commerce.tickets where id = ${ticketId}`,
      )
    )[0]!;
  const payWith = (link: string, cardNumber: string) =>
    request(sandbox).post(new URL(link).pathname).type('form').send({ cardNumber, expiry: '12/30', cvc: '123' });
  const readOrder = async (orderId: string, who: TestCustomer, secretUuid?: string) =>
    (await ok(ORDER, { orderId, secretUuid }, who)).order;

  beforeEach(() => commerce.clock.set('2026-11-21T12:00:00Z'));

  it('places an order: prices frozen, stock held for 15 minutes, cart locked; paying it converts the hold once', async () => {
    const guest = await commerce.guest();
    const before = await stock('tkt_nabd_ga');
    const order = await place(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 2 }]);
    expect(order.orderId).toMatch(/^NBD-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(order.paymentLink).toMatch(new RegExp(`^${ORIGIN}/sandbox/payments/pay_`));
    expect(order.secretUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await stock('tkt_nabd_ga')).toEqual({ held: before.held + 2, sold: before.sold });
    expect((await ok(CART, { cartId: order.cartId, eventId: EVENT }, guest)).cart.cartState).toBe('ORDERED');

    const pending = await readOrder(order.orderId, guest);
    expect(pending).toMatchObject({
      state: 'PENDING_PAYMENT',
      paymentMethod: 'CREDIT_CARD',
      holdExpiresAt: '2026-11-21T12:15:00.000Z',
      paymentLink: order.paymentLink,
      completedAt: null,
      customer: { firstName: 'Layla', lastName: 'Haddad', email: 'layla@example.com' },
      items: [{ catalogueItemId: 'tkt_nabd_ga', quantity: 2 }],
    });
    const total = Number(pending.totalPrice.amount.replace('.', ''));
    expect(Number(pending.totalPriceExcluding.amount.replace('.', '')) + Number(pending.vatAmount.amount.replace('.', ''))).toBe(total);

    // The cart is locked while the order waits: a second order for it is refused.
    expect(await refusal(ORDER_CREATE, { input: details(order.cartId) }, guest)).toBe('CART_NOT_ACTIVE');

    const back = await payWith(order.paymentLink, '4242 4242 4242 4242').expect(303);
    expect(back.headers.location).toBe(`${ORIGIN}/tickets/confirmation?orderId=${order.orderId}`);
    expect(await readOrder(order.orderId, guest)).toMatchObject({
      state: 'PAID',
      completedAt: '2026-11-21T12:00:00.000Z',
      holdExpiresAt: null,
      paymentLink: null,
      paymentFailure: null,
    });
    expect(await stock('tkt_nabd_ga')).toEqual({ held: before.held, sold: before.sold + 2 });
    expect((await ok(CART, { cartId: order.cartId, eventId: EVENT }, guest)).cart.cartState).toBe('COMPLETED');
    expect(paid.filter((id) => id === order.orderId)).toHaveLength(1);
  });

  it('answers validation problems with SPEC 5 keys and holds nothing', async () => {
    const guest = await commerce.guest();
    const cart = await cartWith(guest, [{ catalogueItemId: 'tkt_nabd_vip', quantity: 1 }]);
    const before = await stock('tkt_nabd_vip');
    const result = (
      await ok(
        ORDER_CREATE,
        {
          input: details(cart.id, {
            customer: { email: 'a@example.com', confirmEmail: 'b@example.com', firstName: '', lastName: 'X', phoneNumber: '0501234567' },
            paymentMethod: 'INSTALMENTS',
            acceptedTerms: false,
            returnUrl: 'https://elsewhere.example/steal',
          }),
        },
        guest,
      )
    ).orderCreate;
    expect(result).toEqual({
      orderId: null,
      paymentLink: null,
      secretUuid: null,
      validationResult: {
        isValid: false,
        problems: [
          { field: 'customer.firstName', message: 'validation:required' },
          { field: 'customer.phoneNumber', message: 'validation:phone' },
          { field: 'customer.confirmEmail', message: 'validation:mustMatch' },
          { field: 'paymentMethod', message: 'validation:choice' },
          { field: 'acceptedTerms', message: 'validation:acceptTerms' },
          { field: 'returnUrl', message: 'validation:returnUrl' },
        ],
      },
    });
    expect(await stock('tkt_nabd_vip')).toEqual(before);
    expect((await ok(CART, { cartId: cart.id, eventId: EVENT }, guest)).cart.cartState).toBe('ACTIVE');
  });

  it('records the partner credited with the order (SPEC 7.4) and refuses a code no link could carry', async () => {
    const guest = await commerce.guest();
    const credited = await place(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }], { affiliateCode: 'partner_01' });
    const read = async (orderId: string) =>
      (await ok(`query($orderId: ID!) { order(orderId: $orderId) { id affiliateCode } }`, { orderId }, guest)).order;
    expect(await read(credited.orderId)).toEqual({ id: credited.orderId, affiliateCode: 'partner_01' });
    await ok(CANCEL, { orderId: credited.orderId }, guest);
    const direct = await place(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    expect((await read(direct.orderId)).affiliateCode).toBeNull();
    await ok(CANCEL, { orderId: direct.orderId }, guest);

    const cart = await cartWith(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    for (const affiliateCode of ['bad code', 'x'.repeat(65), '']) {
      const refused = (await ok(ORDER_CREATE, { input: details(cart.id, { affiliateCode }) }, guest)).orderCreate;
      expect(refused.validationResult.problems).toEqual([{ field: 'affiliateCode', message: 'validation:choice' }]);
    }
  });

  it('wants a shipping address when an item ships', async () => {
    const guest = await commerce.guest();
    const cart = await cartWith(guest, [{ catalogueItemId: 'tkt_nabd_wristband_kit', quantity: 1 }]);
    const missing = (await ok(ORDER_CREATE, { input: details(cart.id) }, guest)).orderCreate;
    expect(missing.validationResult.problems).toEqual([{ field: 'shippingAddress', message: 'validation:required' }]);
    const shipped = (
      await ok(
        ORDER_CREATE,
        { input: details(cart.id, { shippingAddress: { address1: 'Tahlia Street 5', city: 'Jeddah', countryCode: 'SA' } }) },
        guest,
      )
    ).orderCreate;
    expect(shipped.validationResult.isValid).toBe(true);
  });

  it("refuses another customer's cart and order, and lets the secret link read a guest's order", async () => {
    const owner = await commerce.guest();
    const other = await commerce.guest();
    const order = await place(owner, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    expect(await refusal(ORDER_CREATE, { input: details(order.cartId) }, other)).toBe('NOT_FOUND');
    expect(await readOrder(order.orderId, other)).toBeNull();
    expect(await readOrder(order.orderId, other, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect((await readOrder(order.orderId, other, order.secretUuid)).id).toBe(order.orderId);
    expect(await refusal(CANCEL, { orderId: order.orderId }, other)).toBe('NOT_FOUND');
    expect(await refusal(ORDER_CREATE, { input: details(order.cartId) })).toBe('UNAUTHENTICATED');
  });

  it('a declined card fails the order, releases the hold and reopens the cart for a new order', async () => {
    const guest = await commerce.guest();
    const before = await stock('tkt_nabd_day_pass');
    const order = await place(guest, [{ catalogueItemId: 'tkt_nabd_day_pass', quantity: 3, timeslotId: 'slot_nabd_day1' }]);
    await payWith(order.paymentLink, '4000 0000 0000 0002').expect(303);
    // Decision 0048: the provider's reason comes with the failed order.
    expect(await readOrder(order.orderId, guest)).toMatchObject({ state: 'PAYMENT_FAILED', paymentFailure: 'DECLINED' });
    expect(await stock('tkt_nabd_day_pass')).toEqual(before);
    const cart = (await ok(CART, { cartId: order.cartId, eventId: EVENT }, guest)).cart;
    expect(cart.cartState).toBe('ACTIVE');
    const retry = (await ok(ORDER_CREATE, { input: details(order.cartId) }, guest)).orderCreate;
    expect(retry.orderId).not.toBe(order.orderId);
    await payWith(retry.paymentLink, '4000 0000 0000 9995').expect(303);
    expect(await readOrder(retry.orderId, guest)).toMatchObject({ state: 'PAYMENT_FAILED', paymentFailure: 'INSUFFICIENT_FUNDS' });

    // A failed 3-D Secure step is its own reason.
    const third = (await ok(ORDER_CREATE, { input: details(order.cartId) }, guest)).orderCreate;
    await payWith(third.paymentLink, '4000 0000 0000 3220').expect(303);
    await request(sandbox)
      .post(`${new URL(third.paymentLink).pathname}/challenge`)
      .type('form')
      .send({ decision: 'fail' })
      .expect(303);
    expect(await readOrder(third.orderId, guest)).toMatchObject({ state: 'PAYMENT_FAILED', paymentFailure: 'AUTHENTICATION_FAILED' });
  });

  it('cancels a pending order once', async () => {
    const guest = await commerce.guest();
    const before = await stock('tkt_nabd_ga');
    const order = await place(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }]);
    expect((await ok(CANCEL, { orderId: order.orderId }, guest)).orderCancel).toEqual({ id: order.orderId, state: 'CANCELLED' });
    expect(await refusal(CANCEL, { orderId: order.orderId }, guest)).toBe('ORDER_STATE');
    expect(await stock('tkt_nabd_ga')).toEqual(before);
  });

  it('expires the hold after 15 minutes when the order is read, and a later payment is voided', async () => {
    const guest = await commerce.guest();
    const before = await stock('tkt_nabd_ga');
    const order = await place(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 2 }]);
    commerce.clock.advance(15 * 60_000 + 1000);
    expect(await readOrder(order.orderId, guest)).toMatchObject({ state: 'EXPIRED', holdExpiresAt: null, paymentLink: null });
    expect(await stock('tkt_nabd_ga')).toEqual(before);
    await payWith(order.paymentLink, '4242424242424242').expect(303);
    expect((await readOrder(order.orderId, guest)).state).toBe('EXPIRED');
    const [payment] = await queryRows<{ state: string; failure_reason: string }>(
      commerce.database.db,
      sql`select state, failure_reason from commerce.payments where order_id = ${order.orderId}`,
    );
    expect(payment).toEqual({ state: 'VOIDED', failure_reason: 'hold_expired' });
    expect(await stock('tkt_nabd_ga')).toEqual(before);
    expect(paid).not.toContain(order.orderId);
  });

  it('pays by wallet: the sheet gives a token, applePayCheckout answers the return URL or INSUFFICIENT_FUNDS', async () => {
    const guest = await commerce.guest();
    const funded = await place(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }], { paymentMethod: 'MOBILE_WALLET' });
    expect(funded.paymentLink).toMatch(new RegExp(`^${ORIGIN}/sandbox/wallet/`));
    const sheet = await request(sandbox).post(new URL(funded.paymentLink).pathname).type('form').send({ wallet: 'funded' }).expect(303);
    const token = new URL(sheet.headers.location!).searchParams.get('walletToken')!;
    expect(await refusal(WALLET, { input: { orderId: funded.orderId, paymentToken: 'wtok_forged' } }, guest)).toBe('BAD_USER_INPUT');
    // Another order's token, of the same amount: refused for this order, and still good for its own.
    const other = await place(guest, [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }], { paymentMethod: 'MOBILE_WALLET' });
    const otherSheet = await request(sandbox).post(new URL(other.paymentLink).pathname).type('form').send({ wallet: 'funded' }).expect(303);
    const otherToken = new URL(otherSheet.headers.location!).searchParams.get('walletToken')!;
    expect(await refusal(WALLET, { input: { orderId: funded.orderId, paymentToken: otherToken } }, guest)).toBe('BAD_USER_INPUT');
    expect((await ok(WALLET, { input: { orderId: other.orderId, paymentToken: otherToken } }, guest)).applePayCheckout).toBeTruthy();
    expect((await readOrder(other.orderId, guest)).state).toBe('PAID');
    expect((await ok(WALLET, { input: { orderId: funded.orderId, paymentToken: token } }, guest)).applePayCheckout).toEqual({
      returnUrl: `${ORIGIN}/tickets/confirmation`,
    });
    expect((await readOrder(funded.orderId, guest)).state).toBe('PAID');
    expect(paid).toContain(funded.orderId);

    const empty = await place(guest, [{ catalogueItemId: 'tkt_nabd_day_pass', quantity: 1, timeslotId: 'slot_nabd_day1' }], {
      paymentMethod: 'MOBILE_WALLET',
    });
    const emptySheet = await request(sandbox).post(new URL(empty.paymentLink).pathname).type('form').send({ wallet: 'empty' }).expect(303);
    const emptyToken = new URL(emptySheet.headers.location!).searchParams.get('walletToken')!;
    expect(await refusal(WALLET, { input: { orderId: empty.orderId, paymentToken: emptyToken } }, guest)).toBe('INSUFFICIENT_FUNDS');
    expect((await readOrder(empty.orderId, guest)).state).toBe('PAYMENT_FAILED');
  });

  it('prescores instalments: eligible, not available, too low, too high', async () => {
    const guest = await commerce.guest();
    const prescore = async (items: Data[], email?: string) => {
      const cart = await cartWith(guest, items);
      return (await ok(PRESCORE, { input: { cartId: cart.id, eventId: EVENT, ...(email ? { email } : {}) } }, guest)).tabbyPrescoring;
    };
    const eligible = await prescore(
      [{ catalogueItemId: 'tkt_nabd_day_pass', quantity: 2, timeslotId: 'slot_nabd_day1' }],
      'sam@example.com',
    );
    expect(eligible).toMatchObject({
      isCustomerEligible: true,
      notEligibleTickets: [],
      rejectionReason: null,
      instalmentAmount: { currency: 'SAR' },
    });
    expect(
      await prescore([{ catalogueItemId: 'tkt_nabd_day_pass', quantity: 2, timeslotId: 'slot_nabd_day1' }], 'sam@rejected.example'),
    ).toEqual({
      isCustomerEligible: false,
      notEligibleTickets: [],
      rejectionReason: 'NOT_AVAILABLE',
      instalmentAmount: null,
    });
    expect(await prescore([{ catalogueItemId: 'tkt_nabd_vip', quantity: 1 }])).toMatchObject({
      isCustomerEligible: false,
      notEligibleTickets: ['tkt_nabd_vip'],
      rejectionReason: 'NOT_AVAILABLE',
    });
    expect(await prescore([{ catalogueItemId: 'tkt_nabd_wristband_kit', quantity: 1 }])).toMatchObject({
      rejectionReason: 'ORDER_AMOUNT_TOO_LOW',
    });
    expect(await prescore([{ catalogueItemId: 'tkt_nabd_ga', quantity: 10 }])).toMatchObject({ rejectionReason: 'ORDER_AMOUNT_TOO_HIGH' });

    const order = await place(guest, [{ catalogueItemId: 'tkt_nabd_day_pass', quantity: 2, timeslotId: 'slot_nabd_day1' }], {
      paymentMethod: 'INSTALMENTS',
    });
    expect(order.paymentLink).toMatch(new RegExp(`^${ORIGIN}/sandbox/instalments/`));
    await request(sandbox).post(new URL(order.paymentLink).pathname).type('form').send({ decision: 'approve' }).expect(303);
    expect((await readOrder(order.orderId, guest)).state).toBe('PAID');
  });

  it('refuses an order whose tickets sold out after the cart was filled', async () => {
    const first = await commerce.guest();
    const second = await commerce.guest();
    const left = await queryRows<{ left: number }>(
      commerce.database.db,
      sql`select capacity - held - sold as "left" from commerce.tickets where id = 'tkt_nabd_vip_backstage'`,
    );
    const quantity = left[0]!.left;
    const firstCart = await cartWith(first, [{ catalogueItemId: 'tkt_nabd_vip_backstage', quantity }]);
    const secondCart = await cartWith(second, [{ catalogueItemId: 'tkt_nabd_vip_backstage', quantity: 1 }]);
    expect((await ok(ORDER_CREATE, { input: details(firstCart.id) }, first)).orderCreate.validationResult.isValid).toBe(true);
    expect(await refusal(ORDER_CREATE, { input: details(secondCart.id) }, second)).toBe('OUT_OF_STOCK');
    expect((await ok(CART, { cartId: secondCart.id, eventId: EVENT }, second)).cart.cartState).toBe('ACTIVE');
  });
});
