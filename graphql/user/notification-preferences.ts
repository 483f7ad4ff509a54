import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import { newsletterSubscriptions, notificationPreferences } from './tables.ts';

export type NotificationPreferenceRow = typeof notificationPreferences.$inferSelect;
export type NotificationPreference = NotificationPreferenceRow & { subscribed: boolean };

export class UnknownPreferenceError extends Error {
  override name = 'UnknownPreferenceError';
  constructor(readonly ids: string[]) {
    super(`Unknown notification preferences: ${ids.join(', ')}`);
  }
}

/**
 * SPEC 3.3: the newsletters on offer (a catalogue seeded by migration) and who is subscribed.
 * A subscription is a newsletter_subscriptions row of an e-mail address and a preference id,
 * whoever made it: the footer's form, a guest, or the account page.
 */
export class NotificationCatalogue {
  constructor(private readonly db: Database) {}

  async isKnown(id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: notificationPreferences.id })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.id, id));
    return row !== undefined;
  }

  /** Every preference in its order, each with whether `email` is subscribed (false without one). */
  async preferencesOf(email: string | undefined): Promise<NotificationPreference[]> {
    const catalogue = await this.db.select().from(notificationPreferences).orderBy(asc(notificationPreferences.sortOrder));
    const subscribed = new Set(
      email
        ? (
            await this.db
              .select({ newsletter: newsletterSubscriptions.newsletter })
              .from(newsletterSubscriptions)
              .where(eq(newsletterSubscriptions.email, email.toLowerCase()))
          ).map((row) => row.newsletter)
        : [],
    );
    return catalogue.map((preference) => ({ ...preference, subscribed: subscribed.has(preference.id) }));
  }

  /**
   * Subscribes or unsubscribes `email` (a user's) to each preference; a subscription records the
   * user's language. Throws UnknownPreferenceError, changing nothing, when an id is not on offer.
   * When an id appears twice, the last choice counts.
   */
  async choose(
    user: { id: string; email: string; locale: 'en' | 'ar' },
    choices: { id: string; subscribed: boolean }[],
  ): Promise<NotificationPreference[]> {
    const wanted = new Map(choices.map((choice) => [choice.id, choice.subscribed]));
    const ids = [...wanted.keys()];
    const known = ids.length
      ? new Set(
          (
            await this.db
              .select({ id: notificationPreferences.id })
              .from(notificationPreferences)
              .where(inArray(notificationPreferences.id, ids))
          ).map((row) => row.id),
        )
      : new Set<string>();
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw new UnknownPreferenceError(unknown);

    const email = user.email.toLowerCase();
    const join = ids.filter((id) => wanted.get(id));
    const leave = ids.filter((id) => !wanted.get(id));
    await this.db.transaction(async (tx) => {
      if (join.length) {
        await tx
          .insert(newsletterSubscriptions)
          .values(join.map((newsletter) => ({ email, newsletter, locale: user.locale, userId: user.id })))
          .onConflictDoUpdate({
            target: [newsletterSubscriptions.email, newsletterSubscriptions.newsletter],
            set: { locale: user.locale, userId: user.id },
          });
      }
      if (leave.length) {
        await tx
          .delete(newsletterSubscriptions)
          .where(and(eq(newsletterSubscriptions.email, email), inArray(newsletterSubscriptions.newsletter, leave)));
      }
    });
    return this.preferencesOf(email);
  }
}
