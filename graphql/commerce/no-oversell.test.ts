import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { databaseBackends } from '#test/support/backends.ts';
import { entryPoint, freePort, secret, waitForHealth } from '../../bench/support.ts';
import { checkStock, createRushTicket, rush, type BuyerOutcome, type StockCheck } from './test-support/sale-rush.ts';

/*
 * Issue 7: 200 guests race for 50 tickets through two processes of the built site on one
 * PostgreSQL database (decision 0027). Exactly 50 are paid, the counters never pass the capacity
 * and every buyer gets a clear answer: paid, or OUT_OF_STOCK / INSUFFICIENT_STOCK at cart or order
 * time. Needs `npm run build` and TEST_DATABASE_URL (CI sets both).
 */
const postgres = databaseBackends.find((backend) => backend.name === 'PostgreSQL');
const describeOnPostgres = postgres ? describe : describe.skip;

describeOnPostgres('no overselling on sale day', () => {
  const children: ChildProcess[] = [];
  const origins: string[] = [];
  let scratch: string;
  let database: { url: string | undefined; drop(): Promise<void> };
  const clientSecret = secret();

  async function startProcess(): Promise<string> {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, [entryPoint], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        SERVICES: 'identity,commerce',
        PORT: String(port),
        BASE_URL: origin,
        DATABASE_URL: database.url!,
        DATA_DIR: path.join(scratch, String(port)),
        // No buyer reads the confirmations here.
        MAIL_OUTBOX_IN_PRODUCTION: 'true',
        SESSION_SECRET: secret(),
        CONTENT_API_TOKEN: secret(),
        CONTENT_PREVIEW_TOKEN: secret(),
        OIDC_CLIENT_SECRET: clientSecret,
        IDENTITY_SECRET: secret(),
        PREVIEW_SECRET: secret(),
        // Both processes check the callbacks the other's sandbox signs: one shared secret.
        COMMERCE_SECRET: clientSecret,
        // The card sandbox pays: a staging site in production mode (decision 0036).
        PAYMENT_PROVIDER: 'sandbox',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        // Every buyer must get through to prove nothing is oversold; a saturated machine would
        // otherwise refuse some of them at once (decision 0043), which the buyers here do not retry.
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
    scratch = await mkdtemp(path.join(os.tmpdir(), 'nabd-no-oversell-'));
    database = await postgres!.create();
    // One after the other: the first start migrates and creates the identity keys both use.
    await startProcess();
    await startProcess();
  }, 90_000);

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
    await rm(scratch, { recursive: true, force: true });
  });

  it('sells exactly 50 of 50 to 200 concurrent buyers on two processes, and answers every buyer', async () => {
    const ticket = await createRushTicket(database.url!, 50);
    // While the buyers race, the counters are read again and again: never above capacity, never negative.
    const samples: StockCheck[] = [];
    let racing = true;
    const sampling = (async () => {
      while (racing) {
        samples.push(await checkStock(database.url!, ticket));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    const outcomes = await rush(200, origins, { ticket, clientId: 'website', clientSecret, timeoutMs: 45_000 });
    racing = false;
    await sampling;
    expect(samples.length).toBeGreaterThan(5);
    expect(samples.filter((sample) => sample.held < 0 || sample.sold < 0 || sample.held + sample.sold > sample.capacity)).toEqual([]);

    const failures = outcomes.filter((outcome): outcome is Extract<BuyerOutcome, { kind: 'FAILED' }> => outcome.kind === 'FAILED');
    expect(failures).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.kind === 'PAID')).toHaveLength(50);
    expect(outcomes.filter((outcome) => outcome.kind === 'REFUSED')).toHaveLength(150);
    expect(await checkStock(database.url!, ticket)).toEqual({ capacity: 50, held: 0, sold: 50, paidOrders: 50, pendingOrders: 0 });
  }, 90_000);
});
