import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';

/** Every state an order can be in (0001_commerce.sql): each is reported, at zero when no order is in it. */
const ORDER_STATES = ['PENDING_PAYMENT', 'PAID', 'PAYMENT_FAILED', 'EXPIRED', 'CANCELLED'] as const;

export interface SalesFigures {
  ordersByState: Record<string, number>;
  /** Per catalogue event: tickets sold (paid orders) and held (pending orders), from the stock counters. */
  tickets: { eventId: string; sold: number; held: number }[];
  /** Pending orders whose hold is still running. */
  activeHolds: number;
}

/**
 * The shop's figures for operators (metrics), in three cheap statements: a count of orders by
 * state, the stock counters summed per event (the catalogue is small), and the pending orders
 * whose hold runs (the partial index on pending holds). Callers reuse the answer for a while.
 */
export async function readSalesFigures(db: Database, now: Date): Promise<SalesFigures> {
  const [states, tickets, holds] = await Promise.all([
    queryRows<{ state: string; orders: number }>(db, sql`select state, count(*)::int as orders from commerce.orders group by state`),
    queryRows<{ event_id: string; sold: number; held: number }>(
      db,
      sql`select event_id, sum(sold)::int as sold, sum(held)::int as held from commerce.tickets group by event_id order by event_id`,
    ),
    queryRows<{ holds: number }>(
      db,
      sql`select count(*)::int as holds from commerce.orders
          where state = 'PENDING_PAYMENT' and hold_expires_at > ${now.toISOString()}`,
    ),
  ]);
  const ordersByState: Record<string, number> = Object.fromEntries(ORDER_STATES.map((state) => [state, 0]));
  for (const { state, orders } of states) ordersByState[state] = orders;
  return {
    ordersByState,
    tickets: tickets.map((row) => ({ eventId: row.event_id, sold: row.sold, held: row.held })),
    activeHolds: holds[0]?.holds ?? 0,
  };
}
