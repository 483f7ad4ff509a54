import express from 'express';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { API_AUDIENCE, ISSUER } from '#identity/test-support/identity-fixture.ts';
import { queryRows } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { createRateLimits, RATE_LIMITS, type RateLimits } from '#platform/rate-limits.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { createCommerceService, type CommerceService } from './service.ts';
import {
  startCommerceService,
  TEST_COMMERCE_SECRET,
  type RunningCommerceService,
  type TestCustomer,
} from './test-support/commerce-fixture.ts';
import { visitorAddressHeaders, VISITOR_ADDRESS_HEADER } from './visitor-address.ts';

/**
 * The shop's abuse limits in the commerce service (decision 0043): cart changes, orders, wrong
 * coupon codes and payment attempts per customer and per address, each refused with 429,
 * TOO_MANY_REQUESTS and Retry-After, and nothing changed. On the embedded limits (memory) and on
 * Redis, where two service processes count together.
 */

const EVENT = 'evt_nabd_2026';
const CART = `id version ticketQuantity couponCodes { code }`;
const CART_CREATE = `mutation($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { ${CART} } }`;
const CART_UPDATE = `mutation($cartId: ID!, $eventId: ID!, $input: CartUpdateInput!) { cartUpdate(cartId: $cartId, eventId: $eventId, input: $input) { ${CART} } }`;
const CART_READ = `query($cartId: ID!, $eventId: ID!) { cart(cartId: $cartId, eventId: $eventId) { ${CART} } }`;
const ORDER_CREATE = `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { orderId validationResult { isValid } } }`;
const PRESCORE = `mutation($input: TabbyPrescoringInput!) { tabbyPrescoring(input: $input) { isCustomerEligible } }`;

const GA = { catalogueItemId: 'tkt_nabd_ga', quantity: 1 };

type Data = Record<string, any>;

const engines = [
  { name: 'the embedded limits (memory)', redisUrl: undefined },
  ...(process.env.TEST_REDIS_URL ? [{ name: 'Redis', redisUrl: process.env.TEST_REDIS_URL }] : []),
];

