import { and, eq, sql } from 'drizzle-orm';
import { primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '#platform/database.ts';
import { socialUsername, type SocialProvider } from '#platform/social-providers.ts';
import { identitySchema } from '../tables.ts';
import type { UpstreamIdentity } from './upstream-clients.ts';

export const socialIdentities = identitySchema.table(
  'social_identities',
  {
    provider: text('provider').$type<SocialProvider>().notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.subject] })],
);

export type SocialSignInOutcome =
  /** The account linked to this person at this provider, created now when `created`. */
  | { kind: 'user'; userId: string; created: boolean }
  /**
   * The upstream e-mail already belongs to another account. It is not linked silently: whoever
   * controls an upstream account with that e-mail would otherwise take the account over.
   */
  | { kind: 'emailTaken' }
  /** The provider gave no e-mail: an account cannot be created without one. */
  | { kind: 'noEmail' };

/**
 * The link between an upstream identity and our user: found by (provider, subject), or created
 * with a username of the provider's prefix, no password, and the upstream's e-mail and names.
 */
export class SocialAccounts {
  constructor(private readonly db: Database) {}

  async signIn(provider: SocialProvider, identity: UpstreamIdentity, locale: string): Promise<SocialSignInOutcome> {
    const linked = await this.#linkedUser(provider, identity.subject);
    if (linked) return { kind: 'user', userId: linked, created: false };
    if (!identity.email) return { kind: 'noEmail' };
    const email = identity.email;

    const outcome = await this.db.transaction(async (tx) => {
      const [taken] = await queryRows<{ id: string }>(tx, sql`select id from identity.users where lower(email) = lower(${email}) limit 1`);
      if (taken) return { kind: 'emailTaken' } as const;
      const inserted = await queryRows<{ id: string }>(
        tx,
        sql`
          insert into identity.users (email, username, password_hash, given_name, family_name, preferred_locale, email_verified)
          values (${email}, ${socialUsername(provider, identity.subject)}, null, ${identity.givenName}, ${identity.familyName},
                  ${locale === 'ar' ? 'ar' : 'en'}, ${identity.emailVerified})
          on conflict do nothing
          returning id`,
      );
      const user = inserted[0];
      // A sign-in racing this one created the same person (same username) or took the e-mail.
      if (!user) return { kind: 'raced' } as const;
      await tx.insert(socialIdentities).values({ provider, subject: identity.subject, userId: user.id });
      return { kind: 'user', userId: user.id, created: true } as const;
    });
    if (outcome.kind !== 'raced') return outcome;
    const winner = await this.#linkedUser(provider, identity.subject);
    return winner ? { kind: 'user', userId: winner, created: false } : { kind: 'emailTaken' };
  }

  async #linkedUser(provider: SocialProvider, subject: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: socialIdentities.userId })
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
    return row?.userId;
  }
}
