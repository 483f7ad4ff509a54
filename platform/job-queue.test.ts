import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { databaseBackends } from '#test/support/backends.ts';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from './database.ts';
import { exponentialBackoff, jobsTableSql, JobQueue, scheduleBackoff, type JobQueueOptions } from './job-queue.ts';
import { migrate } from './migrations.ts';

const START = new Date('2026-11-21T12:00:00Z');
const silent = pino({ level: 'silent' });

/** Resolves when `open()` is called: a job that is still running until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe.each(databaseBackends)('the job queue on $name', (backend) => {
  let target: Awaited<ReturnType<typeof backend.create>>;
  let database: DatabaseHandle;
  let now: Date;
  const queues: JobQueue[] = [];

  beforeAll(async () => {
    target = await backend.create();
    database = await openDatabase({ url: target.url, dataDir: 'memory://' });
    await migrate(database, 'festival', [{ name: '0001_jobs', sql: jobsTableSql('festival') }]);
  });
  afterAll(async () => {
    await database.close();
    await target.drop();
  });
  beforeEach(async () => {
    now = START;
    await database.db.execute(sql`delete from festival.jobs`);
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });

  const queue = (options: Partial<JobQueueOptions> = {}, on: DatabaseHandle = database) => {
    const created = new JobQueue({ db: on.db, schema: 'festival', logger: silent, clock: () => now, random: () => 0.5, ...options });
    queues.push(created);
    return created;
  };
  const advance = (milliseconds: number) => void (now = new Date(now.getTime() + milliseconds));
  const jobs = () =>
    queryRows<{ kind: string; key: string | null; attempts: number; last_error: string | null; done: boolean; failed: boolean }>(
      database.db,
      sql`select kind, key, attempts, last_error, done_at is not null as done, failed_at is not null as failed from festival.jobs order by id`,
    );

  test('a job recorded in a transaction that rolls back does not exist', async () => {
    const sent: string[] = [];
    const mail = queue();
    mail.define<{ to: string }>('send-wristband-mail', async ({ to }) => void sent.push(to));
    await expect(
      database.db.transaction(async (tx) => {
        await mail.enqueueIn(tx as unknown as Database, 'send-wristband-mail', { to: 'layla@example.com' });
        throw new Error('the order could not be placed');
      }),
    ).rejects.toThrow('the order could not be placed');
    expect(await jobs()).toEqual([]);
    expect(await mail.runDue()).toBe(0);

    await database.db.transaction((tx) => mail.enqueueIn(tx as unknown as Database, 'send-wristband-mail', { to: 'omar@example.com' }));
    expect(await mail.runDue()).toBe(1);
    expect(sent).toEqual(['omar@example.com']);
  });

  test('a key records one job, even after it ran; armed again, it runs once more', async () => {
    let runs = 0;
    const fulfil = queue();
    fulfil.define('fulfil-order', async () => void runs++);
    expect(await fulfil.enqueue('fulfil-order', { orderId: 'NBD-1' }, { key: 'fulfil:NBD-1' })).toBe(true);
    expect(await fulfil.enqueue('fulfil-order', { orderId: 'NBD-1' }, { key: 'fulfil:NBD-1' })).toBe(false);
    expect(await fulfil.runDue()).toBe(1);
    expect(await fulfil.enqueue('fulfil-order', { orderId: 'NBD-1' }, { key: 'fulfil:NBD-1' })).toBe(false);
    expect(await fulfil.runDue()).toBe(0);
    expect(runs).toBe(1);

    expect(await fulfil.enqueue('fulfil-order', { orderId: 'NBD-1' }, { key: 'fulfil:NBD-1', rearm: true })).toBe(true);
    expect(await fulfil.runNow('fulfil:NBD-1')).toBe(true);
    expect(runs).toBe(2);
    expect(await jobs()).toEqual([{ kind: 'fulfil-order', key: 'fulfil:NBD-1', attempts: 1, last_error: null, done: true, failed: false }]);
  });

  test('two runners (two connection pools) never run one job at once, and every job runs once', async () => {
    // On PostgreSQL each runner has its own pool; PGlite is one connection in this process, shared.
    const second = target.url ? await openDatabase({ url: target.url, dataDir: 'memory://' }) : database;
    try {
      const running = new Set<number>();
      const runs: number[] = [];
      let overlapped = false;
      const handler = async ({ n }: { n: number }) => {
        if (running.has(n)) overlapped = true;
        running.add(n);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running.delete(n);
        runs.push(n);
      };
      const a = queue({}, second);
      const b = queue();
      a.define('issue-wristband', handler);
      b.define('issue-wristband', handler);
      for (let n = 0; n < 30; n++) await a.enqueue('issue-wristband', { n }, { key: `wristband:${n}` });
      const counts = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(30);
      expect([...runs].sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
      expect(overlapped).toBe(false);
      expect(await a.stats()).toMatchObject({ waiting: 0, running: 0, failing: 0 });
    } finally {
      await Promise.all(queues.splice(0).map((each) => each.stop()));
      if (second !== database) await second.close();
    }
  });

  test('a job whose runner died runs again once its lease has run out', async () => {
    const stuck = gate();
    const started = gate();
    const dead = queue({ leaseMs: 20_000 });
    dead.define('send-confirmation', async () => {
      started.open();
      await stuck.opened; // the process is gone: this never finishes on its own
    });
    const alive = queue({ leaseMs: 20_000 });
    let ran = 0;
    alive.define('send-confirmation', async () => void ran++);
    await dead.enqueue('send-confirmation', { orderId: 'NBD-2' }, { key: 'confirmation:NBD-2' });
    const abandoned = dead.runDue();
    await started.opened;

    expect(await alive.runDue()).toBe(0);
    expect(await alive.stats()).toMatchObject({ waiting: 0, running: 1 });
    advance(19_000);
    expect(await alive.runDue()).toBe(0);
    advance(2_000);
    expect(await alive.runDue()).toBe(1);
    expect(ran).toBe(1);

    // The first runner's late end changes nothing: the job is the second runner's, and done.
    stuck.open();
    await abandoned;
    expect(await jobs()).toEqual([
      { kind: 'send-confirmation', key: 'confirmation:NBD-2', attempts: 2, last_error: null, done: true, failed: false },
    ]);
  });

  test('a failure waits backoff(attempts) with jitter; after the last attempt the job stays, failed, logged once at error level', async () => {
    const lines: { level: number; msg: string; kind: string }[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()) }),
    );
    const tries: Date[] = [];
    const flaky = queue({ logger, random: () => 1 }); // the longest jitter: +10%
    flaky.define(
      'post-loyalty-points',
      async () => {
        tries.push(now);
        throw new Error('loyalty programme unavailable');
      },
      { backoff: exponentialBackoff({ baseMs: 10_000, maxMs: 60_000 }), maxAttempts: 3 },
    );
    await flaky.enqueue('post-loyalty-points', { orderId: 'NBD-3' });
    expect(await flaky.runDue()).toBe(1);
    expect(await flaky.stats()).toMatchObject({ waiting: 0, scheduled: 1, failing: 1, failed: 0 });

    advance(10_999); // 10 s + 10% jitter, less a millisecond
    expect(await flaky.runDue()).toBe(0);
    advance(1);
    expect(await flaky.runDue()).toBe(1);
    advance(21_999); // 20 s + 10%
    expect(await flaky.runDue()).toBe(0);
    advance(1);
    expect(await flaky.runDue()).toBe(1);
    expect(tries.map((time) => (time.getTime() - START.getTime()) / 1000)).toEqual([0, 11, 33]);

    advance(24 * 60 * 60_000);
    expect(await flaky.runDue()).toBe(0);
    expect(await jobs()).toEqual([
      { kind: 'post-loyalty-points', key: null, attempts: 3, last_error: 'loyalty programme unavailable', done: false, failed: true },
    ]);
    expect(await flaky.stats()).toMatchObject({ waiting: 0, scheduled: 0, failing: 1, failed: 1 });
    expect(lines.filter((line) => line.level === 50)).toEqual([
      expect.objectContaining({ kind: 'post-loyalty-points', msg: 'A queued job failed for the last time; it waits for an operator' }),
    ]);
    expect(lines.filter((line) => line.level === 40)).toHaveLength(2);
  });

  test('a fixed schedule repeats its last step; a job that asks to run again later starts its attempts over', async () => {
    const schedule = scheduleBackoff([10_000, 30_000, 60_000]);
    expect([1, 2, 3, 4, 9].map(schedule)).toEqual([10_000, 30_000, 60_000, 60_000, 60_000]);

    let checks = 0;
    const reconcile = queue();
    reconcile.define('reconcile-payment', async () => {
      checks++;
      return checks === 1 ? { runAgainAt: new Date(START.getTime() + 15 * 60_000) } : undefined;
    });
    await reconcile.enqueue('reconcile-payment', { paymentId: 'pay_1' }, { key: 'reconcile:pay_1' });
    expect(await reconcile.runDue()).toBe(1);
    expect(await reconcile.stats()).toMatchObject({ waiting: 0, scheduled: 1, failing: 0 });
    expect(await jobs()).toEqual([expect.objectContaining({ attempts: 0, done: false })]);
    advance(15 * 60_000);
    expect(await reconcile.runDue()).toBe(1);
    expect(await jobs()).toEqual([expect.objectContaining({ attempts: 1, done: true })]);
  });

  test('stats count what waits and for how long, what is planned, running or failing', async () => {
    const later = queue();
    later.define('send-reminder', async () => undefined);
    expect(await later.stats()).toEqual({ waiting: 0, running: 0, scheduled: 0, oldestWaitingSeconds: 0, failing: 0, failed: 0 });
    await later.enqueue('send-reminder', { n: 1 });
    advance(90_000);
    await later.enqueue('send-reminder', { n: 2 });
    await later.enqueue('send-reminder', { n: 3 }, { runAt: new Date(now.getTime() + 60 * 60_000) });
    expect(await later.stats()).toEqual({ waiting: 2, running: 0, scheduled: 1, oldestWaitingSeconds: 90, failing: 0, failed: 0 });
    expect(await later.bringForwardIn(database.db, { kind: 'send-reminder' })).toBe(1);
    expect(await later.runDue()).toBe(3);
    expect(await later.stats()).toEqual({ waiting: 0, running: 0, scheduled: 0, oldestWaitingSeconds: 0, failing: 0, failed: 0 });
  });

  test('stats by kind tell apart the backlogs an operator watches, every defined kind counted even with nothing open', async () => {
    const festival = queue({ maxAttempts: 1 });
    festival.define('fulfil-order', async () => undefined);
    festival.define('reconcile-payment', async () => undefined);
    festival.define('send-order-confirmation', async () => {
      throw new Error('The relay refused the message');
    });
    await festival.enqueue('fulfil-order', { orderId: 'o1' });
    advance(30_000);
    await festival.enqueue('fulfil-order', { orderId: 'o2' });
    await festival.enqueue('reconcile-payment', { paymentId: 'p1' }, { runAt: new Date(now.getTime() + 14 * 60_000) });
    const none = { waiting: 0, running: 0, scheduled: 0, oldestWaitingSeconds: 0, failing: 0, failed: 0 };
    expect(await festival.statsByKind()).toEqual({
      'fulfil-order': { ...none, waiting: 2, oldestWaitingSeconds: 30 },
      'reconcile-payment': { ...none, scheduled: 1 },
      'send-order-confirmation': none,
    });
    await festival.enqueue('send-order-confirmation', { orderId: 'o0' });
    expect(await festival.runDue()).toBe(3);
    expect((await festival.statsByKind())['send-order-confirmation']).toEqual({ ...none, failing: 1, failed: 1 });
    expect(await festival.stats()).toEqual({ ...none, scheduled: 1, failing: 1, failed: 1 });
  });

  test('stop waits for the job in progress, then claims nothing more; kick runs at once without waiting for the poll', async () => {
    const finish = gate();
    const started = gate();
    const done: number[] = [];
    const worker = queue();
    worker.define('render-ticket-pdf', async ({ n }: { n: number }) => {
      if (n === 1) {
        started.open();
        await finish.opened;
      }
      done.push(n);
    });
    worker.start(60 * 60_000); // no poll during the test: only the kick
    await worker.enqueue('render-ticket-pdf', { n: 1 });
    await worker.enqueue('render-ticket-pdf', { n: 2 });
    worker.kick();
    await started.opened;

    let stopped = false;
    const stopping = worker.stop().then(() => void (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    finish.open();
    await stopping;
    expect(done).toEqual([1]);
    expect(await worker.stats()).toMatchObject({ waiting: 1, running: 0 });
    expect(await worker.runNow('anything')).toBe(false);
  });
});
