import { monitorEventLoopDelay, type ELDHistogram } from 'node:perf_hooks';
import type { Request, RequestHandler } from 'express';

/**
 * Load shedding (decision 0043): past its capacity a process answers at once with 503 and
 * Retry-After instead of queueing requests for seconds. Two signals, each checked on arrival:
 * - the event loop's delay: how late its timers run, measured by Node (`monitorEventLoopDelay`)
 *   and by a timer of our own, so that one long block shows too;
 * - how many requests this process is answering at the moment.
 * Requests a cached page answers (cheap) are refused only past twice either threshold; health
 * probes, metrics and static files never are.
 */

export interface SheddingSettings {
  /** The event-loop delay (ms) past which requests are refused; 0 turns the check off. */
  eventLoopDelayMs: number;
  /** Requests in flight past which requests are refused; 0 turns the check off. */
  maxInFlight: number;
}

export type ShedReason = 'event_loop_delay' | 'in_flight';

export interface LoadSheddingOptions extends SheddingSettings {
  /** How often the delay is read; a refusal lasts until the next reading says the loop is back. */
  sampleMs?: number;
  /** Answered from the page cache: refused last. */
  isCheap?: (req: Request) => boolean;
  /** Told of each refusal. */
  onShed?: (reason: ShedReason) => void;
}

/** A client refused under load should come back soon, not in a crowd at once: a few seconds. */
export const SHED_RETRY_AFTER_SECONDS = 5;
/** Cheap answers (the page cache) go on until the process is this many times past a threshold. */
const CHEAP_FACTOR = 2;
/** The histogram's own sampling period: fine enough to see 50 ms of lag, cheap enough to leave on. */
const HISTOGRAM_RESOLUTION_MS = 10;

/** Paths never refused: the load balancer's probes and Prometheus must see the truth, files are cheap. */
const NEVER_SHED = /^\/(healthz|readyz|metrics|favicon\.svg)$|^\/(assets|media)\//;

/** The refusal, answered by the site's error handler as its 503 page in the visitor's language. */
export class ProcessOverloaded extends Error {
  override name = 'ProcessOverloaded';
  /** For Express's default handler (a process without pages): the status and header to answer with. */
  readonly status = 503;
  readonly expose = true;
  readonly headers = { 'Retry-After': String(SHED_RETRY_AFTER_SECONDS) };
  constructor(readonly reason: ShedReason) {
    super('The site is too busy to take this request now');
  }
}

export class LoadShedder {
  readonly #options: LoadSheddingOptions & { sampleMs: number };
  #histogram: ELDHistogram | undefined;
  #timer: NodeJS.Timeout | undefined;
  #lastSample = 0;
  #delayMs = 0;
  #inFlight = 0;

  constructor(options: LoadSheddingOptions) {
    this.#options = { ...options, sampleMs: options.sampleMs ?? 250 };
  }

  /** The event-loop delay as last read, in ms. */
  get delayMs(): number {
    return this.#delayMs;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  start(): void {
    if (this.#timer || this.#options.eventLoopDelayMs === 0) return;
    this.#histogram = monitorEventLoopDelay({ resolution: HISTOGRAM_RESOLUTION_MS });
    this.#histogram.enable();
    this.#lastSample = performance.now();
    this.#timer = setInterval(() => this.#sample(), this.#options.sampleMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#histogram?.disable();
  }

  /**
   * The mean delay of the last period (how late every callback ran) or, when a single block held
   * the loop, how late this very timer is: whichever is worse.
   */
  #sample(): void {
    const now = performance.now();
    const lateness = now - this.#lastSample - this.#options.sampleMs;
    this.#lastSample = now;
    const histogram = this.#histogram!;
    const mean = histogram.count > 0 ? histogram.mean / 1e6 - HISTOGRAM_RESOLUTION_MS : 0;
    histogram.reset();
    this.#delayMs = Math.max(0, mean, lateness);
  }

  /**
   * The last reading, or how late the next one already is: requests that queued behind a block
   * can be read before the timer that would see it runs, and they are the ones to refuse.
   */
  #currentDelayMs(): number {
    if (!this.#timer) return this.#delayMs;
    return Math.max(this.#delayMs, performance.now() - this.#lastSample - this.#options.sampleMs);
  }

  /** Why this request should be refused now, if it should. */
  reasonToShed(req: Request): ShedReason | undefined {
    const { eventLoopDelayMs, maxInFlight } = this.#options;
    const factor = this.#options.isCheap?.(req) ? CHEAP_FACTOR : 1;
    if (eventLoopDelayMs > 0 && this.#currentDelayMs() > eventLoopDelayMs * factor) return 'event_loop_delay';
    if (maxInFlight > 0 && this.#inFlight >= maxInFlight * factor) return 'in_flight';
    return undefined;
  }

  /** Refuses with `ProcessOverloaded` (to the error handler) or counts the request in flight until it closes. */
  middleware(): RequestHandler {
    return (req, res, next) => {
      if (NEVER_SHED.test(req.path)) return next();
      const reason = this.reasonToShed(req);
      if (reason) {
        this.#options.onShed?.(reason);
        res.locals.route = 'shed';
        return next(new ProcessOverloaded(reason));
      }
      this.#inFlight++;
      res.once('close', () => this.#inFlight--);
      next();
    };
  }
}
