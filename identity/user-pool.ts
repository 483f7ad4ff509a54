import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import type { Locale } from './locale.ts';
import { users, type UserRow } from './tables.ts';

export type User = Omit<UserRow, 'passwordHash'>;

export interface NewUser {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  preferredLocale?: Locale;
  emailVerified?: boolean;
}

/** SPEC 8 `api.error.account.exists`: the email already belongs to an account. */
export class AccountExistsError extends Error {
  override name = 'AccountExistsError';
  readonly code = 'api.error.account.exists';
}

// Argon2id (the library's default algorithm) with its recommended memory-hard parameters: 19 MiB,
// two passes. Stored in PHC form, so stronger parameters later apply to new hashes only.
const hashPassword = (password: string) => hash(password);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The accounts people sign in with. Sign-up, confirmation and password reset extend this module;
 * nothing outside the identity service reads the users table (the others get claims in tokens).
 */
export class UserPool {
  /** A hash of nothing anyone knows, checked when the email is unknown so both cases take as long. */
  readonly #decoyHash: Promise<string>;

  constructor(private readonly db: Database) {
    this.#decoyHash = hashPassword(crypto.randomUUID());
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.#rowByEmail(email);
    return row && withoutHash(row);
  }

  async findById(id: string): Promise<User | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row && withoutHash(row);
  }

  /** The user whose email and password these are, or undefined, without telling which was wrong. */
  async authenticate(email: string, password: string): Promise<User | undefined> {
    const row = await this.#rowByEmail(email);
    const matches = await verify(row?.passwordHash ?? (await this.#decoyHash), password);
    return row && matches ? withoutHash(row) : undefined;
  }

  /** Throws AccountExistsError when the email is taken, whatever its case. */
  async create(user: NewUser): Promise<User> {
    const [row] = await this.db
      .insert(users)
      .values({
        email: user.email.trim(),
        passwordHash: await hashPassword(user.password),
        givenName: user.givenName.trim(),
        familyName: user.familyName.trim(),
        preferredLocale: user.preferredLocale ?? 'en',
        emailVerified: user.emailVerified ?? false,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AccountExistsError(`An account already exists for ${user.email}`);
    return withoutHash(row);
  }

  async #rowByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.trim()})`);
    return row;
  }
}

function withoutHash({ passwordHash: _, ...user }: UserRow): User {
  return user;
}
