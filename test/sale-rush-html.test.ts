import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { buyThroughPages, PAGE_STEPS, type PageBuyerOutcome } from '../bench/sale-rush/html-buyer.ts';
import { summarise, summaryTables, TICKET_STOCK_SQL, ticketStockOf, type TicketStock } from '../bench/sale-rush/report.ts';
import { databaseBackends } from './support/backends.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/*
 * The page walk `npm run bench:sale-rush -- --flow html` runs by the thousand, by the dozen here so
 * that it keeps working as the pages change: 12 guests, 3 at a time, 1 to 4 tickets each, from the
 * tickets page to a downloaded PDF without JavaScript, on the site's database of the last backend.
 */

const TICKET = 'tkt_nabd_ga';
const BUYERS = 12;
const AT_ONCE = 3;
/** Buyer i takes 1 + i % 4 tickets: 1, 2, 3, 4, 1, … */
const EXPECTED_TICKETS = Array.from({ length: BUYERS }, (_, index) => 1 + (index % 4)).reduce((sum, tickets) => sum + tickets, 0);
const database = databaseBackends.at(-1)!;
/** The walk in process; a minute per request, so that a busy machine makes the test slow, not red. */
const WALK = {
  origin: TEST_ORIGIN,
  fetch: (...args: Parameters<typeof fetch>) => site.fetch(...args),
  eventSlug: 'nabd-festival-2026',
  timeoutMs: 60_000,
};
let site: TestSite;
/** Statements the site has sent to its database so far. */
let statements = 0;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await database.create({ startedSite: true });
  drop = created.drop;
  site = await startTestSite({ DATABASE_URL: created.url }, { onQuery: () => (statements += 1) });
});
afterAll(async () => {
  await site.close();
  await drop();
});

const stock = async (): Promise<TicketStock> =>
  ticketStockOf((await queryRows<Record<string, unknown>>(site.database.db, sql.raw(TICKET_STOCK_SQL.replace('$1', `'${TICKET}'`))))[0]!);

test('12 guests, 3 at a time, buy 1 to 4 tickets each through the pages, and the stock adds up', async () => {
  const before = await stock();
  const started = performance.now();
  // Three at a time: enough to share the site's connections and sessions; every in-process call
  // waits for the embedded database's one connection, so more at once only lengthens the queue.
  const outcomes: PageBuyerOutcome[] = [];
  for (let first = 0; first < BUYERS; first += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, BUYERS - first) }, (_, offset) => first + offset);
    outcomes.push(
      ...(await Promise.all(batch.map((index) => buyThroughPages({ ...WALK, ticketId: TICKET, tickets: 1 + (index % 4), index })))),
    );
  }
  const after = await stock();
  expect(outcomes.filter((outcome) => outcome.kind !== 'PAID')).toEqual([]);
  expect(after.sold - before.sold).toBe(EXPECTED_TICKETS);
  expect(after.held).toBe(before.held);

  const summary = summarise(outcomes, (performance.now() - started) / 1000, before, after);
  expect(summary).toMatchObject({ paidOrders: BUYERS, paidTickets: EXPECTED_TICKETS, refused: 0, failed: 0, oversold: 0, errors: [] });
  // Every step of the walk was taken and timed by every buyer.
  expect(summary.steps.map((step) => step.step)).toEqual([...PAGE_STEPS]);
  for (const step of summary.steps) expect(step.requests).toBeGreaterThanOrEqual(BUYERS);
  const table = summaryTables(summary).join('\n');
  expect(table).toContain(`| ticket PDF | ${BUYERS} |`);
  expect(table).toContain('No errors');
});

test('once the last tickets are sold, the next buyer is clearly refused and nothing more is sold', async () => {
  const backstage = 'tkt_nabd_vip_backstage';
  const buy = (tickets: number, index: number) => buyThroughPages({ ...WALK, ticketId: backstage, tickets, index });
  const query = () => queryRows<Record<string, unknown>>(site.database.db, sql.raw(TICKET_STOCK_SQL.replace('$1', `'${backstage}'`)));
  const before = ticketStockOf((await query())[0]!);
  const left = before.capacity - before.held - before.sold;
  // The demo's backstage passes: 30, of which 27 sold, at most 3 an order.
  expect(left).toBe(3);
  expect(await buy(left, 100)).toMatchObject({ kind: 'PAID', tickets: left });
  expect(await buy(1, 101)).toMatchObject({ kind: 'REFUSED', at: 'tickets page' });
  const after = ticketStockOf((await query())[0]!);
  expect({ held: after.held, sold: after.sold }).toEqual({ held: 0, sold: after.capacity });
});

test('a buyer’s walk costs a bounded number of statements: the catalogue and the cart are one statement each', async () => {
  const perRequest: string[] = [];
  let before = 0;
  const outcome = await buyThroughPages({
    ...WALK,
    fetch: async (input, init) => {
      before = statements;
      const answer = await site.fetch(input, init);
      perRequest.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}: ${statements - before}`);
      return answer;
    },
    ticketId: TICKET,
    tickets: 2,
    index: 200,
  });
  expect(outcome.kind).toBe('PAID');
  const counts = perRequest.map((line) => Number(line.split(': ')[1]));
  // Pages and forms up to the order; the card payment and after run the payment's jobs too.
  const toOrder = counts.slice(
    0,
    perRequest.findIndex((line) => line.startsWith('GET /sandbox/')),
  );
  expect(toOrder.reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(100);
  const checkoutPages = perRequest.filter((line) => line.startsWith('GET /events/nabd-festival-2026/tickets/checkout:'));
  expect(checkoutPages).toHaveLength(4);
  for (const line of checkoutPages) expect(Number(line.split(': ')[1])).toBeLessThanOrEqual(8);
});
