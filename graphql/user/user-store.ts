import { eq, sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import type { AccessTokenClaims } from './access-tokens.ts';
import { newsletterSubscriptions, profiles } from './tables.ts';

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
}
