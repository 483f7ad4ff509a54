import {
  VISITOR_RETRY_POLICY,
  backoffMs,
  retryAfterMs,
  retryDecision,
  type Attempt,
  type AttemptFailure,
  type RetryPolicy,
} from './retry-policy.ts';

const policy: RetryPolicy = { maxAttempts: 3, baseDelayMs: 200, maxDelayMs: 300_000, budgetMs: 8_000 };
const NOW = Date.parse('2026-11-21T12:00:00Z');

/** A failed first read, unless said otherwise; the jitter at its middle. */
const after = (failure: AttemptFailure, attempt: Partial<Attempt> = {}) =>
  retryDecision(policy, { operation: 'query', attempt: 1, failure, elapsedMs: 0, now: NOW, random: () => 0.5, ...attempt });

describe('when a call to a service is tried again (SPEC 7.4)', () => {
  test('a read is tried again after a network error, a timeout, throttling (429) and 500, 502, 503, 504', () => {
    const failures: AttemptFailure[] = [
      { kind: 'network' },
      { kind: 'timeout' },
      ...[429, 500, 502, 503, 504].map((status) => ({ kind: 'status' as const, status })),
    ];
    for (const failure of failures)
      expect({ failure, decision: after(failure) }).toEqual({ failure, decision: { retry: true, delayMs: 150 } });
  });

  test('a refusal is final: 400, 401, 403, 404, 409, 501 are not tried again', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 501]) {
      expect({ status, decision: after({ kind: 'status', status }) }).toEqual({
        status,
        decision: { retry: false, reason: 'not retryable' },
      });
    }
  });

  test('a GraphQL error in a 200 answer (BAD_USER_INPUT, NOT_FOUND...) is an answer, never tried again', () => {
    expect(after({ kind: 'status', status: 200 })).toEqual({ retry: false, reason: 'not retryable' });
  });

  test('a mutation is never tried again, whatever happened: an order is never placed twice', () => {
    for (const failure of [{ kind: 'network' }, { kind: 'timeout' }, { kind: 'status', status: 503 }] as AttemptFailure[]) {
      expect(after(failure, { operation: 'mutation' })).toEqual({ retry: false, reason: 'mutation' });
    }
  });

  test('three attempts in all: after the third failure the call fails', () => {
    expect(after({ kind: 'status', status: 503 }, { attempt: 2 }).retry).toBe(true);
    expect(after({ kind: 'status', status: 503 }, { attempt: 3 })).toEqual({ retry: false, reason: 'attempts used up' });
    expect(VISITOR_RETRY_POLICY.maxAttempts).toBe(3);
  });
});

describe('how long it waits before trying again', () => {
  test('the backoff doubles with each attempt, half of it fixed and half at random', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffMs(policy, attempt, () => 0))).toEqual([100, 200, 400, 800]);
    expect([1, 2, 3, 4].map((attempt) => backoffMs(policy, attempt, () => 0.999_999))).toEqual([200, 400, 800, 1600]);
  });

  test('no pause is ever longer than the cap of 300000 ms', () => {
    expect(backoffMs(policy, 30, () => 0.999_999)).toBe(300_000);
    expect(backoffMs({ ...policy, maxDelayMs: 1000 }, 10, () => 0)).toBe(500);
    const patient = { ...policy, maxAttempts: 30, budgetMs: 24 * 3600_000 };
    expect(
      retryDecision(patient, { operation: 'query', attempt: 25, failure: { kind: 'network' }, elapsedMs: 0, random: () => 1 }),
    ).toEqual({
      retry: true,
      delayMs: 300_000,
    });
  });

  test('Retry-After is read in seconds or as an HTTP date; anything else is ignored', () => {
    expect(retryAfterMs('2', NOW)).toBe(2000);
    expect(retryAfterMs(' 0 ', NOW)).toBe(0);
    expect(retryAfterMs(new Date(NOW + 3000).toUTCString(), NOW)).toBe(3000);
    expect(retryAfterMs(new Date(NOW - 3000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs('soon', NOW)).toBeUndefined();
    expect(retryAfterMs('-1', NOW)).toBeUndefined();
    expect(retryAfterMs(null, NOW)).toBeUndefined();
  });

  test('a Retry-After longer than the backoff is waited for; a shorter one does not shorten the backoff', () => {
    expect(after({ kind: 'status', status: 503, retryAfter: '1' })).toEqual({ retry: true, delayMs: 1000 });
    expect(after({ kind: 'status', status: 429, retryAfter: new Date(NOW + 2000).toUTCString() })).toEqual({ retry: true, delayMs: 2000 });
    expect(after({ kind: 'status', status: 503, retryAfter: '0' })).toEqual({ retry: true, delayMs: 150 });
  });

  test('a Retry-After longer than the visitor can wait fails the call at once instead of sleeping', () => {
    expect(after({ kind: 'status', status: 503, retryAfter: '8' })).toEqual({ retry: false, reason: 'over budget' });
    expect(after({ kind: 'status', status: 429, retryAfter: '3600' })).toEqual({ retry: false, reason: 'over budget' });
    // Time already spent counts: a 1 s pause 6.5 s into the call ends within the 8 s budget, 7 s in it does not.
    expect(after({ kind: 'status', status: 503, retryAfter: '1' }, { elapsedMs: 6_500 })).toEqual({ retry: true, delayMs: 1000 });
    expect(after({ kind: 'status', status: 503, retryAfter: '1' }, { elapsedMs: 7_000 })).toEqual({ retry: false, reason: 'over budget' });
  });

  test('a Retry-After beyond the cap is never waited for in full', () => {
    const patient = { ...policy, budgetMs: 24 * 3600_000 };
    expect(
      retryDecision(patient, {
        operation: 'query',
        attempt: 1,
        failure: { kind: 'status', status: 503, retryAfter: '86400' },
        elapsedMs: 0,
      }),
    ).toEqual({
      retry: true,
      delayMs: 300_000,
    });
  });
});
