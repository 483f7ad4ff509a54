/**
 * Sale day for one event: many buyers at once on real PostgreSQL, on a fresh database created on
 * the server of DATABASE_URL (or TEST_DATABASE_URL) and dropped afterwards.
 *
 *   npm run build && npm run bench:sale-rush -- [--flow html|graphql] [--buyers 600] [--concurrency 60]
 *     [--processes 2] [--workers N] [--tickets-per-order 1-4] [--warmup 20] [--ceiling-seconds 10] [--cpu-prof]
 *
 * --flow html (the default: what the product's target is about) walks the shop's pages as a
 *   browser without JavaScript, one cookie jar per buyer (bench/sale-rush/html-buyer.ts): tickets
 *   page, add to cart, cart, "continue as a guest", the four checkout steps (each page and its form),
 *   the payment sandbox's hosted card page and its success card (whose signed callback pays the
 *   order), the confirmation and one ticket's PDF. The built site runs as production runs it,
 *   --processes of it behind a round-robin TCP balancer, sessions in Redis (REDIS_URL, or a private
 *   redis-server), the catalogue imported as an operator does (`catalogue:import`), general admission
 *   of Nabd Festival 2026 given room for every buyer. Each process runs --workers workers
 *   (WEB_CONCURRENCY); by default the machine's cores shared between the processes, as two
 *   single-core nodes or one two-core container would have them, not more workers than cores.
 * --flow graphql is the older measure of the commerce service alone: guest credentials, cartCreate,
 *   orderCreate and the card page, one ticket each, one process with identity and commerce only.
 *
 * Both end with the database's own ceiling by the same command: the guarded stock update and the
 * order's inserts straight over node-postgres (bench/sale-rush/database-ceiling.ts). Progress goes
 * to stderr, the results as markdown to stdout. --cpu-prof writes each site process's CPU profile
 * (node --cpu-prof) to a folder it names, for chrome://inspect or speedscope.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkStock, createRushTicket, percentile, buyOne, type BuyerOutcome } from '../graphql/commerce/test-support/sale-rush.ts';
import { startRedisServer, type TestRedisServer } from '../test/support/redis-server.ts';
import { BenchmarkRun, entryPoint, freePort, importCatalogue, log, root, secret, waitForHealth } from './support.ts';
import { cpuLine, cpuSecondsUsed, sampleCpu, type CpuSample } from './sale-rush/cpu-time.ts';
import { measureDatabaseCeiling, type CeilingResult } from './sale-rush/database-ceiling.ts';
import { buyThroughPages } from './sale-rush/html-buyer.ts';
import { summarise, summaryTables, TICKET_STOCK_SQL, ticketStockOf, type TicketStock } from './sale-rush/report.ts';

const { values: options } = parseArgs({
  options: {
    flow: { type: 'string', default: 'html' },
    buyers: { type: 'string', default: '600' },
    concurrency: { type: 'string', default: '60' },
    processes: { type: 'string', default: '2' },
    workers: { type: 'string' },
    'tickets-per-order': { type: 'string', default: '1-4' },
    warmup: { type: 'string', default: '20' },
    'ceiling-seconds': { type: 'string', default: '10' },
    'ceiling-clients': { type: 'string', default: '20' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const flow = options.flow;
if (flow !== 'html' && flow !== 'graphql') throw new Error('--flow must be html or graphql');
const buyers = Number(options.buyers);
const concurrency = Number(options.concurrency);
const processCount = Number(options.processes);
const warmup = Number(options.warmup);
const workers = Number(options.workers ?? Math.max(1, Math.floor(os.availableParallelism() / processCount)));
const ticketRange = /^(\d+)(?:-(\d+))?$/.exec(options['tickets-per-order']);
if (!ticketRange) throw new Error('--tickets-per-order is a number or a range such as 1-4');
const ticketsPerOrder: [number, number] = [Number(ticketRange[1]), Number(ticketRange[2] ?? ticketRange[1])];
for (const [name, value] of Object.entries({ buyers, concurrency, processes: processCount, workers, warmup })) {
  if (!Number.isInteger(value) || value < (name === 'warmup' ? 0 : 1)) throw new Error(`--${name} must be a whole number`);
}
const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  log('Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server: the sale rush runs on real PostgreSQL.');
  process.exit(1);
}

const EVENT_SLUG = 'nabd-festival-2026';
const TICKET_ID = 'tkt_nabd_ga';
const name = `nabd_bench_${randomBytes(4).toString('hex')}`;
const databaseUrl = withDatabase(serverUrl, name);
const run = new BenchmarkRun();
const ms = (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms`;
const whole = (value: number) => Math.round(value).toLocaleString('en-GB');
/** Each buyer's number of tickets, at random in the range. */
const quantityFor = () => ticketsPerOrder[0] + Math.floor(Math.random() * (ticketsPerOrder[1] - ticketsPerOrder[0] + 1));
let redis: TestRedisServer | undefined;
await admin(`create database ${name}`);
try {
  const lines = flow === 'html' ? await htmlRush() : await graphqlRush();
  const ceiling = await databaseCeiling();
  process.stdout.write([...lines, ...ceilingLines(ceiling), ''].join('\n'));
} finally {
  await run.stop();
  await redis?.stop();
  await admin(`drop database if exists ${name} with (force)`);
}

