import { buildSchema } from 'graphql';
import { sql } from 'drizzle-orm';
import type { Response } from 'supertest';
import { queryRows } from '#platform/database.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { resolvers } from './resolvers/index.ts';
import typeDefs from './schema.graphql';
import { insertOrder } from './test-support/paid-orders.ts';
import { startCommerceService, type RunningCommerceService, type TestCustomer } from './test-support/commerce-fixture.ts';

/**
 * Every query and mutation of the schema, for each pair of customers: without credentials, with a
 * stranger's (user against user, guest against guest, user against guest, guest against user)
 * naming the owner's ids, and with the owner's own. A new operation without a case here fails the
 * first test; add one entry per operation to `cases`.
 */

/** One customer of the matrix, with what they own. */
interface Party extends TestCustomer {
  kind: 'user' | 'guest';
  /** Their cart of the event, with one line of GA. */
  cartId: string;
  itemId: string;
  /** Their paid order of one GA ticket, issued, and that ticket. */
  orderId: string;
  ticketId: string;
  /** A user's guest identity from before they signed in, which filled a cart they may claim. */
  before?: { guest: TestCustomer; cartId: string };
  /** A user's linked loyalty member's verification (decision 0039). */
  loyaltyToken?: string;
}

interface Fixture {
  userA: Party;
  userB: Party;
  guestA: Party;
  guestB: Party;
}

interface Case {
  query: string;
  /** The variables `caller` sends, naming the `owner`'s ids. */
  variables?: (owner: Party, caller: Party) => Record<string, unknown>;
  /** Open to anyone: the check of what a caller without credentials gets. Otherwise 401. */
  anonymous?: (data: Data) => void;
  /** Users only (guests FORBIDDEN). */
  usersOnly?: boolean;
  /** What a stranger gets naming the owner's ids: NOT_FOUND, another refusal (code and status), or a check of the answer. */
  stranger: 'NOT_FOUND' | { refused: string; status: number } | ((data: Data, owner: Party, caller: Party) => void);
  owner: (data: Data, owner: Party) => void;
}

// Answers are checked field by field below.
type Data = Record<string, any>;

const EVENT = 'evt_nabd_2026';
const eventOnly = () => ({ eventId: EVENT });
const publicCatalogue = (check: (data: Data) => void): Pick<Case, 'anonymous' | 'stranger' | 'owner'> => ({
  anonymous: check,
  stranger: check,
  owner: check,
});

/** The orders orderCreate placed for each owner, for orderCancel. */
const placedOrders = new Map<string, string>();

