import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { entryPoint, freePort, secret, waitForHealth } from '../bench/support.ts';
import { databaseBackends } from './support/backends.ts';
import { Browser } from './support/browser.ts';

/**
 * Decision 0044: one line for a sale, whichever process a visitor's requests reach. Two built sites
 * on one PostgreSQL database, in real time: places are numbered across both in arrival order, a
 * place taken on one is the same place on the other, and both admit the same places at the rate.
 */

const postgres = databaseBackends.find((backend) => backend.name === 'PostgreSQL');
const describeOnPostgres = postgres ? describe : describe.skip;

const TICKETS = '/events/nabd-festival-2026/tickets';
const STATUS = `${TICKETS}/waiting-room/status.json`;
/** One place every 3 s: the checks below fall between admissions with 1.5 s to spare. */
// A place every 5 s: room for a busy machine's slow pages between one admission and the next.
const PER_MINUTE = 12;
const SECONDS_PER_PLACE = 60 / PER_MINUTE;

describeOnPostgres('a waiting room shared by two processes', () => {
  const children: ChildProcess[] = [];
  const origins: string[] = [];
  let scratch: string;
  let database: { url: string | undefined; drop(): Promise<void> };
  const sessionSecret = secret();

  async function startProcess(): Promise<string> {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [entryPoint], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'development',
        LOG_LEVEL: 'error',
        PORT: String(port),
        // One public origin for both, as behind a load balancer.
        BASE_URL: 'http://127.0.0.1',
        DATABASE_URL: database.url!,
        DATA_DIR: path.join(scratch, String(port)),
        // The place's cookie is signed with it: both processes must read what the other wrote.
        SESSION_SECRET: sessionSecret,
        RATE_LIMIT_PREFIX: `test-${port}`,
        // Two sites and jest share the machine's cores: their delays are the test's, not a visitor load to shed.
        SHED_EVENT_LOOP_DELAY_MS: '0',
        SHED_MAX_IN_FLIGHT: '0',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    await waitForHealth(origin, () => child.exitCode !== null);
    origins.push(origin);
    return origin;
  }

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'nabd-waiting-room-'));
    database = await postgres!.create({ startedSite: true });
    await startProcess();
    await startProcess();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await database?.drop();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  /** A browser whose requests go to one process or the other, as the test says; cookies kept. */
  function visitor() {
    const browser = new Browser((url, init) => {
      const target = new URL(String(url));
      return fetch(`${origins[Number(target.hash.slice(1) || 0)]}${target.pathname}${target.search}`, init);
    });
    return {
      /** Asks process `index` (0 or 1). */
      get: (pathname: string, index: number) => browser.get(`http://127.0.0.1${pathname}#${index}`),
      status: async (index: number) =>
        JSON.parse((await browser.get(`http://127.0.0.1${STATUS}#${index}`)).html) as Record<string, unknown>,
    };
  }

  test('places are numbered across both processes and admitted in that order by either', async () => {
    const opensAt = Date.now() + 4000;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `update commerce.events set waiting_room_opens_at = $1, waiting_room_per_minute = $2, waiting_room_checkout_minutes = 15
        where id = 'evt_nabd_2026'`,
      [new Date(opensAt).toISOString(), PER_MINUTE],
    );
    await client.end();

    // Four arrivals, alternating between the processes.
    const visitors = [visitor(), visitor(), visitor(), visitor()];
    for (const [index, one] of visitors.entries()) {
      const page = await one.get(TICKETS, index % 2);
      expect({ status: page.status, location: page.location }).toEqual({ status: 302, location: `${TICKETS}/waiting-room` });
    }
    // Each asks the other process: the same place, numbered in arrival order.
    const numbers = await Promise.all(visitors.map(async (one, index) => (await one.status((index + 1) % 2)).number));
    expect(numbers).toEqual([1, 2, 3, 4]);

    const at = async (seconds: number) => {
      const wait = opensAt + seconds * 1000 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    };
    const states = async () => Promise.all(visitors.map(async (one, index) => (await one.status(index % 2)).state));

    await at(SECONDS_PER_PLACE * 1.5);
    expect(await states()).toEqual(['admitted', 'waiting', 'waiting', 'waiting']);
    await at(SECONDS_PER_PLACE * 2.5);
    expect(await states()).toEqual(['admitted', 'admitted', 'waiting', 'waiting']);
    // Still waiting on either process, while those admitted on one are let into the shop by the other.
    expect((await visitors[2]!.get(TICKETS, 1)).location).toBe(`${TICKETS}/waiting-room`);
    expect((await visitors[1]!.get(TICKETS, 0)).status).toBe(200);
    expect((await visitors[0]!.get(TICKETS, 1)).status).toBe(200);
  }, 60_000);
});
