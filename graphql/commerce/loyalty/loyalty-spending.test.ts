import express from 'express';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import type { Response } from 'supertest';
import { queryRows } from '#platform/database.ts';
import { VERIFICATION_MINUTES } from '#platform/loyalty/loyalty-sandbox.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startCommerceService, type RunningCommerceService, type TestUser } from '../test-support/commerce-fixture.ts';

/**
 * Spending loyalty points (SPEC 2.4, 5, 7.2, 8, 9.2; decision 0039): points on the cart, burned
 * when the order is placed, given back exactly once when it ends unpaid, and a total paid entirely
 * with points. The programme's sandbox keeps the balances; the user service knows the links.
 */

type Data = Record<string, any>;
const EVENT = 'evt_nabd_2026';
const ORIGIN = 'http://localhost:3000';
const GA = { catalogueItemId: 'tkt_nabd_ga', quantity: 1 };
const MONEY = 'amount';
const CART_FIELDS = `id version cartState totalPrice { ${MONEY} } totalPriceExcluding { ${MONEY} } vatAmount { ${MONEY} }
  cartDiscountPrice { ${MONEY} } loyaltyDiscountValue { ${MONEY} } loyaltyPointsLimit
  loyaltyDiscount { memberId points pointsUsed discountValue { ${MONEY} } }`;
const CART_CREATE = `mutation($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { ${CART_FIELDS} } }`;
const CART = `query($cartId: ID!, $eventId: ID!) { cart(cartId: $cartId, eventId: $eventId) { ${CART_FIELDS} } }`;
const ADD_POINTS = `mutation($input: LoyaltyDiscountInput!) { loyaltyCreateDiscount(input: $input) { ${CART_FIELDS} } }`;
const REMOVE_POINTS = `mutation($input: LoyaltyDiscountRemovalInput!) { loyaltyDeleteDiscount(input: $input) { ${CART_FIELDS} } }`;
const ORDER_CREATE = `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { orderId paymentLink secretUuid validationResult { isValid problems { field message } } } }`;
const ORDER = `query($orderId: ID!) { order(orderId: $orderId) { id state paymentMethod ticketsIssued totalPrice { ${MONEY} }
  cartDiscountPrice { ${MONEY} } loyaltyPoints loyaltyDiscountValue { ${MONEY} } loyaltyBurnState
  loyaltyEarning { points pointsState pointsPostAt } } }`;
const CANCEL = `mutation($orderId: ID!) { orderCancel(orderId: $orderId) { id state } }`;

const codeOf = (response: Response) => response.body.errors?.[0]?.extensions?.code;

