/**
 * SPEC 3.5, 4.4, 9.3: state a page's script keeps across a reload, as an entry of `buster` (the
 * version marker), `timestamp` and `state`. It is discarded when the marker differs (the script
 * changed what it keeps), when older than 12 hours, or when it cannot be read; saving is throttled
 * to once a second. Kept per tab (sessionStorage): another tab starts afresh, as a new visit would.
 */
const MAX_AGE_MS = 12 * 60 * 60 * 1000;
const THROTTLE_MS = 1000;

interface Entry<State> {
  buster: number;
  timestamp: number;
  state: State;
}

export function persistedState<State>(key: string, buster: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: State | undefined;
  const write = () => {
    timer = undefined;
    try {
      sessionStorage.setItem(key, JSON.stringify({ buster, timestamp: Date.now(), state: pending } satisfies Entry<State | undefined>));
    } catch {
      // Storage full or refused (a private window): the state is simply not kept.
    }
  };
  return {
    restore(): State | undefined {
      try {
        const entry = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Entry<State> | null;
        if (entry && entry.buster === buster && Date.now() - entry.timestamp <= MAX_AGE_MS) return entry.state;
      } catch {
        // Unreadable: discarded below like a stale one.
      }
      this.clear();
      return undefined;
    },
    save(state: State) {
      pending = state;
      timer ??= setTimeout(write, THROTTLE_MS);
    },
    /** Saves at once: the page is being left, and a throttled save would be lost. */
    flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      write();
    },
    clear() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      try {
        sessionStorage.removeItem(key);
      } catch {
        // Nothing kept, nothing to remove.
      }
    },
  };
}
