import type { Logger } from './logger.ts';

/** One warning a minute tells an operator what is down; one per request would bury it (decision 0033). */
const WARNING_INTERVAL_MS = 60_000;

/**
 * Reports failures caused by an unavailable dependency: the first one at once as a warning, then
 * at most one a minute per dependency, saying how many were left unreported meanwhile.
 */
export class OutageLog {
  private readonly dependencies = new Map<string, { warnedAt: number; unreported: number }>();

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = WARNING_INTERVAL_MS,
  ) {}

  report(dependency: string, error: unknown, details: Record<string, unknown> = {}): void {
    const now = Date.now();
    const state = this.dependencies.get(dependency);
    if (state && now - state.warnedAt < this.intervalMs) {
      state.unreported += 1;
      return;
    }
    const unreported = state?.unreported ?? 0;
    this.dependencies.set(dependency, { warnedAt: now, unreported: 0 });
    this.logger.warn({ err: error, dependency, ...details, ...(unreported ? { unreported } : {}) }, `Unavailable: ${dependency}`);
  }
}
