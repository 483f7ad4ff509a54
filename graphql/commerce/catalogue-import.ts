import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { COUPONS_FILE, EVENT_FILE, loadCatalogueFolder, TICKETS_FILE, type CatalogueEvent, type CouponFile } from './catalogue-files.ts';
import {
  couponRow,
  EVENT_TABLES,
  eventRows,
  TABLES,
  type CatalogueTable,
  type ColumnValue,
  type Row,
  type TableSpec,
} from './catalogue-rows.ts';
import { consolidateNeeds, type StockKind } from './inventory.ts';
import { formatAmount } from './money.ts';
import type { CatalogueImportReport, RowChange, SectionReport } from './catalogue-import-report.ts';

/**
 * `npm run catalogue:import` (decision 0037): makes the commerce tables hold what the catalogue
 * files say, in any environment, production included, while the shop sells.
 *
 * - One transaction per event, and one for the coupons: a refusal leaves that part as it was.
 * - Idempotent: rows are compared column by column and only what differs is written.
 * - The shop's counters (`held`, `sold`, `redemptions`) are never written.
 * - A capacity never goes below what is sold plus held; a ticket, extra or timeslot with sales or
 *   holds is never removed. Removed rows that nothing sold are withdrawn from sale, not deleted:
 *   orders, carts and requests that name them keep them; categories too. Waves and perks are
 *   deleted, and coupons unless redeemed or held by a cart.
 * - Prices change for what is sold from now on: orders keep the prices frozen in their items.
 * - Stock rows are locked in the order orders lock them (inventory.ts, consolidateNeeds), so an
 *   import and an order never wait for each other in a cycle; the capacity and withdrawal rules are
 *   checked on the locked, committed counters, and an order waiting on the row re-checks after.
 */

export interface CatalogueImportOptions {
  /** Checks and computes every change, then rolls it back. */
  dryRun?: boolean;
}

/** Nothing of the part is written; the problems say why. */
class Refusal extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

/** Thrown at the end of a dry run to roll back what it wrote, carrying what it would have done. */
class DryRun extends Error {
  readonly report: SectionReport;
  constructor(report: SectionReport) {
    super('dry run');
    this.report = report;
  }
}

export async function importCatalogue(db: Database, folder: string, options: CatalogueImportOptions = {}): Promise<CatalogueImportReport> {
  const catalogue = await loadCatalogueFolder(folder);
  const base = path.basename(path.resolve(folder));
  const sections: SectionReport[] = [];
  for (const event of catalogue.events) sections.push(await importEvent(db, event, base, options));
  sections.push(await importCoupons(db, catalogue.coupons, base, options));
  const ids = catalogue.events.map(({ event }) => event.id);
  const others = await queryRows<{ id: string }>(
    db,
    sql`select id from commerce.events ${ids.length ? sql`where id not in ${ids}` : sql``} order by id`,
  );
  return { sections, notInFiles: others.map((row) => row.id), dryRun: options.dryRun === true };
}

// ---- Reading what the database holds ----

type CurrentRow = Row & { owner: string; withdrawn: boolean };

/** A column as the files' rows hold it: times as UTC ISO strings, arrays as JSON. */
function columnOf(spec: TableSpec, column: string, alias: string): SQL {
  const name = `${alias}.${column}`;
  if (spec.timestamps.includes(column)) return sql.raw(`to_char(${name} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ${column}`);
  if (column === 'payment_methods') return sql.raw(`array_to_json(${name}) as ${column}`);
  return sql.raw(name);
}

