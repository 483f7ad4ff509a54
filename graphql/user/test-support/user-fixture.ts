import express from 'express';
import request from 'supertest';
import * as oidc from 'openid-client';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import type { DatabaseBackend } from '#test/support/backends.ts';
import {
  API_AUDIENCE,
  ISSUER,
  startIdentity,
  startSignIn,
  submitLogin,
  type RunningIdentity,
} from '#identity/test-support/identity-fixture.ts';
import { AccountEmails } from '#identity/emails/account-emails.tsx';
import { loadTranslations } from '#identity/translations.ts';
import { UserPool } from '#identity/user-pool.ts';
import { createMailer, DEFAULT_MAIL_FROM } from '#platform/mail/mailer.ts';
import { createRateLimits, type RateLimits } from '#platform/rate-limits.ts';
import { LoyaltySandbox } from '#platform/loyalty/loyalty-sandbox.ts';
import { createUserService } from '../service.ts';

export interface TestUser {
  id: string;
  email: string;
  accessToken: string;
}

export interface RunningUserService {
  database: DatabaseHandle;
  /** The service mounted at `/graphql/user`, for requests `call` does not make (raw bodies, other content types). */
  app: express.Express;
  identity: RunningIdentity;
  rateLimits: RateLimits;
  /** The loyalty programme's sandbox the service asks, on a clock the test moves (`loyaltyClock`). */
  loyalty: LoyaltySandbox;
  loyaltyClock: { advance(milliseconds: number): void };
  /** Posts a GraphQL request, with the token when given. */
  call(body: { query: string; variables?: Record<string, unknown> }, token?: string): request.Test;
  /**
   * Creates an account with the identity service and signs it in, as the web tier would: a real
   * access token. With `username`, the account has that username (a social one, `google_…`).
   */
  signUp(email: string, names?: { givenName: string; familyName: string }, username?: string): Promise<TestUser>;
  close(): Promise<void>;
}

const PASSWORD = 'Test-password-2026!';

/**
 * The identity service and the user service over one database of `backend`, for one test file.
 * The rate limits are in Redis when TEST_REDIS_URL names a server (as in CI), under a prefix of
 * their own.
 */
export async function startUserService(backend: DatabaseBackend): Promise<RunningUserService> {
  const logger = createLogger({ level: 'silent' });
  const target = await backend.create();
  const database = await openDatabase({ url: target.url, dataDir: 'memory://' });
  const identity = await startIdentity(database);
  const rateLimits = await createRateLimits({ redisUrl: process.env.TEST_REDIS_URL, prefix: `test-${crypto.randomUUID()}`, logger });
  let loyaltyNow = Date.now();
  const loyalty = await LoyaltySandbox.create({ database, logger, clock: () => new Date(loyaltyNow) });
  const service = await createUserService({
    database,
    identity: { issuer: ISSUER, audience: API_AUDIENCE, fetch: identity.fetch },
    production: false,
    logger,
    rateLimits,
    loyalty,
  });
  const app = express().use('/graphql/user', service.router);
  const mailer = createMailer({ smtpUrl: undefined, from: DEFAULT_MAIL_FROM, dataDir: 'memory://', logger });
  // Only creates accounts here: no message is sent.
  const userPool = new UserPool({
    db: database.db,
    codeKey: 'test-code-key',
    mail: new AccountEmails({ mailer, translations: await loadTranslations(), siteUrl: 'http://localhost:3000' }),
    logger,
  });

  return {
    database,
    app,
    identity,
    rateLimits,
    loyalty,
    loyaltyClock: { advance: (milliseconds) => void (loyaltyNow += milliseconds) },
    call(body, token) {
      const post = request(app).post('/graphql/user');
      return (token ? post.set('Authorization', `Bearer ${token}`) : post).send(body);
    },
    async signUp(email, names = { givenName: 'Test', familyName: 'User' }, username) {
      const user = await userPool.create({ email, password: PASSWORD, ...names, emailVerified: true });
      if (username) await database.db.execute(sql`update identity.users set username = ${username} where id = ${user.id}`);
      const browser = identity.browser();
      const attempt = await startSignIn(identity, browser);
      const callback = await browser.follow(await submitLogin(browser, attempt.loginPage, { email, password: PASSWORD }), ISSUER);
      const tokens = await oidc.authorizationCodeGrant(identity.client, new URL(callback.url), {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
      });
      return { id: user.id, email: email.toLowerCase(), accessToken: tokens.access_token };
    },
    async close() {
      mailer.close();
      await service.stop();
      await rateLimits.close();
      await identity.close();
      await database.close();
      await target.drop();
    },
  };
}

/** Everything the user service keeps about a user, to compare before and after. */
export async function everythingAbout(database: DatabaseHandle, user: { id: string; email: string }) {
  const [profile, addresses, subscriptions, marks] = await Promise.all([
    queryRows(database.db, sql`select * from users.profiles where id = ${user.id}`),
    queryRows(database.db, sql`select * from users.addresses where user_id = ${user.id} order by position`),
    queryRows(
      database.db,
      sql`select * from users.newsletter_subscriptions where email = ${user.email} or user_id = ${user.id} order by newsletter, email`,
    ),
    queryRows(database.db, sql`select * from users.schedule_marks where user_id = ${user.id} order by performance_id`),
  ]);
  return { profile, addresses, subscriptions, marks };
}
