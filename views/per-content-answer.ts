import { BoundedMemo } from './bounded-memo.ts';

/**
 * What is worked out from a content answer alone, kept with the answer. The content services hand
 * out the same answer object to every request until the content changes or the answer is refreshed
 * (server/services/query-cache.ts): keyed by that object, whatever is kept goes with the old
 * content, and nothing needs dropping when content changes.
 */
const keptByAnswer = new WeakMap<object, BoundedMemo<unknown>>();

/** Values kept per answer at most: a few per page kind × languages × the variants they are asked for. */
const MAX_PER_ANSWER = 1000;

/** `work()`'s value for this answer and key: worked out the first time, then given again. */
export function perContentAnswer<Value>(answer: object, key: string, work: () => Value): Value {
  let kept = keptByAnswer.get(answer);
  if (!kept) keptByAnswer.set(answer, (kept = new BoundedMemo(MAX_PER_ANSWER)));
  return kept.get(key, work) as Value;
}