/** The table's rows of the event, and those with the ids the files give wherever they belong. */
async function currentRows(tx: Database, spec: TableSpec, eventId: string, ids: string[]): Promise<Map<string, CurrentRow>> {
  const columns = sql.join(
    spec.columns.map((column) => columnOf(spec, column, 'r')),
    sql`, `,
  );
  const withdrawn = spec.withdrawable ? sql.raw('r.withdrawn_at is not null') : sql.raw('false');
  const byTicket = spec.table === 'perks' || spec.table === 'extra_items' || spec.table === 'timeslots';
  const owner = spec.table === 'events' ? sql.raw('r.id') : byTicket ? sql.raw('t.event_id') : sql.raw('r.event_id');
  const from = byTicket
    ? sql.raw(`commerce.${spec.table} r join commerce.tickets t on t.id = r.ticket_id`)
    : sql.raw(`commerce.${spec.table} r`);
  const named = ids.length ? sql` or r.id in ${ids}` : sql``;
  const rows = await queryRows<CurrentRow>(
    tx,
    sql`select ${columns}, ${owner} as owner, ${withdrawn} as withdrawn from ${from} where ${owner} = ${eventId}${named} order by r.id`,
  );
  return new Map(rows.map((row) => [row.id as string, row]));
}

// ---- Comparing ----

