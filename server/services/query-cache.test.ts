import { QueryCache } from './query-cache.ts';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('the query cache (SPEC 9.3)', () => {
  test('a fresh answer is served without calling again', async () => {
    const time = clock();
    const cache = new QueryCache({ maxEntries: 10, keepMs: 1000, now: time.now });
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get('k', 100, load)).toBe(1);
    time.advance(100);
    expect(await cache.get('k', 100, load)).toBe(1);
    expect(calls).toBe(1);
  });

  test('a stale answer is served at once and refreshed once in the background', async () => {
    const time = clock();
    const cache = new QueryCache({ maxEntries: 10, keepMs: 1000, now: time.now });
    let calls = 0;
    await cache.get('k', 100, async () => ++calls);
    time.advance(150);
    const refresh = deferred<number>();
    const load = () => (calls++, refresh.promise);
    expect(await cache.get('k', 100, load)).toBe(1);
    expect(await cache.get('k', 100, load)).toBe(1);
    refresh.resolve(2);
    await refresh.promise;
    expect(await cache.get('k', 100, load)).toBe(2);
    expect(calls).toBe(2);
  });

  test('concurrent misses share one call; a failure is not cached', async () => {
    const cache = new QueryCache({ maxEntries: 10, keepMs: 1000, now: clock().now });
    const first = deferred<string>();
    let calls = 0;
    const load = () => (calls++, first.promise);
    const answers = Promise.all([cache.get('k', 100, load), cache.get('k', 100, load)]);
    first.reject(new Error('down'));
    await expect(answers).rejects.toThrow('down');
    expect(calls).toBe(1);
    expect(await cache.get('k', 100, async () => 'up')).toBe('up');
  });

  test('when a refresh fails the last good answer keeps serving until it is too old', async () => {
    const time = clock();
    const cache = new QueryCache({ maxEntries: 10, keepMs: 1000, now: time.now });
    await cache.get('k', 100, async () => 'good');
    time.advance(500);
    const failing = async () => {
      throw new Error('down');
    };
    expect(await cache.get('k', 100, failing)).toBe('good');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', 100, failing)).toBe('good');
    time.advance(600);
    await expect(cache.get('k', 100, failing)).rejects.toThrow('down');
  });

  test('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new QueryCache({ maxEntries: 2, keepMs: 1000, now: clock().now });
    let calls = 0;
    const load = async () => ++calls;
    await cache.get('a', 100, load);
    await cache.get('b', 100, load);
    await cache.get('a', 100, load);
    await cache.get('c', 100, load);
    await cache.get('a', 100, load);
    expect(calls).toBe(3);
    await cache.get('b', 100, load);
    expect(calls).toBe(4);
  });
});
