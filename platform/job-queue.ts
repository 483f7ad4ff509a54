import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from './database.ts';
import { reportError } from './error-reports.ts';
import type { Logger } from './logger.ts';

/**
 * Work that must happen after a commit (decision 0032): recorded in the same transaction as the
 * change that calls for it, in the owning service's own `<schema>.jobs` table (its migration
 * creates it), and run by any live process, with retries and backoff.
 *
 * - A runner claims a due job with one statement (`for update skip locked`), so two runners never
 *   take the same job, and holds it for a short lease (`locked_until`), renewed while it runs. A
 *   job whose runner died is taken again once its lease runs out: handlers must be idempotent.
 * - No transaction is held while a handler runs: PGlite is one connection, and a handler may call
 *   the network.
 * - A failure counts an attempt and waits `backoff(attempts)` (with jitter); after `maxAttempts`
 *   the job stays in the table as failed, logged once at error level.
 * - Done jobs are kept a few days, so a dedupe key keeps working after its job ran.
 */

export interface Job<Payload = Record<string, unknown>> {
  id: number;
  kind: string;
  key: string | null;
  payload: Payload;
  /** Starts so far, this one included. */
  attempts: number;
}

/** A handler's answer: nothing (done), or a time to look again (not a failure: attempts start over). */
export type JobResult = void | { runAgainAt: Date };

export type JobHandler<Payload = Record<string, unknown>> = (payload: Payload, job: Job<Payload>) => Promise<JobResult>;

/** The wait before the next try, in milliseconds, after `attempts` failed starts. */
export type Backoff = (attempts: number) => number;

export interface JobKindOptions {
  backoff?: Backoff;
  maxAttempts?: number;
}

export interface JobQueueOptions {
  db: Database;
  /** The owning service's schema; the queue uses its `jobs` table. */
  schema: string;
  logger: Logger;
  clock?: () => Date;
  /** How long a claimed job is someone's before another runner may take it (renewed while it runs). */
  leaseMs?: number;
  /** Defaults for kinds that do not say. */
  backoff?: Backoff;
  maxAttempts?: number;
  /** [0, 1): the jitter's source; tests fix it. */
  random?: () => number;
  /** How long done jobs (and so their dedupe keys) are kept. */
  keepDoneMs?: number;
}

export interface JobStats {
  /** Due and not taken by a runner. */
  waiting: number;
  /** Taken by a runner whose lease has not run out. */
  running: number;
  /** Planned for later (a retry's wait, a check at a hold's end). */
  scheduled: number;
  /** Due for longest, in seconds; 0 when nothing waits. */
  oldestWaitingSeconds: number;
  /** Not done and whose last try failed, retrying or given up. */
  failing: number;
  /** Given up after their last attempt: they wait for an operator. */
  failed: number;
}

export interface EnqueueOptions {
  /** At most one job per key: a second enqueue with the same key records nothing. */
  key?: string;
  runAt?: Date;
  /**
   * With a key: a job of that key that already ran (or gave up) is due again at `runAt`; one
   * running at this moment runs once more after it.
   */
  rearm?: boolean;
}

/**
 * The queue's table in a service's schema, for that service's migrations: each service keeps its
 * own jobs (decision 0032).
 */
