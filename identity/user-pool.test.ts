import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { createMailer, DEFAULT_MAIL_FROM, type OutboxMessage } from '#platform/mail/mailer.ts';
import { migrate } from '#platform/migrations.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { AccountRefusal } from './account-errors.ts';
import { AccountEmails } from './emails/account-emails.tsx';
import { IDENTITY_SCHEMA, identityMigrations } from './migrations.ts';
import { oidcPayloads, oneTimeCodes, users } from './tables.ts';
import { loadTranslations } from './translations.ts';
import { AccountExistsError, UserPool } from './user-pool.ts';

const PASSWORD = 'Festival-2026!';
const newUser = (email: string) => ({ email, password: PASSWORD, givenName: 'Omar', familyName: 'Al-Faisal' });
const signUp = (email: string) => ({ ...newUser(email), locale: 'en' as const });

describe.each(databaseBackends)('the user pool on $name', (backend) => {
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let pool: UserPool;
  let outbox: OutboxMessage[];

  beforeAll(async () => {
    const created = await backend.create();
    drop = created.drop;
    database = await openDatabase({ url: created.url, dataDir: 'memory://' });
    await migrate(database, IDENTITY_SCHEMA, identityMigrations);
    const logger = createLogger({ level: 'silent' });
    const mailer = createMailer({ from: DEFAULT_MAIL_FROM, dataDir: 'memory://', logger });
    outbox = mailer.outbox!;
    const mail = new AccountEmails({ mailer, translations: await loadTranslations(), siteUrl: 'http://localhost:3000' });
    pool = new UserPool({ db: database.db, codeKey: 'test-code-key', mail, logger });
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  /** The code of the last message sent to this address. */
  const lastCode = (email: string) => {
    const message = outbox.filter((sent) => sent.to === email).at(-1);
    return /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  };

  test('a new user gets a uuid as username, an argon2id hash and English by default', async () => {
    const user = await pool.create(newUser(' Omar@Nabd.example '));
    expect(user).toMatchObject({ email: 'Omar@Nabd.example', username: user.id, preferredLocale: 'en', emailVerified: false });
    expect(user).not.toHaveProperty('passwordHash');
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash!.startsWith('$argon2id$')).toBe(true);
  });

  test('emails are found and kept unique whatever their case', async () => {
    await pool.create(newUser('sara@nabd.example'));
    expect((await pool.findByEmail('SARA@nabd.example'))?.email).toBe('sara@nabd.example');
    await expect(pool.create(newUser('Sara@Nabd.Example'))).rejects.toBeInstanceOf(AccountExistsError);
  });

  test('authenticate: right password only, and an unconfirmed account is not signed in', async () => {
    const user = await pool.create({ ...newUser('huda@nabd.example'), emailVerified: true });
    expect(await pool.authenticate('HUDA@nabd.example', PASSWORD)).toEqual({ outcome: 'signed-in', user });
    expect(await pool.authenticate('huda@nabd.example', 'festival-2026!')).toEqual({ outcome: 'refused' });
    expect(await pool.authenticate('nobody@nabd.example', PASSWORD)).toEqual({ outcome: 'refused' });
    await pool.create(newUser('waiting@nabd.example'));
    expect((await pool.authenticate('waiting@nabd.example', PASSWORD)).outcome).toBe('unconfirmed');
    expect((await pool.authenticate('waiting@nabd.example', 'wrong')).outcome).toBe('refused');
  });

  test('a user without a password never signs in with one', async () => {
    const user = await pool.create({ ...newUser('social@nabd.example'), emailVerified: true });
    await database.db
      .update(users)
      .set({ passwordHash: null, username: `google_${user.id}` })
      .where(eq(users.id, user.id));
    expect(await pool.authenticate('social@nabd.example', PASSWORD)).toEqual({ outcome: 'refused' });
    await expect(pool.changePassword(user.id, PASSWORD, 'Another-Pass-2027!')).rejects.toMatchObject({ reason: 'federated_account' });
    expect(await pool.accountInfo(user.id)).toMatchObject({ socialProviders: ['google'], canUpdatePassword: false });
  });

  test('findById ignores ids that are not uuids', async () => {
    expect(await pool.findById('not-a-uuid')).toBeUndefined();
    expect(await pool.findById('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  test('codes are stored as hashes only, one live code per purpose', async () => {
    const user = await pool.signUp(signUp('hashes@nabd.example'));
    const first = lastCode('hashes@nabd.example')!;
    await pool.resendCode('hashes@nabd.example', 'en');
    const second = lastCode('hashes@nabd.example')!;
    const rows = await database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(second);
    if (first !== second) await expect(pool.confirmSignUp('hashes@nabd.example', first)).rejects.toMatchObject({ reason: 'code_mismatch' });
    await expect(pool.confirmSignUp('hashes@nabd.example', second)).resolves.toMatchObject({ signInTicket: expect.any(String) });
  });

  test('five wrong codes kill the code; an expired code is expired', async () => {
    await pool.signUp(signUp('guess@nabd.example'));
    const code = lastCode('guess@nabd.example')!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) {
      await expect(pool.confirmSignUp('guess@nabd.example', wrong)).rejects.toMatchObject({ reason: 'code_mismatch' });
    }
    await expect(pool.confirmSignUp('guess@nabd.example', code)).rejects.toMatchObject({ reason: 'code_expired' });

    const user = await pool.signUp(signUp('late@nabd.example'));
    await database.db
      .update(oneTimeCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeCodes.userId, user.id));
    await expect(pool.confirmSignUp('late@nabd.example', lastCode('late@nabd.example')!)).rejects.toMatchObject({ reason: 'code_expired' });
  });

  test('a sign-in ticket works once', async () => {
    await pool.signUp(signUp('ticket@nabd.example'));
    const { signInTicket, user } = await pool.confirmSignUp('ticket@nabd.example', lastCode('ticket@nabd.example')!);
    expect(signInTicket).toMatch(/^[\w-]{43}$/);
    expect((await pool.redeemSignInTicket(signInTicket))?.id).toBe(user.id);
    expect(await pool.redeemSignInTicket(signInTicket)).toBeUndefined();
    expect(await pool.redeemSignInTicket('x'.repeat(43))).toBeUndefined();
  });

  test('deleting an account removes the user and every provider record of theirs', async () => {
    const user = await pool.create({ ...newUser('leaving@nabd.example'), emailVerified: true });
    await database.db.insert(oidcPayloads).values([
      { model: 'Session', id: `s-${user.id}`, payload: { accountId: user.id } as never },
      { model: 'RefreshToken', id: `r-${user.id}`, payload: { accountId: user.id } as never },
      { model: 'Session', id: 'someone-else', payload: { accountId: 'another' } as never },
    ]);
    expect(await pool.deleteAccount(user.id)).toBe(true);
    expect(await pool.findById(user.id)).toBeUndefined();
    const left = await database.db.select({ id: oidcPayloads.id }).from(oidcPayloads);
    expect(left.map((row) => row.id)).toEqual(['someone-else']);
    expect(await pool.deleteAccount(user.id)).toBe(false);
  });

  test('refusals carry their reason', async () => {
    await expect(pool.signUp({ ...signUp('weak@nabd.example'), password: 'weak' })).rejects.toEqual(new AccountRefusal('invalid_password'));
  });
});
