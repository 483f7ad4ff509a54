import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import type { AccessTokenClaims } from './access-tokens.ts';
import { newsletterSubscriptions, profiles, scheduleMarks } from './tables.ts';

/** A schedule holds at most this many performances: a whole festival and more, never an unbounded list. */
export const SCHEDULE_LIMIT = 500;

export type Profile = typeof profiles.$inferSelect;

/** The user service's rules over its tables; resolvers stay thin. */
export class UserStore {
  constructor(private readonly db: Database) {}

  /**
   * The caller's profile, created from the identity's claims the first time they call: the
   * identity service owns sign-up, this service owns everything else about the user.
   */
  async profileFor(claims: AccessTokenClaims): Promise<Profile> {
    const [existing] = await this.db.select().from(profiles).where(eq(profiles.id, claims.sub));
    if (existing) return existing;
    await this.db
      .insert(profiles)
      .values({
        id: claims.sub,
        username: claims.username ?? claims.sub,
        email: (claims.email ?? '').toLowerCase(),
        firstName: claims.given_name ?? '',
        lastName: claims.family_name ?? '',
        confirmed: true,
      })
      .onConflictDoNothing();
    const [created] = await this.db.select().from(profiles).where(eq(profiles.id, claims.sub));
    return created!;
  }

  /** Idempotent: subscribing an address twice keeps one subscription. */
  async subscribe(input: { email: string; newsletter: string; locale: 'en' | 'ar'; userId?: string | undefined }) {
    const email = input.email.trim().toLowerCase();
    await this.db
      .insert(newsletterSubscriptions)
      .values({ email, newsletter: input.newsletter, locale: input.locale, userId: input.userId ?? null })
      .onConflictDoUpdate({
        target: [newsletterSubscriptions.email, newsletterSubscriptions.newsletter],
        set: { locale: input.locale, userId: sql`coalesce(excluded.user_id, ${newsletterSubscriptions.userId})` },
      });
    return { email, newsletter: input.newsletter, subscribed: true };
  }

  /** The user's marked performances, earliest marked first. */
  async schedule(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ performanceId: scheduleMarks.performanceId })
      .from(scheduleMarks)
      .where(eq(scheduleMarks.userId, userId))
      .orderBy(asc(scheduleMarks.markedAt), asc(scheduleMarks.performanceId));
    return rows.map((row) => row.performanceId);
  }

  /**
   * Marks or unmarks performances for the caller (their profile is created first, as on any first
   * call). Idempotent: marking twice keeps one mark, unmarking what is not marked changes nothing.
   * Marks beyond SCHEDULE_LIMIT are not added.
   */
  async mark(claims: AccessTokenClaims, performanceIds: string[], marked: boolean): Promise<string[]> {
    await this.profileFor(claims);
    if (!marked) {
      for (const performanceId of performanceIds) {
        await this.db
          .delete(scheduleMarks)
          .where(and(eq(scheduleMarks.userId, claims.sub), eq(scheduleMarks.performanceId, performanceId)));
      }
      return this.schedule(claims.sub);
    }
    const current = new Set(await this.schedule(claims.sub));
    const added = [...new Set(performanceIds)].filter((id) => !current.has(id)).slice(0, Math.max(0, SCHEDULE_LIMIT - current.size));
    if (added.length) {
      await this.db
        .insert(scheduleMarks)
        .values(added.map((performanceId) => ({ userId: claims.sub, performanceId })))
        .onConflictDoNothing();
    }
    return this.schedule(claims.sub);
  }
}
