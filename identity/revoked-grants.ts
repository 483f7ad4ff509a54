import { gt, lt, sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import { LIFETIMES } from './provider.ts';
import { revokedGrants } from './tables.ts';

/**
 * A revoked grant stays listed while an access token issued just before can live, plus a minute
 * for the services' clocks, which judge expiry, running behind ours.
 */
export const REVOKED_GRANT_KEEP_SECONDS = LIFETIMES.AccessToken + 60;

/**
 * The grants whose sign-in has ended, published for the services that verify access tokens on
 * their own (decision 0040). An access token names its grant; once the grant is listed here the
 * user and commerce services refuse it, although its signature and expiry are still good.
 */
export class RevokedGrants {
  constructor(
    private readonly db: Database,
    private readonly keepSeconds = REVOKED_GRANT_KEEP_SECONDS,
  ) {}

  /** Records the grants as ended; a grant recorded again is kept for the full time again. */
  async record(grantIds: Iterable<string>): Promise<void> {
    const unique = [...new Set(grantIds)];
    if (unique.length === 0) return;
    const expiresAt = sql`now() + make_interval(secs => ${this.keepSeconds})`;
    await this.db
      .insert(revokedGrants)
      .values(unique.map((grantId) => ({ grantId, expiresAt })))
      .onConflictDoUpdate({ target: revokedGrants.grantId, set: { revokedAt: sql`now()`, expiresAt } });
  }

  /** The grants still listed, oldest first (a stable order keeps the published list's ETag stable). */
  async current(): Promise<string[]> {
    const rows = await this.db
      .select({ grantId: revokedGrants.grantId })
      .from(revokedGrants)
      .where(gt(revokedGrants.expiresAt, sql`now()`))
      .orderBy(revokedGrants.revokedAt, revokedGrants.grantId);
    return rows.map((row) => row.grantId);
  }

  /** Deletes what has expired; `current` ignores it already, this keeps the table small. */
  async removeExpired(): Promise<number> {
    const removed = await this.db
      .delete(revokedGrants)
      .where(lt(revokedGrants.expiresAt, sql`now()`))
      .returning({ grantId: revokedGrants.grantId });
    return removed.length;
  }
}