const same = (a: ColumnValue | undefined, b: ColumnValue | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The files' name of a column: `name_en` is `name.en`, `sort_order` is `order`. */
function fieldOf(column: string): string {
  const named: Record<string, string> = {
    sort_order: 'order',
    category_id: 'category',
    wave_id: 'wave',
    parent_id: 'parent',
    ticket_id: 'ticket',
    event_id: 'event',
    callback_form_type: 'callbackForm',
    is_callback_form: 'callbackForm',
    is_shipping_required: 'shippingRequired',
    is_hidden_on_detail: 'hiddenOnDetail',
    is_highlighted: 'highlighted',
    is_free: 'free',
    min_subtotal: 'minimumSubtotal',
    coupon_type: 'discount',
    value: 'discount',
  };
  if (named[column]) return named[column];
  const language = /_(en|ar)$/.exec(column)?.[1];
  const stem = language ? column.slice(0, -3) : column;
  const camel = stem.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  return language ? `${camel}.${language}` : camel;
}

function shown(spec: TableSpec, column: string, value: ColumnValue | undefined, row: Row): string {
  if (value === null || value === undefined) return 'none';
  if (spec.money.includes(column) && typeof value === 'number') return formatAmount(value);
  // A coupon's value is basis points or halalas, as its type says.
  if (spec.table === 'coupons' && column === 'value' && typeof value === 'number') {
    return row.coupon_type === 'PERCENTAGE' ? `${value / 100}%` : `${formatAmount(value)} SAR`;
  }
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' && !spec.timestamps.includes(column))
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  return String(value);
}

interface TableDiff {
  spec: TableSpec;
  create: Row[];
  update: { row: Row; before: CurrentRow; changes: string[] }[];
  /** On sale in the database, no longer in the files. */
  remove: CurrentRow[];
  unchanged: number;
}

function diffTable(
  spec: TableSpec,
  wanted: Row[],
  current: Map<string, CurrentRow>,
  eventId: string,
  problems: string[],
  file: string,
): TableDiff {
  const result: TableDiff = { spec, create: [], update: [], remove: [], unchanged: 0 };
  const key = spec.key;
  for (const row of wanted) {
    const id = row[key] as string;
    const before = current.get(id);
    if (!before) {
      result.create.push(row);
      continue;
    }
    if (before.owner !== eventId) {
      problems.push(
        `${file}: ${spec.noun} ${id} already belongs to the event ${before.owner}${before.withdrawn ? ' (withdrawn)' : ''}; give it another id`,
      );
      continue;
    }
    const changes = spec.columns
      .filter((column) => column !== 'is_callback_form' && !same(row[column], before[column]))
      .map((column) => `${fieldOf(column)} ${shown(spec, column, before[column], before)} → ${shown(spec, column, row[column], row)}`);
    if (before.withdrawn) changes.unshift('back on sale');
    if (changes.length) result.update.push({ row, before, changes });
    else result.unchanged += 1;
  }
  const ids = new Set(wanted.map((row) => row[key] as string));
  for (const [id, before] of current) {
    if (before.owner === eventId && !before.withdrawn && !ids.has(id)) result.remove.push(before);
  }
  return result;
}

// ---- Writing ----

/** Inserts new rows and updates changed ones, in one statement; a withdrawn row comes back on sale. */
async function upsert(tx: Database, spec: TableSpec, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const table = sql.raw(`commerce.${spec.table}`);
  const columns = sql.raw(spec.columns.join(', '));
  const updates = spec.columns.filter((column) => column !== spec.key).map((column) => `${column} = excluded.${column}`);
  if (spec.withdrawable) updates.push('withdrawn_at = null');
  await tx.execute(
    sql`insert into ${table} (${columns})
        select ${columns} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)
        on conflict (${sql.raw(spec.key)}) do update set ${sql.raw(updates.join(', '))}`,
  );
}

const STOCK_KINDS: Partial<Record<CatalogueTable, StockKind>> = { tickets: 'ticket', extra_items: 'extra_item', timeslots: 'timeslot' };
const STOCK_TABLES: Record<StockKind, TableSpec> = { ticket: TABLES.tickets, extra_item: TABLES.extra_items, timeslot: TABLES.timeslots };

type LockedStock = { capacity: number | null; held: number; sold: number };

function emptyReport(name: string, title?: string): SectionReport {
  return { name, ...(title ? { title } : {}), refused: false, created: [], updated: [], removed: [], unchanged: 0, problems: [] };
}

/**
 * Locks the stock rows that change or go, in the order orders lock them, and checks the rules on
 * their committed counters: a capacity never below what is sold plus held, nothing with sales or
 * holds removed. Returns the problems found.
 */
async function checkStock(
  tx: Database,
  diffs: Map<CatalogueTable, TableDiff>,
  fileOf: (table: CatalogueTable) => string,
): Promise<string[]> {
  const needs = [...diffs].flatMap(([table, diff]) => {
    const kind = STOCK_KINDS[table];
    const ids = [...diff.update.map(({ row }) => row.id as string), ...diff.remove.map((row) => row.id as string)];
    return kind ? ids.map((id) => ({ kind, id, quantity: 0 })) : [];
  });
  const locked = new Map<string, LockedStock>();
  for (const need of consolidateNeeds(needs)) {
    const [row] = await queryRows<LockedStock>(
      tx,
      sql`select capacity, held, sold from ${sql.raw(`commerce.${STOCK_TABLES[need.kind].table}`)} where id = ${need.id} for no key update`,
    );
    locked.set(`${need.kind}\u0000${need.id}`, row!);
  }
  const problems: string[] = [];
  for (const [table, diff] of diffs) {
    const kind = STOCK_KINDS[table];
    if (!kind) continue;
    const { noun } = diff.spec;
    for (const { row } of diff.update) {
      const { held, sold } = locked.get(`${kind}\u0000${row.id}`)!;
      if (row.capacity !== null && (row.capacity as number) < held + sold) {
        problems.push(
          `${fileOf(table)}: ${noun} ${row.id}: capacity ${row.capacity} is below what is sold (${sold}) plus held (${held}); ` +
            `it can be ${held + sold} at the least`,
        );
      }
    }
    for (const before of diff.remove) {
      const { held, sold } = locked.get(`${kind}\u0000${before.id}`)!;
      if (held + sold > 0) {
        problems.push(
          `${fileOf(table)}: ${noun} ${before.id} is no longer in the file, but ${sold} are sold and ${held} held: ` +
            `what has sales cannot be removed (keep it, and ${kind === 'ticket' ? 'end its wave or ' : ''}set its capacity to ${held + sold} to stop selling it)`,
        );
      }
    }
  }
  return problems;
}

/** Writes the changes, foreign keys first: the event, waves and categories, then tickets and what hangs on them. */
async function writeEvent(tx: Database, eventRow: Row, diffs: Map<CatalogueTable, TableDiff>): Promise<void> {
  const eventDiff = diffs.get('events')!;
  if (eventDiff.create.length || eventDiff.update.length) {
    await tx.execute(
      sql`update commerce.events set name_en = ${eventRow.name_en}, name_ar = ${eventRow.name_ar}, logo = ${eventRow.logo},
            background_image = ${eventRow.background_image},
            starts_at = ${eventRow.starts_at}, ends_at = ${eventRow.ends_at}, gates_open = ${eventRow.gates_open},
            venue_name_en = ${eventRow.venue_name_en}, venue_name_ar = ${eventRow.venue_name_ar},
            venue_address_en = ${eventRow.venue_address_en}, venue_address_ar = ${eventRow.venue_address_ar},
            venue_map_url = ${eventRow.venue_map_url},
            payment_methods = array(select jsonb_array_elements_text(${JSON.stringify(eventRow.payment_methods)}::jsonb)),
            waiting_room_opens_at = ${eventRow.waiting_room_opens_at}, waiting_room_per_minute = ${eventRow.waiting_room_per_minute},
            waiting_room_checkout_minutes = ${eventRow.waiting_room_checkout_minutes}
          where id = ${eventRow.id}`,
    );
  }
  for (const table of EVENT_TABLES) {
    const diff = diffs.get(table)!;
    if (table !== 'events') await upsert(tx, diff.spec, [...diff.create, ...diff.update.map(({ row }) => row)]);
  }
  for (const table of [...EVENT_TABLES].reverse()) {
    const diff = diffs.get(table)!;
    const ids = diff.remove.map((row) => row.id as string);
    if (!ids.length) continue;
    const target = sql.raw(`commerce.${table}`);
    if (diff.spec.withdrawable) await tx.execute(sql`update ${target} set withdrawn_at = now() where id in ${ids}`);
    else await tx.execute(sql`delete from ${target} where id in ${ids}`);
  }
}

function reportOf(report: SectionReport, diffs: Iterable<TableDiff>): SectionReport {
  for (const diff of diffs) {
    const { noun, key, withdrawable } = diff.spec;
    report.created.push(...diff.create.map((row) => ({ noun, id: row[key] as string })));
    report.updated.push(...diff.update.map(({ row, changes }) => ({ noun, id: row[key] as string, changes })));
    report.removed.push(
      ...diff.remove.map((row) => ({
        noun,
        id: row[key] as string,
        removal: withdrawable ? ('withdrawn from sale' as const) : ('deleted' as const),
      })),
    );
    report.unchanged += diff.unchanged;
  }
  return report;
}

/** One event in one transaction: all of its changes, or none of them and the problems that refused them. */
async function importEvent(db: Database, files: CatalogueEvent, base: string, options: CatalogueImportOptions): Promise<SectionReport> {
  const eventId = files.event.id;
  const wanted = eventRows(files);
  const fileOf = (table: CatalogueTable) =>
    `${base}/${files.folder}/${table === 'events' || table === 'waves' || table === 'categories' ? EVENT_FILE : TICKETS_FILE}`;
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      // The event row first, created when new, then locked: two imports of one event run one after
      // the other. Orders and carts only take key-share locks on it, which this lock lets through.
      const fresh = await queryRows(
        tx,
        sql`insert into commerce.events (id, name_en, name_ar) values (${eventId}, ${files.event.name.en}, ${files.event.name.ar})
            on conflict (id) do nothing returning id`,
      );
      await tx.execute(sql`select id from commerce.events where id = ${eventId} for no key update`);

      const problems: string[] = [];
      const diffs = new Map<CatalogueTable, TableDiff>();
      for (const table of EVENT_TABLES) {
        const spec = TABLES[table];
        const rows = wanted[table];
        if (table === 'events' && fresh.length) {
          // Created just above with its names only: writeEvent writes the rest.
          diffs.set(table, { spec, create: rows, update: [], remove: [], unchanged: 0 });
          continue;
        }
        const current = await currentRows(tx, spec, eventId, table === 'events' ? [] : rows.map((row) => row.id as string));
        diffs.set(table, diffTable(spec, rows, current, eventId, problems, fileOf(table)));
      }
      problems.push(...(await checkStock(tx, diffs, fileOf)));
      if (problems.length) throw new Refusal(problems);
      await writeEvent(tx, wanted.events[0]!, diffs);
      const report = reportOf(emptyReport(eventId, files.event.name.en), diffs.values());
      if (options.dryRun) throw new DryRun(report);
      return report;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.report;
    if (error instanceof Refusal) return { ...emptyReport(eventId, files.event.name.en), refused: true, problems: error.problems };
    throw error;
  }
}

