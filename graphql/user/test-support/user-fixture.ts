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
import { createAccount } from '#test/support/accounts.ts';
import type { FixedWindowOptions } from '../existence-limit.ts';
import { createUserService } from '../service.ts';

export interface TestUser {
  id: string;
  email: string;
  accessToken: string;
}

export interface RunningUserService {
  database: DatabaseHandle;
  identity: RunningIdentity;
  /** Posts a GraphQL request, with the token when given. */
  call(body: { query: string; variables?: Record<string, unknown> }, token?: string): request.Test;
  /** Creates an account with the identity service and signs it in, as the web tier would: a real access token. */
  signUp(email: string, names?: { givenName: string; familyName: string }): Promise<TestUser>;
  close(): Promise<void>;
}

const PASSWORD = 'Test-password-2026!';

/** The identity service and the user service over one database of `backend`, for one test file. */
export async function startUserService(
  backend: DatabaseBackend,
  options: { userExistenceLimit?: FixedWindowOptions } = {},
): Promise<RunningUserService> {
  const target = await backend.create();
  const database = await openDatabase({ url: target.url, dataDir: 'memory://' });
  const identity = await startIdentity(database);
  const service = await createUserService({
    database,
    identity: { issuer: ISSUER, audience: API_AUDIENCE, fetch: identity.fetch },
    production: false,
    logger: createLogger({ level: 'silent' }),
    ...options,
  });
  const app = express().use('/graphql/user', service.router);

  return {
    database,
    identity,
    call(body, token) {
      const post = request(app).post('/graphql/user');
      return (token ? post.set('Authorization', `Bearer ${token}`) : post).send(body);
    },
    async signUp(email, names = { givenName: 'Test', familyName: 'User' }) {
      const user = await createAccount(database.db, { email, password: PASSWORD, ...names });
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
      await service.stop();
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