/** The page walk through --processes production processes behind the balancer. */
async function htmlRush(): Promise<string[]> {
  const redisUrl = process.env.REDIS_URL ?? (redis = await startRedisServer()).url;
  const profiles = options['cpu-prof'] ? path.join(root, 'bench', 'profiles', new Date().toISOString().replaceAll(':', '-')) : undefined;
  if (profiles) await mkdir(profiles, { recursive: true });
  const ports = await Promise.all(Array.from({ length: processCount }, () => freePort()));
  const origin = processCount > 1 ? `http://127.0.0.1:${await freePort()}` : `http://127.0.0.1:${ports[0]}`;
  const environment = productionEnvironment(origin, redisUrl);
  const pids: Record<string, number | undefined> = {};
  const startProcess = async (index: number) => {
    const port = ports[index]!;
    const child = run.start(process.execPath, [...(profiles ? ['--cpu-prof', `--cpu-prof-dir=${profiles}`] : []), entryPoint], {
      ...environment,
      PORT: String(port),
      WEB_CONCURRENCY: String(workers),
      DATA_DIR: path.join(await run.scratchDir(), `web-${index + 1}`),
    });
    pids[`web-${index + 1}`] = child.pid;
    await waitForHealth(`http://127.0.0.1:${port}`, () => child.exitCode !== null, 120_000);
  };
  log(
    `Starting ${processCount} production process(es) of ${workers} worker(s) each of the built site on ${databaseUrl.replace(/\/\/[^@]*@/, '//')}…`,
  );
  // The first start migrates and makes the identity keys; the others then start together.
  await startProcess(0);
  await Promise.all(ports.slice(1).map((_, index) => startProcess(index + 1)));
  if (processCount > 1) {
    const balancer = run.start(
      process.execPath,
      [path.join(root, 'bench', 'sale-rush', 'balancer-process.ts'), new URL(origin).port, ...ports.map(String)],
      {},
    );
    pids.balancer = balancer.pid;
    await waitForHealth(origin, () => balancer.exitCode !== null);
  }
  await importCatalogue(environment);
  // Plenty for everyone: the benchmark measures selling, not refusing.
  const needed = (warmup + buyers) * ticketsPerOrder[1];
  await query(`update commerce.tickets set capacity = greatest(capacity, sold + held + $2) where id = $1`, [TICKET_ID, needed]);

  const buy = (index: number) =>
    buyThroughPages({ origin, eventSlug: EVENT_SLUG, ticketId: TICKET_ID, tickets: quantityFor(), index, timeoutMs: 60_000 });
  if (warmup > 0) {
    log(`Warming up with ${warmup} buyers (not counted)…`);
    const warm = await inParallel(warmup, Math.min(concurrency, warmup), (index) => buy(1_000_000 + index));
    const failed = warm.filter((outcome) => outcome.kind === 'FAILED');
    if (failed.length > 0) log(`Warm-up failures: ${JSON.stringify(failed.slice(0, 3))}`);
  }

  const before = await ticketStock();
  const load = os.loadavg();
  const cpuBefore = sampleCpu(pids, { buyers: process.pid });
  log(`${buyers} buyers, ${concurrency} at a time, ${ticketsPerOrder.join('-')} tickets an order, on ${origin}…`);
  const started = performance.now();
  const outcomes = await inParallel(buyers, concurrency, buy);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter: CpuSample = sampleCpu(pids, { buyers: process.pid });
  const loadAfter = os.loadavg();
  const after = await ticketStock();
  const summary = summarise(outcomes, seconds, before, after);
  const siteCpu = cpuSecondsUsed(
    cpuBefore,
    cpuAfter,
    Object.keys(pids).filter((name) => name.startsWith('web-')),
  );
  const siteCpuPerOrder = siteCpu === undefined ? undefined : siteCpu / Math.max(1, summary.paidOrders);
  if (summary.oversold > 0) {
    log(`Stock does not add up: ${JSON.stringify({ before, after })} for ${summary.paidTickets} tickets paid.`);
    process.exitCode = 1;
  }
  if (profiles) log(`CPU profiles are written to ${path.relative(root, profiles)} as the processes stop.`);
  return [
    `## Sale rush through the pages, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...run.machineLines(
      `${processCount} production process(es) of ${workers} worker(s) each of the built site${processCount > 1 ? ' behind a round-robin TCP balancer (a process of its own)' : ''}, sessions in Redis, PostgreSQL`,
    ),
    `- Load average just before the rush: ${load.map((value) => value.toFixed(2)).join(', ')}; just after: ${loadAfter.map((value) => value.toFixed(2)).join(', ')}`,
    `- ${buyers} guest buyers (after ${warmup} warm-up buyers not counted), ${concurrency} at a time, ${ticketsPerOrder.join('-')} general admission tickets each`,
    `  at random (${(summary.paidTickets / Math.max(1, summary.paidOrders)).toFixed(2)} a paid order on average),`,
    `  each from the tickets page to the downloaded PDF without JavaScript, one cookie jar each; ${whole(seconds)} s in all`,
    `- CPU used during the rush: ${cpuLine(cpuBefore, cpuAfter, seconds)}`,
    `- CPU of the site's processes per paid order: ${siteCpuPerOrder === undefined ? 'not measured here' : `${siteCpuPerOrder.toFixed(3)} s`} (what decides how many orders a core can sell)`,
    `- Confirmations that said "being issued" and refreshed themselves: ${summary.confirmationRefreshes}`,
    '- Oversold counts tickets above capacity plus any difference between the tickets counted sold and those in paid orders, read from the database.',
    '',
    ...summaryTables(summary),
  ];
}