/** The shop's coupons in one transaction of their own, after the events they may be restricted to. */
async function importCoupons(db: Database, coupons: CouponFile[], base: string, options: CatalogueImportOptions): Promise<SectionReport> {
  const spec = TABLES.coupons;
  const file = `${base}/${COUPONS_FILE}`;
  const wanted = coupons.map(couponRow);
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const columns = sql.join(
        spec.columns.map((column) => columnOf(spec, column, 'r')),
        sql`, `,
      );
      const rows = await queryRows<CurrentRow>(
        tx,
        sql`select ${columns}, '' as owner, false as withdrawn from commerce.coupons r order by r.code`,
      );
      const problems: string[] = [];
      const diff = diffTable(spec, wanted, new Map(rows.map((row) => [row.code as string, row])), '', problems, file);
      const events = new Set((await queryRows<{ id: string }>(tx, sql`select id from commerce.events`)).map((row) => row.id));
      for (const row of wanted) {
        if (row.event_id !== null && !events.has(row.event_id as string)) {
          problems.push(`${file}: coupon ${row.code}: its event ${row.event_id} is not in the database (was its import refused?)`);
        }
      }
      // Orders count redemptions on the locked row: the limit is checked on the committed count.
      // A coupon to remove is locked `for update`, which holds off any cart applying it meanwhile.
      const removing = new Set(diff.remove.map((row) => row.code as string));
      for (const code of [...diff.update.map(({ row }) => row.code as string), ...removing].sort()) {
        const [{ redemptions }] = (await queryRows<{ redemptions: number }>(
          tx,
          removing.has(code)
            ? sql`select redemptions from commerce.coupons where code = ${code} for update`
            : sql`select redemptions from commerce.coupons where code = ${code} for no key update`,
        )) as [{ redemptions: number }];
        const row = wanted.find((candidate) => candidate.code === code);
        if (row && row.max_redemptions !== null && (row.max_redemptions as number) < redemptions) {
          problems.push(`${file}: coupon ${code}: maxRedemptions ${row.max_redemptions} is below the ${redemptions} redemptions made`);
        }
        if (!removing.has(code)) continue;
        const [{ carts }] = (await queryRows<{ carts: number }>(
          tx,
          sql`select count(*)::int as carts from commerce.cart_coupons where code = ${code}`,
        )) as [{ carts: number }];
        if (redemptions > 0 || carts > 0) {
          problems.push(
            `${file}: coupon ${code} is no longer in the file, but it has ${redemptions} redemption${redemptions === 1 ? '' : 's'} ` +
              `and ${carts} cart${carts === 1 ? '' : 's'} hold${carts === 1 ? 's' : ''} it: keep it, with a validUntil that ends it`,
          );
        }
      }
      if (problems.length) throw new Refusal(problems);
      await upsert(tx, spec, [...diff.create, ...diff.update.map(({ row }) => row)]);
      if (removing.size) await tx.execute(sql`delete from commerce.coupons where code in ${[...removing]}`);
      const report = reportOf(emptyReport('coupons'), [diff]);
      if (options.dryRun) throw new DryRun(report);
      return report;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.report;
    if (error instanceof Refusal) return { ...emptyReport('coupons'), refused: true, problems: error.problems };
    throw error;
  }
}
