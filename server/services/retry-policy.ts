/**
 * SPEC 7.4: when a call to a service is tried again, and after how long. Plain functions of what
 * happened, so that every rule has a unit test; `service-fetch.ts` applies them to real calls.
 */
export interface RetryPolicy {
  /** Attempts in all, the first one included (SPEC 7.4: 3). */
  maxAttempts: number;
  /** The pause after the first failed attempt; it doubles after each further one. */
  baseDelayMs: number;
  /** SPEC 7.4: no pause is ever longer, whatever the backoff or the service's Retry-After say. */
  maxDelayMs: number;
  /**
   * How long the one waiting for the answer (a visitor, for a page) waits for a call in all,
   * attempts and pauses together. A pause that would end past it is not taken: the call fails now.
   */
  budgetMs: number;
}

/**
 * For calls made while a visitor waits for a page (decision 0034): three attempts, pauses of
 * 100–200 then 200–400 ms, and never more than 8 s in all, so a failing service costs a page a
 * few hundred milliseconds more, not a spinner a visitor gives up on.
 */
export const VISITOR_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 300_000, budgetMs: 8_000 };

/** Only reads are tried again: a mutation that timed out may have been done (an order placed). */
export type Operation = 'query' | 'mutation';

/** Why an attempt gave no usable answer. A GraphQL error in a 200 answer is an answer, not a failure. */
export type AttemptFailure =
  { kind: 'network' } | { kind: 'timeout' } | { kind: 'status'; status: number; retryAfter?: string | null | undefined };

/** SPEC 7.4: throttling (429) and the statuses of a server or gateway that may answer next time. */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);

export type RetryDecision =
  { retry: true; delayMs: number } | { retry: false; reason: 'mutation' | 'not retryable' | 'attempts used up' | 'over budget' };

export interface Attempt {
  operation: Operation;
  /** 1 for the first attempt. */
  attempt: number;
  failure: AttemptFailure;
  /** Since the first attempt started. */
  elapsedMs: number;
  now?: number;
  /** In [0, 1): the jitter. */
  random?: () => number;
}

export const isRetryable = (failure: AttemptFailure): boolean => failure.kind !== 'status' || RETRIED_STATUSES.has(failure.status);

/**
 * Exponential backoff with "equal jitter": half of base × 2^(attempt − 1) for sure, the other half
 * at random, so that replicas failing together do not all come back at the same instant, while
 * every pause stays at least half its step. Never above `maxDelayMs`.
 */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** RFC 9110 10.2.3: Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // All three date formats of RFC 9110 5.6.7 start with the day's name.
  const date = /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Whether to try again after a failed attempt, and after how long: the backoff, or the service's
 * Retry-After when it asks for longer (never before it is ready), capped at `maxDelayMs`. When the
 * pause would end past the budget the call fails at once rather than keep a visitor waiting for an
 * answer that comes too late (the page then says the service is unavailable).
 */
export function retryDecision(policy: RetryPolicy, attempt: Attempt): RetryDecision {
  if (attempt.operation === 'mutation') return { retry: false, reason: 'mutation' };
  if (!isRetryable(attempt.failure)) return { retry: false, reason: 'not retryable' };
  if (attempt.attempt >= policy.maxAttempts) return { retry: false, reason: 'attempts used up' };
  const asked = attempt.failure.kind === 'status' ? retryAfterMs(attempt.failure.retryAfter, attempt.now) : undefined;
  const delayMs = Math.min(policy.maxDelayMs, Math.max(backoffMs(policy, attempt.attempt, attempt.random), asked ?? 0));
  if (attempt.elapsedMs + delayMs >= policy.budgetMs) return { retry: false, reason: 'over budget' };
  return { retry: true, delayMs };
}
