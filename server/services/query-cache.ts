/**
 * Keeps service answers in memory, stale-while-revalidate (SPEC 9.3): a fresh answer is served as
 * is; a stale one is served at once while a single background call refreshes it; one older than
 * the keep time is fetched again. Concurrent misses for one key share a single call, and when a
 * refresh fails the last good answer keeps serving until it ages out, so a content outage on sale
 * day does not take pages down with it.
 */
export interface QueryCacheOptions {
  /** Entries kept at most; the least recently used go first. */
  maxEntries: number;
  /** SPEC 9.3: the query cache is kept 24 hours. */
  keepMs: number;
  now?: () => number;
}

interface Entry<Value> {
  value?: Value;
  fetchedAt: number;
  pending?: Promise<Value> | undefined;
}

export class QueryCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly now: () => number;

  constructor(private readonly options: QueryCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  async get<Value>(key: string, staleMs: number, load: () => Promise<Value>): Promise<Value> {
    const entry = this.entries.get(key) as Entry<Value> | undefined;
    const age = entry && 'value' in entry ? this.now() - entry.fetchedAt : Infinity;
    if (entry && age <= staleMs) return this.touch(key, entry).value as Value;
    if (entry && age <= this.options.keepMs) {
      this.refresh(key, entry, load).catch(() => {});
      return this.touch(key, entry).value as Value;
    }
    return entry?.pending ?? this.refresh(key, entry ?? { fetchedAt: 0 }, load);
  }

  /** Forgets everything, e.g. after new content was imported. */
  clear(): void {
    this.entries.clear();
  }

  private refresh<Value>(key: string, entry: Entry<Value>, load: () => Promise<Value>): Promise<Value> {
    entry.pending ??= load().then(
      (value) => {
        this.store(key, { value, fetchedAt: this.now() });
        return value;
      },
      (error: unknown) => {
        entry.pending = undefined;
        throw error;
      },
    );
    if (!this.entries.has(key)) this.store(key, entry);
    return entry.pending;
  }

  private store<Value>(key: string, entry: Entry<Value>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  private touch<Value>(key: string, entry: Entry<Value>): Entry<Value> {
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }
}
