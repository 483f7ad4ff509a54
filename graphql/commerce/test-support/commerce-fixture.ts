import express from 'express';
import request from 'supertest';
import * as oidc from 'openid-client';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer, type OutboxMessage } from '#platform/mail/mailer.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import { LoyaltySandbox } from '#platform/loyalty/loyalty-sandbox.ts';
import { createRateLimits } from '#platform/rate-limits.ts';
import { createUserService } from '#graphql/user/service.ts';
import { userServiceMembers } from '../loyalty/loyalty-members.ts';
import type { DatabaseBackend } from '#test/support/backends.ts';
import {
  API_AUDIENCE,
  ISSUER,
  WEBSITE,
  startIdentity,
  startSignIn,
  submitLogin,
  type RunningIdentity,
} from '#identity/test-support/identity-fixture.ts';
import { AccountEmails } from '#identity/emails/account-emails.tsx';
import { loadTranslations } from '#identity/translations.ts';
import { UserPool } from '#identity/user-pool.ts';
import { createCommerceService, type CommerceService, type CommerceServiceOptions } from '../service.ts';

/** The test sites' "now" (test/support/test-site.ts): the demo catalogue's waves are in every state then. */
export const COMMERCE_TEST_NOW = new Date('2026-11-21T12:00:00Z');

export interface TestCustomer {
  /** The token's subject: the user's id, or `guest_<identityId>`. */
  customerId: string;
  accessToken: string;
}

export interface TestUser extends TestCustomer {
  id: string;
  email: string;
}

export interface TestGuest extends TestCustomer {
  identityId: string;
  expiresAt: string;
}

/** A clock tests move: the service reads it on every request. */
export interface TestClock {
  now(): Date;
  set(time: Date | string): void;
  advance(milliseconds: number): void;
}

export interface RunningCommerceService {
  database: DatabaseHandle;
  identity: RunningIdentity;
  service: CommerceService;
  clock: TestClock;
  /** What the commerce service e-mailed (its in-memory outbox). */
  outbox: OutboxMessage[];
  /** Posts a GraphQL request to /graphql/commerce, with the token when given. */
  call(body: { query: string; variables?: Record<string, unknown> }, token?: string): request.Test;
  /** The service's plain HTTP routes under /commerce (payment callbacks, downloads). */
  http(): ReturnType<typeof request>;
  /** A new account, signed in as the web tier would: a real access token. */
  signUp(email: string, names?: { givenName: string; familyName: string }): Promise<TestUser>;
  /** Guest credentials from the identity service; with an identityId, the same guest again. */
  guest(identityId?: string): Promise<TestGuest>;
  /** The loyalty programme's sandbox (decision 0039), on the test's clock. */
  loyalty: LoyaltySandbox;
  /** Posts a GraphQL request to the user service beside the commerce service (it knows the loyalty links). */
  callUser(body: { query: string; variables?: Record<string, unknown> }, token: string): request.Test;
  /** Links a sandbox member to the user, as the account page does; answers the programme's verification token. */
  linkMember(user: TestUser, memberId: string, memberPin: string): Promise<string>;
  close(): Promise<void>;
}

const PASSWORD = 'Test-password-2026!';

export const TEST_COMMERCE_SECRET = 'test-commerce-secret-of-some-length';

/**
 * The identity and commerce services over one database of `backend`, with the demo catalogue and
 * a clock at COMMERCE_TEST_NOW, for one test file. `overrides` replace service options (each area
 * may add its own, such as a payment sandbox); given as a function, they are made with the test's
 * database and clock (payment providers of the test's own).
 */
