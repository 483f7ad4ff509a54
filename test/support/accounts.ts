import type { Database } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { createMailer, DEFAULT_MAIL_FROM } from '#platform/mail/mailer.ts';
import { AccountEmails } from '#identity/emails/account-emails.tsx';
import { loadTranslations } from '#identity/translations.ts';
import { UserPool, type NewUser, type User } from '#identity/user-pool.ts';

/**
 * A confirmed account created straight in a test site's identity tables, as the demo user is: for
 * tests that change or delete an account, which must never be the shared demo user.
 */
export async function createAccount(db: Database, user: Omit<NewUser, 'emailVerified'>): Promise<User> {
  const logger = createLogger({ level: 'silent' });
  const mailer = createMailer({ from: DEFAULT_MAIL_FROM, dataDir: 'memory://', logger });
  const mail = new AccountEmails({ mailer, translations: await loadTranslations(), siteUrl: 'http://localhost:3000' });
  return new UserPool({ db, codeKey: 'test-accounts', mail, logger }).create({ ...user, emailVerified: true });
}
