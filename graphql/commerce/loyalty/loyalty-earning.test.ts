import express from 'express';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startCommerceService, type RunningCommerceService, type TestCustomer, type TestUser } from '../test-support/commerce-fixture.ts';

/**
 * Earning points (SPEC 1, 9.2; decision 0039): a paid order of a member earns a point per whole
 * riyal paid in money, recorded with the payment and carried to the programme by a queued job;
 * the points are pending for about 24 hours. An order earns once: its purchase or a later claim.
 */

type Data = Record<string, any>;
const EVENT = 'evt_nabd_2026';
const ORIGIN = 'http://localhost:3000';
const ORDER = `query($orderId: ID!) { order(orderId: $orderId) { id state totalPrice { amount } loyaltyEarning { points pointsState pointsPostAt } } }`;
const CLAIMS = `{ loyaltyClaims { orderId state points } }`;
const CLAIM = `mutation($orderIds: [ID!]!) { loyaltyClaimOrders(orderIds: $orderIds) { orderId state } }`;

describe.each(databaseBackends)('earning loyalty points on $name', (backend) => {
  let commerce: RunningCommerceService;
  let sandbox: express.Express;
  let users = 0;

  beforeAll(async () => {
    commerce = await startCommerceService(backend, { holdSweepIntervalMs: 0 });
    sandbox = express().use('/sandbox', commerce.service.sandbox!);
  });
  afterAll(() => commerce.close());
  beforeEach(() => commerce.clock.set('2026-11-21T12:00:00Z'));

  const ok = async (query: string, variables: Data, who: TestCustomer) => {
    const response = await commerce.call({ query, variables }, who.accessToken);
    expect(response.body.errors).toBeUndefined();
    return response.body.data;
  };

  /** A card order of one GA ticket (595.00), placed and paid on the sandbox's page. */
  async function paidOrder(who: TestCustomer, email: string, card = '4242424242424242'): Promise<string> {
    const { cartCreate } = await ok(
      `mutation($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { id } }`,
      { eventId: EVENT, input: { items: [{ catalogueItemId: 'tkt_nabd_ga', quantity: 1 }] } },
      who,
    );
    const { orderCreate } = await ok(
      `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { orderId paymentLink } }`,
      {
        input: {
          cartId: cartCreate.id,
          eventId: EVENT,
          customer: { email, confirmEmail: email, firstName: 'Layla', lastName: 'Haddad', phoneNumber: '+966501234567' },
          billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
          paymentMethod: 'CREDIT_CARD',
          acceptedTerms: true,
          returnUrl: `${ORIGIN}/tickets/confirmation`,
          locale: 'en',
        },
      },
      who,
    );
    await request(sandbox)
      .post(new URL(orderCreate.paymentLink).pathname)
      .type('form')
      .send({ cardNumber: card, expiry: '12/30', cvc: '123' })
      .expect(303);
    return orderCreate.orderId;
  }
  async function member(memberId: string, pin: string): Promise<TestUser> {
    const user = await commerce.signUp(`earner-${(users += 1)}@example.com`);
    await commerce.linkMember(user, memberId, pin);
    return user;
  }
  const accrual = async (orderId: string) =>
    (
      await queryRows<{ member_id: string; points: number; source: string; state: string }>(
        commerce.database.db,
        sql`select member_id, points, source, state from commerce.loyalty_accruals where order_id = ${orderId}`,
      )
    )[0];

  test('a member’s paid order earns a point per riyal, pending 24 hours, and cannot be claimed again', async () => {
    const user = await member('9000000001', '1234');
    const orderId = await paidOrder(user, user.email);
    expect(await accrual(orderId)).toEqual({ member_id: '9000000001', points: 595, source: 'PURCHASE', state: 'ACCRUED' });
    expect((await ok(ORDER, { orderId }, user)).order).toMatchObject({
      state: 'PAID',
      loyaltyEarning: { points: 595, pointsState: 'ON_THE_WAY', pointsPostAt: '2026-11-22T12:00:00.000Z' },
    });
    const { member: now } = await commerce.loyalty.verifyMember('9000000001', '1234');
    expect(now.pendingPoints).toBe(595);
    expect((await ok(CLAIMS, {}, user)).loyaltyClaims).toEqual([{ orderId, state: 'EARNED', points: 595 }]);
    const again = await commerce.call({ query: CLAIM, variables: { orderIds: [orderId] } }, user.accessToken);
    expect(again.body.errors[0].extensions.code).toBe('LOYALTY_ALREADY_CLAIMED');

    commerce.clock.advance(24 * 3_600_000);
    expect((await ok(ORDER, { orderId }, user)).order.loyaltyEarning.pointsState).toBe('POSTED');
  });

  test('an order paid while the programme is down earns all the same, once the queue reaches it', async () => {
    const user = await member('9000000005', '5555');
    commerce.loyalty.setAvailable(false);
    let orderId: string;
    try {
      orderId = await paidOrder(user, user.email);
      expect(await accrual(orderId)).toMatchObject({ state: 'QUEUED', points: 595 });
      expect((await ok(ORDER, { orderId }, user)).order.loyaltyEarning).toEqual({
        points: 595,
        pointsState: 'ON_THE_WAY',
        pointsPostAt: null,
      });
    } finally {
      commerce.loyalty.setAvailable(true);
    }
    commerce.clock.advance(60_000);
    await commerce.service.parts.jobs.runDue();
    expect(await accrual(orderId!)).toMatchObject({ state: 'ACCRUED' });
  });

  test('guests and users without a link earn nothing now; the user claims the order after linking', async () => {
    const guest = await commerce.guest();
    const guestOrder = await paidOrder(guest, 'guest-earner@example.com');
    expect(await accrual(guestOrder)).toBeUndefined();

    const user = await commerce.signUp(`earner-later-${Date.now()}@example.com`);
    const orderId = await paidOrder(user, user.email);
    expect(await accrual(orderId)).toBeUndefined();
    expect((await ok(ORDER, { orderId }, user)).order.loyaltyEarning).toBeNull();
    await commerce.linkMember(user, '9000000006', '6666');
    expect((await ok(CLAIM, { orderIds: [orderId] }, user)).loyaltyClaimOrders).toEqual([{ orderId, state: 'CLAIMED' }]);
    expect(await accrual(orderId)).toMatchObject({ source: 'CLAIM', member_id: '9000000006', state: 'ACCRUED' });
  });

  test('a declined payment earns nothing; a suspended member’s accrual is refused by the programme and recorded so', async () => {
    const user = await member('9000000007', '7777');
    const declined = await paidOrder(user, user.email, '4000000000000002');
    expect(await accrual(declined)).toBeUndefined();

    const suspended = await member('9000000004', '4321');
    const orderId = await paidOrder(suspended, suspended.email);
    expect(await accrual(orderId)).toMatchObject({ state: 'REFUSED' });
    expect((await ok(ORDER, { orderId }, suspended)).order.loyaltyEarning.pointsState).toBe('REFUSED');
  });
});