// In the order the owner runs them: claiming comes last.
const cases: Record<string, Case> = {
  event: {
    query: 'query($eventId: ID!) { event(eventId: $eventId) { id } }',
    variables: eventOnly,
    ...publicCatalogue((data) => expect(data.event).toEqual({ id: EVENT })),
  },
  eventCategories: {
    query: 'query($eventId: ID!) { eventCategories(eventId: $eventId) { id } }',
    variables: eventOnly,
    ...publicCatalogue((data) => expect(data.eventCategories).toHaveLength(3)),
  },
  ticketsInfo: {
    query: 'query($eventId: ID!) { ticketsInfo(eventId: $eventId, ticketIds: ["tkt_nabd_ga"]) { ticketId isAvailable } }',
    variables: eventOnly,
    ...publicCatalogue((data) => expect(data.ticketsInfo).toEqual([{ ticketId: 'tkt_nabd_ga', isAvailable: true }])),
  },
  // Public like the catalogue (decision 0053): the event cards of anonymous pages show it.
  saleSummaries: {
    query: 'query { saleSummaries(eventIds: ["evt_nabd_2026", "evt_no_such_event"]) { eventId status fromPrice { amount } } }',
    ...publicCatalogue((data) =>
      expect(data.saleSummaries).toEqual([{ eventId: EVENT, status: 'SELLING_FAST', fromPrice: { amount: '249.00' } }]),
    ),
  },
  // Public like the catalogue (decision 0044): the web tier asks before a visitor has credentials.
  waitingRoom: {
    query: 'query($eventId: ID!) { waitingRoom(eventId: $eventId) { saleOpensAt admissionsPerMinute checkoutsInFlight } }',
    variables: eventOnly,
    ...publicCatalogue((data) =>
      expect(data.waitingRoom).toEqual({ saleOpensAt: null, admissionsPerMinute: null, checkoutsInFlight: expect.any(Number) }),
    ),
  },
  cart: {
    query: 'query($cartId: ID!, $eventId: ID!) { cart(cartId: $cartId, eventId: $eventId) { id } }',
    variables: (owner) => ({ cartId: owner.cartId, eventId: EVENT }),
    stranger: (data) => expect(data.cart).toBeNull(),
    owner: (data, owner) => expect(data.cart).toEqual({ id: owner.cartId }),
  },
  cartCreate: {
    query:
      'mutation($eventId: ID!) { cartCreate(eventId: $eventId, input: { items: [{ catalogueItemId: "tkt_nabd_ga", quantity: 1 }] }) { id ticketQuantity } }',
    variables: eventOnly,
    // A cart of the stranger's own: nothing of the owner's changes (checked for every case).
    stranger: (data, owner) => expect(data.cartCreate).toEqual({ id: expect.not.stringMatching(owner.cartId), ticketQuantity: 1 }),
    owner: (data) => expect(data.cartCreate.ticketQuantity).toBe(1),
  },
  cartUpdate: {
    query: `mutation($cartId: ID!, $eventId: ID!, $itemId: ID!) {
      cartUpdate(cartId: $cartId, eventId: $eventId, input: { actions: [{ changeQuantity: { itemId: $itemId, quantity: 2 } }] }) { id ticketQuantity } }`,
    variables: (owner) => ({ cartId: owner.cartId, eventId: EVENT, itemId: owner.itemId }),
    stranger: 'NOT_FOUND',
    owner: (data, owner) => expect(data.cartUpdate).toEqual({ id: owner.cartId, ticketQuantity: 2 }),
  },
  tabbyPrescoring: {
    query: `mutation($cartId: ID!, $eventId: ID!) {
      tabbyPrescoring(input: { cartId: $cartId, eventId: $eventId }) { isCustomerEligible } }`,
    variables: (owner) => ({ cartId: owner.cartId, eventId: EVENT }),
    stranger: 'NOT_FOUND',
    owner: (data) => expect(typeof data.tabbyPrescoring.isCustomerEligible).toBe('boolean'),
  },
  orderCreate: {
    query: `mutation($input: OrderCreateInput!) { orderCreate(input: $input) { orderId validationResult { isValid } } }`,
    variables: (owner) => ({
      input: {
        cartId: owner.cartId,
        eventId: EVENT,
        customer: {
          email: 'sara@example.com',
          confirmEmail: 'sara@example.com',
          firstName: 'Sara',
          lastName: 'Ali',
          phoneNumber: '+966501234567',
        },
        billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
        paymentMethod: 'CREDIT_CARD',
        acceptedTerms: true,
        returnUrl: 'http://localhost:3000/tickets/confirmation',
        locale: 'en',
      },
    }),
    stranger: 'NOT_FOUND',
    owner: (data, owner) => {
      expect(data.orderCreate).toEqual({ orderId: expect.any(String), validationResult: { isValid: true } });
      placedOrders.set(owner.customerId, data.orderCreate.orderId);
    },
  },
  orderCancel: {
    query: 'mutation($orderId: ID!) { orderCancel(orderId: $orderId) { id state } }',
    // The owner cancels the order orderCreate just placed; strangers name it or the owner's paid one.
    variables: (owner) => ({ orderId: placedOrders.get(owner.customerId) ?? owner.orderId }),
    stranger: 'NOT_FOUND',
    owner: (data, owner) => expect(data.orderCancel).toEqual({ id: placedOrders.get(owner.customerId), state: 'CANCELLED' }),
  },
  applePayCheckout: {
    query: 'mutation($orderId: ID!) { applePayCheckout(input: { orderId: $orderId, paymentToken: "tok_sandbox" }) { returnUrl } }',
    // On an order that is already paid nothing is charged: the answer is where to go.
    variables: (owner) => ({ orderId: owner.orderId }),
    stranger: 'NOT_FOUND',
    owner: (data) => expect(data.applePayCheckout.returnUrl).toMatch(/^http:\/\/localhost:3000\//),
  },
  cartClaim: {
    query: `mutation($cartId: ID!, $eventId: ID!, $guestToken: String!) {
      cartClaim(cartId: $cartId, eventId: $eventId, guestToken: $guestToken) { id } }`,
    // The caller proves a guest identity of their own; the cart is the one the owner filled as a guest.
    variables: (owner, caller) => ({
      cartId: owner.before?.cartId ?? owner.cartId,
      eventId: EVENT,
      guestToken: (caller.before?.guest ?? caller).accessToken,
    }),
    usersOnly: true,
    stranger: 'NOT_FOUND',
    owner: (data, owner) => expect(data.cartClaim).toEqual({ id: owner.before!.cartId }),
  },
  order: {
    query: 'query($orderId: ID!) { order(orderId: $orderId) { id } }',
    variables: (owner) => ({ orderId: owner.orderId }),
    stranger: (data) => expect(data.order).toBeNull(),
    owner: (data, owner) => expect(data.order).toEqual({ id: owner.orderId }),
  },
  orders: {
    query: 'query { orders { items { id } totalCount } }',
    usersOnly: true,
    // A user's own history, which never holds the owner's order.
    stranger: (data, owner) => expect(data.orders.items.map((order: { id: string }) => order.id)).not.toContain(owner.orderId),
    owner: (data, owner) => expect(data.orders.items).toEqual([{ id: owner.orderId }]),
  },
  ticketDownloadUrl: {
    query: 'query($ticketId: ID!) { ticketDownloadUrl(ticketId: $ticketId) }',
    variables: (owner) => ({ ticketId: owner.ticketId }),
    stranger: 'NOT_FOUND',
    owner: (data, owner) => expect(data.ticketDownloadUrl).toContain(`/commerce/tickets/${owner.ticketId}.pdf?expires=`),
  },
  assignOrderTickets: {
    query: `mutation($orderId: ID!, $ticketId: ID!) {
      assignOrderTickets(orderId: $orderId, ticketAssignments: [{ ticketId: $ticketId, firstName: "Sara", lastName: "Ali", email: "sara@example.com" }]) { id ticketsAssigned } }`,
    variables: (owner) => ({ orderId: owner.orderId, ticketId: owner.ticketId }),
    stranger: 'NOT_FOUND',
    owner: (data, owner) => expect(data.assignOrderTickets).toEqual({ id: owner.orderId, ticketsAssigned: true }),
  },
  groupTicketsApplicationRequest: {
    query: `mutation { groupTicketsApplicationRequest(form: { eventId: "${EVENT}", ticketId: "tkt_nabd_group", firstName: "Reem", lastName: "Ali",
      email: "reem@example.com", phoneNumber: "+966501234567", contactOption: email, days: ["2026-12-10"], groupSize: 20, groupType: personal,
      isPremiumBoxCustomer: false, locale: "en" }) { status } }`,
    // Anyone with credentials may ask; nobody's data is involved.
    stranger: (data) => expect(data.groupTicketsApplicationRequest).toEqual({ status: 'RECEIVED' }),
    owner: (data) => expect(data.groupTicketsApplicationRequest).toEqual({ status: 'RECEIVED' }),
  },
  premiumBoxApplicationRequest: {
    query: `mutation { premiumBoxApplicationRequest(form: { eventId: "${EVENT}", ticketId: "tkt_nabd_premium_box", firstName: "Reem", lastName: "Ali",
      email: "reem@example.com", phoneNumber: "+966501234567", contactOption: phone, days: ["2026-12-11"], groupSize: 10, groupType: corporate,
      isPremiumBoxCustomer: true, locale: "ar" }) { status } }`,
    stranger: (data) => expect(data.premiumBoxApplicationRequest).toEqual({ status: 'RECEIVED' }),
    owner: (data) => expect(data.premiumBoxApplicationRequest).toEqual({ status: 'RECEIVED' }),
  },
  whatsappOptin: {
    query: 'mutation($orderId: ID!) { whatsappOptin(input: { phoneNumber: "+966551234567", orderId: $orderId, locale: "en" }) { status } }',
    variables: (owner) => ({ orderId: owner.orderId }),
    stranger: 'NOT_FOUND',
    owner: (data) => expect(data.whatsappOptin).toEqual({ status: 'OPTED_IN' }),
  },
  // Loyalty (decision 0039): users only, each with a member of their own linked.
  loyaltyCreateDiscount: {
    query: `mutation($input: LoyaltyDiscountInput!) { loyaltyCreateDiscount(input: $input) { id loyaltyDiscount { points } } }`,
    // The caller's own verification, against the owner's cart.
    variables: (owner, caller) => ({
      input: { cartId: owner.cartId, eventId: EVENT, points: 50, verificationToken: caller.loyaltyToken ?? 'none' },
    }),
    usersOnly: true,
    stranger: 'NOT_FOUND',
    owner: (data, owner) => expect(data.loyaltyCreateDiscount).toEqual({ id: owner.cartId, loyaltyDiscount: { points: 50 } }),
  },
  loyaltyDeleteDiscount: {
    query: `mutation($input: LoyaltyDiscountRemovalInput!) { loyaltyDeleteDiscount(input: $input) { id loyaltyDiscount { points } } }`,
    variables: (owner) => ({ input: { cartId: owner.cartId, eventId: EVENT } }),
    usersOnly: true,
    stranger: 'NOT_FOUND',
    owner: (data, owner) => expect(data.loyaltyDeleteDiscount).toEqual({ id: owner.cartId, loyaltyDiscount: null }),
  },
  loyaltyClaims: {
    query: '{ loyaltyClaims { orderId state } }',
    usersOnly: true,
    stranger: (data, owner) => expect(data.loyaltyClaims.map((claim: { orderId: string }) => claim.orderId)).not.toContain(owner.orderId),
    owner: (data, owner) => expect(data.loyaltyClaims).toEqual([{ orderId: owner.orderId, state: 'CLAIMABLE' }]),
  },
  loyaltyClaimOrders: {
    query: 'mutation($orderIds: [ID!]!) { loyaltyClaimOrders(orderIds: $orderIds) { orderId state } }',
    variables: (owner) => ({ orderIds: [owner.orderId] }),
    usersOnly: true,
    // SPEC 6: another's order was bought with another e-mail.
    stranger: { refused: 'LOYALTY_EMAIL_MISMATCH', status: 403 },
    owner: (data, owner) => expect(data.loyaltyClaimOrders).toEqual([{ orderId: owner.orderId, state: 'CLAIMED' }]),
  },
};

/**
 * Operations of the schema whose resolvers other parts of the service add (orders, payments,
 * tickets, requests). Each must get its case above when it is implemented: the second test
 * fails as soon as one has a resolver.
 */
const NOT_YET_IMPLEMENTED: string[] = [];

const schema = buildSchema(typeDefs);
const queries = Object.keys(schema.getQueryType()!.getFields());
const mutations = Object.keys(schema.getMutationType()?.getFields() ?? {});
const operations = Object.keys(cases);

test('every query and mutation of the schema has an authorization case', () => {
  expect([...operations, ...NOT_YET_IMPLEMENTED].sort()).toEqual([...queries, ...mutations].sort());
});

test('the operations without a case have no resolver yet', () => {
  const resolved = { ...resolvers.Query, ...resolvers.Mutation };
  expect(NOT_YET_IMPLEMENTED.filter((name) => name in resolved)).toEqual([]);
});

describe.each(databaseBackends)('authorization of every operation on $name', (backend) => {
  let commerce: RunningCommerceService;
  const fixture = {} as Fixture;

  async function party(customer: TestCustomer & { email?: string }, kind: Party['kind']): Promise<Party> {
    const created = await commerce.call(
      {
        query: `mutation { cartCreate(eventId: "${EVENT}", input: { items: [{ catalogueItemId: "tkt_nabd_ga", quantity: 1 }] }) { id items { id } } }`,
      },
      customer.accessToken,
    );
    const cart = created.body.data.cartCreate;
    const paid = await insertOrder(commerce.database.db, {
      customerId: customer.customerId,
      lines: [{ ticketId: 'tkt_nabd_ga', quantity: 1, price: 115000 }],
      ...(customer.email ? { email: customer.email } : {}),
    });
    await commerce.service.parts.fulfilment.fulfil(paid.orderId);
    const [ticket] = await queryRows<{ id: string }>(
      commerce.database.db,
      sql`select id::text as id from commerce.issued_tickets where order_id = ${paid.orderId}`,
    );
    const result: Party = { ...customer, kind, cartId: cart.id, itemId: cart.items[0].id, orderId: paid.orderId, ticketId: ticket!.id };
    if (kind === 'user') {
      const guest = await commerce.guest();
      const guestCart = await party(guest, 'guest');
      result.before = { guest, cartId: guestCart.cartId };
    }
    return result;
  }

  /** Everything the service keeps about a party's carts and the loyalty points of its orders, before and after. */
  async function everythingAbout(owner: Party) {
    const customers = [owner.customerId, ...(owner.before ? [owner.before.guest.customerId] : [])];
    const list = sql.join(
      customers.map((id) => sql`${id}`),
      sql`, `,
    );
    const [carts, loyalty] = await Promise.all([
      queryRows(
        commerce.database.db,
        sql`select c.id, c.customer_id, c.state, c.version, c.customer_email,
              (select json_agg(json_build_array(i.id, i.ticket_id, i.quantity, i.version) order by i.position) from commerce.cart_items i where i.cart_id = c.id) as items,
              (select json_agg(code order by code) from commerce.cart_coupons k where k.cart_id = c.id) as coupons,
              (select json_build_array(l.member_id, l.points) from commerce.cart_loyalty l where l.cart_id = c.id) as loyalty
            from commerce.carts c where c.customer_id in (${list}) order by c.id`,
      ),
      queryRows(
        commerce.database.db,
        sql`select a.order_id, a.member_id, a.points, a.source from commerce.loyalty_accruals a
            join commerce.orders o on o.id = a.order_id where o.customer_id in (${list}) order by a.order_id`,
      ),
    ]);
    return { carts, loyalty };
  }

  const run = (name: string, owner: Party, caller: Party | undefined): Promise<Response> =>
    commerce.call({ query: cases[name]!.query, variables: cases[name]!.variables?.(owner, caller ?? owner) ?? {} }, caller?.accessToken);

  beforeAll(async () => {
    commerce = await startCommerceService(backend);
    const userA = await commerce.signUp('user-a@example.com');
    const userB = await commerce.signUp('user-b@example.com');
    fixture.userA = { ...(await party(userA, 'user')), loyaltyToken: await commerce.linkMember(userA, '9000000001', '1234') };
    fixture.userB = { ...(await party(userB, 'user')), loyaltyToken: await commerce.linkMember(userB, '9000000002', '2468') };
    fixture.guestA = await party(await commerce.guest(), 'guest');
    fixture.guestB = await party(await commerce.guest(), 'guest');
  });
  afterAll(() => commerce.close());

  const owners = ['userA', 'guestA'] as const;
  const pairs = [
    ['userA', 'userB'],
    ['guestA', 'guestB'],
    ['guestA', 'userB'],
    ['userA', 'guestB'],
  ] as const;

  describe('without credentials', () => {
    test.each(operations)('%s', async (name) => {
      const before = await everythingAbout(fixture.userA);
      const response = await run(name, fixture.userA, undefined);
      const anonymous = cases[name]!.anonymous;
      if (anonymous) {
        expect(response.body.errors).toBeUndefined();
        anonymous(response.body.data);
      } else {
        expect(response.status).toBe(401);
        expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      }
      expect(await everythingAbout(fixture.userA)).toEqual(before);
    });
  });

  describe.each(pairs)("%s's ids with %s's credentials", (ownerName, strangerName) => {
    test.each(operations)('%s', async (name) => {
      const owner = fixture[ownerName];
      const stranger = fixture[strangerName];
      const before = await everythingAbout(owner);
      const response = await run(name, owner, stranger);
      const expected = cases[name]!;
      if (expected.usersOnly && stranger.kind === 'guest') {
        expect(response.status).toBe(403);
        expect(response.body.errors[0].extensions.code).toBe('FORBIDDEN');
      } else if (expected.stranger === 'NOT_FOUND') {
        expect(response.status).toBe(404);
        expect(response.body.errors[0].extensions.code).toBe('NOT_FOUND');
      } else if (typeof expected.stranger === 'object') {
        expect([response.status, response.body.errors[0].extensions.code]).toEqual([expected.stranger.status, expected.stranger.refused]);
      } else {
        expect(response.body.errors).toBeUndefined();
        expected.stranger(response.body.data, owner, stranger);
      }
      expect(await everythingAbout(owner)).toEqual(before);
    });
  });

  describe.each(owners)('%s with their own credentials', (ownerName) => {
    test.each(operations)('%s', async (name) => {
      const owner = fixture[ownerName];
      const response = await run(name, owner, owner);
      if (cases[name]!.usersOnly && owner.kind === 'guest') {
        expect(response.status).toBe(403);
        expect(response.body.errors[0].extensions.code).toBe('FORBIDDEN');
        return;
      }
      expect(response.body.errors).toBeUndefined();
      cases[name]!.owner(response.body.data, owner);
    });
  });
});