describe.each(engines)('shop limits on $name', ({ redisUrl }) => {
  const logger = createLogger({ level: 'silent' });
  const prefix = `test-${crypto.randomUUID()}`;
  let limits: RateLimits[];
  let commerce: RunningCommerceService;
  /** A second process of the service on the same database: on Redis, with limits of its own that count in the same place. */
  let peerService: CommerceService;
  let peer: Pick<RunningCommerceService, 'call' | 'guest'>;

  beforeAll(async () => {
    limits = [await createRateLimits({ redisUrl, prefix, logger })];
    // Without Redis a process counts alone; the workers of one node share their primary's counts.
    limits.push(redisUrl ? await createRateLimits({ redisUrl, prefix, logger }) : limits[0]!);
    commerce = await startCommerceService(databaseBackends[0]!, { rateLimits: limits[0], holdSweepIntervalMs: 0 });
    peerService = await createCommerceService({
      database: commerce.database,
      identity: { issuer: ISSUER, audience: API_AUDIENCE, fetch: commerce.identity.fetch },
      production: false,
      logger,
      baseUrl: 'http://localhost:3000',
      secret: TEST_COMMERCE_SECRET,
      holdSweepIntervalMs: 0,
      jobPollIntervalMs: 0,
      rateLimits: limits[1],
    });
    const peerApp = express().use('/graphql/commerce', peerService.router);
    peer = {
      guest: () => commerce.guest(),
      call(body, token) {
        const post = request(peerApp).post('/graphql/commerce');
        return (token ? post.set('Authorization', `Bearer ${token}`) : post).send(body);
      },
    };
  });
  afterAll(async () => {
    await peerService?.stop();
    await commerce?.close();
    for (const rateLimits of new Set(limits)) await rateLimits.close();
  });

  const signed = visitorAddressHeaders(TEST_COMMERCE_SECRET);
  type Service = Pick<RunningCommerceService, 'call'>;
  const send = (service: Service, query: string, variables: Data, who: TestCustomer, address?: string) => {
    const call = service.call({ query, variables }, who.accessToken);
    return address ? call.set(signed(address)) : call;
  };
  const ok = async (query: string, variables: Data, who: TestCustomer, address?: string, service: Service = commerce) => {
    const response = await send(service, query, variables, who, address);
    expect(response.body.errors).toBeUndefined();
    return response.body.data;
  };
  const refusal = async (query: string, variables: Data, who: TestCustomer, address?: string, service: Service = commerce) => {
    const response = await send(service, query, variables, who, address);
    expect(response.body.errors).toHaveLength(1);
    const { code, retryAfterSeconds, fields } = response.body.errors[0].extensions as Data;
    return { status: response.status, retryAfter: response.headers['retry-after'], code, retryAfterSeconds, fields };
  };
  const cart = async (who: TestCustomer, address?: string, service: Service = commerce) =>
    (await ok(CART_CREATE, { eventId: EVENT, input: { items: [GA] } }, who, address, service)).cartCreate;
  const applyCoupon = (cartId: string, code: string) => ({ cartId, eventId: EVENT, input: { actions: [{ applyCoupon: { code } }] } });
  const tooMany = (field: string, key: string) => ({
    status: 429,
    retryAfter: expect.stringMatching(/^\d+$/),
    code: 'TOO_MANY_REQUESTS',
    retryAfterSeconds: expect.any(Number),
    fields: { [field]: key },
  });

  test('cart changes: 120 a customer in ten minutes, then 429 with Retry-After and the cart as it was', async () => {
    const guest = await commerce.guest();
    const { id: cartId } = await cart(guest);
    const email = (n: number) => ({
      cartId,
      eventId: EVENT,
      input: { actions: [{ setCustomerEmail: { email: `buyer${n}@example.com` } }] },
    });
    for (let n = 1; n < RATE_LIMITS.cartChangesPerCustomer.points; n++) await ok(CART_UPDATE, email(n), guest);
    const before = (await ok(CART_READ, { cartId, eventId: EVENT }, guest)).cart;

    const refused = await refusal(
      CART_UPDATE,
      { cartId, eventId: EVENT, input: { actions: [{ changeQuantity: { itemId: 'x', quantity: 5 } }] } },
      guest,
    );
    expect(refused).toEqual(tooMany('cart', 'commerce:errors.tooManyCartChanges'));
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(RATE_LIMITS.cartChangesPerCustomer.durationSeconds);
    expect((await ok(CART_READ, { cartId, eventId: EVENT }, guest)).cart).toEqual(before);
    // Another buyer is not held back by this one.
    expect((await cart(await commerce.guest())).ticketQuantity).toBe(1);
  });

  test('wrong coupon codes: 10 a customer; then every try is refused before the code is looked at, a right one too', async () => {
    const guest = await commerce.guest();
    const { id: cartId } = await cart(guest);
    for (let n = 0; n < RATE_LIMITS.couponFailuresPerCustomer.points; n++) {
      expect((await refusal(CART_UPDATE, applyCoupon(cartId, `GUESS${n}`), guest)).code).toBe('COUPON_NOT_FOUND');
    }
    expect(await refusal(CART_UPDATE, applyCoupon(cartId, 'GUESS99'), guest)).toEqual(
      tooMany('code', 'commerce:errors.tooManyCouponAttempts'),
    );
    expect((await refusal(CART_UPDATE, applyCoupon(cartId, 'WELCOME10'), guest)).code).toBe('TOO_MANY_REQUESTS');
    expect((await ok(CART_READ, { cartId, eventId: EVENT }, guest)).cart.couponCodes).toEqual([]);
    // Other cart changes go on: only guessing is held back.
    await ok(CART_UPDATE, { cartId, eventId: EVENT, input: { actions: [{ setCustomerEmail: { email: 'sam@example.com' } }] } }, guest);
  });

  test('orders: 10 a customer in a quarter hour; the 11th is refused with nothing ordered or held', async () => {
    const guest = await commerce.guest();
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
      returnUrl: 'http://localhost:3000/tickets/confirmation',
      locale: 'en',
    });
    for (let n = 0; n < RATE_LIMITS.ordersPerCustomer.points; n++) {
      const placed = (await ok(ORDER_CREATE, { input: details((await cart(guest)).id) }, guest)).orderCreate;
      expect(placed.validationResult.isValid).toBe(true);
    }
    const last = await cart(guest);
    const held = async () =>
      (await queryRows<{ held: number }>(commerce.database.db, sql`select held from commerce.tickets where id = 'tkt_nabd_ga'`))[0]!.held;
    const orders = async () =>
      (
        await queryRows<{ count: number }>(
          commerce.database.db,
          sql`select count(*)::int as count from commerce.orders where customer_id = ${guest.customerId}`,
        )
      )[0]!.count;
    const [heldBefore, ordersBefore] = [await held(), await orders()];
    expect(await refusal(ORDER_CREATE, { input: details(last.id) }, guest)).toEqual(tooMany('cartId', 'commerce:errors.tooManyOrders'));
    expect([await held(), await orders()]).toEqual([heldBefore, ordersBefore]);
    expect((await ok(CART_READ, { cartId: last.id, eventId: EVENT }, guest)).cart.id).toBe(last.id);
  });

  test('payment attempts: 15 a customer in a quarter hour (here, instalment pre-scorings), then 429', async () => {
    const guest = await commerce.guest();
    const { id: cartId } = await cart(guest);
    const input = { input: { cartId, eventId: EVENT, email: 'sam@example.com' } };
    for (let n = 0; n < RATE_LIMITS.paymentAttemptsPerCustomer.points; n++) await ok(PRESCORE, input, guest);
    expect(await refusal(PRESCORE, input, guest)).toEqual(tooMany('paymentMethod', 'commerce:errors.tooManyPaymentAttempts'));
  });

  test('per address: counted across both processes; another address goes on; an address claimed without the signature is not believed', async () => {
    const venue = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const perCustomer = RATE_LIMITS.couponFailuresPerCustomer.points;
    const guests = RATE_LIMITS.couponFailuresPerAddress.points / perCustomer;
    // Five friends behind the venue's Wi-Fi, on either process, each mistyping a code up to their own limit.
    for (let n = 0; n < guests; n++) {
      const service = n % 2 ? peer : commerce;
      const guest = await commerce.guest();
      const { id: cartId } = await cart(guest, venue, service);
      for (let attempt = 0; attempt < perCustomer; attempt++) {
        expect((await refusal(CART_UPDATE, applyCoupon(cartId, `TYPO${attempt}`), guest, venue, service)).code).toBe('COUPON_NOT_FOUND');
      }
    }
    // A sixth, fresh customer at the same address: the address has had its share.
    const sixth = await peer.guest();
    const { id: cartId } = await cart(sixth, venue, peer);
    expect(await refusal(CART_UPDATE, applyCoupon(cartId, 'TYPO'), sixth, venue, peer)).toEqual(
      tooMany('code', 'commerce:errors.tooManyCouponAttempts'),
    );
    // The same customer from elsewhere, and the address named without the web tier's signature: counted as themselves.
    expect((await refusal(CART_UPDATE, applyCoupon(cartId, 'TYPO'), sixth, '203.0.113.9', peer)).code).toBe('COUPON_NOT_FOUND');
    const unsigned = await commerce
      .call({ query: CART_UPDATE, variables: applyCoupon(cartId, 'TYPO') }, sixth.accessToken)
      .set(VISITOR_ADDRESS_HEADER, venue);
    expect(unsigned.body.errors[0].extensions.code).toBe('COUPON_NOT_FOUND');
  });
});
