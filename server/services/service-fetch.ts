import { setTimeout as sleep } from 'node:timers/promises';
import { retryDecision, RETRIED_STATUSES, type AttemptFailure, type Operation, type RetryPolicy } from './retry-policy.ts';

/** An attempt that got no complete answer in time. */
export class ServiceTimeout extends Error {
  override name = 'ServiceTimeout';
  constructor(
    readonly service: string,
    readonly timeoutMs: number,
  ) {
    super(`no answer within ${timeoutMs} ms`);
  }
}

export interface ServiceFetchOptions {
  service: string;
  operation: Operation;
  /** How long one attempt may take, its whole answer read. */
  timeoutMs: number;
  policy: RetryPolicy;
}

const WITHOUT_BODY = new Set([101, 204, 205, 304]);

/**
 * The `fetch` under a service client: each attempt has its own timeout, combined with the signal
 * of the caller (Apollo always passes one, so a timeout used only in its absence never fired), and
 * failed reads are tried again as the retry policy says (SPEC 7.4). The answer is read within the
 * attempt, so a service that stalls halfway through its answer times out like one that never
 * starts. Whatever the policy gives up on reaches the caller as it was: the last answer, or the
 * error.
 */
export function serviceFetch(fetchImplementation: typeof fetch, options: ServiceFetchOptions): typeof fetch {
  const { policy, timeoutMs, service, operation } = options;
  return async (input, init) => {
    const caller = init?.signal ?? undefined;
    const startedAt = Date.now();
    for (let attempt = 1; ; attempt++) {
      // The last attempt gets what is left of the budget, not a full timeout past it.
      const attemptMs = Math.max(1, Math.min(timeoutMs, policy.budgetMs - (Date.now() - startedAt)));
      const timeout = AbortSignal.timeout(attemptMs);
      let failure: AttemptFailure;
      let answer: Response | undefined;
      let error: unknown;
      try {
        const response = await fetchImplementation(input, { ...init, signal: caller ? AbortSignal.any([caller, timeout]) : timeout });
        const body = WITHOUT_BODY.has(response.status) ? null : await response.arrayBuffer();
        answer = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
        if (!RETRIED_STATUSES.has(answer.status)) return answer;
        failure = { kind: 'status', status: answer.status, retryAfter: answer.headers.get('retry-after') };
      } catch (thrown) {
        // The caller gave up (the visitor left): nothing to try again for.
        if (caller?.aborted) throw thrown;
        failure = timeout.aborted ? { kind: 'timeout' } : { kind: 'network' };
        error = timeout.aborted ? new ServiceTimeout(service, attemptMs) : thrown;
      }
      const decision = retryDecision(policy, { operation, attempt, failure, elapsedMs: Date.now() - startedAt });
      if (!decision.retry) {
        if (answer) return answer;
        throw error;
      }
      await sleep(decision.delayMs, undefined, caller ? { signal: caller } : {});
    }
  };
}
