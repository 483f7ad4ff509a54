/**
 * The rate limit of `userExistence` (SPEC 7.2): the answer reveals whether an address has an
 * account, as sign-up's "account exists" message does, so one caller may only ask a few times per
 * window. A fixed window kept in this process: enough for one node; with several nodes each
 * allows its own `points`, so the bound is `points` times the number of nodes.
 */
export interface RateLimit {
  /** Counts one attempt for `key`; `allowed` is false once the window's points are used up. */
  consume(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

export interface FixedWindowOptions {
  points: number;
  windowMs: number;
  now?: () => number;
}

/** Ten look-ups per caller per fifteen minutes. */
export const USER_EXISTENCE_LIMIT: FixedWindowOptions = { points: 10, windowMs: 15 * 60 * 1000 };

/** Keys are forgotten when their window ends; a sweep keeps the map from growing without bound. */
export function fixedWindowLimit(options: FixedWindowOptions): RateLimit {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { startedAt: number; used: number }>();
  let lastSweep = now();

  return {
    async consume(key) {
      const time = now();
      if (time - lastSweep > options.windowMs) {
        for (const [windowKey, window] of windows) if (time - window.startedAt >= options.windowMs) windows.delete(windowKey);
        lastSweep = time;
      }
      let window = windows.get(key);
      if (!window || time - window.startedAt >= options.windowMs) {
        window = { startedAt: time, used: 0 };
        windows.set(key, window);
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + options.windowMs - time) / 1000));
      if (window.used >= options.points) return { allowed: false, retryAfterSeconds };
      window.used += 1;
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}
