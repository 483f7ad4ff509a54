import cluster, { type Worker } from 'node:cluster';
import { serveClusterMetrics } from '#platform/cluster-metrics.ts';
import type { Logger } from '#platform/logger.ts';
import { serveRateLimitsToWorkers } from '#platform/rate-limits.ts';
import { SHUTDOWN_DEADLINE_MS } from './lifecycle.ts';

/**
 * The cluster's primary (decision 0043): forks WEB_CONCURRENCY workers, each the whole site on the
 * same port (Node's cluster shares the listening socket), replaces those that die, and on SIGTERM or
 * SIGINT has every worker drain as a single process does (server/lifecycle.ts) before it exits.
 * The primary serves no request itself: it keeps the node's metrics and, without Redis, the
 * workers' rate-limit counts.
 */

/** A worker that dies sooner than this after its start counts as failing to start. */
export const QUICK_DEATH_MS = 10_000;
/** The wait before replacing a worker after the first quick death; it doubles with each one in a row. */
export const FIRST_RESTART_DELAY_MS = 500;
/** ... up to this: a worker that cannot start is tried twice a minute, never in a loop. */
export const MAX_RESTART_DELAY_MS = 30_000;

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
}

/**
 * How long to wait before replacing a worker, given how many died quickly in a row: none after a
 * death of a worker that had run for a while (a crash, a kill -9), then 0.5 s, 1 s, 2 s ... 30 s.
 */
export function restartDelayMs(quickDeathsInARow: number): number {
  if (quickDeathsInARow === 0) return 0;
  return Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (quickDeathsInARow - 1));
}

export function runPrimary({ workers, logger }: PrimaryOptions): void {
  serveClusterMetrics();
  serveRateLimitsToWorkers();
  const startedAt = new Map<Worker, number>();
  let listening = false;
  let quickDeathsInARow = 0;
  let stopping = false;
  /** A worker that did not stop cleanly makes the primary's exit a failure too. */
  let failed = false;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.once('online', () => logger.info({ worker: worker.id, workerPid: worker.process.pid }, 'Worker started'));
    worker.once('listening', () => {
      logger.info({ worker: worker.id, workerPid: worker.process.pid }, 'Worker listening');
      if (listening) return;
      // The first worker has migrated the database and done the start's one-off work: the others
      // start now, instead of all queueing for the migrations' lock at once.
      listening = true;
      for (let more = 1; more < workers; more++) fork();
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    const livedMs = Date.now() - (startedAt.get(worker) ?? Date.now());
    startedAt.delete(worker);
    const remaining = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (code !== 0 || signal) failed = true;
      logger.info({ worker: worker.id, workerPid: worker.process.pid, code, signal, remaining }, 'Worker stopped');
      if (remaining === 0) finish();
      return;
    }
    logger.error({ worker: worker.id, workerPid: worker.process.pid, code, signal, livedMs }, 'Worker died');
    if (!listening) {
      // The site cannot start (a database that refuses, a broken migration): the same exit as a
      // single process that cannot start, for the container's restart policy to handle.
      logger.fatal('The first worker could not start: exiting');
      process.exit(typeof code === 'number' && code !== 0 ? code : 1);
    }
    quickDeathsInARow = livedMs < QUICK_DEATH_MS ? quickDeathsInARow + 1 : 0;
    const delayMs = restartDelayMs(quickDeathsInARow);
    logger.info({ delayMs, quickDeathsInARow }, 'Replacing the worker');
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });

  const finish = () => {
    logger.info(failed ? 'Every worker has stopped, not all cleanly' : 'Every worker has stopped');
    process.exit(failed ? 1 : 0);
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      logger.info({ signal, workers: running.length }, 'Shutting down: every worker drains');
      if (running.length === 0) return finish();
      // Each worker drains as a single process does (decision 0034) and exits by the same deadline.
      for (const worker of running) worker.process.kill('SIGTERM');
      setTimeout(() => {
        logger.error('Workers still running at the deadline: killing them');
        for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS - 100).unref();
    });
  }

  logger.info({ workers }, `Starting ${workers} workers`);
  fork();
}