describe.each(databaseBackends)('spending loyalty points on $name', (backend) => {
  let commerce: RunningCommerceService;
  let sandbox: express.Express;
  let users = 0;

  beforeAll(async () => {
    commerce = await startCommerceService(backend, { holdSweepIntervalMs: 0 });
    sandbox = express().use('/sandbox', commerce.service.sandbox!);
  });
  afterAll(() => commerce.close());
  beforeEach(() => commerce.clock.set('2026-11-21T12:00:00Z'));

  /** Who holds each test member now: a member is linked to one account at a time. */
  const holders = new Map<string, TestUser>();

  /** A new user with a test member linked, and the verification the cart page would have asked the PIN for. */
  async function member(memberId: string, pin: string): Promise<{ user: TestUser; token: string }> {
    const previous = holders.get(memberId);
    if (previous) await commerce.callUser({ query: 'mutation { deleteLinkedLoyaltyAccount }' }, previous.accessToken);
    const user = await commerce.signUp(`spender-${(users += 1)}@example.com`);
    holders.set(memberId, user);
    return { user, token: await commerce.linkMember(user, memberId, pin) };
  }
  const call = (query: string, variables: Data, user: TestUser) => commerce.call({ query, variables }, user.accessToken);
  const ok = async (query: string, variables: Data, user: TestUser) => {
    const response = await call(query, variables, user);
    expect(response.body.errors).toBeUndefined();
    return response.body.data;
  };
  const cartOf = async (user: TestUser, items: Data[] = [GA]) =>
    (await ok(CART_CREATE, { eventId: EVENT, input: { items } }, user)).cartCreate;
  const addPoints = (user: TestUser, cartId: string, points: number, verificationToken: string) =>
    call(ADD_POINTS, { input: { cartId, eventId: EVENT, points, verificationToken } }, user);
  const orderInput = (cartId: string, paymentMethod = 'CREDIT_CARD') => ({
    cartId,
    eventId: EVENT,
    customer: {
      email: 'layla@example.com',
      confirmEmail: 'layla@example.com',
      firstName: 'Layla',
      lastName: 'Haddad',
      phoneNumber: '+966501234567',
    },
    billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
    paymentMethod,
    acceptedTerms: true,
    returnUrl: `${ORIGIN}/tickets/confirmation`,
    locale: 'en',
  });
  const placeOrder = (user: TestUser, cartId: string, paymentMethod?: string) =>
    call(ORDER_CREATE, { input: orderInput(cartId, paymentMethod) }, user);
  const balance = async (memberId: string) =>
    (
      await queryRows<{ balance: number }>(
        commerce.database.db,
        sql`select balance from loyalty_sandbox.members where member_id = ${memberId}`,
      )
    )[0]!.balance;
  const burnOf = async (orderId: string) =>
    (
      await queryRows<{ state: string; points: number }>(
        commerce.database.db,
        sql`select state, points from commerce.loyalty_burns where order_id = ${orderId}`,
      )
    )[0];
  const held = async () =>
    (await queryRows<{ held: number }>(commerce.database.db, sql`select held from commerce.tickets where id = 'tkt_nabd_ga'`))[0]!.held;
  const payWith = (link: string, cardNumber: string) =>
    request(sandbox).post(new URL(link).pathname).type('form').send({ cardNumber, expiry: '12/30', cvc: '123' });

  test('150 points take 7.50 SAR off a 595.00 cart: VAT and totals stay exact, and the points come off again', async () => {
    const { user, token } = await member('9000000001', '1234');
    const cart = await cartOf(user);
    expect(cart).toMatchObject({ loyaltyDiscount: null, loyaltyPointsLimit: 11_900, loyaltyDiscountValue: { amount: '0.00' } });
    const applied = await addPoints(user, cart.id, 150, token);
    expect(applied.body.errors).toBeUndefined();
    expect(applied.body.data.loyaltyCreateDiscount).toMatchObject({
      version: cart.version + 1,
      loyaltyDiscount: { memberId: '9000000001', points: 150, pointsUsed: 150, discountValue: { amount: '7.50' } },
      loyaltyDiscountValue: { amount: '7.50' },
      cartDiscountPrice: { amount: '7.50' },
      totalPrice: { amount: '587.50' },
      totalPriceExcluding: { amount: '510.87' },
      vatAmount: { amount: '76.63' },
    });
    const removed = (await ok(REMOVE_POINTS, { input: { cartId: cart.id, eventId: EVENT } }, user)).loyaltyDeleteDiscount;
    expect(removed).toMatchObject({ loyaltyDiscount: null, totalPrice: { amount: '595.00' } });
    // Nothing was burned: only placing an order burns.
    expect(await balance('9000000001')).toBe(5000);
  });

  test('points the cart or the programme cannot take are refused, each with its reason, and the cart is unchanged', async () => {
    const small = await member('9000000002', '2468');
    const cart = await cartOf(small.user);
    const refused = async (points: number, token: string, user = small.user, cartId = cart.id) => {
      const response = await addPoints(user, cartId, points, token);
      return [codeOf(response), response.body.errors?.[0]?.extensions?.reason ?? response.body.errors?.[0]?.extensions?.fields?.points];
    };
    expect(await refused(120, small.token)).toEqual(['BAD_USER_INPUT', 'loyalty:errors.pointsStep']);
    expect(await refused(350, small.token)).toEqual(['LOYALTY_BURN_FAILED', 'INSUFFICIENT_POINTS']);
    const other = await member('9000000005', '5555');
    // A verification of another member is no verification of this one.
    expect((await refused(50, other.token))[0]).toBe('LOYALTY_VERIFICATION_REQUIRED');
    const unverified = await member('9000000003', '1357');
    const unverifiedCart = await cartOf(unverified.user);
    expect(await refused(50, unverified.token, unverified.user, unverifiedCart.id)).toEqual(['LOYALTY_BURN_FAILED', 'MEMBER_NOT_VERIFIED']);
    const suspended = await member('9000000004', '4321');
    const suspendedCart = await cartOf(suspended.user);
    expect(await refused(50, suspended.token, suspended.user, suspendedCart.id)).toEqual(['LOYALTY_BURN_FAILED', 'MEMBER_INACTIVE']);
    // A cheap cart needs few points: the day pass's 249.00 takes at most 5,000.
    const rich = await member('9000000006', '6666');
    const dayCart = await cartOf(rich.user, [{ catalogueItemId: 'tkt_nabd_day_pass', quantity: 1, timeslotId: 'slot_nabd_day2' }]);
    const limit = await addPoints(rich.user, dayCart.id, 5_050, rich.token);
    expect([codeOf(limit), limit.body.errors[0].extensions.limit]).toEqual(['LOYALTY_POINTS_LIMIT', 5_000]);
    commerce.clock.advance(VERIFICATION_MINUTES * 60_000);
    expect((await refused(50, small.token))[0]).toBe('LOYALTY_VERIFICATION_REQUIRED');
    const unlinked = await commerce.signUp(`spender-unlinked-${Date.now()}@example.com`);
    const unlinkedCart = await cartOf(unlinked);
    expect((await refused(50, small.token, unlinked, unlinkedCart.id))[0]).toBe('LOYALTY_NOT_LINKED');
    expect((await ok(CART, { cartId: cart.id, eventId: EVENT }, small.user)).cart).toMatchObject({
      version: cart.version,
      loyaltyDiscount: null,
    });
  });

  test('placing the order burns the points; the card pays the rest; cancelling gives them back, once', async () => {
    const { user, token } = await member('9000000007', '7777');
    const cart = await cartOf(user);
    await addPoints(user, cart.id, 150, token);
    const placed = (await placeOrder(user, cart.id)).body.data.orderCreate;
    expect(placed.validationResult.isValid).toBe(true);
    expect(await balance('9000000007')).toBe(1850);
    expect(await burnOf(placed.orderId)).toEqual({ state: 'BURNED', points: 150 });
    const [payment] = await queryRows<{ amount: number }>(
      commerce.database.db,
      sql`select amount from payment_sandbox.payments where order_id = ${placed.orderId}`,
    );
    expect(payment!.amount).toBe(58_750);
    expect((await ok(ORDER, { orderId: placed.orderId }, user)).order).toMatchObject({
      totalPrice: { amount: '587.50' },
      cartDiscountPrice: { amount: '7.50' },
      loyaltyPoints: 150,
      loyaltyDiscountValue: { amount: '7.50' },
      loyaltyBurnState: 'BURNED',
    });

    expect((await ok(CANCEL, { orderId: placed.orderId }, user)).orderCancel.state).toBe('CANCELLED');
    await commerce.service.parts.jobs.runDue();
    expect(await balance('9000000007')).toBe(2000);
    expect(await burnOf(placed.orderId)).toEqual({ state: 'REVERSED', points: 150 });
    // The job is once per order, and the programme gives a reference's points back once.
    expect(await commerce.loyalty.reverseBurn(`order:${placed.orderId}`)).toBe('ALREADY_REVERSED');
    expect(await balance('9000000007')).toBe(2000);
    // The cart is open again with its points, for another try.
    expect((await ok(CART, { cartId: cart.id, eventId: EVENT }, user)).cart).toMatchObject({
      cartState: 'ACTIVE',
      loyaltyDiscount: { points: 150 },
    });
  });

  test('a declined card or an expired hold gives the points back too, even when the programme answers only later', async () => {
    const { user, token } = await member('9000000008', '8888');
    const declinedCart = await cartOf(user);
    await addPoints(user, declinedCart.id, 100, token);
    const declined = (await placeOrder(user, declinedCart.id)).body.data.orderCreate;
    await payWith(declined.paymentLink, '4000000000000002').expect(303);
    await commerce.service.parts.jobs.runDue();
    expect((await ok(ORDER, { orderId: declined.orderId }, user)).order).toMatchObject({
      state: 'PAYMENT_FAILED',
      loyaltyBurnState: 'REVERSED',
    });
    expect(await balance('9000000008')).toBe(2000);

    const expiringCart = await cartOf(user);
    await addPoints(user, expiringCart.id, 200, token);
    const expiring = (await placeOrder(user, expiringCart.id)).body.data.orderCreate;
    expect(await balance('9000000008')).toBe(1800);
    // The hold runs out while the programme is down: the reversal waits for it.
    commerce.loyalty.setAvailable(false);
    commerce.clock.advance(16 * 60_000);
    await commerce.service.parts.lifecycle.expireDue();
    await commerce.service.parts.jobs.runDue();
    expect((await burnOf(expiring.orderId))?.state).toBe('BURNED');
    commerce.loyalty.setAvailable(true);
    commerce.clock.advance(60_000);
    await commerce.service.parts.jobs.runDue();
    expect((await ok(ORDER, { orderId: expiring.orderId }, user)).order).toMatchObject({ state: 'EXPIRED', loyaltyBurnState: 'REVERSED' });
    expect(await balance('9000000008')).toBe(2000);
  });

  test('a process that died before recording the burn: the order expires and the points still come back', async () => {
    const { user, token } = await member('9000000005', '5555');
    const cart = await cartOf(user);
    await addPoints(user, cart.id, 50, token);
    const placed = (await placeOrder(user, cart.id)).body.data.orderCreate;
    // As if the process had died between the programme's answer and recording it.
    await commerce.database.db.execute(
      sql`update commerce.loyalty_burns set state = 'PENDING', transaction_id = null where order_id = ${placed.orderId}`,
    );
    const before = await balance('9000000005');
    commerce.clock.advance(16 * 60_000);
    await commerce.service.parts.lifecycle.expireDue();
    await commerce.service.parts.jobs.runDue();
    expect(await balance('9000000005')).toBe(before + 50);
    expect((await burnOf(placed.orderId))?.state).toBe('REVERSED');
  });

  test('a burn the programme refuses at placement ends the order at once: stock released, cart open, SPEC 8 “Burn points failed”', async () => {
    const { user, token } = await member('9000000002', '2468');
    const cart = await cartOf(user);
    await addPoints(user, cart.id, 300, token);
    // The balance went elsewhere meanwhile (another partner).
    await commerce.loyalty.burn({ reference: 'elsewhere:1', memberId: '9000000002', verificationToken: token, points: 100 });
    const heldBefore = await held();
    const refused = await placeOrder(user, cart.id);
    expect([codeOf(refused), refused.body.errors[0].extensions.reason, refused.body.errors[0].extensions.fields]).toEqual([
      'LOYALTY_BURN_FAILED',
      'INSUFFICIENT_POINTS',
      { points: 'loyalty:errors.insufficientPoints' },
    ]);
    expect(await held()).toBe(heldBefore);
    expect(await balance('9000000002')).toBe(200);
    const [order] = await queryRows<{ state: string }>(
      commerce.database.db,
      sql`select state from commerce.orders where cart_id = ${cart.id}`,
    );
    expect(order!.state).toBe('PAYMENT_FAILED');
    expect((await ok(CART, { cartId: cart.id, eventId: EVENT }, user)).cart.cartState).toBe('ACTIVE');
    await commerce.loyalty.reverseBurn('elsewhere:1');
  });

  test('the programme down at placement: refused as unavailable, and a burn arriving late can never happen', async () => {
    const { user, token } = await member('9000000006', '6666');
    const cart = await cartOf(user);
    await addPoints(user, cart.id, 50, token);
    commerce.loyalty.setAvailable(false);
    const refused = await placeOrder(user, cart.id);
    commerce.loyalty.setAvailable(true);
    expect(codeOf(refused)).toBe('LOYALTY_UNAVAILABLE');
    await commerce.service.parts.jobs.runDue();
    commerce.clock.advance(60_000);
    await commerce.service.parts.jobs.runDue();
    const [order] = await queryRows<{ id: string }>(commerce.database.db, sql`select id from commerce.orders where cart_id = ${cart.id}`);
    expect((await burnOf(order!.id))?.state).toBe('REVERSED');
    await expect(
      commerce.loyalty.burn({ reference: `order:${order!.id}`, memberId: '9000000006', verificationToken: token, points: 50 }),
    ).rejects.toMatchObject({
      code: 'BURN_REVERSED',
    });
  });

  test('a total the points cover is paid at placement with no card, and fulfilled like any paid order', async () => {
    const { user, token } = await member('9000000001', '1234');
    // A day pass at 249.00: 5,000 points (250.00) cover it.
    const cart = await cartOf(user, [{ catalogueItemId: 'tkt_nabd_day_pass', quantity: 1, timeslotId: 'slot_nabd_day1' }]);
    const covered = (await addPoints(user, cart.id, 5_000, token)).body.data.loyaltyCreateDiscount;
    expect(covered).toMatchObject({
      totalPrice: { amount: '0.00' },
      vatAmount: { amount: '0.00' },
      loyaltyDiscount: { pointsUsed: 5_000, discountValue: { amount: '249.00' } },
    });
    const byCard = (await placeOrder(user, cart.id, 'CREDIT_CARD')).body.data.orderCreate;
    expect(byCard.validationResult).toEqual({ isValid: false, problems: [{ field: 'paymentMethod', message: 'validation:choice' }] });
    const placed = (await placeOrder(user, cart.id, 'LOYALTY_POINTS')).body.data.orderCreate;
    expect(placed).toMatchObject({ paymentLink: null, validationResult: { isValid: true } });
    expect((await ok(ORDER, { orderId: placed.orderId }, user)).order).toMatchObject({
      state: 'PAID',
      paymentMethod: 'LOYALTY_POINTS',
      ticketsIssued: true,
      totalPrice: { amount: '0.00' },
      loyaltyPoints: 5_000,
      loyaltyBurnState: 'BURNED',
      // Nothing paid in money: nothing earned.
      loyaltyEarning: null,
    });
    expect(await balance('9000000001')).toBe(0);
    const payments = await queryRows(commerce.database.db, sql`select id from commerce.payments where order_id = ${placed.orderId}`);
    expect(payments).toEqual([]);

    // And points alone are no way to pay a total they do not cover.
    const again = await member('9000000007', '7777');
    const partial = await cartOf(again.user);
    await addPoints(again.user, partial.id, 50, again.token);
    const refused = (await placeOrder(again.user, partial.id, 'LOYALTY_POINTS')).body.data.orderCreate;
    expect(refused.validationResult.problems).toEqual([{ field: 'paymentMethod', message: 'validation:choice' }]);
  });

  test('two carts of one member spending at once never overdraw the balance', async () => {
    // 300 points; four carts each chose 200 while the balance still held them: one order can burn.
    const { user, token } = await member('9000000002', '2468');
    expect(await balance('9000000002')).toBe(300);
    const carts = await Promise.all([cartOf(user), cartOf(user), cartOf(user), cartOf(user)]);
    for (const cart of carts) expect(codeOf(await addPoints(user, cart.id, 200, token))).toBeUndefined();
    const answers = await Promise.all(carts.map((cart) => placeOrder(user, cart.id)));
    expect(answers.map(codeOf).sort()).toEqual([undefined, 'LOYALTY_BURN_FAILED', 'LOYALTY_BURN_FAILED', 'LOYALTY_BURN_FAILED'].sort());
    expect(await balance('9000000002')).toBe(100);
    const burns = await queryRows<{ state: string }>(
      commerce.database.db,
      sql`select b.state from commerce.loyalty_burns b join commerce.orders o on o.id = b.order_id where o.customer_id = ${user.customerId}`,
    );
    // Each refused order ended, its (never made) burn closed at the programme by its reversal.
    expect(burns.filter((burn) => burn.state === 'BURNED')).toHaveLength(1);
  });
});