export async function startCommerceService(
  backend: DatabaseBackend,
  overrides:
    | Partial<CommerceServiceOptions>
    | ((test: { database: DatabaseHandle; clock: TestClock }) => Promise<Partial<CommerceServiceOptions>>) = {},
): Promise<RunningCommerceService> {
  const logger = createLogger({ level: 'silent' });
  const target = await backend.create();
  const database = await openDatabase({ url: target.url, dataDir: 'memory://' });
  const identity = await startIdentity(database);
  let now = COMMERCE_TEST_NOW.getTime();
  const clock: TestClock = {
    now: () => new Date(now),
    set: (time) => void (now = new Date(time).getTime()),
    advance: (milliseconds) => void (now += milliseconds),
  };
  const mailer: Mailer & { outbox?: OutboxMessage[] } = createMailer({
    smtpUrl: undefined,
    from: DEFAULT_MAIL_FROM,
    dataDir: 'memory://',
    logger,
  });
  const options = typeof overrides === 'function' ? await overrides({ database, clock }) : overrides;
  // The user service owns loyalty links; the commerce service asks it, in process, who a member is.
  const loyalty = await LoyaltySandbox.create({ database, clock: clock.now, logger });
  const rateLimits = await createRateLimits({ prefix: `test-${crypto.randomUUID()}`, logger });
  const users = await createUserService({
    database,
    identity: { issuer: ISSUER, audience: API_AUDIENCE, fetch: identity.fetch },
    production: false,
    logger,
    rateLimits,
    loyalty,
  });
  const userApp = express().use('/graphql/user', users.router);
  const service = await createCommerceService({
    database,
    identity: { issuer: ISSUER, audience: API_AUDIENCE, fetch: identity.fetch },
    production: false,
    logger,
    clock: clock.now,
    baseUrl: 'http://localhost:3000',
    secret: TEST_COMMERCE_SECRET,
    mailer,
    seedDemoCatalogue: true,
    // Queued jobs run at once after their commit; the rest waits for the test's `runDue`.
    jobPollIntervalMs: 0,
    loyalty,
    loyaltyMembers: userServiceMembers({ url: 'http://localhost:3000/graphql/user', fetch: createInProcessFetch(userApp) }),
    ...options,
  });
  const app = express().use('/graphql/commerce', service.router).use('/commerce', service.http);
  // Only creates accounts here: no message is sent.
  const userPool = new UserPool({
    db: database.db,
    codeKey: 'test-code-key',
    mail: new AccountEmails({ mailer, translations: await loadTranslations(), siteUrl: 'http://localhost:3000' }),
    logger,
  });
  const clientAuthorization = `Basic ${Buffer.from(`${WEBSITE.clientId}:${WEBSITE.clientSecret}`).toString('base64')}`;

  return {
    database,
    identity,
    service,
    clock,
    outbox: mailer.outbox ?? [],
    call(body, token) {
      const post = request(app).post('/graphql/commerce');
      return (token ? post.set('Authorization', `Bearer ${token}`) : post).send(body);
    },
    http: () => request(app),
    async signUp(email, names = { givenName: 'Test', familyName: 'Shopper' }) {
      const user = await userPool.create({ email, password: PASSWORD, ...names, emailVerified: true });
      const browser = identity.browser();
      const attempt = await startSignIn(identity, browser);
      const callback = await browser.follow(await submitLogin(browser, attempt.loginPage, { email, password: PASSWORD }), ISSUER);
      const tokens = await oidc.authorizationCodeGrant(identity.client, new URL(callback.url), {
        pkceCodeVerifier: attempt.codeVerifier,
        expectedState: attempt.state,
        expectedNonce: attempt.nonce,
      });
      return { id: user.id, customerId: user.id, email: email.toLowerCase(), accessToken: tokens.access_token };
    },
    async guest(identityId) {
      const response = await identity.fetch(`${ISSUER}/api/guest-credentials`, {
        method: 'POST',
        headers: { authorization: clientAuthorization, 'content-type': 'application/json' },
        body: JSON.stringify(identityId ? { identityId } : {}),
      });
      if (!response.ok) throw new Error(`Guest credentials refused: ${response.status}`);
      const credentials = (await response.json()) as { identityId: string; accessToken: string; expiresAt: string };
      return { ...credentials, customerId: `guest_${credentials.identityId}` };
    },
    loyalty,
    callUser(body, token) {
      return request(userApp).post('/graphql/user').set('Authorization', `Bearer ${token}`).send(body);
    },
    async linkMember(user, memberId, memberPin) {
      const linked = await request(userApp)
        .post('/graphql/user')
        .set('Authorization', `Bearer ${user.accessToken}`)
        .send({
          query: 'mutation($input: LinkLoyaltyAccountInput!) { linkLoyaltyAccount(input: $input) { verificationToken } }',
          variables: { input: { memberId, memberPin } },
        });
      if (linked.body.errors) throw new Error(`Linking ${memberId} failed: ${JSON.stringify(linked.body.errors)}`);
      return linked.body.data.linkLoyaltyAccount.verificationToken as string;
    },
    async close() {
      mailer.close();
      await service.stop();
      await users.stop();
      await rateLimits.close();
      await identity.close();
      await database.close();
      await target.drop();
    },
  };
}
