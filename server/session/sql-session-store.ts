import session from 'express-session';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';

type Callback<T = void> = (error?: unknown, value?: T) => void;

const DEFAULT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * express-session store over the site's database, for the embedded default where there is no
 * Redis: sessions outlive a restart. Expired rows are ignored on read and swept periodically.
 */
export class SqlSessionStore extends session.Store {
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    sweepEveryMs = 15 * 60 * 1000,
  ) {
    super();
    this.sweeper = setInterval(() => void this.sweep().catch(() => {}), sweepEveryMs);
    this.sweeper.unref();
  }

  override get(sid: string, callback: Callback<session.SessionData | null>): void {
    queryRows<{ data: session.SessionData }>(this.db, sql`select data from web.sessions where sid = ${sid} and expires_at > now()`)
      .then((rows) => callback(undefined, rows[0]?.data ?? null))
      .catch(callback);
  }

  override set(sid: string, data: session.SessionData, callback?: Callback): void {
    const expiresAt = expiryOf(data).toISOString();
    this.db
      .execute(
        sql`insert into web.sessions (sid, data, expires_at) values (${sid}, ${JSON.stringify(data)}::jsonb, ${expiresAt})
            on conflict (sid) do update set data = excluded.data, expires_at = excluded.expires_at`,
      )
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  override touch(sid: string, data: session.SessionData, callback?: Callback): void {
    this.db
      .execute(sql`update web.sessions set expires_at = ${expiryOf(data).toISOString()} where sid = ${sid}`)
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.db
      .execute(sql`delete from web.sessions where sid = ${sid}`)
      .then(() => callback?.())
      .catch((error) => callback?.(error));
  }

  async sweep(): Promise<void> {
    await this.db.execute(sql`delete from web.sessions where expires_at <= now()`);
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

function expiryOf(data: session.SessionData): Date {
  const expires = data.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + DEFAULT_TTL_MS);
}
