import { RedisStore } from 'connect-redis';
import type session from 'express-session';
import { createClient } from 'redis';
import type { DatabaseHandle } from '#platform/database.ts';
import { migrate } from '#platform/migrations.ts';
import { WEB_SCHEMA, webMigrations } from '../migrations.ts';
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
export async function openSessionStore(options: { redisUrl?: string | undefined; database: DatabaseHandle }): Promise<SessionStoreHandle> {
  if (options.redisUrl) {
    const client = createClient({ url: options.redisUrl, socket: { connectTimeout: 5000 } });
    // Connection errors are reported by the commands that fail and by /readyz; the client reconnects.
    client.on('error', () => {});
    await client.connect();
    return {
      store: new RedisStore({ client, prefix: 'nabd:session:' }),
      engine: 'redis',
      ping: async () => void (await client.ping()),
      close: async () => void (await client.close()),
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
