import { decodeJwt } from 'jose';
import { pino } from 'pino';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import {
  API_AUDIENCE,
  ISSUER,
  signInAsDemoUser,
  startIdentity,
  WEBSITE,
  type RunningIdentity,
} from '#identity/test-support/identity-fixture.ts';
import { createAccessTokenVerifier } from './access-tokens.ts';
import { REVOKED_GRANTS_REFRESH_MS } from './revoked-grant-list.ts';

/**
 * Decision 0040: the verifier the user and commerce services share refuses the access tokens of a
 * sign-in that has ended, from the identity service's list read in the background, never asking
 * the identity service while a request waits (but for the very first token).
 */
let database: DatabaseHandle;
let identity: RunningIdentity;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  identity = await startIdentity(database);
});
afterAll(async () => {
  await identity.close();
  await database.close();
});

const websiteCredentials = `Basic ${Buffer.from(`${WEBSITE.clientId}:${WEBSITE.clientSecret}`).toString('base64')}`;

async function signOut(refreshToken: string) {
  const response = await identity.fetch(`${ISSUER}/api/sign-out`, {
    method: 'POST',
    headers: { authorization: websiteCredentials, 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  expect(response.status).toBe(200);
}

async function guestToken(): Promise<string> {
  const response = await identity.fetch(`${ISSUER}/api/guest-credentials`, {
    method: 'POST',
    headers: { authorization: websiteCredentials, 'content-type': 'application/json' },
    body: '{}',
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** The identity service as a service sees it, counting the readings of the list and able to cut them off. */
function identityAsSeen() {
  const seen = { readings: 0, unreachable: false };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (new URL(String(input instanceof Request ? input.url : input)).pathname.endsWith('/revoked-grants')) {
      seen.readings += 1;
      if (seen.unreachable) throw new TypeError('fetch failed');
    }
    return identity.fetch(input, init);
  };
  return { seen, fetch };
}

/** Seconds it took until `verify` refused the token, up to `limitMs`; undefined when it never did. */
async function refusedWithin(verify: (token: string) => Promise<unknown>, token: string, limitMs: number): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const refused = await verify(token).then(
      () => false,
      () => true,
    );
    if (refused) return (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

test('access tokens name the sign-in (grant) they belong to; guest credentials do not', async () => {
  const tokens = await signInAsDemoUser(identity);
  expect(decodeJwt(tokens.access_token).grant_id).toEqual(expect.any(String));
  expect(decodeJwt(await guestToken()).grant_id).toBeUndefined();
});

test('after signing out, the access tokens of that sign-in are refused within the refresh interval; other sign-ins and guests are not', async () => {
  const { seen, fetch } = identityAsSeen();
  const verify = createAccessTokenVerifier({ issuer: ISSUER, audience: API_AUDIENCE, fetch, acceptGuests: true });
  try {
    const signedOut = await signInAsDemoUser(identity);
    const stillIn = await signInAsDemoUser(identity);
    const guest = await guestToken();
    await expect(verify(signedOut.access_token)).resolves.toMatchObject({ grant_id: decodeJwt(signedOut.access_token).grant_id });

    await signOut(signedOut.refresh_token!);
    const seconds = await refusedWithin(verify, signedOut.access_token, REVOKED_GRANTS_REFRESH_MS + 3000);
    expect(seconds).toBeDefined();
    await expect(verify(signedOut.access_token)).rejects.toThrow('The sign-in of this token has ended');
    await expect(verify(stillIn.access_token)).resolves.toBeDefined();
    await expect(verify(guest)).resolves.toMatchObject({ guest: true });
    // Read in the background, not per request: far fewer readings than verifications.
    expect(seen.readings).toBeLessThanOrEqual(Math.ceil((seconds! * 1000) / REVOKED_GRANTS_REFRESH_MS) + 2);
  } finally {
    await verify.stop();
  }
  // Stopped: no more readings.
  const { readings } = seen;
  await new Promise((resolve) => setTimeout(resolve, REVOKED_GRANTS_REFRESH_MS + 500));
  expect(seen.readings).toBe(readings);
});

test('a service that starts after the sign-out refuses the token at once: the first token waits for the first reading', async () => {
  const tokens = await signInAsDemoUser(identity);
  await signOut(tokens.refresh_token!);
  const verify = createAccessTokenVerifier({ issuer: ISSUER, audience: API_AUDIENCE, fetch: identity.fetch });
  try {
    await expect(verify(tokens.access_token)).rejects.toThrow('The sign-in of this token has ended');
  } finally {
    await verify.stop();
  }
});

test('when the list cannot be read, the last one read stays in force, other tokens pass, and a warning says so', async () => {
  const warnings: string[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
  const { seen, fetch } = identityAsSeen();
  const verify = createAccessTokenVerifier({ issuer: ISSUER, audience: API_AUDIENCE, fetch, logger });
  try {
    const before = await signInAsDemoUser(identity);
    const during = await signInAsDemoUser(identity);
    await signOut(before.refresh_token!);
    expect(await refusedWithin(verify, before.access_token, REVOKED_GRANTS_REFRESH_MS + 3000)).toBeDefined();

    seen.unreachable = true;
    const readings = seen.readings;
    await signOut(during.refresh_token!);
    // Two more readings have failed: the list is as it was.
    while (seen.readings < readings + 2) await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(verify(before.access_token)).rejects.toThrow('The sign-in of this token has ended');
    await expect(verify(during.access_token)).resolves.toBeDefined();
    expect(warnings.join('')).toContain('Unavailable: identity service');

    // Back: the sign-out made meanwhile takes effect.
    seen.unreachable = false;
    expect(await refusedWithin(verify, during.access_token, REVOKED_GRANTS_REFRESH_MS + 3000)).toBeDefined();
  } finally {
    await verify.stop();
  }
});
