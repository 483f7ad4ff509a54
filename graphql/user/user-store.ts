import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import type { OnboardUserInput, UpdateUserInput } from '#platform/profile-rules.ts';
import { socialProviderOf } from '#platform/social-providers.ts';
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
   * identity service owns sign-up, this service owns everything else about the user. A user who
   * came through a social sign-in (their username's prefix) starts not onboarded: they complete
   * their profile and accept the terms first (SPEC 4.1, 6); a user who signed up with us did that
   * at sign-up.
   */
  async profileFor(claims: AccessTokenClaims): Promise<Profile> {
    const [existing] = await this.db.select().from(profiles).where(eq(profiles.id, claims.sub));
    if (existing) {
      // The identity service owns usernames: a profile made before its token carried one catches up.
      if (!claims.username || existing.username === claims.username) return existing;
      const [renamed] = await this.db.update(profiles).set({ username: claims.username }).where(eq(profiles.id, claims.sub)).returning();
      return renamed ?? existing;
    }
    const username = claims.username ?? claims.sub;
    await this.db
      .insert(profiles)
      .values({
        id: claims.sub,
        username,
        email: (claims.email ?? '').toLowerCase(),
        firstName: claims.given_name ?? '',
        lastName: claims.family_name ?? '',
        locale: claims.locale === 'en' || claims.locale === 'ar' ? claims.locale : null,
        onboarded: socialProviderOf(username) === undefined,
        confirmed: true,
      })
      .onConflictDoNothing();
    const [created] = await this.db.select().from(profiles).where(eq(profiles.id, claims.sub));
    return created!;
  }

  /** Changes the fields the input has (null clears one); the others are kept. */
  async updateProfile(claims: AccessTokenClaims, input: UpdateUserInput): Promise<Profile> {
    await this.profileFor(claims);
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length === 0) return this.profileFor(claims);
    const [updated] = await this.db
      .update(profiles)
      .set({ ...changes, updatedAt: new Date().toISOString() })
      .where(eq(profiles.id, claims.sub))
      .returning();
    return updated!;
  }

  /** SPEC 4.1, 6: the profile a social sign-in user completes, with the terms accepted; they are onboarded from then on. */
  async onboard(claims: AccessTokenClaims, input: OnboardUserInput): Promise<Profile> {
    await this.profileFor(claims);
    const { acceptTerms: _accepted, ...fields } = input;
    const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const now = new Date().toISOString();
    const [updated] = await this.db
      .update(profiles)
      .set({ ...changes, onboarded: true, termsAcceptedAt: now, updatedAt: now })
      .where(eq(profiles.id, claims.sub))
      .returning();
    return updated!;
  }

  /**
   * Whether someone who has used the site has this e-mail (decision 0022: the user service answers
   * from its own profiles, not from the identity service's accounts).
   */
  async emailInUse(email: string): Promise<boolean> {
    const [row] = await this.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, email.trim().toLowerCase())).limit(1);
    return row !== undefined;
  }

  /**
   * Erases everything this service keeps about the caller: the profile, with it (cascade) the
   * addresses and schedule marks, and the newsletter subscriptions of their e-mail or made by them.
   */
  async erase(claims: AccessTokenClaims): Promise<void> {
    const [profile] = await this.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, claims.sub));
    const emails = [...new Set([profile?.email, claims.email?.toLowerCase()].filter((email): email is string => Boolean(email)))];
    await this.db.transaction(async (tx) => {
      await tx
        .delete(newsletterSubscriptions)
        .where(or(eq(newsletterSubscriptions.userId, claims.sub), ...emails.map((email) => eq(newsletterSubscriptions.email, email))));
      await tx.delete(profiles).where(eq(profiles.id, claims.sub));
    });
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
