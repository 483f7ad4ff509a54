import { sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import type { Logger } from '#platform/logger.ts';
import { fromRoot } from '#platform/paths.ts';
import { loadCatalogueFolder } from './catalogue-files.ts';
import { couponRow, EVENT_TABLES, eventRows, type Row } from './catalogue-rows.ts';

/**
 * The demo catalogue of every environment but production: the files of `catalogue/` (one commerce
 * event per content event with `ticketsExternalId`) with the made-up sales of its
 * `demo-sales.json`. Nabd Festival 2026 has one of everything the shop shows, with waves in every
 * state at the test sites' "now" (2026-11-21T12:00Z): an ended early-bird wave, the general sale
 * on now, a last-call wave coming soon and a friends' presale that is sold out. Production loads
 * its catalogue only through `npm run catalogue:import` (decision 0037), which never writes sales.
 */

export const CATALOGUE_FOLDER = fromRoot('catalogue');

/** The rows the demo starts with, counters included, by table in the order the foreign keys need. */
export async function demoCatalogueRows(folder = CATALOGUE_FOLDER): Promise<[string, Row[]][]> {
  const catalogue = await loadCatalogueFolder(folder);
  const events = catalogue.events.map(eventRows);
  const sold = (row: Row) => catalogue.demoSales[row.id as string] ?? 0;
  const stock = (row: Row): Row => ({ ...row, held: 0, sold: sold(row) });
  return [
    ...EVENT_TABLES.map((table): [string, Row[]] => {
      const rows = events.flatMap((event) => event[table]);
      return [table, table === 'tickets' || table === 'extra_items' || table === 'timeslots' ? rows.map(stock) : rows];
    }),
    ['coupons', catalogue.coupons.map((coupon) => ({ ...couponRow(coupon), redemptions: 0 }))],
  ];
}

/** Adds what is missing of the demo catalogue; rows that exist (maybe changed by sales) stay as they are. */
export async function seedDemoCatalogue(db: Database, logger: Logger, folder = CATALOGUE_FOLDER): Promise<void> {
  const tables = await demoCatalogueRows(folder);
  const added = await db.transaction(async (tx) => {
    let count = 0;
    for (const [table, rows] of tables) {
      // One statement per table: the rows go as one JSON document, in the table's own column types.
      const result = (await tx.execute(
        sql`insert into ${sql.raw(`commerce.${table}`)}
            select * from jsonb_populate_recordset(null::${sql.raw(`commerce.${table}`)}, ${JSON.stringify(rows)}::jsonb)
            on conflict do nothing`,
      )) as { rowCount?: number | null; affectedRows?: number };
      count += result.rowCount ?? result.affectedRows ?? 0;
    }
    return count;
  });
  if (added) logger.info({ rows: added }, 'Added the demo catalogue');
}
