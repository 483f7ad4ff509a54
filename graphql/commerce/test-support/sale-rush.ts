import { randomBytes } from 'node:crypto';
import pg from 'pg';

/*
 * Buyers racing for one ticket through the built site's HTTP interface, as the no-oversell test
 * and `npm run bench:sale-rush` run them: guest credentials from the identity service, cartCreate,
 * orderCreate, then the success card on the sandbox's hosted page, which posts the signed callback.
 * Plain Node (fetch and pg) so that the benchmark runs it without a build.
 */

export interface RushTicket {
  eventId: string;
  ticketId: string;
  capacity: number;
}

/** A fresh event with one ticket of `capacity`, on sale now (no wave), at 150.00 SAR. */
export async function createRushTicket(databaseUrl: string, capacity: number): Promise<RushTicket> {
  const suffix = randomBytes(4).toString('hex');
  const eventId = `rush-${suffix}`;
  const ticketId = `rush-${suffix}-ga`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`insert into commerce.events (id, name_en, name_ar) values ($1, 'Sale rush', 'اندفاع البيع')`, [eventId]);
    await client.query(`insert into commerce.categories (id, event_id, name_en, name_ar) values ($1, $2, 'Floor', 'الساحة')`, [
      `${eventId}-floor`,
      eventId,
    ]);
    await client.query(
      `insert into commerce.tickets (id, event_id, category_id, name_en, name_ar, price, max_per_order, capacity)
       values ($1, $2, $3, 'General admission', 'دخول عام', 15000, 10, $4)`,
      [ticketId, eventId, `${eventId}-floor`, capacity],
    );
  } finally {
    await client.end();
  }
  return { eventId, ticketId, capacity };
}

export interface StockCheck {
  capacity: number;
  held: number;
  sold: number;
  paidOrders: number;
  pendingOrders: number;
}

export async function checkStock(databaseUrl: string, ticket: RushTicket): Promise<StockCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stock = await client.query(`select capacity, held, sold from commerce.tickets where id = $1`, [ticket.ticketId]);
    const orders = await client.query(
      `select count(*) filter (where state = 'PAID')::int as paid, count(*) filter (where state = 'PENDING_PAYMENT')::int as pending
       from commerce.orders where event_id = $1`,
      [ticket.eventId],
    );
    return { ...stock.rows[0], paidOrders: orders.rows[0].paid, pendingOrders: orders.rows[0].pending };
  } finally {
    await client.end();
  }
}

export type BuyerOutcome =
  | { kind: 'PAID'; checkoutMs: number }
  | { kind: 'REFUSED'; code: 'OUT_OF_STOCK' | 'INSUFFICIENT_STOCK'; at: 'cart' | 'order'; checkoutMs?: number }
  | { kind: 'FAILED'; step: string; detail: string };

export interface BuyerOptions {
  origin: string;
  ticket: RushTicket;
  /** The website's OIDC client credentials, for guest credentials. */
  clientId: string;
  clientSecret: string;
  /** Per request; a buyer that waits longer has not had a clear answer. */
  timeoutMs?: number;
}

const CART_CREATE = `mutation ($eventId: ID!, $input: CartCreateInput!) { cartCreate(eventId: $eventId, input: $input) { id } }`;
const ORDER_CREATE = `mutation ($input: OrderCreateInput!) {
  orderCreate(input: $input) { orderId paymentLink validationResult { isValid problems { field message } } }
}`;

/** One buyer from guest credentials to a paid order, or the refusal it was given. */
export async function buyOne(options: BuyerOptions, index: number): Promise<BuyerOutcome> {
  const { origin, ticket } = options;
  const signal = () => AbortSignal.timeout(options.timeoutMs ?? 30_000);
  let step = 'guest credentials';
  try {
    const credentials = await fetch(`${origin}/oidc/api/guest-credentials`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: '{}',
      signal: signal(),
    });
    if (!credentials.ok) return { kind: 'FAILED', step, detail: `HTTP ${credentials.status}` };
    const { accessToken } = (await credentials.json()) as { accessToken: string };
    const graphql = async (query: string, variables: Record<string, unknown>) => {
      const response = await fetch(`${origin}/graphql/commerce`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
        signal: signal(),
      });
      const body = (await response.json()) as { data?: Record<string, any> | null; errors?: { extensions?: { code?: string } }[] };
      return { status: response.status, body };
    };
    const refusal = (errors: { extensions?: { code?: string } }[] | undefined) => {
      const code = errors?.[0]?.extensions?.code;
      return code === 'OUT_OF_STOCK' || code === 'INSUFFICIENT_STOCK' ? code : undefined;
    };

    step = 'cartCreate';
    const cart = await graphql(CART_CREATE, {
      eventId: ticket.eventId,
      input: { items: [{ catalogueItemId: ticket.ticketId, quantity: 1 }] },
    });
    const cartRefusal = refusal(cart.body.errors);
    if (cartRefusal) return { kind: 'REFUSED', code: cartRefusal, at: 'cart' };
    const cartId = cart.body.data?.cartCreate?.id as string | undefined;
    if (!cartId) return { kind: 'FAILED', step, detail: `HTTP ${cart.status} ${JSON.stringify(cart.body.errors ?? cart.body)}` };

    step = 'orderCreate';
    const started = performance.now();
    const email = `buyer${index}@example.com`;
    const order = await graphql(ORDER_CREATE, {
      input: {
        cartId,
        eventId: ticket.eventId,
        customer: { email, confirmEmail: email, firstName: 'Sara', lastName: `Buyer ${index}`, phoneNumber: '+966501234567' },
        billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
        paymentMethod: 'CREDIT_CARD',
        acceptedTerms: true,
        returnUrl: `${origin}/tickets/confirmation`,
        locale: 'en',
      },
    });
    const checkoutMs = performance.now() - started;
    const orderRefusal = refusal(order.body.errors);
    if (orderRefusal) return { kind: 'REFUSED', code: orderRefusal, at: 'order', checkoutMs };
    const paymentLink = order.body.data?.orderCreate?.paymentLink as string | undefined;
    if (!paymentLink)
      return { kind: 'FAILED', step, detail: `HTTP ${order.status} ${JSON.stringify(order.body.errors ?? order.body.data)}` };

    step = 'card payment';
    const paid = await fetch(paymentLink, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }),
      redirect: 'manual',
      signal: signal(),
    });
    if (paid.status !== 303) return { kind: 'FAILED', step, detail: `HTTP ${paid.status}` };
    return { kind: 'PAID', checkoutMs };
  } catch (error) {
    return { kind: 'FAILED', step, detail: (error as Error).message };
  }
}

/** Runs `count` buyers at once, buyer i on `origins[i % origins.length]`. */
export async function rush(count: number, origins: readonly string[], options: Omit<BuyerOptions, 'origin'>): Promise<BuyerOutcome[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => buyOne({ ...options, origin: origins[index % origins.length]! }, index)));
}

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
