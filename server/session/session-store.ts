import { RedisStore } from 'connect-redis';
import type session from 'express-session';
import type { DatabaseHandle } from '#platform/database.ts';
import { connectRedis, disconnectRedis, withinRedisDeadline } from '#platform/redis-client.ts';
import { migrate } from '#platform/migrations.ts';
import { WEB_SCHEMA, webMigrations } from '../migrations.ts';
import { DeadlineSessionStore } from './deadline-session-store.ts';
import { SqlSessionStore } from './sql-session-store.ts';

export interface SessionStoreHandle {
  store: session.Store;
  engine: 'redis' | 'database';
  /** Throws when the store cannot answer. Used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Sessions live in Redis when REDIS_URL is set, so any web node can serve any visitor; otherwise
 * in the site's own database, which survives a restart of the embedded default.
 */
export interface SessionStoreOptions {
  redisUrl?: string | undefined;
  database: DatabaseHandle;
  /** Called for each Redis failure: a lost connection, or a call that failed or missed its deadline (metrics). */
  onRedisError?: (kind: 'connection' | 'command') => void;
}

export async function openSessionStore(options: SessionStoreOptions): Promise<SessionStoreHandle> {
  if (options.redisUrl) {
    // Each call fails at once while Redis is away and within its deadline while it is frozen;
    // express-session hands the failure to the error page, a 503 (decision 0033). Visitors
    // without a session cookie never reach the store.
    const failed = options.onRedisError ?? (() => {});
    const client = await connectRedis(options.redisUrl, { onError: () => failed('connection') });
    return {
      store: new DeadlineSessionStore(new RedisStore({ client, prefix: 'nabd:session:' }), () => failed('command')),
      engine: 'redis',
      ping: async () => void (await withinRedisDeadline(client.ping())),
      close: () => disconnectRedis(client),
    };
  }
  await migrate(options.database, WEB_SCHEMA, webMigrations);
  const store = new SqlSessionStore(options.database.db);
  return {
    store,
    engine: 'database',
    ping: () => options.database.ping(),
    close: async () => store.close(),
  };
}
