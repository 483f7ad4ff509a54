import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { RushTicket } from '../../graphql/commerce/test-support/sale-rush.ts';

/*
 * The database's own ceiling for a sale, pgbench-style: `clients` connections each running, for
 * `seconds`, the transaction every sale comes down to (the guarded stock update that cannot
 * oversell, then the cart, the order and its line) straight over node-postgres, with no web tier,
 * GraphQL or session in front. What the site reaches is measured against this.
 */

export interface CeilingResult {
  clients: number;
  seconds: number;
  orders: number;
  tickets: number;
  refused: number;
  /** Per transaction, in ms. */
  p50: number;
  p95: number;
}

export async function measureDatabaseCeiling(
  databaseUrl: string,
  ticket: RushTicket,
  options: { clients: number; seconds: number; ticketsPerOrder: [number, number] },
): Promise<CeilingResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.clients });
  const latencies: number[] = [];
  let orders = 0;
  let tickets = 0;
  let refused = 0;
  const [least, most] = options.ticketsPerOrder;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        const client = await pool.connect();
        try {
          while (performance.now() < deadline) {
            const quantity = least + Math.floor(Math.random() * (most - least + 1));
            const began = performance.now();
            if (await sellOne(client, ticket, quantity)) {
              orders += 1;
              tickets += quantity;
            } else refused += 1;
            latencies.push(performance.now() - began);
          }
        } finally {
          client.release();
        }
      }),
    );
  } finally {
    await pool.end();
  }
  const sorted = latencies.sort((a, b) => a - b);
  const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
  return { clients: options.clients, seconds: (performance.now() - started) / 1000, orders, tickets, refused, p50: at(0.5), p95: at(0.95) };
}

/** One paid order of `quantity` tickets in one transaction, or false when the stock refuses it. */
async function sellOne(client: pg.PoolClient, ticket: RushTicket, quantity: number): Promise<boolean> {
  await client.query('begin');
  try {
    const stock = await client.query(
      `update commerce.tickets set sold = sold + $2 where id = $1 and held + sold + $2 <= capacity returning price, name_en, name_ar`,
      [ticket.ticketId, quantity],
    );
    if (stock.rowCount === 0) {
      await client.query('rollback');
      return false;
    }
    const { price, name_en: nameEn, name_ar: nameAr } = stock.rows[0] as { price: number; name_en: string; name_ar: string };
    const cart = await client.query(`insert into commerce.carts (event_id, customer_id, state) values ($1, $2, 'COMPLETED') returning id`, [
      ticket.eventId,
      `guest_ceiling-${randomBytes(6).toString('hex')}`,
    ]);
    const orderId = `NBD-C${randomBytes(5).toString('hex').toUpperCase()}`;
    const total = price * quantity;
    const excluding = Math.round(total / 1.15);
    await client.query(
      `insert into commerce.orders (id, event_id, cart_id, customer_id, state, payment_method, customer, billing_address,
         subtotal, total, total_excluding, vat, return_url, completed_at)
       values ($1, $2, $3, 'guest_ceiling', 'PAID', 'CREDIT_CARD', $4, $5, $6, $6, $7, $8, 'http://127.0.0.1/confirmation', now())`,
      [
        orderId,
        ticket.eventId,
        cart.rows[0].id,
        JSON.stringify({ email: 'ceiling@example.com', firstName: 'Sara', lastName: 'Ceiling', phoneNumber: '+966501234567' }),
        JSON.stringify({ address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' }),
        total,
        excluding,
        total - excluding,
      ],
    );
    await client.query(
      `insert into commerce.order_items (order_id, ticket_id, name_en, name_ar, quantity, original_price, discounted_price, total, position)
       values ($1, $2, $3, $4, $5, $6, $6, $7, 0)`,
      [orderId, ticket.ticketId, nameEn, nameAr, quantity, price, total],
    );
    await client.query('commit');
    return true;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