/** The older measure: the commerce service's GraphQL alone, one ticket an order, one process. */
async function graphqlRush(): Promise<string[]> {
  const clientSecret = secret();
  const origin = await run.startSite({ SERVICES: 'identity,commerce', DATABASE_URL: databaseUrl, OIDC_CLIENT_SECRET: clientSecret });
  const ticket = await createRushTicket(databaseUrl, buyers * 2);
  log(`${buyers} buyers, ${concurrency} at a time, on ${origin}…`);
  const started = performance.now();
  const outcomes: BuyerOutcome[] = await inParallel(buyers, concurrency, (index) =>
    buyOne({ origin, ticket, clientId: 'website', clientSecret, timeoutMs: 60_000 }, index),
  );
  const minutes = (performance.now() - started) / 60_000;
  const stock = await checkStock(databaseUrl, ticket);
  const paid = outcomes.filter((outcome) => outcome.kind === 'PAID');
  const failed = outcomes.filter((outcome) => outcome.kind === 'FAILED');
  const latencies = outcomes.flatMap((outcome) =>
    'checkoutMs' in outcome && outcome.checkoutMs !== undefined ? [outcome.checkoutMs] : [],
  );
  const oversold = Math.max(0, stock.held + stock.sold - stock.capacity);
  for (const failure of failed.slice(0, 5)) log(`failed at ${failure.kind === 'FAILED' ? `${failure.step}: ${failure.detail}` : ''}`);
  if (oversold > 0 || stock.sold !== paid.length) {
    log(`Stock does not add up: ${JSON.stringify(stock)} for ${paid.length} paid buyers.`);
    process.exitCode = 1;
  }
  return [
    `## Sale rush over GraphQL, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...run.machineLines('the site with NODE_ENV=production, SERVICES=identity,commerce, one process, PostgreSQL'),
    `- ${buyers} guest buyers, ${concurrency} at a time, one ticket each of one event; each buyer gets guest credentials,`,
    '  creates a cart, places the order and pays with the success card on the sandbox page (signed callback)',
    '',
    '| Paid orders | Orders/min | Tickets/min | orderCreate p50 | p95 | p99 | Errors | Oversold |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${paid.length} | ${whole(paid.length / minutes)} | ${whole(stock.sold / minutes)} | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.95))} | ${ms(percentile(latencies, 0.99))} | ${failed.length} | ${oversold} |`,
    '',
  ];
}

