/**
 * Answers of work that depends on its key alone, remembered up to a bound; past it the memory
 * starts again, so keys made of what visitors send (search text, filters) cannot grow it for ever.
 */
export class BoundedMemo<Value> {
  // Plain fields, not parameter properties: scripts run views' modules with Node's type stripping.
  readonly #answers = new Map<string, Value>();
  readonly #max: number;

  constructor(max: number) {
    this.#max = max;
  }

  /** `work()`'s answer for this key: worked out the first time, then given again. A failure is not kept. */
  get(key: string, work: () => Value): Value {
    if (this.#answers.has(key)) return this.#answers.get(key) as Value;
    const value = work();
    if (this.#answers.size >= this.#max) this.#answers.clear();
    this.#answers.set(key, value);
    return value;
  }
}
