import { sql } from 'drizzle-orm';
import { queryRows, type Database, type DatabaseHandle } from '#platform/database.ts';
import { migrate, type Migration } from '#platform/migrations.ts';
import createPurchases from './migrations/0001_purchases.sql';

export const PURCHASE_LEDGER_SCHEMA = 'purchase_ledger';
export const purchaseLedgerMigrations: Migration[] = [{ name: '0001_purchases', sql: createPurchases }];

/**
 * The orders whose purchase was tracked (SPEC 9.4, decision 0031). A reload of the confirmation,
 * the guest's link opened on another device or two processes answering at once must not count a
 * sale twice: a unique row per order decides, atomically, who tracks it.
 */
export class PurchaseLedger {
  constructor(private readonly db: Database) {}

  /** True exactly once per order: for the caller that recorded it first. */
  async recordFirst(orderId: string): Promise<boolean> {
    const rows = await queryRows<{ order_id: string }>(
      this.db,
      sql`insert into purchase_ledger.purchases (order_id) values (${orderId}) on conflict (order_id) do nothing returning order_id`,
    );
    return rows.length === 1;
  }
}

export async function createPurchaseLedger(database: DatabaseHandle): Promise<PurchaseLedger> {
  await migrate(database, PURCHASE_LEDGER_SCHEMA, purchaseLedgerMigrations);
  return new PurchaseLedger(database.db);
}
