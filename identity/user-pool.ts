import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import type { Logger } from '#platform/logger.ts';
import { isAcceptablePassword } from '#platform/password-policy.ts';
import { canUpdatePassword, socialProviderOf } from '#platform/social-providers.ts';
import { AccountExistsError, AccountRefusal, DeliveryFailedError } from './account-errors.ts';
import type { Locale } from './locale.ts';
import { OneTimeCodes } from './one-time-codes.ts';
import { SecretHash } from './secret-hash.ts';
import { RevokedGrants } from './revoked-grants.ts';
import { SignInTickets } from './sign-in-tickets.ts';
import { oidcPayloads, users, type UserRow } from './tables.ts';

export { AccountExistsError } from './account-errors.ts';

export type User = Omit<UserRow, 'passwordHash'>;

export interface NewUser {
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  preferredLocale?: Locale;
  emailVerified?: boolean;
}

/** The messages the user pool sends (identity/emails); each throws when delivery fails. */
export interface AccountMail {
  verificationCode(user: User, code: string, locale: Locale): Promise<void>;
  resetCode(user: User, code: string, locale: Locale): Promise<void>;
  welcome(user: User): Promise<void>;
}

export interface UserPoolOptions {
  db: Database;
  /** Key of the codes' and tickets' HMAC (derived from the identity secret). */
  codeKey: string;
  mail: AccountMail;
  logger: Logger;
}

export type Authentication =
  | { outcome: 'signed-in'; user: User }
  /** The password was right but the email is not confirmed yet (decision 0020: this reveals nothing). */
  | { outcome: 'unconfirmed'; user: User }
  | { outcome: 'refused' };

/** What the identity service keeps about a user, for the account area's "download my data". */
export interface AccountInfo {
  id: string;
  email: string;
  username: string;
  emailVerified: boolean;
  createdAt: string;
  socialProviders: string[];
  canUpdatePassword: boolean;
}

// Argon2id (the library's default algorithm) with its recommended memory-hard parameters: 19 MiB,
// two passes. Stored in PHC form, so stronger parameters later apply to new hashes only.
const hashPassword = (password: string) => hash(password);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The accounts people sign in with: sign-up with an e-mailed code, password sign-in, reset and
 * change, deletion. Nothing outside the identity service reads these tables (the others get claims
 * in tokens, or call the user-pool API).
 */
export class UserPool {
  /** A hash of nothing anyone knows, checked when the email is unknown so both cases take as long. */
  readonly #decoyHash: Promise<string>;
  readonly #db: Database;
  readonly #codes: OneTimeCodes;
  readonly #secretHash: SecretHash;
  readonly #tickets: SignInTickets;
  readonly #mail: AccountMail;
  readonly #logger: Logger;

  constructor(options: UserPoolOptions) {
    this.#db = options.db;
    const secretHash = new SecretHash(options.codeKey);
    this.#secretHash = secretHash;
    this.#codes = new OneTimeCodes(options.db, secretHash);
    this.#tickets = new SignInTickets(options.db, secretHash);
    this.#mail = options.mail;
    this.#logger = options.logger;
    this.#decoyHash = hashPassword(crypto.randomUUID());
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const row = await this.#rowByEmail(email);
    return row && withoutHash(row);
  }

  async findById(id: string): Promise<User | undefined> {
    const row = await this.#rowById(id);
    return row && withoutHash(row);
  }