/** The same database's ceiling, once the site has finished with it (its processes idle). */
async function databaseCeiling(): Promise<CeilingResult> {
  const clients = Number(options['ceiling-clients']);
  const seconds = Number(options['ceiling-seconds']);
  log(`The database's own ceiling: ${clients} connections for ${seconds} s…`);
  const ticket = await createRushTicket(databaseUrl, 100_000_000);
  return measureDatabaseCeiling(databaseUrl, ticket, { clients, seconds, ticketsPerOrder });
}

function ceilingLines(ceiling: CeilingResult): string[] {
  return [
    `### The database's own ceiling (same run, same database)`,
    '',
    `${ceiling.clients} connections, ${whole(ceiling.seconds)} s, each transaction the sale's guarded stock update plus the cart, order and`,
    `order line inserts straight over node-postgres (no web tier, GraphQL, session or payment), ${ticketsPerOrder.join('-')} tickets an order:`,
    '',
    '| Orders/s | Orders/min | Tickets/min | Transaction p50 | p95 |',
    '| ---: | ---: | ---: | ---: | ---: |',
    `| ${whole(ceiling.orders / ceiling.seconds)} | ${whole((ceiling.orders / ceiling.seconds) * 60)} | ${whole((ceiling.tickets / ceiling.seconds) * 60)} | ${ms(ceiling.p50)} | ${ms(ceiling.p95)} |`,
  ];
}

/** Production's settings for every process: one origin and one set of secrets, so sessions, guest credentials and callbacks cross processes. */
function productionEnvironment(origin: string, redisUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    BASE_URL: origin,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // The benchmark reads no e-mail: production needs saying so (server/config.ts).
    MAIL_OUTBOX_IN_PRODUCTION: 'true',
    SESSION_SECRET: secret(),
    CONTENT_API_TOKEN: secret(),
    CONTENT_PREVIEW_TOKEN: secret(),
    OIDC_CLIENT_SECRET: secret(),
    IDENTITY_SECRET: secret(),
    PREVIEW_SECRET: secret(),
    COMMERCE_SECRET: secret(),
    // A staging site: the payment sandbox, allowed in production only this way (decision 0036).
    PAYMENT_PROVIDER: 'sandbox',
    ALLOW_SANDBOX_PAYMENTS: 'true',
  };
}

/** `count` tasks, `limit` at a time, in the order of their index. */
async function inParallel<Outcome>(count: number, limit: number, task: (index: number) => Promise<Outcome>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const index = next++;
        outcomes[index] = await task(index);
      }
    }),
  );
  return outcomes;
}

async function ticketStock(): Promise<TicketStock> {
  return ticketStockOf((await query(TICKET_STOCK_SQL, [TICKET_ID]))[0]!);
}

async function query(statement: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows;
  } finally {
    await client.end();
  }
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
