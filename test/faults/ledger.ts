import pg from 'pg';

/**
 * What the database says about the money and the tickets after a fault, read straight from the
 * tables as an auditor would: stock against paid orders, paid orders against issued tickets, and
 * the payment provider's successes (the sandbox's own records) against our orders.
 */
export interface LedgerCheck {
  /** Stock rows whose held + sold passes their capacity. */
  oversoldRows: number;
  /** Sold counters that differ from the quantities of the paid orders that sold them. */
  soldMismatches: number;
  paidOrders: number;
  /** Paid orders with no issued ticket. */
  paidWithoutTickets: number;
  /** Payments the provider took whose order is not paid by that very payment (and not voided). */
  unreconciledSuccesses: number;
  /** Payments the provider took and then gave back because the order could not be paid. */
  voidedSuccesses: number;
  pendingOrders: number;
}

/** `ticketIds`: the tickets the suite's buyers bought (the demo catalogue's counters start from made-up sales). */
export async function readLedger(databaseUrl: string, ticketIds: string[]): Promise<LedgerCheck> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const one = async (query: string, values: unknown[] = []) =>
      Number(Object.values((await client.query(query, values)).rows[0] as object)[0]);
    return {
      oversoldRows: await one(`
        select (select count(*) from commerce.tickets where held + sold > capacity)
             + (select count(*) from commerce.extra_items where held + sold > capacity)
             + (select count(*) from commerce.timeslots where held + sold > capacity)`),
      soldMismatches: await one(
        `
        select count(*) from commerce.tickets t
        where t.id = any($1)
          and t.sold <> coalesce((select sum(i.quantity) from commerce.order_items i
                                  join commerce.orders o on o.id = i.order_id and o.state = 'PAID'
                                  where i.ticket_id = t.id), 0)`,
        [ticketIds],
      ),
      paidOrders: await one(`select count(*) from commerce.orders where state = 'PAID'`),
      paidWithoutTickets: await one(`
        select count(*) from commerce.orders o
        where o.state = 'PAID' and not exists (select 1 from commerce.issued_tickets t where t.order_id = o.id)`),
      unreconciledSuccesses: await one(`
        select count(*) from payment_sandbox.payments s
        left join commerce.payments p on p.id = s.id
        left join commerce.orders o on o.id = s.order_id
        where s.state = 'SUCCEEDED' and (p.state is distinct from 'SUCCEEDED' or o.state is distinct from 'PAID')`),
      voidedSuccesses: await one(`
        select count(*) from commerce.payments p
        where p.state = 'VOIDED' and p.failure_reason in ('hold_expired', 'order_not_pending')`),
      pendingOrders: await one(`select count(*) from commerce.orders where state = 'PENDING_PAYMENT'`),
    };
  } finally {
    await client.end();
  }
}
