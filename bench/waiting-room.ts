/**
 * A sale's waiting room under a crowd (decision 0044), on real PostgreSQL: visitors arriving at the
 * tickets page before the opening, each given a place, then the waiting page and its status as a
 * crowd reloading and polling them.
 *
 *   npm run build && npm run bench:waiting-room [-- --arrivals 2000 --concurrency 50 --seconds 10]
 *
 * The built site runs every service in one process (development mode, for the demo catalogue) on a
 * fresh database of the server of DATABASE_URL (or TEST_DATABASE_URL), dropped afterwards.
 * Progress goes to stderr, the results as markdown to stdout.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { percentile } from '../graphql/commerce/test-support/sale-rush.ts';
import { BenchmarkRun, log } from './support.ts';

const { values: options } = parseArgs({
  options: {
    arrivals: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
  },
});
const arrivals = Number(options.arrivals);
const concurrency = Number(options.concurrency);
const seconds = Number(options.seconds);
const serverUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  log('Set DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server: the waiting room runs on real PostgreSQL.');
  process.exit(1);
}

const TICKETS = '/events/nabd-festival-2026/tickets';
const name = `nabd_bench_${randomBytes(4).toString('hex')}`;
const parsed = new URL(serverUrl);
parsed.pathname = `/${name}`;
const databaseUrl = parsed.toString();
const run = new BenchmarkRun();
await sqlOn(serverUrl, `create database ${name}`);
try {
  const origin = await run.startSite({
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    // Every arrival comes from this machine: the per-address limit would stop the crowd at 50.
    WAITING_ROOM_PLACES_PER_ADDRESS: '100000',
  });
  // The sale opens in an hour: everyone waits.
  await sqlOn(
    databaseUrl,
    `update commerce.events set waiting_room_opens_at = now() + interval '1 hour', waiting_room_per_minute = 300,
       waiting_room_checkout_minutes = 15 where id = 'evt_nabd_2026'`,
  );

  log(`${arrivals} arrivals, ${concurrency} at a time, on ${origin}…`);
  const latencies: number[] = [];
  let errors = 0;
  let cookie = '';
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, arrivals) }, async () => {
      while (next < arrivals) {
        next += 1;
        const sent = performance.now();
        const response = await fetch(`${origin}${TICKETS}`, { redirect: 'manual' });
        latencies.push(performance.now() - sent);
        await response.arrayBuffer();
        if (response.status !== 302) errors += 1;
        cookie ||=
          response.headers
            .getSetCookie()
            .map((line) => /^(nabd\.line=[^;]+)/.exec(line)?.[1])
            .find(Boolean) ?? '';
      }
    }),
  );
  const arrivalSeconds = (performance.now() - started) / 1000;

  if (!cookie) throw new Error('No arrival was given a place');
  const crowd = async (path: string) => {
    log(`${path}: ${concurrency} connections for ${seconds} s…`);
    return autocannon({ url: `${origin}${path}`, connections: concurrency, duration: seconds, headers: { cookie } });
  };
  const page = await crowd(`${TICKETS}/waiting-room`);
  const status = await crowd(`${TICKETS}/waiting-room/status.json`);
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms`;
  const row = (what: string, result: Result) =>
    `| ${what} | ${Math.round(result.requests.average).toLocaleString('en-GB')} | ${ms(result.latency.p50)} | ${ms(result.latency.p99)} | ${result.errors + result.non2xx} |`;

  process.stdout.write(
    [
      `## Waiting room, ${new Date().toISOString().slice(0, 10)}`,
      '',
      ...run.machineLines('the site with NODE_ENV=development, every service in one process, PostgreSQL'),
      `- ${arrivals} visitors arriving at the tickets page before the opening, ${concurrency} at a time: each gets a place and a redirect`,
      `- then ${concurrency} connections for ${seconds} s on the waiting page and on its status, as one visitor's place`,
      '',
      '| Arrivals | Arrivals/s | p50 | p95 | p99 | Errors |',
      '| ---: | ---: | ---: | ---: | ---: | ---: |',
      `| ${arrivals} | ${Math.round(arrivals / arrivalSeconds).toLocaleString('en-GB')} | ${ms(percentile(latencies, 0.5))} | ${ms(percentile(latencies, 0.95))} | ${ms(percentile(latencies, 0.99))} | ${errors} |`,
      '',
      '| Under a crowd | Requests/s | p50 | p99 | Errors |',
      '| --- | ---: | ---: | ---: | ---: |',
      row('waiting page', page),
      row('status.json', status),
      '',
    ].join('\n'),
  );
} finally {
  await run.stop();
  await sqlOn(serverUrl, `drop database if exists ${name} with (force)`);
}

async function sqlOn(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
