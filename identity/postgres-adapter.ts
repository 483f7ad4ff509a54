import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Database } from '#platform/database.ts';
import { isUnstorableText } from '#platform/unstorable-text.ts';
import { oidcPayloads } from './tables.ts';

/**
 * oidc-provider's storage over `identity.oidc_payloads`, so sessions, interactions, codes and
 * tokens survive restarts and are shared by every replica. Expiry uses the database clock, the
 * one clock all replicas agree on.
 */
export class PostgresAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    const row = {
      payload,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn === undefined ? null : sql`now() + make_interval(secs => ${expiresIn})`,
    };
    await this.db
      .insert(oidcPayloads)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
  }

  // Ids come from requests (a code, a client id, a cookie): one PostgreSQL cannot hold is nobody's.
  find(id: string) {
    return isUnstorableText(id) ? Promise.resolve(undefined) : this.#findWhere(eq(oidcPayloads.id, id));
  }

  findByUid(uid: string) {
    return isUnstorableText(uid) ? Promise.resolve(undefined) : this.#findWhere(eq(oidcPayloads.uid, uid));
  }

  findByUserCode(userCode: string) {
    return isUnstorableText(userCode) ? Promise.resolve(undefined) : this.#findWhere(eq(oidcPayloads.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.grantId, grantId)));
  }

  async #findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), condition, notExpired))
      .limit(1);
    if (!row) return undefined;
    // oidc-provider detects the replay of a used code or refresh token by this epoch value.
    return row.consumedAt ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : row.payload;
  }
}

const notExpired = or(isNull(oidcPayloads.expiresAt), sql`${oidcPayloads.expiresAt} > now()`);

/** Deletes what has expired; reads already ignore it, this keeps the table small. */
export async function removeExpiredPayloads(db: Database): Promise<number> {
  const removed = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, sql`now()`))
    .returning({ id: oidcPayloads.id });
  return removed.length;
}
