import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { DEMO_USER } from './service.ts';
import { fieldValue, formAction } from '#test/support/browser.ts';
import {
  API_AUDIENCE,
  CALLBACK,
  ISSUER,
  SIGNED_OUT,
  signInAsDemoUser,
  startIdentity,
  startSignIn,
  submitLogin,
  type RunningIdentity,
} from './test-support/identity-fixture.ts';

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

async function verifyWithJwks(token: string) {
  const jwks = (await (await identity.fetch(identity.client.serverMetadata().jwks_uri!)).json()) as Parameters<typeof createLocalJWKSet>[0];
  return jwtVerify(token, createLocalJWKSet(jwks), { issuer: ISSUER, audience: API_AUDIENCE });
}

test('discovery advertises the code flow with PKCE S256, our scopes and RP-initiated logout', async () => {
  const metadata = identity.client.serverMetadata();
  expect(metadata.issuer).toBe(ISSUER);
  expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'offline_access']));
  expect(metadata.end_session_endpoint).toBe(`${ISSUER}/session/end`);
  expect(metadata.jwks_uri).toBe(`${ISSUER}/jwks`);
});

test('the demo user signs in, refreshes and signs out like the web tier does', async () => {
  const browser = identity.browser();
  // As the web tier asks: prompt=consent keeps offline_access; the provider consents by itself.
  const attempt = await startSignIn(identity, browser, { ui_locales: 'en', prompt: 'consent' });
  expect(attempt.loginPage.status).toBe(200);
  expect(attempt.loginPage.url).toMatch(new RegExp(`^${ISSUER}/interaction/[\\w-]+$`));
  expect(attempt.loginPage.html).toContain('<html lang="en" dir="ltr">');

  const afterLogin = await submitLogin(browser, attempt.loginPage, DEMO_USER);
  expect(afterLogin.status).toBe(303);
  const callback = await browser.follow(afterLogin, ISSUER);
  expect(callback.url.startsWith(`${CALLBACK}?`)).toBe(true);

  const tokens = await oidc.authorizationCodeGrant(identity.client, new URL(callback.url), {
    pkceCodeVerifier: attempt.codeVerifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
  });

  // The access token is a short-lived JWT for the API, carrying what the user service provisions from.
  expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt');
  const { payload: access } = await verifyWithJwks(tokens.access_token);
  // It names its sign-in (the grant), so the services can refuse it once the visitor signs out (decision 0040).
  expect(access).toMatchObject({ email: DEMO_USER.email, given_name: 'Layla', family_name: 'Haddad', client_id: 'website' });
  expect(access.grant_id).toEqual(expect.any(String));
  expect(access.sub).toMatch(/^[0-9a-f-]{36}$/);
  expect(access.exp! - access.iat!).toBe(300);
  expect(tokens.expires_in).toBe(300);

  const idToken = tokens.claims()!;
  expect(idToken).toMatchObject({ sub: access.sub, email: DEMO_USER.email, given_name: 'Layla', family_name: 'Haddad' });
  expect(tokens.refresh_token).toEqual(expect.any(String));

  // SPEC 4.1: the web tier refreshes near expiry; refresh tokens rotate, the used one is spent.
  const refreshed = await oidc.refreshTokenGrant(identity.client, tokens.refresh_token!);
  expect((await verifyWithJwks(refreshed.access_token)).payload.sub).toBe(access.sub);
  expect(refreshed.refresh_token).toEqual(expect.any(String));
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);

  // RP-initiated logout with an ID token of this sign-in: a confirmation page whose button the
  // external script presses (the site itself signs out through the user-pool API, decision 0040).
  const signOutUrl = oidc.buildEndSessionUrl(identity.client, {
    id_token_hint: refreshed.id_token ?? tokens.id_token!,
    post_logout_redirect_uri: SIGNED_OUT,
    ui_locales: 'en',
  });
  const confirmation = await browser.get(signOutUrl);
  expect(confirmation.status).toBe(200);
  expect(confirmation.html).toContain('data-auto-submit');
  expect(confirmation.html).toContain(`<script src="/oidc/assets/sign-out.js" defer="">`);
  const signedOut = await browser.post(new URL(formAction(confirmation.html, '/session/end')!, signOutUrl), {
    xsrf: fieldValue(confirmation.html, 'xsrf')!,
    logout: 'yes',
  });
  expect(signedOut.status).toBe(303);
  expect(signedOut.location).toBe(SIGNED_OUT);

  // Signing out ends the grant, offline_access or not: its refresh token no longer works, and the
  // next sign-in asks for the password again.
  await expect(oidc.refreshTokenGrant(identity.client, refreshed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  const next = await startSignIn(identity, browser, { prompt: 'consent' });
  expect(next.loginPage.html).toContain('name="password"');
});

test('a signed-in visitor is not asked again, and consent is never asked', async () => {
  const browser = identity.browser();
  await signInAsDemoUser(identity, browser);
  const again = await startSignIn(identity, browser, { prompt: 'consent' });
  expect(again.loginPage.url.startsWith(`${CALLBACK}?code=`)).toBe(true);
});

test('a reused refresh token is refused', async () => {
  const tokens = await signInAsDemoUser(identity);
  await oidc.refreshTokenGrant(identity.client, tokens.refresh_token!);
  await expect(oidc.refreshTokenGrant(identity.client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
});

test('cancelling the sign-in sends the visitor back to the site with access_denied', async () => {
  const browser = identity.browser();
  const attempt = await startSignIn(identity, browser);
  const cancelled = await browser.post(new URL(formAction(attempt.loginPage.html, '/abort')!, attempt.loginPage.url), {
    _csrf: fieldValue(attempt.loginPage.html, '_csrf')!,
  });
  const callback = await browser.follow(cancelled, ISSUER);
  const parameters = new URL(callback.url).searchParams;
  expect(callback.url.startsWith(CALLBACK)).toBe(true);
  expect(parameters.get('error')).toBe('access_denied');
  expect(parameters.get('state')).toBe(attempt.state);
});

test('signing out without a redirect shows our bilingual signed-out page', async () => {
  const browser = identity.browser();
  browser.setCookie('locale', 'ar');
  await signInAsDemoUser(identity, browser);
  const confirmation = await browser.get(`${ISSUER}/session/end`);
  // Nothing names a client here, so the visitor presses the button themselves.
  expect(confirmation.html).not.toContain('data-auto-submit');
  const signedOut = await browser.post(new URL(formAction(confirmation.html, '/session/end')!, ISSUER), {
    xsrf: fieldValue(confirmation.html, 'xsrf')!,
    logout: 'yes',
  });
  const page = await browser.get(new URL(signedOut.location!, ISSUER));
  expect(page.status).toBe(200);
  expect(page.html).toContain('<html lang="ar" dir="rtl">');
  expect(page.html).toContain('تم تسجيل خروجك');
});

test('the end-session page of a visitor already signed out is ours too, and posts itself', async () => {
  const browser = identity.browser();
  const page = await browser.get(`${ISSUER}/session/end?ui_locales=ar`);
  expect(page.status).toBe(200);
  expect(page.html).toContain('<html lang="ar" dir="rtl">');
  expect(page.html).toContain('data-auto-submit');
  expect(page.html).not.toMatch(/<script>/);
  const done = await browser.post(new URL(formAction(page.html, '/session/end')!, ISSUER), {
    xsrf: fieldValue(page.html, 'xsrf')!,
    logout: 'yes',
  });
  expect(done.status).toBe(303);
});
