import type { Readiness } from './app.ts';

/**
 * How long one probe may take. Probes run side by side, so /readyz answers within a second even
 * when a dependency hangs (a frozen Redis, a database behind a dead network), and a load balancer
 * probing every few seconds gets its answer before its own timeout (decision 0033).
 */
export const PROBE_DEADLINE_MS = 800;

/** Resolves when the dependency answers; rejects when it cannot. */
export type Probe = () => Promise<void>;

/** Runs every probe at once, each within the deadline: ready when all of them answered in time. */
export async function runProbes(probes: Record<string, Probe>, deadlineMs = PROBE_DEADLINE_MS): Promise<Readiness> {
  const results = await Promise.all(Object.entries(probes).map(async ([name, probe]) => [name, await probed(probe, deadlineMs)] as const));
  const checks = Object.fromEntries(results);
  return { ready: results.every(([, result]) => result === 'ok'), checks };
}

function probed(probe: Probe, deadlineMs: number): Promise<Readiness['checks'][string]> {
  return withinDeadline(
    () =>
      Promise.resolve()
        .then(probe)
        .then(
          () => 'ok' as const,
          () => 'failed' as const,
        ),
    deadlineMs,
  );
}

/** What `work` answers, or `timed out` once the deadline passes (the work itself is not stopped). */
export async function withinDeadline<T>(work: () => Promise<T>, deadlineMs = PROBE_DEADLINE_MS): Promise<T | 'timed out'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), deadlineMs);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
