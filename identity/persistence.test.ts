import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import * as oidc from 'openid-client';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { DEMO_USER } from './service.ts';
import { signingKeys } from './tables.ts';
import {
  API_AUDIENCE,
  ISSUER,
  signInAsDemoUser,
  startIdentity,
  startSignIn,
  submitLogin,
  type RunningIdentity,
} from './test-support/identity-fixture.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
});
afterAll(() => database.close());

const jwksOf = async (identity: RunningIdentity) =>
  (await (await identity.fetch(identity.client.serverMetadata().jwks_uri!)).json()) as JSONWebKeySet;

test('a restarted service keeps its signing keys, its sign-ins in progress and its refresh tokens', async () => {
  const first = await startIdentity(database);
  const tokens = await signInAsDemoUser(first);
  const keysBefore = await jwksOf(first);
  const browser = first.browser();
  const pending = await startSignIn(first, browser);
  await first.close();

  const second = await startIdentity(database);
  expect(await jwksOf(second)).toEqual(keysBefore);
  // An access token issued before the restart still verifies against the published keys.
  await expect(
    jwtVerify(tokens.access_token, createLocalJWKSet(keysBefore), { issuer: ISSUER, audience: API_AUDIENCE }),
  ).resolves.toBeTruthy();

  const refreshed = await oidc.refreshTokenGrant(second.client, tokens.refresh_token!);
  expect(refreshed.access_token).toEqual(expect.any(String));

  // The sign-in page opened before the restart can still be submitted after it.
  const finished = await submitLogin(browser, pending.loginPage, DEMO_USER);
  expect(finished.status).toBe(303);
  await second.close();

  expect(await database.db.$count(signingKeys)).toBe(1);
});

test('the JWKS publishes public keys only', async () => {
  const identity = await startIdentity(database);
  const { keys } = await jwksOf(identity);
  await identity.close();
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
  expect(keys[0]).not.toHaveProperty('d');
});
