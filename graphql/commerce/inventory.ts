import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { sqlStateOf } from '#platform/sql-state.ts';
import { inventoryError } from './errors.ts';

/**
 * Inventory holds (decision 0027). Stock lives as counters on the row that is sold: `held` by
 * pending orders, `sold` by paid ones, and `held + sold <= capacity` is a check constraint. A hold
 * is taken with one conditional update per stock row, in a fixed order, inside the order's
 * transaction; it ends exactly once, released or converted, by acting only on the hold rows an
 * update returned.
 */

/** SPEC 4.3: how long a placed order keeps its stock while the visitor pays. */
export const HOLD_MINUTES = 15;

export type StockKind = 'ticket' | 'extra_item' | 'timeslot';

export interface StockNeed {
  kind: StockKind;
  id: string;
  quantity: number;
}

const TABLES: Record<StockKind, SQL> = {
  ticket: sql.raw('commerce.tickets'),
  extra_item: sql.raw('commerce.extra_items'),
  timeslot: sql.raw('commerce.timeslots'),
};

/**
 * SQLSTATEs that mean the stock could not be held just now, though the database is up: a lock or
 * statement timeout while a sale's buyers queue for one row, a serialisation failure or deadlock,
 * the counters' check refusing. SPEC 8's inventory error ("try again"), not an outage.
 */
const HOLD_FAILURES = new Set(['55P03', '57014', '40001', '40P01', '23514']);

/** Not enough left of one stock row: nothing at all (OUT_OF_STOCK) or less than asked (INSUFFICIENT_STOCK). */
export class StockShortage extends Error {
  constructor(
    readonly code: 'OUT_OF_STOCK' | 'INSUFFICIENT_STOCK',
    readonly need: StockNeed,
  ) {
    super(`${code}: ${need.kind} ${need.id}`);
  }
}

/**
 * One need per stock row, quantities summed, sorted by kind then id: every order locks rows in the
 * same order, so two orders never wait for each other in a cycle (no deadlock).
 */
export function consolidateNeeds(needs: readonly StockNeed[]): StockNeed[] {
  const byKey = new Map<string, StockNeed>();
  for (const need of needs) {
    const key = `${need.kind}\u0000${need.id}`;
    const known = byKey.get(key);
    if (known) known.quantity += need.quantity;
    else byKey.set(key, { ...need });
  }
  return [...byKey.values()].sort((a, b) => (a.kind === b.kind ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.kind < b.kind ? -1 : 1));
}

/**
 * Takes every need for `orderId` inside the caller's transaction, or throws StockShortage (the
 * caller rolls back, so nothing taken before the shortage stays held). The update only matches
 * while enough is left, and the row lock it takes serialises concurrent buyers of the same row:
 * the second one re-reads the committed counters before deciding (no lost update, no oversell).
 * The same lock orders it with a catalogue import's change of capacity or withdrawal (decision
 * 0037): a row withdrawn meanwhile has nothing left.
 */
export async function takeHolds(tx: Database, orderId: string, needs: readonly StockNeed[]): Promise<void> {
  try {
    await takeEachHold(tx, orderId, consolidateNeeds(needs));
  } catch (error) {
    if (HOLD_FAILURES.has(sqlStateOf(error) ?? '')) throw inventoryError();
    throw error;
  }
}

async function takeEachHold(tx: Database, orderId: string, consolidated: readonly StockNeed[]): Promise<void> {
  if (consolidated.length === 0) return;
  // The holds' records first, in one statement, so that a stock row's lock, once taken, is held
  // only until the commit: a sale's buyers all queue for the same ticket row.
  await tx.execute(
    sql`insert into commerce.inventory_holds (order_id, stock_kind, stock_id, quantity) values ${sql.join(
      consolidated.map((need) => sql`(${orderId}, ${need.kind}, ${need.id}, ${need.quantity})`),
      sql`, `,
    )}`,
  );
  for (const need of consolidated) {
    const table = TABLES[need.kind];
    const taken = await queryRows<{ id: string }>(
      tx,
      sql`update ${table} set held = held + ${need.quantity}
          where id = ${need.id} and withdrawn_at is null and (capacity is null or capacity - held - sold >= ${need.quantity})
          returning id`,
    );
    if (taken.length === 0) {
      const [row] = await queryRows<{ left: number | null }>(
        tx,
        sql`select case when withdrawn_at is null then capacity - held - sold else 0 end as "left" from ${table} where id = ${need.id}`,
      );
      throw new StockShortage(!row || (row.left ?? 0) <= 0 ? 'OUT_OF_STOCK' : 'INSUFFICIENT_STOCK', need);
    }
  }
}

type HoldRow = { stock_kind: StockKind; stock_id: string; quantity: number };

/** Ends the order's open holds: their stock goes back on sale. Returns how many holds it released. */
export async function releaseHolds(tx: Database, orderId: string, now: Date): Promise<number> {
  const holds = await queryRows<HoldRow>(
    tx,
    sql`update commerce.inventory_holds set released_at = ${now.toISOString()}
        where order_id = ${orderId} and released_at is null and converted_at is null
        returning stock_kind, stock_id, quantity`,
  );
  for (const hold of consolidateNeeds(holds.map(toNeed))) {
    await tx.execute(sql`update ${TABLES[hold.kind]} set held = held - ${hold.quantity} where id = ${hold.id}`);
  }
  return holds.length;
}

/** Turns the order's open holds into sold stock (the order was paid). Returns how many it converted. */
export async function convertHolds(tx: Database, orderId: string, now: Date): Promise<number> {
  const holds = await queryRows<HoldRow>(
    tx,
    sql`update commerce.inventory_holds set converted_at = ${now.toISOString()}
        where order_id = ${orderId} and released_at is null and converted_at is null
        returning stock_kind, stock_id, quantity`,
  );
  for (const hold of consolidateNeeds(holds.map(toNeed))) {
    await tx.execute(
      sql`update ${TABLES[hold.kind]} set held = held - ${hold.quantity}, sold = sold + ${hold.quantity} where id = ${hold.id}`,
    );
  }
  return holds.length;
}

const toNeed = (row: HoldRow): StockNeed => ({ kind: row.stock_kind, id: row.stock_id, quantity: Number(row.quantity) });
