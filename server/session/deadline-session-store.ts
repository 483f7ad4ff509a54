import session from 'express-session';
import type { RedisStore } from 'connect-redis';
import { withinRedisDeadline } from '#platform/redis-client.ts';

type Callback<T = unknown> = (error?: unknown, value?: T) => void;

/**
 * The Redis session store with a deadline on every call (decision 0033): a frozen Redis makes a
 * visitor's session fail within half a second, which express-session hands to the error page as
 * a 503, instead of holding the request until Redis wakes up.
 */
export class DeadlineSessionStore extends session.Store {
  constructor(
    private readonly store: RedisStore,
    /** Told of each call that failed or missed its deadline (metrics). */
    private readonly onFailure: () => void = () => {},
  ) {
    super();
  }

  override get(sid: string, callback: Callback<session.SessionData | null>): void {
    this.settle(this.store.get(sid), callback);
  }

  override set(sid: string, data: session.SessionData, callback?: Callback): void {
    this.settle(this.store.set(sid, data), callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    this.settle(this.store.destroy(sid), callback);
  }

  override touch(sid: string, data: session.SessionData, callback?: Callback): void {
    this.settle(this.store.touch(sid, data), callback);
  }

  private settle<T>(call: Promise<T>, callback: Callback<T> | undefined): void {
    withinRedisDeadline(call).then(
      (value) => callback?.(null, value),
      (error: unknown) => {
        this.onFailure();
        callback?.(error);
      },
    );
  }
}
