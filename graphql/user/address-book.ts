import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import type { AddressInput } from '#platform/profile-rules.ts';
import { addresses, profiles } from './tables.ts';

/** SPEC 3.3: a user keeps at most this many addresses. */
export const ADDRESS_LIMIT = 20;

export type AddressRow = typeof addresses.$inferSelect;

export class AddressLimitError extends Error {
  override name = 'AddressLimitError';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address fields an input sets: what it leaves out is kept, null clears. */
function fieldsOf(input: AddressInput) {
  const { isDefault: _isDefault, ...fields } = input;
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<Omit<AddressInput, 'isDefault'>>;
}

/**
 * A user's address book. Every method takes the owner's id and only ever touches that owner's
 * rows: an id of someone else's address behaves exactly like an id that does not exist. While a
 * user has addresses exactly one is the default: the first, the one last made default, or after
 * the default is deleted the oldest remaining one. Each change is one short transaction that first
 * locks the owner's profile row, so concurrent changes of one user apply one after the other.
 */
export class AddressBook {
  constructor(private readonly db: Database) {}

  /** The default first, then oldest first. */
  list(userId: string): Promise<AddressRow[]> {
    return this.db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.isDefault), asc(addresses.position));
  }

  /** Throws AddressLimitError when the user already has ADDRESS_LIMIT addresses. The profile must exist. */
  add(userId: string, input: AddressInput): Promise<AddressRow> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
      const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId));
      if (total >= ADDRESS_LIMIT) throw new AddressLimitError(`A user keeps at most ${ADDRESS_LIMIT} addresses`);
      const isDefault = total === 0 || input.isDefault === true;
      if (isDefault)
        await tx
          .update(addresses)
          .set({ isDefault: false })
          .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
      const { address1, city, countryCode, ...optional } = fieldsOf(input);
      const [row] = await tx
        .insert(addresses)
        .values({ userId, isDefault, address1: address1!, city: city!, countryCode: countryCode!, ...optional })
        .returning();
      return row!;
    });
  }

  /** The updated address, or undefined when the user has no address with this id. */
  update(userId: string, id: string, input: AddressInput): Promise<AddressRow | undefined> {
    if (!UUID.test(id)) return Promise.resolve(undefined);
    return this.db.transaction(async (tx) => {
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
      const [current] = await tx
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
      if (!current) return undefined;
      // Only "make this the default" changes the default: the default stays until another is chosen.
      const makeDefault = input.isDefault === true && !current.isDefault;
      if (makeDefault) {
        await tx
          .update(addresses)
          .set({ isDefault: false })
          .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
      }
      const [row] = await tx
        .update(addresses)
        .set({ ...fieldsOf(input), ...(makeDefault ? { isDefault: true } : {}), updatedAt: new Date().toISOString() })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return row;
    });
  }

  /** False when the user has no address with this id. Deleting the default makes the oldest remaining one the default. */
  remove(userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return Promise.resolve(false);
    return this.db.transaction(async (tx) => {
      await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
      const [deleted] = await tx
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ isDefault: addresses.isDefault });
      if (!deleted) return false;
      if (deleted.isDefault) {
        const [oldest] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(eq(addresses.userId, userId), ne(addresses.id, id)))
          .orderBy(asc(addresses.position))
          .limit(1);
        if (oldest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, oldest.id));
      }
      return true;
    });
  }
}
