import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { DEMO_USER } from './service.ts';
import { fieldValue, formAction, type Browser } from '#test/support/browser.ts';
import {
  createAccount,
  ISSUER,
  SIGNED_OUT,
  signInAsDemoUser,
  startIdentity,
  startSignIn,
  submitLogin,
  WEBSITE,
  type RunningIdentity,
} from './test-support/identity-fixture.ts';

/**
 * Decision 0040: the site signs a visitor out server to server, ending that sign-in only, and
 * the provider's own end-session page signs nobody out on another site's say-so.
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

/** The site's sign-out call: the website authenticated as itself, the visitor's refresh token. */
function signOut(refreshToken: unknown, authorization = websiteCredentials) {
  return identity.fetch(`${ISSUER}/api/sign-out`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
}

async function revokedGrants(): Promise<string[]> {
  const response = await identity.fetch(`${ISSUER}/revoked-grants`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { grants: string[] }).grants;
}

const grantOf = (accessToken: string) => decodeJwt(accessToken).grant_id as string;

/** A whole sign-in of another account, in a browser of its own. */
async function signInAs(credentials: { email: string; password: string }) {
  const browser = identity.browser();
  const attempt = await startSignIn(identity, browser);
  const callback = await browser.follow(await submitLogin(browser, attempt.loginPage, credentials), ISSUER);
  return oidc.authorizationCodeGrant(identity.client, new URL(callback.url), {
    pkceCodeVerifier: attempt.codeVerifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
  });
}

/** Asks again every 50 ms for up to two seconds, until the answer holds the value. */
async function eventually<T>(ask: () => Promise<T[]>, value: T): Promise<T[]> {
  const until = Date.now() + 2000;
  let answer = await ask();
  while (!answer.includes(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await ask();
  }
  return answer;
}

/** Whether the browser's provider session still signs it in without the password. */
async function signedInAtProvider(browser: Browser): Promise<boolean> {
  const attempt = await startSignIn(identity, browser, { prompt: 'consent' });
  if (attempt.loginPage.html.includes('name="password"')) return false;
  expect(attempt.loginPage.url).toMatch(/\/account\/redirecting\?code=/);
  return true;
}

describe("the site's sign-out (POST /oidc/api/sign-out)", () => {
  test('ends this sign-in only: its provider session, grant and refresh token; the other device stays signed in', async () => {
    const laptop = identity.browser();
    const phone = identity.browser();
    const onLaptop = await signInAsDemoUser(identity, laptop);
    const onPhone = await signInAsDemoUser(identity, phone);
    expect(grantOf(onLaptop.access_token)).toEqual(expect.any(String));
    expect(grantOf(onLaptop.access_token)).not.toBe(grantOf(onPhone.access_token));

    const response = await signOut(onLaptop.refresh_token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({});

    await expect(oidc.refreshTokenGrant(identity.client, onLaptop.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await signedInAtProvider(laptop)).toBe(false);
    expect(await revokedGrants()).toContain(grantOf(onLaptop.access_token));

    const refreshed = await oidc.refreshTokenGrant(identity.client, onPhone.refresh_token!);
    expect(grantOf(refreshed.access_token)).toBe(grantOf(onPhone.access_token));
    expect(await signedInAtProvider(phone)).toBe(true);
    expect(await revokedGrants()).not.toContain(grantOf(onPhone.access_token));
  });

  test('a refresh token already rotated still names its sign-in, and signing out twice is no error', async () => {
    const browser = identity.browser();
    const tokens = await signInAsDemoUser(identity, browser);
    // A parallel request rotated it, and the session kept the old one.
    await oidc.refreshTokenGrant(identity.client, tokens.refresh_token!);
    expect((await signOut(tokens.refresh_token)).status).toBe(200);
    expect(await signedInAtProvider(browser)).toBe(false);
    expect(await revokedGrants()).toContain(grantOf(tokens.access_token));

    const again = await signOut(tokens.refresh_token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({});
    expect((await signOut('never-issued')).status).toBe(200);
  });

  test('only our client may call it, with a refresh token', async () => {
    const tokens = await signInAsDemoUser(identity);
    const wrongSecret = `Basic ${Buffer.from(`${WEBSITE.clientId}:not-the-secret`).toString('base64')}`;
    expect((await signOut(tokens.refresh_token, wrongSecret)).status).toBe(401);
    expect((await signOut(tokens.refresh_token, '')).status).toBe(401);
    const malformed = await signOut(42);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'invalid_request' });
    // Nothing was ended by the refused calls.
    await expect(oidc.refreshTokenGrant(identity.client, tokens.refresh_token!)).resolves.toBeDefined();
  });
});

describe('the revoked grants the services read', () => {
  test('are public, revalidated on each read, and unchanged lists cost a 304', async () => {
    const first = await identity.fetch(`${ISSUER}/revoked-grants`);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const unchanged = await identity.fetch(`${ISSUER}/revoked-grants`, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);

    const tokens = await signInAsDemoUser(identity);
    await signOut(tokens.refresh_token);
    const changed = await identity.fetch(`${ISSUER}/revoked-grants`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { grants: string[] }).grants).toContain(grantOf(tokens.access_token));
  });

  test('include every sign-in of an account that is deleted, on every device', async () => {
    const email = `deleted-${Date.now()}@nabd.example`;
    await createAccount(identity, email);
    const onLaptop = await signInAs({ email, password: DEMO_USER.password });
    const onPhone = await signInAs({ email, password: DEMO_USER.password });
    const deleted = await identity.fetch(`${ISSUER}/api/account`, {
      method: 'DELETE',
      headers: { authorization: websiteCredentials, 'x-user-authorization': `Bearer ${onLaptop.access_token}` },
    });
    expect(deleted.status).toBe(200);
    expect(await revokedGrants()).toEqual(expect.arrayContaining([grantOf(onLaptop.access_token), grantOf(onPhone.access_token)]));
  });

  test('are named in the discovery document, like the key set', async () => {
    expect(identity.client.serverMetadata().revoked_grants_uri).toBe(`${ISSUER}/revoked-grants`);
  });

  test('include a grant ended at the standard end-session endpoint', async () => {
    const browser = identity.browser();
    const tokens = await signInAsDemoUser(identity, browser);
    const confirmation = await browser.get(`${ISSUER}/session/end?client_id=website`);
    await browser.post(new URL(formAction(confirmation.html, '/session/end')!, ISSUER), {
      xsrf: fieldValue(confirmation.html, 'xsrf')!,
      logout: 'yes',
    });
    // Published on the provider's grant.revoked event, as the answer goes out.
    expect(await eventually(revokedGrants, grantOf(tokens.access_token))).toContain(grantOf(tokens.access_token));
  });
});

describe('the standard end-session endpoint (RP-initiated logout)', () => {
  test('a bare link naming the client only shows the button: nothing ends until the visitor presses it', async () => {
    const browser = identity.browser();
    const tokens = await signInAsDemoUser(identity, browser);
    const page = await browser.get(`${ISSUER}/session/end?client_id=website`, { from: 'cross-site' });
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="xsrf"');
    expect(page.html).not.toContain('data-auto-submit');
    expect(page.html).not.toContain('sign-out.js');
    expect(await signedInAtProvider(browser)).toBe(true);
    await expect(oidc.refreshTokenGrant(identity.client, tokens.refresh_token!)).resolves.toBeDefined();
  });

  test("with an ID token of this very sign-in as hint it signs out unattended and returns to the site's login page", async () => {
    const browser = identity.browser();
    const tokens = await signInAsDemoUser(identity, browser);
    const url = oidc.buildEndSessionUrl(identity.client, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: SIGNED_OUT });
    const page = await browser.get(url);
    expect(page.html).toContain('data-auto-submit');
    const ended = await browser.post(new URL(formAction(page.html, '/session/end')!, ISSUER), {
      xsrf: fieldValue(page.html, 'xsrf')!,
      logout: 'yes',
    });
    expect(ended.location).toBe(SIGNED_OUT);
    expect(await signedInAtProvider(browser)).toBe(false);
  });

  test("an ID token of an earlier sign-in, or of someone else's, is no proof for this one", async () => {
    const browser = identity.browser();
    const earlier = await signInAsDemoUser(identity, browser);
    await signOut(earlier.refresh_token);
    // Token times are in seconds: the next sign-in must start in a later second than the earlier token.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await signInAsDemoUser(identity, browser);
    const withEarlier = await browser.get(oidc.buildEndSessionUrl(identity.client, { id_token_hint: earlier.id_token! }));
    expect(withEarlier.status).toBe(200);
    expect(withEarlier.html).not.toContain('data-auto-submit');

    const email = `end-session-${Date.now()}@nabd.example`;
    await createAccount(identity, email);
    const someoneElse = await signInAs({ email, password: DEMO_USER.password });
    const withOther = await browser.get(oidc.buildEndSessionUrl(identity.client, { id_token_hint: someoneElse.id_token! }));
    expect(withOther.status).toBe(200);
    expect(withOther.html).not.toContain('data-auto-submit');
    expect(await signedInAtProvider(browser)).toBe(true);
  });

  test('a sign-out posted from another site is refused and leaves the visitor signed in', async () => {
    const browser = identity.browser();
    await signInAsDemoUser(identity, browser);
    // The provider's cookies are SameSite=Lax, so a form on another site posts without the
    // session, and the confirmation's one-time xsrf value is only ever in the visitor's own page.
    const forged = await browser.post(`${ISSUER}/session/end/confirm`, { xsrf: 'guessed', logout: 'yes' }, { from: 'cross-site' });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('set-cookie')).toBeNull();
    // The end-session endpoint itself takes no POST at all.
    expect((await browser.post(`${ISSUER}/session/end`, { client_id: 'website' }, { from: 'cross-site' })).status).toBe(404);
    expect(await signedInAtProvider(browser)).toBe(true);
  });
});