  /**
   * Checks an email and password without telling which was wrong. A user without a password (a
   * social sign-in) never signs in this way.
   */
  async authenticate(email: string, password: string): Promise<Authentication> {
    const row = await this.#rowByEmail(email);
    const matches = await verify(row?.passwordHash ?? (await this.#decoyHash), password);
    if (!row?.passwordHash || !matches) return { outcome: 'refused' };
    return { outcome: row.emailVerified ? 'signed-in' : 'unconfirmed', user: withoutHash(row) };
  }

  /** Creates a user directly (demo user, tests); throws AccountExistsError when the email is taken, whatever its case. */
  async create(user: NewUser): Promise<User> {
    const id = crypto.randomUUID();
    const [row] = await this.#db
      .insert(users)
      .values({
        id,
        username: id,
        email: user.email.trim(),
        passwordHash: await hashPassword(user.password),
        givenName: user.givenName.trim(),
        familyName: user.familyName.trim(),
        preferredLocale: user.preferredLocale ?? 'en',
        emailVerified: user.emailVerified ?? false,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AccountExistsError();
    return withoutHash(row);
  }

  /**
   * SPEC 2.4 step 1-2: an unconfirmed account and its code by e-mail. An unconfirmed account of the
   * same email is renewed; a confirmed one is refused. The answer's `registration` is a secret the
   * signing-up browser keeps: the code confirms only with it (or with the account's password), so
   * a renewal by someone else leaves the inbox owner nothing to confirm but their own sign-up.
   */
  async signUp(input: {
    email: string;
    password: string;
    givenName: string;
    familyName: string;
    locale: Locale;
  }): Promise<{ user: User; registration: string }> {
    if (!isAcceptablePassword(input.password)) throw new AccountRefusal('invalid_password');
    const existing = await this.#rowByEmail(input.email);
    let user: User;
    if (existing) {
      if (existing.emailVerified || !existing.passwordHash) throw new AccountExistsError();
      const [renewed] = await this.#db
        .update(users)
        .set({
          passwordHash: await hashPassword(input.password),
          givenName: input.givenName.trim(),
          familyName: input.familyName.trim(),
          preferredLocale: input.locale,
        })
        .where(sql`${users.id} = ${existing.id} and not ${users.emailVerified}`)
        .returning();
      if (!renewed) throw new AccountExistsError();
      user = withoutHash(renewed);
    } else {
      user = await this.create({ ...input, preferredLocale: input.locale, emailVerified: false });
    }
    const registration = randomBytes(32).toString('base64url');
    const code = await this.#codes.issue(user.id, 'confirm-sign-up', this.#secretHash.of('registration', user.id, registration));
    await this.#send(() => this.#mail.verificationCode(user, code, input.locale));
    return { user, registration };
  }

  /**
   * SPEC 2.4 step 3: the code confirms the email, presented with the sign-up's registration secret
   * (the browser that signed up) or the account's password (anywhere else). Anything but the right
   * code of an unconfirmed account is `code_expired` (the generic verification error), except a
   * wrong code (`code_mismatch`) and a wrong password (`wrong_password`).
   */
  async confirmSignUp(
    email: string,
    code: string,
    proof: { registration?: string | undefined; password?: string | undefined },
  ): Promise<{ user: User; signInTicket: string }> {
    const row = await this.#rowByEmail(email);
    if (!row || row.emailVerified || !row.passwordHash) throw new AccountRefusal('code_expired');
    if (proof.registration !== undefined) {
      const binding = await this.#codes.binding(row.id, 'confirm-sign-up');
      // A registration another sign-up of this email has since replaced.
      if (!binding || !this.#secretHash.matches(binding, 'registration', row.id, proof.registration)) {
        throw new AccountRefusal('code_expired');
      }
    } else if (proof.password === undefined || !(await verify(row.passwordHash, proof.password))) {
      throw new AccountRefusal('wrong_password');
    }
    const check = await this.#codes.redeem(row.id, 'confirm-sign-up', code);
    if (check !== 'valid') throw new AccountRefusal(check === 'mismatch' ? 'code_mismatch' : 'code_expired');
    const [confirmed] = await this.#db.update(users).set({ emailVerified: true }).where(eq(users.id, row.id)).returning();
    const user = withoutHash(confirmed!);
    // The account is confirmed whatever happens to the welcome message.
    await this.#mail.welcome(user).catch((error: unknown) => this.#logger.warn({ err: error, sub: user.id }, 'Welcome e-mail not sent'));
    return { user, signInTicket: await this.#tickets.issue(user.id) };
  }

  /** A new sign-up code for an unconfirmed account; nothing at all otherwise (no enumeration). */
  async resendCode(email: string, locale: Locale): Promise<void> {
    const row = await this.#rowByEmail(email);
    if (!row || row.emailVerified || !row.passwordHash) return;
    const user = withoutHash(row);
    const code = await this.#codes.issue(user.id, 'confirm-sign-up');
    await this.#send(() => this.#mail.verificationCode(user, code, locale));
  }

  /** A reset code for a confirmed account with a password; nothing at all otherwise (no enumeration). */
  async forgotPassword(email: string, locale: Locale): Promise<void> {
    const row = await this.#rowByEmail(email);
    if (!row || !row.emailVerified || !row.passwordHash) return;
    const user = withoutHash(row);
    const code = await this.#codes.issue(user.id, 'reset-password');
    await this.#send(() => this.#mail.resetCode(user, code, locale));
  }

  /** Sets a new password with the e-mailed code, and ends every sign-in of the account. */
  async resetPassword(email: string, code: string, password: string): Promise<User> {
    if (!isAcceptablePassword(password)) throw new AccountRefusal('invalid_password');
    const row = await this.#rowByEmail(email);
    if (!row || !row.emailVerified || !row.passwordHash) throw new AccountRefusal('code_expired');
    const check = await this.#codes.redeem(row.id, 'reset-password', code);
    if (check !== 'valid') throw new AccountRefusal(check === 'mismatch' ? 'code_mismatch' : 'code_expired');
    await this.#db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, row.id));
    // Whoever else held a session or refresh token (perhaps why the password was reset) is out.
    await this.endSignIns(row.id);
    return withoutHash(row);
  }

  /** SPEC 4.1, 6: the signed-in user's new password; refused for social users, who have none. */
  async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<void> {
    const row = await this.#rowById(userId);
    if (!row) throw new AccountRefusal('unauthorized');
    if (!row.passwordHash || !canUpdatePassword(row.username)) throw new AccountRefusal('federated_account');
    if (!(await verify(row.passwordHash, currentPassword))) throw new AccountRefusal('wrong_password');
    if (!isAcceptablePassword(newPassword)) throw new AccountRefusal('invalid_password');
    await this.#db
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword) })
      .where(eq(users.id, row.id));
  }

  /** The user the ticket signs in, once (the "done" state of sign-up). */
  async redeemSignInTicket(ticket: string): Promise<User | undefined> {
    const userId = await this.#tickets.redeem(ticket);
    return userId ? this.findById(userId) : undefined;
  }

  async accountInfo(userId: string): Promise<AccountInfo | undefined> {
    const row = await this.#rowById(userId);
    if (!row) return undefined;
    const provider = socialProviderOf(row.username);
    return {
      id: row.id,
      email: row.email,
      username: row.username,
      emailVerified: row.emailVerified,
      createdAt: row.createdAt.toISOString(),
      socialProviders: provider ? [provider] : [],
      canUpdatePassword: Boolean(row.passwordHash) && canUpdatePassword(row.username),
    };
  }

  /** Erases the user (codes and tickets go with them) and every provider record of theirs. */
  async deleteAccount(userId: string): Promise<boolean> {
    if (!UUID.test(userId)) return false;
    await this.endSignIns(userId);
    const removed = await this.#db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    return removed.length > 0;
  }

  /**
   * Removes the provider's records of the account: sessions, grants, codes, access and refresh
   * tokens all carry `accountId` in their payload (postgres-adapter.ts), so none survives. Their
   * grants are published as revoked in the same transaction, so the access tokens already out are
   * refused by the services too (decision 0040).
   */
  async endSignIns(userId: string): Promise<void> {
    await this.#db.transaction(async (tx) => {
      const ended = await tx
        .delete(oidcPayloads)
        .where(sql`${oidcPayloads.payload}->>'accountId' = ${userId}`)
        .returning({ model: oidcPayloads.model, id: oidcPayloads.id, grantId: oidcPayloads.grantId });
      const grantIds = ended.flatMap((row) => (row.model === 'Grant' ? [row.id] : row.grantId ? [row.grantId] : []));
      await new RevokedGrants(tx).record(grantIds);
    });
  }

  async #send(deliver: () => Promise<void>): Promise<void> {
    try {
      await deliver();
    } catch (error) {
      this.#logger.error({ err: error }, 'Account e-mail not sent');
      throw new DeliveryFailedError(error);
    }
  }

  async #rowById(id: string): Promise<UserRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.#db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async #rowByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email.trim()})`);
    return row;
  }
}

function withoutHash({ passwordHash: _, ...user }: UserRow): User {
  return user;
}
