/**
 * Sale day for one event: many buyers at once, each a guest going cartCreate → orderCreate → the
 * success card on the sandbox's hosted page (which posts the signed callback), on real PostgreSQL.
 *
 *   npm run build && npm run bench:sale-rush [-- --buyers 500 --concurrency 100]
 *
 * The built site runs in production mode with only the identity and commerce services, on a fresh
 * database created on the server of DATABASE_URL (or TEST_DATABASE_URL) and dropped afterwards.
 * Reports orders and tickets a minute over the whole run, checkout latency (orderCreate)
 * percentiles, errors, and the oversold count read back from the database (must be 0).
 * Progress goes to stderr, the results as markdown to stdout.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { checkStock, createRushTicket, percentile, buyOne, type BuyerOutcome } from '../graphql/commerce/test-support/sale-rush.ts';
import { BenchmarkRun, log, secret } from './support.ts';

const { values: options } = parseArgs({
  options: { buyers: { type: 'string', default: '500' }, concurrency: { type: 'string', default: '100' } },
});
const buyers = Number(options.buyers);
const concurrency = Number(options.concurrency);
const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  log('Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server: the sale rush runs on real PostgreSQL.');
  process.exit(1);
}

const name = `nabd_bench_${randomBytes(4).toString('hex')}`;
const databaseUrl = withDatabase(serverUrl, name);
const run = new BenchmarkRun();
const clientSecret = secret();
await admin(`create database ${name}`);
try {
  const origin = await run.startSite({ SERVICES: 'identity,commerce', DATABASE_URL: databaseUrl, OIDC_CLIENT_SECRET: clientSecret });
  // Plenty for everyone: the benchmark measures selling, not refusing.
  const ticket = await createRushTicket(databaseUrl, buyers * 2);
  log(`${buyers} buyers, ${concurrency} at a time, on ${origin}…`);
  const outcomes: BuyerOutcome[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, buyers) }, async () => {
      while (next < buyers) {
        const index = next++;
        outcomes.push(await buyOne({ origin, ticket, clientId: 'website', clientSecret, timeoutMs: 60_000 }, index));
      }
    }),
  );
  const minutes = (performance.now() - started) / 60_000;
  const stock = await checkStock(databaseUrl, ticket);
  const paid = outcomes.filter((outcome) => outcome.kind === 'PAID');
  const failed = outcomes.filter((outcome) => outcome.kind === 'FAILED');
  const latencies = outcomes.flatMap((outcome) =>
    'checkoutMs' in outcome && outcome.checkoutMs !== undefined ? [outcome.checkoutMs] : [],
  );
  const oversold = Math.max(0, stock.held + stock.sold - stock.capacity);
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms`;
  for (const failure of failed.slice(0, 5)) log(`failed at ${failure.kind === 'FAILED' ? `${failure.step}: ${failure.detail}` : ''}`);

  process.stdout.write(
    [
      `## Sale rush, ${new Date().toISOString().slice(0, 10)}`,
      '',
      ...run.machineLines('the site with NODE_ENV=production, SERVICES=identity,commerce, one process, PostgreSQL'),
      `- ${buyers} guest buyers, ${concurrency} at a time, one ticket each of one event; each buyer gets guest credentials,`,
      '  creates a cart, places the order and pays with the success card on the sandbox page (signed callback)',
      '',
      '| Paid orders | Orders/min | Tickets/min | orderCreate p50 | p95 | p99 | Errors | Oversold |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      `| ${paid.length} | ${Math.round(paid.length / minutes).toLocaleString('en-GB')} | ${Math.round(stock.sold / minutes).toLocaleString('en-GB')} | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.95))} | ${ms(percentile(latencies, 0.99))} | ${failed.length} | ${oversold} |`,
      '',
    ].join('\n'),
  );
  if (oversold > 0 || stock.sold !== paid.length) {
    log(`Stock does not add up: ${JSON.stringify(stock)} for ${paid.length} paid buyers.`);
    process.exitCode = 1;
  }
} finally {
  await run.stop();
  await admin(`drop database if exists ${name} with (force)`);
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