export function jobsTableSql(schema: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Not a schema name: ${schema}`);
  return `
create table ${schema}.jobs (
  id bigint generated always as identity primary key,
  kind text not null,
  key text unique,                            -- at most one job per key (fulfil:<orderId>, ...)
  payload jsonb not null default '{}',
  run_at timestamptz not null,                -- due from then on
  attempts integer not null default 0,        -- starts so far
  locked_until timestamptz,                   -- a runner's lease; free again after it
  locked_by text,
  last_error text,
  failed_at timestamptz,                      -- given up after its last attempt: an operator looks
  done_at timestamptz,                        -- kept a few days so the key keeps deduplicating
  created_at timestamptz not null default now()
);
-- Every job not done yet (due, planned or failed): what runners claim and what stats count.
create index jobs_open on ${schema}.jobs (run_at, id) where done_at is null;
create index jobs_done on ${schema}.jobs (done_at) where done_at is not null;`;
}

export const DEFAULT_LEASE_MS = 30_000;
export const DEFAULT_MAX_ATTEMPTS = 15;
const DEFAULT_KEEP_DONE_MS = 3 * 24 * 60 * 60_000;
/** The most an error message takes in `last_error`. */
const ERROR_LENGTH = 2000;

/** `base · 2^(n−1)`, capped: 5 s, 10 s, 20 s … 10 min by default. */
export function exponentialBackoff({ baseMs = 5_000, maxMs = 10 * 60_000 } = {}): Backoff {
  return (attempts) => Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/** A fixed schedule, the last step repeated: how payment providers retry their webhooks. */
export function scheduleBackoff(delaysMs: readonly number[]): Backoff {
  return (attempts) => delaysMs[Math.min(Math.max(0, attempts - 1), delaysMs.length - 1)]!;
}

/** ±10%: runners that failed together do not all come back in the same instant. */
const jittered = (delayMs: number, random: () => number) => Math.round(delayMs * (0.9 + 0.2 * random()));

type JobRow = {
  id: number | string;
  kind: string;
  key: string | null;
  payload: Record<string, unknown> | string;
  attempts: number;
};

const iso = (date: Date) => date.toISOString();

type StatsRow = {
  kind?: string;
  waiting: number;
  running: number;
  scheduled: number;
  failing: number;
  failed: number;
  oldest: Date | string | null;
};

export class JobQueue {
  private readonly handlers = new Map<string, { run: JobHandler<never>; backoff: Backoff; maxAttempts: number }>();
  private readonly table;
  private readonly clock: () => Date;
  private readonly leaseMs: number;
  private readonly random: () => number;
  private timer: NodeJS.Timeout | undefined;
  private kicked: NodeJS.Immediate | undefined;
  private started = false;
  private stopped = false;
  /** The pass in progress (poll or kick), and jobs run on demand: stop() waits for them. */
  private pass: Promise<unknown> | undefined;
  private passAgain = false;
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: JobQueueOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.schema)) throw new Error(`Not a schema name: ${options.schema}`);
    this.table = sql.raw(`"${options.schema}".jobs`);
    this.clock = options.clock ?? (() => new Date());
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.random = options.random ?? Math.random;
  }

  /** What runs jobs of `kind`; each kind once. */
  define<Payload>(kind: string, run: JobHandler<Payload>, options: JobKindOptions = {}): void {
    if (this.handlers.has(kind)) throw new Error(`Job kind ${kind} is already defined`);
    this.handlers.set(kind, {
      run: run as JobHandler<never>,
      backoff: options.backoff ?? this.options.backoff ?? exponentialBackoff(),
      maxAttempts: options.maxAttempts ?? this.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    });
  }

  /**
   * Records a job inside `tx`, the transaction of the change that calls for it: it exists exactly
   * when that change commits. True when recorded (or armed again), false when its key was taken.
   */
  async enqueueIn(tx: Database, kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<boolean> {
    const now = this.clock();
    const runAt = options.runAt ?? now;
    const onConflict =
      options.key === undefined
        ? sql``
        : options.rearm
          ? // A job running right now loses its runner's claim, so that it is not marked done by a run
            // that started before this: it runs once more after that run's lease.
            sql`on conflict (key) do update set run_at = least(${this.table}.run_at, excluded.run_at), payload = excluded.payload,
                done_at = null, failed_at = null, attempts = 0, last_error = null, locked_by = null`
          : sql`on conflict (key) do nothing`;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`insert into ${this.table} (kind, key, payload, run_at, created_at)
          values (${kind}, ${options.key ?? null}, ${JSON.stringify(payload)}, ${iso(runAt)}, ${iso(now)})
          ${onConflict} returning id`,
    );
    return rows.length > 0;
  }

  /** `enqueueIn` on its own, when nothing else has to commit with it. */
  enqueue(kind: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): Promise<boolean> {
    return this.enqueueIn(this.options.db, kind, payload, options);
  }

  /** Makes waiting jobs (by key, or every one of a kind) due no later than `at`. */
  async bringForwardIn(tx: Database, which: { keys: string[] } | { kind: string }, at: Date = this.clock()): Promise<number> {
    if ('keys' in which && which.keys.length === 0) return 0;
    const match = 'keys' in which ? sql`key in ${which.keys}` : sql`kind = ${which.kind}`;
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update ${this.table} set run_at = ${iso(at)}
          where ${match} and done_at is null and failed_at is null and run_at > ${iso(at)} returning id`,
    );
    return rows.length;
  }

  /**
   * Runs due jobs one after the other until none is due (or `limit` ran, or the queue stops).
   * Answers how many ran. What the poll does; tests call it after moving the clock.
   */
  async runDue(limit = 200): Promise<number> {
    let ran = 0;
    while (ran < limit && !this.stopped) {
      const job = await this.claim(sql``);
      if (!job) break;
      await this.execute(job);
      ran++;
    }
    return ran;
  }

  /**
   * Runs the job with this key now, when it is due and no runner has it: right after the commit
   * that recorded it, so that nothing waits for the poll when no process dies. False when it did
   * not run here; a failure is recorded like any other and retried later.
   */
  async runNow(key: string): Promise<boolean> {
    if (this.stopped) return false;
    const running = (async () => {
      const job = await this.claim(sql`and key = ${key}`);
      if (!job) return false;
      await this.execute(job);
      return true;
    })();
    this.inFlight.add(running);
    try {
      return await running;
    } finally {
      this.inFlight.delete(running);
    }
  }

  /** Polls every `intervalMs` in the background (timers unref'd: they keep no process alive). */
  start(intervalMs: number): void {
    this.started = true;
    this.stopped = false;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.schedulePass(), intervalMs);
    this.timer.unref();
  }

  /** A pass soon, without waiting for the poll; nothing when there is no poll (tests drive `runDue`). */
  kick(): void {
    if (!this.started || this.stopped || this.kicked) return;
    this.kicked = setImmediate(() => {
      this.kicked = undefined;
      this.schedulePass();
    });
    this.kicked.unref();
  }

  /** Claims nothing more and waits for the jobs in progress to finish: a safe point. */
  async stop(): Promise<void> {
    this.started = false;
    this.stopped = true;
    clearInterval(this.timer);
    if (this.kicked) clearImmediate(this.kicked);
    this.kicked = undefined;
    while (this.pass || this.inFlight.size > 0) {
      await Promise.allSettled([this.pass, ...this.inFlight]);
    }
  }

  async stats(): Promise<JobStats> {
    const [row] = await this.statsRows(false);
    return this.jobStatsOf(row);
  }

  /** `stats()` for each kind this queue runs (every defined kind, open jobs or not): operators' metrics. */
  async statsByKind(): Promise<Record<string, JobStats>> {
    const rows = await this.statsRows(true);
    const byKind = Object.fromEntries([...this.handlers.keys()].map((kind) => [kind, this.jobStatsOf(undefined)]));
    for (const row of rows) byKind[row.kind!] = this.jobStatsOf(row);
    return byKind;
  }

  private statsRows(byKind: boolean) {
    const now = iso(this.clock());
    return queryRows<StatsRow>(
      this.options.db,
      sql`select
            ${byKind ? sql`kind,` : sql``}
            count(*) filter (where failed_at is null and run_at <= ${now} and (locked_until is null or locked_until <= ${now}))::int as waiting,
            count(*) filter (where failed_at is null and locked_until > ${now})::int as running,
            count(*) filter (where failed_at is null and run_at > ${now} and (locked_until is null or locked_until <= ${now}))::int as scheduled,
            count(*) filter (where last_error is not null)::int as failing,
            count(*) filter (where failed_at is not null)::int as failed,
            min(run_at) filter (where failed_at is null and run_at <= ${now} and (locked_until is null or locked_until <= ${now})) as oldest
          from ${this.table} where done_at is null ${byKind ? sql`group by kind` : sql``}`,
    );
  }

  private jobStatsOf(row: StatsRow | undefined): JobStats {
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
    return {
      waiting: row?.waiting ?? 0,
      running: row?.running ?? 0,
      scheduled: row?.scheduled ?? 0,
      oldestWaitingSeconds: oldest === undefined ? 0 : Math.max(0, Math.floor((this.clock().getTime() - oldest) / 1000)),
      failing: row?.failing ?? 0,
      failed: row?.failed ?? 0,
    };
  }

  private schedulePass(): void {
    if (this.stopped) return;
    if (this.pass) {
      this.passAgain = true;
      return;
    }
    this.pass = (async () => {
      do {
        this.passAgain = false;
        try {
          await this.runDue();
          await this.forgetDone();
        } catch (error) {
          // The database is unreachable, say: the next poll tries again.
          this.options.logger.warn({ err: error, schema: this.options.schema }, 'Running queued jobs failed');
        }
      } while (this.passAgain && !this.stopped);
    })().finally(() => {
      this.pass = undefined;
    });
  }

  /** One statement: the due job first in line that nobody holds, now held by this runner. */
  private async claim(filter: ReturnType<typeof sql>): Promise<(Job & { token: string }) | undefined> {
    const now = this.clock();
    const token = randomUUID();
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return undefined;
    const [row] = await queryRows<JobRow>(
      this.options.db,
      sql`update ${this.table} set locked_until = ${iso(new Date(now.getTime() + this.leaseMs))}, locked_by = ${token},
            attempts = attempts + 1
          where id in (
            select id from ${this.table}
            where done_at is null and failed_at is null and run_at <= ${iso(now)}
              and (locked_until is null or locked_until <= ${iso(now)}) and kind in ${kinds} ${filter}
            order by run_at, id limit 1
            for update skip locked)
          returning id, kind, key, payload, attempts`,
    );
    if (!row) return undefined;
    return {
      id: Number(row.id),
      kind: row.kind,
      key: row.key,
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as Record<string, unknown>) : row.payload,
      attempts: row.attempts,
      token,
    };
  }

  private async execute(job: Job & { token: string }): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    const mine = sql`id = ${job.id} and locked_by = ${job.token}`;
    // A long job keeps its lease; a runner that died stops renewing it.
    const heartbeat = setInterval(
      () => {
        const until = iso(new Date(this.clock().getTime() + this.leaseMs));
        this.options.db.execute(sql`update ${this.table} set locked_until = ${until} where ${mine}`).catch(() => {});
      },
      Math.max(1000, this.leaseMs / 3),
    );
    heartbeat.unref();
    let result: JobResult;
    try {
      result = await handler.run(job.payload as never, job as never);
    } catch (error) {
      clearInterval(heartbeat);
      await this.failed(job, handler, error);
      return;
    }
    clearInterval(heartbeat);
    const now = iso(this.clock());
    if (result && 'runAgainAt' in result) {
      await this.options.db.execute(
        sql`update ${this.table} set run_at = ${iso(result.runAgainAt)}, attempts = 0, locked_until = null, locked_by = null,
              last_error = null where ${mine}`,
      );
    } else {
      await this.options.db.execute(
        sql`update ${this.table} set done_at = ${now}, locked_until = null, locked_by = null, last_error = null where ${mine}`,
      );
    }
  }

  private async failed(job: Job & { token: string }, handler: { backoff: Backoff; maxAttempts: number }, error: unknown): Promise<void> {
    const now = this.clock();
    const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_LENGTH) || 'failed';
    const givenUp = job.attempts >= handler.maxAttempts;
    const next = new Date(now.getTime() + jittered(handler.backoff(job.attempts), this.random));
    const [updated] = await queryRows<{ id: number }>(
      this.options.db,
      sql`update ${this.table} set locked_until = null, locked_by = null, last_error = ${message},
            run_at = ${iso(givenUp ? now : next)}, failed_at = ${givenUp ? iso(now) : null}
          where id = ${job.id} and locked_by = ${job.token} returning id`,
    );
    const context = { err: error, schema: this.options.schema, jobId: job.id, kind: job.kind, key: job.key, attempts: job.attempts };
    // Only the runner that still held the job reports it, so a job given up is logged once.
    if (!updated) return;
    if (givenUp) {
      this.options.logger.error(context, 'A queued job failed for the last time; it waits for an operator');
      reportError(error, {
        component: 'jobs',
        tags: { queue: this.options.schema, kind: job.kind },
        details: { jobId: job.id, key: job.key, attempts: job.attempts },
      });
    } else this.options.logger.warn({ ...context, retryAt: next.toISOString() }, 'A queued job failed; it will be retried');
  }

  /** Done jobs older than `keepDoneMs` go, a batch per pass. */
  private async forgetDone(): Promise<void> {
    const before = iso(new Date(this.clock().getTime() - (this.options.keepDoneMs ?? DEFAULT_KEEP_DONE_MS)));
    await this.options.db.execute(
      sql`delete from ${this.table} where id in (select id from ${this.table} where done_at < ${before} limit 500)`,
    );
  }
}
