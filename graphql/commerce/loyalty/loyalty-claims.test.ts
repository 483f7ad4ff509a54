import { sql } from 'drizzle-orm';
import type { Response } from 'supertest';
import { queryRows } from '#platform/database.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { insertOrder } from '../test-support/paid-orders.ts';
import { startCommerceService, type RunningCommerceService, type TestUser } from '../test-support/commerce-fixture.ts';

/**
 * Claiming points for past orders (SPEC 2.4, 4.3, 6; decision 0039) through the commerce
 * service's GraphQL, with the user service that knows the links and the programme's sandbox.
 */

const CLAIMS = `{ loyaltyClaims { orderId eventId points state claimsCloseAt pointsState pointsPostAt totalPrice { amount } } }`;
const CLAIM = `mutation($orderIds: [ID!]!) { loyaltyClaimOrders(orderIds: $orderIds) { orderId points state pointsState pointsPostAt } }`;
const GA = { ticketId: 'tkt_nabd_ga', quantity: 1, price: 59_550 };
const codeOf = (response: Response) => response.body.errors?.[0]?.extensions?.code;

describe.each(databaseBackends)('claims of loyalty points on $name', (backend) => {
  let commerce: RunningCommerceService;
  let users = 0;

  beforeAll(async () => {
    commerce = await startCommerceService(backend);
  });
  afterAll(() => commerce.close());

  async function member(memberId: string, pin: string): Promise<TestUser> {
    const user = await commerce.signUp(`claims-${(users += 1)}@example.com`);
    await commerce.linkMember(user, memberId, pin);
    return user;
  }
  const paidOrder = (user: { customerId: string }, email: string, options: { eventId?: string; price?: number } = {}) =>
    insertOrder(commerce.database.db, {
      customerId: user.customerId,
      email,
      lines: [
        { ...GA, price: options.price ?? GA.price, ticketId: options.eventId === 'evt_forum_2027' ? 'tkt_forum_2027_ga' : GA.ticketId },
      ],
      ...(options.eventId ? { eventId: options.eventId } : {}),
    }).then((order) => order.orderId);
  const claim = (user: TestUser, orderIds: string[]) => commerce.call({ query: CLAIM, variables: { orderIds } }, user.accessToken);
  const accruals = () =>
    queryRows<{ order_id: string; source: string; state: string }>(
      commerce.database.db,
      sql`select order_id, source, state from commerce.loyalty_accruals order by order_id`,
    );

  test('the rewards list: the caller’s paid orders, what each earns, and a closed claim period', async () => {
    const user = await member('9000000001', '1234');
    const first = await paidOrder(user, user.email);
    const forum = await paidOrder(user, user.email, { eventId: 'evt_forum_2027' });
    const pending = await insertOrder(commerce.database.db, {
      customerId: user.customerId,
      email: user.email,
      lines: [GA],
      state: 'PENDING_PAYMENT',
    });
    const listed = (await commerce.call({ query: CLAIMS }, user.accessToken)).body.data.loyaltyClaims;
    const byId = new Map(listed.map((claim: { orderId: string }) => [claim.orderId, claim]));
    // One point per whole riyal paid: 595.50 SAR earns 595.
    expect(byId.get(first)).toMatchObject({ state: 'CLAIMABLE', points: 595, pointsState: null, totalPrice: { amount: '595.50' } });
    expect(byId.get(forum)).toMatchObject({ state: 'CLOSED', claimsCloseAt: '2026-11-01T21:00:00.000Z' });
    expect(byId.has(pending.orderId)).toBe(false);
  });

  test('two orders claimed at once reach the programme as pending points, posted 24 hours later', async () => {
    const user = await member('9000000005', '5555');
    const orders = [await paidOrder(user, user.email), await paidOrder(user, user.email, { price: 120_000 })];
    const claimed = await claim(user, orders);
    expect(claimed.body.errors).toBeUndefined();
    const postAt = new Date(commerce.clock.now().getTime() + 24 * 3_600_000).toISOString();
    expect(claimed.body.data.loyaltyClaimOrders).toEqual(
      expect.arrayContaining([
        { orderId: orders[0], points: 595, state: 'CLAIMED', pointsState: 'ON_THE_WAY', pointsPostAt: postAt },
        { orderId: orders[1], points: 1200, state: 'CLAIMED', pointsState: 'ON_THE_WAY', pointsPostAt: postAt },
      ]),
    );
    const { member: now } = await commerce.loyalty.verifyMember('9000000005', '5555');
    expect([now.balance, now.pendingPoints]).toEqual([2000, 1795]);

    commerce.clock.advance(24 * 3_600_000);
    const { member: later } = await commerce.loyalty.verifyMember('9000000005', '5555');
    expect([later.balance, later.pendingPoints]).toEqual([3795, 0]);
    const listed = (await commerce.call({ query: CLAIMS }, user.accessToken)).body.data.loyaltyClaims;
    expect(
      listed
        .filter((claim: { orderId: string }) => orders.includes(claim.orderId))
        .map((claim: { pointsState: string }) => claim.pointsState),
    ).toEqual(['POSTED', 'POSTED']);
    commerce.clock.set(new Date('2026-11-21T12:00:00Z'));
  });

  test('each order is claimed once, ever, even from two tabs at the same moment', async () => {
    const user = await member('9000000006', '6666');
    const order = await paidOrder(user, user.email);
    const answers = await Promise.all([claim(user, [order]), claim(user, [order]), claim(user, [order])]);
    expect(answers.map(codeOf).sort()).toEqual([undefined, 'LOYALTY_ALREADY_CLAIMED', 'LOYALTY_ALREADY_CLAIMED'].sort());
    expect(codeOf(await claim(user, [order]))).toBe('LOYALTY_ALREADY_CLAIMED');
    expect((await accruals()).filter((row) => row.order_id === order)).toEqual([{ order_id: order, source: 'CLAIM', state: 'ACCRUED' }]);
    const { member: now } = await commerce.loyalty.verifyMember('9000000006', '6666');
    expect(now.pendingPoints).toBe(595);
  });

  test('a guest order bought with the account’s e-mail is claimed by its id and then listed', async () => {
    const user = await member('9000000007', '7777');
    const guest = await commerce.guest();
    const order = await paidOrder(guest, user.email.toUpperCase());
    expect((await claim(user, [order.toLowerCase()])).body.data.loyaltyClaimOrders).toEqual([
      expect.objectContaining({ orderId: order, state: 'CLAIMED' }),
    ]);
    const listed = (await commerce.call({ query: CLAIMS }, user.accessToken)).body.data.loyaltyClaims;
    expect(listed.map((claim: { orderId: string }) => claim.orderId)).toContain(order);
  });

  test('refusals, each with its reason, and nothing claimed: another e-mail, a closed period, an unpaid or unknown order', async () => {
    const user = await member('9000000008', '8888');
    const before = await accruals();
    const good = await paidOrder(user, user.email);
    const stranger = await paidOrder(await commerce.guest(), 'someone-else@example.com');
    const closed = await paidOrder(user, user.email, { eventId: 'evt_forum_2027' });
    const pending = await insertOrder(commerce.database.db, {
      customerId: user.customerId,
      email: user.email,
      lines: [GA],
      state: 'PENDING_PAYMENT',
    });

    const mismatch = await claim(user, [stranger]);
    expect([mismatch.status, codeOf(mismatch), mismatch.body.errors[0].extensions.fields]).toEqual([
      403,
      'LOYALTY_EMAIL_MISMATCH',
      { orderId: 'loyalty:errors.emailMismatch' },
    ]);
    // All or none: the good order is not claimed with the closed one.
    expect(codeOf(await claim(user, [good, closed]))).toBe('LOYALTY_CLAIM_PERIOD_CLOSED');
    expect(codeOf(await claim(user, [pending.orderId]))).toBe('NOT_FOUND');
    expect(codeOf(await claim(user, ['NBD-ZZZZZZZZ']))).toBe('NOT_FOUND');
    expect(codeOf(await claim(user, ['not an order']))).toBe('BAD_USER_INPUT');
    expect(codeOf(await claim(user, []))).toBe('BAD_USER_INPUT');
    expect(await accruals()).toEqual(before);
  });

  test('an order paid entirely with points earns nothing to claim', async () => {
    const user = await member('9000000002', '2468');
    const order = await paidOrder(user, user.email, { price: 0 });
    expect(codeOf(await claim(user, [order]))).toBe('LOYALTY_NO_POINTS');
  });

  test('without a linked member there is nothing to claim into; guests may not claim at all', async () => {
    const user = await commerce.signUp(`claims-unlinked-${Date.now()}@example.com`);
    const order = await paidOrder(user, user.email);
    expect(codeOf(await claim(user, [order]))).toBe('LOYALTY_NOT_LINKED');
    const guest = await commerce.guest();
    expect((await commerce.call({ query: CLAIM, variables: { orderIds: [order] } }, guest.accessToken)).status).toBe(403);
  });

  test('a claim made while the programme is down is kept, and its points reach the programme when it is back', async () => {
    const user = await member('9000000003', '1357');
    const order = await paidOrder(user, user.email);
    commerce.loyalty.setAvailable(false);
    try {
      const claimed = await claim(user, [order]);
      expect(claimed.body.data.loyaltyClaimOrders).toEqual([
        expect.objectContaining({ state: 'CLAIMED', pointsState: 'ON_THE_WAY', pointsPostAt: null }),
      ]);
    } finally {
      commerce.loyalty.setAvailable(true);
    }
    expect((await accruals()).find((row) => row.order_id === order)?.state).toBe('QUEUED');
    // The queue tries again after its backoff.
    commerce.clock.advance(60_000);
    await commerce.service.parts.jobs.runDue();
    expect((await accruals()).find((row) => row.order_id === order)?.state).toBe('ACCRUED');
    commerce.clock.set(new Date('2026-11-21T12:00:00Z'));
  });
});
