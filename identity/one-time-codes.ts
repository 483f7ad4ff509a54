import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import type { SecretHash } from './secret-hash.ts';
import { oneTimeCodes, type CodePurpose } from './tables.ts';

/** After this many wrong tries a code is dead, whatever its expiry (SPEC 8 generic verification error). */
export const MAX_CODE_ATTEMPTS = 5;

export const CODE_LIFETIME_SECONDS: Record<CodePurpose, number> = {
  'confirm-sign-up': 24 * 60 * 60,
  'reset-password': 60 * 60,
};

export type CodeCheck = 'valid' | 'mismatch' | 'expired';

/**
 * The 6-digit codes e-mailed to confirm a sign-up or reset a password: one live code per user and
 * purpose, stored as an HMAC bound to both, valid for a while and for a few wrong tries.
 */
export class OneTimeCodes {
  constructor(
    private readonly db: Database,
    private readonly hash: SecretHash,
  ) {}

  /** A new code, replacing any earlier one for the same purpose. */
  async issue(userId: string, purpose: CodePurpose): Promise<string> {
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const row = {
      codeHash: this.hash.of(purpose, userId, code),
      expiresAt: sql`now() + make_interval(secs => ${CODE_LIFETIME_SECONDS[purpose]})`,
      failedAttempts: 0,
      createdAt: sql`now()`,
    };
    await this.db
      .insert(oneTimeCodes)
      .values({ userId, purpose, ...row })
      .onConflictDoUpdate({ target: [oneTimeCodes.userId, oneTimeCodes.purpose], set: row });
    return code;
  }

  /** Checks a code; a valid one is used up, a wrong one counts against the code. */
  async redeem(userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
    const where = and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose));
    const [live] = await this.db
      .select({ codeHash: oneTimeCodes.codeHash })
      .from(oneTimeCodes)
      .where(and(where, sql`${oneTimeCodes.expiresAt} > now()`, sql`${oneTimeCodes.failedAttempts} < ${MAX_CODE_ATTEMPTS}`));
    if (!live) return 'expired';
    if (!this.hash.matches(live.codeHash, purpose, userId, code.trim())) {
      await this.db
        .update(oneTimeCodes)
        .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
        .where(where);
      return 'mismatch';
    }
    // Deleting it with its hash makes two simultaneous uses of one code succeed only once.
    const used = await this.db
      .delete(oneTimeCodes)
      .where(and(where, eq(oneTimeCodes.codeHash, live.codeHash)))
      .returning({ userId: oneTimeCodes.userId });
    return used.length ? 'valid' : 'expired';
  }

  async remove(userId: string, purpose: CodePurpose): Promise<void> {
    await this.db.delete(oneTimeCodes).where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)));
  }
}
