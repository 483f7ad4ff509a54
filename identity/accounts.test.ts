import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { isDependencyUnavailable } from '#platform/dependency-errors.ts';
import { RelyingParty } from '#server/auth/relying-party.ts';
import { UserPoolError } from '#server/auth/user-pool-api.ts';
import { HttpUserPoolClient } from '#server/auth/user-pool-client.ts';
import { ServiceError } from '#server/services/service-client.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startMailCatcher, type MailCatcher } from '#test/support/mail-catcher.ts';
import { users } from './tables.ts';
import {
  CALLBACK,
  ISSUER,
  SIGNED_OUT,
  startIdentity,
  startSignIn,
  submitLogin,
  WEBSITE,
  type RunningIdentity,
} from './test-support/identity-fixture.ts';

const PASSWORD = 'Festival-2026!';
const NEW_PASSWORD = 'Another-Night-27?';
const IP = '203.0.113.7';

describe.each(databaseBackends)('accounts through the user-pool API on $name', (backend) => {
  let drop: () => Promise<void>;
  let database: DatabaseHandle;
  let mail: MailCatcher;
  let identity: RunningIdentity;
  let api: HttpUserPoolClient;

  beforeAll(async () => {
    const created = await backend.create();
    drop = created.drop;
    database = await openDatabase({ url: created.url, dataDir: 'memory://' });
    mail = await startMailCatcher();
    identity = await startIdentity(database, { smtpUrl: mail.url });
    api = new HttpUserPoolClient({
      baseUrl: `${ISSUER}/api`,
      clientId: WEBSITE.clientId,
      clientSecret: WEBSITE.clientSecret,
      fetch: identity.fetch,
    });
  });
  afterAll(async () => {
    await identity.close();
    await mail.close();
    await database.close();
    await drop();
  });

  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof UserPoolError ? { code: error.code, status: error.status } : error),
    );
  // Each sign-up from an address of its own: the per-address limit has a test of its own.
  let addresses = 0;
  const person = (email: string, locale: 'en' | 'ar' = 'en') => ({
    email,
    password: PASSWORD,
    givenName: 'Nour',
    familyName: 'Saleh',
    locale,
    clientIp: `198.51.100.${++addresses}`,
  });

  async function signUpAndConfirm(email: string) {
    const { registration } = await api.signUp(person(email));
    const message = await mail.nextMessage(email);
    await api.confirmSignUp({ email, code: codeIn(message.text), registration, clientIp: IP });
    await mail.nextMessage(email); // the welcome
  }

  /** A password sign-in as the web tier does it, returning the tokens. */
  async function signIn(email: string, password = PASSWORD) {
    const browser = identity.browser();
    const attempt = await startSignIn(identity, browser);
    const callback = await browser.follow(await submitLogin(browser, attempt.loginPage, { email, password }), ISSUER);
    return oidc.authorizationCodeGrant(identity.client, new URL(callback.url), {
      pkceCodeVerifier: attempt.codeVerifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
    });
  }

  test('sign-up: a real e-mail with the code, confirmation, a welcome, and the ticket signs the new user in once', async () => {
    const email = 'nour@nabd.example';
    const { registration } = await api.signUp(person(email));
    const message = await mail.nextMessage(email);
    expect(message.from).toBe('no-reply@nabd.example');
    expect(message.subject).toMatch(/^Your Nabd verification code: \d{6}$/);
    expect(message.text).toContain('Hello Nour,');
    expect(message.html).toContain('<html lang="en" dir="ltr">');
    expect(message.html).not.toMatch(/<img|<script/i);
    const code = codeIn(message.text);
    expect(message.html).toContain(`>${code}</p>`);

    // Not confirmed yet: the right password does not sign in.
    const browser = identity.browser();
    const attempt = await startSignIn(identity, browser);
    const unconfirmed = await submitLogin(browser, attempt.loginPage, { email, password: PASSWORD });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.html).toContain('Your email address is not confirmed yet.');
    expect(unconfirmed.html).toContain('href="http://localhost:3000/account/verification"');

    const { signInTicket } = await api.confirmSignUp({ email, code, registration, clientIp: IP });
    const welcome = await mail.nextMessage(email);
    expect(welcome.subject).toBe('Welcome to Nabd, Nour');

    // The site's "done" state: the ticket is pushed, never in the URL, and no form is shown.
    const relyingParty = new RelyingParty({
      issuer: ISSUER,
      clientId: WEBSITE.clientId,
      clientSecret: WEBSITE.clientSecret,
      redirectUri: CALLBACK,
      fetch: identity.fetch,
    });
    const start = await relyingParty.startSignIn({ locale: 'en', returnTo: '/account', loginTicket: signInTicket });
    expect(start.url).toContain('request_uri=urn');
    expect(start.url).not.toContain(signInTicket);
    const callback = await browser.follow(await browser.get(start.url), ISSUER);
    expect(callback.url.startsWith(`${CALLBACK}?code=`)).toBe(true);
    const signedIn = await relyingParty.completeSignIn(new URL(callback.url), start.pending);
    expect(signedIn.profile).toEqual({ firstName: 'Nour', lastName: 'Saleh', email });

    // Used: the next visit gets the login page with the message.
    const again = await relyingParty.startSignIn({ locale: 'ar', returnTo: '/account', loginTicket: signInTicket });
    const other = identity.browser();
    const page = await other.follow(await other.get(again.url), ISSUER);
    expect(page.html).toContain('انتهت صلاحية رابط تسجيل الدخول');
    expect(page.html).toContain('name="password"');
  });

  test('an Arabic sign-up gets an Arabic, right-to-left e-mail', async () => {
    await api.signUp(person('layal@nabd.example', 'ar'));
    const message = await mail.nextMessage('layal@nabd.example');
    expect(message.subject).toMatch(/^رمز التحقق الخاص بك في نبض: \d{6}$/);
    expect(message.html).toContain('<html lang="ar" dir="rtl">');
    expect(message.text).toContain('مرحبًا Nour،');
  });

  test('a confirmed email is taken; an unconfirmed one is renewed with a new code', async () => {
    await signUpAndConfirm('taken@nabd.example');
    expect(await refusal(api.signUp(person('Taken@nabd.example')))).toEqual({ code: 'account_exists', status: 409 });
    expect(mail.pending('taken@nabd.example')).toHaveLength(0);

    await api.signUp(person('again@nabd.example'));
    const first = codeIn((await mail.nextMessage('again@nabd.example')).text);
    const { registration } = await api.signUp({ ...person('again@nabd.example'), givenName: 'Rami', password: NEW_PASSWORD });
    const second = await mail.nextMessage('again@nabd.example');
    expect(second.text).toContain('Hello Rami,');
    if (first !== codeIn(second.text)) {
      expect(await refusal(api.confirmSignUp({ email: 'again@nabd.example', code: first, registration, clientIp: IP }))).toMatchObject({
        code: 'code_mismatch',
      });
    }
    await api.confirmSignUp({ email: 'again@nabd.example', code: codeIn(second.text), registration, clientIp: IP });
    expect((await signIn('again@nabd.example', NEW_PASSWORD)).access_token).toEqual(expect.any(String));
  });

  test('a code confirms only the sign-up it was sent for: a stranger renewing the account cannot have the owner confirm their password', async () => {
    const email = 'owner@nabd.example';
    const owner = await api.signUp(person(email));
    await mail.nextMessage(email);
    // Someone else signs up with the owner's address and a password of their choosing...
    const stranger = await api.signUp({ ...person(email), password: NEW_PASSWORD });
    const code = codeIn((await mail.nextMessage(email)).text);
    // ...the owner types the newest code into their own sign-up: it is refused (generic error),
    // and so is the code with a wrong password from another browser.
    expect(await refusal(api.confirmSignUp({ email, code, registration: owner.registration, clientIp: IP }))).toEqual({
      code: 'code_expired',
      status: 422,
    });
    expect(await refusal(api.confirmSignUp({ email, code, password: PASSWORD, clientIp: IP }))).toMatchObject({ code: 'wrong_password' });
    expect(await refusal(api.confirmSignUp({ email, code, clientIp: IP }))).toMatchObject({ code: 'invalid_request' });
    // The owner signs up again; only their own sign-up can now be confirmed.
    const renewed = await api.signUp(person(email));
    const ownCode = codeIn((await mail.nextMessage(email)).text);
    expect(await refusal(api.confirmSignUp({ email, code: ownCode, registration: stranger.registration, clientIp: IP }))).toMatchObject({
      code: 'code_expired',
    });
    await api.confirmSignUp({ email, code: ownCode, registration: renewed.registration, clientIp: IP });
    expect((await signIn(email, PASSWORD)).access_token).toEqual(expect.any(String));
  });

  test('from another browser, the account password stands in for the sign-up secret', async () => {
    const email = 'elsewhere@nabd.example';
    await api.signUp(person(email));
    const code = codeIn((await mail.nextMessage(email)).text);
    await api.confirmSignUp({ email, code, password: PASSWORD, clientIp: IP });
    expect((await signIn(email, PASSWORD)).access_token).toEqual(expect.any(String));
  });

  test('the password policy, wrong codes, dead codes and the generic verification error', async () => {
    expect(await refusal(api.signUp({ ...person('weak@nabd.example'), password: 'password' }))).toEqual({
      code: 'invalid_password',
      status: 422,
    });
    const { registration } = await api.signUp(person('codes@nabd.example'));
    const code = codeIn((await mail.nextMessage('codes@nabd.example')).text);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await refusal(api.confirmSignUp({ email: 'codes@nabd.example', code: wrong, registration, clientIp: IP }))).toEqual({
        code: 'code_mismatch',
        status: 422,
      });
    }
    expect(await refusal(api.confirmSignUp({ email: 'codes@nabd.example', code, registration, clientIp: IP }))).toEqual({
      code: 'code_expired',
      status: 422,
    });
    // A resent code works again.
    await api.resendCode({ email: 'codes@nabd.example', locale: 'en', clientIp: IP });
    const resent = codeIn((await mail.nextMessage('codes@nabd.example')).text);
    await expect(api.confirmSignUp({ email: 'codes@nabd.example', code: resent, registration, clientIp: IP })).resolves.toEqual({
      signInTicket: expect.any(String),
    });
    // Unknown and already confirmed accounts: the same generic error, and resending sends nothing.
    expect(await refusal(api.confirmSignUp({ email: 'nobody@nabd.example', code, registration, clientIp: IP }))).toMatchObject({
      code: 'code_expired',
    });
    expect(await refusal(api.confirmSignUp({ email: 'codes@nabd.example', code: resent, registration, clientIp: IP }))).toMatchObject({
      code: 'code_expired',
    });
    await api.resendCode({ email: 'nobody@nabd.example', locale: 'en', clientIp: IP });
    await api.resendCode({ email: 'codes@nabd.example', locale: 'en', clientIp: IP });
    await mail.nextMessage('codes@nabd.example').catch(() => undefined); // its welcome
    expect(mail.pending('nobody@nabd.example')).toHaveLength(0);
    expect(mail.pending('codes@nabd.example')).toHaveLength(0);
  });

  test('forgot and reset password: no enumeration, and every earlier sign-in ends', async () => {
    await signUpAndConfirm('reset@nabd.example');
    const tokens = await signIn('reset@nabd.example');

    await expect(api.forgotPassword({ email: 'unknown@nabd.example', locale: 'en', clientIp: IP })).resolves.toBeUndefined();
    await api.forgotPassword({ email: 'reset@nabd.example', locale: 'ar', clientIp: IP });
    const message = await mail.nextMessage('reset@nabd.example');
    expect(message.html).toContain('dir="rtl"');
    expect(message.subject).toContain('إعادة تعيين كلمة مرورك');
    expect(mail.pending('unknown@nabd.example')).toHaveLength(0);

    const code = codeIn(message.text);
    const reset = { email: 'reset@nabd.example', code, password: NEW_PASSWORD, clientIp: IP };
    expect(await refusal(api.resetPassword({ ...reset, password: 'short' }))).toMatchObject({ code: 'invalid_password' });
    expect(await refusal(api.resetPassword({ ...reset, email: 'unknown@nabd.example' }))).toMatchObject({ code: 'code_expired' });
    await api.resetPassword(reset);

    await expect(oidc.refreshTokenGrant(identity.client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await refusal(api.account(tokens.access_token))).toBeUndefined(); // access tokens are JWTs: they run out within 5 minutes
    expect((await signIn('reset@nabd.example', NEW_PASSWORD)).access_token).toEqual(expect.any(String));
    expect(await refusal(api.resetPassword(reset))).toMatchObject({ code: 'code_expired' });
  });

  test('change password: the current one is checked, the policy applies, social users are refused', async () => {
    await signUpAndConfirm('change@nabd.example');
    const { access_token } = await signIn('change@nabd.example');
    const change = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, clientIp: IP };
    expect(await refusal(api.changePassword(access_token, { ...change, currentPassword: 'Wrong-Pass-1!' }))).toEqual({
      code: 'wrong_password',
      status: 403,
    });
    expect(await refusal(api.changePassword(access_token, { ...change, newPassword: 'weak' }))).toEqual({
      code: 'invalid_password',
      status: 422,
    });
    await api.changePassword(access_token, change);
    expect((await signIn('change@nabd.example', NEW_PASSWORD)).access_token).toEqual(expect.any(String));

    const account = await api.account(access_token);
    // The access token names the user by username too: the user service tells social users by its prefix.
    expect(decodeJwt(access_token)).toMatchObject({ sub: account.id, username: account.id });
    expect(account).toMatchObject({
      email: 'change@nabd.example',
      username: account.id,
      emailVerified: true,
      socialProviders: [],
      canUpdatePassword: true,
    });
    await database.db
      .update(users)
      .set({ username: `google_${account.id}` })
      .where(eq(users.id, account.id));
    expect(await refusal(api.changePassword(access_token, { ...change, currentPassword: NEW_PASSWORD }))).toEqual({
      code: 'federated_account',
      status: 403,
    });
  });

  test('deleting the account erases it and ends its sign-ins', async () => {
    await signUpAndConfirm('leave@nabd.example');
    const tokens = await signIn('leave@nabd.example');
    await api.deleteAccount(tokens.access_token);
    expect(await refusal(api.account(tokens.access_token))).toEqual({ code: 'unauthorized', status: 401 });
    await expect(oidc.refreshTokenGrant(identity.client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    // The email is free again.
    await expect(api.signUp(person('leave@nabd.example'))).resolves.toEqual({ registration: expect.any(String) });
  });

  test('sign-ups per address and codes per account are limited', async () => {
    for (let index = 0; index < 10; index++) await api.signUp({ ...person(`crowd${index}@nabd.example`), clientIp: '192.0.2.1' });
    expect(await refusal(api.signUp({ ...person('crowd10@nabd.example'), clientIp: '192.0.2.1' }))).toEqual({
      code: 'too_many_requests',
      status: 429,
    });
    await expect(api.signUp({ ...person('crowd10@nabd.example'), clientIp: '192.0.2.2' })).resolves.toEqual({
      registration: expect.any(String),
    });

    // The sign-up sent one code; four more resends, then no more for an hour.
    for (let index = 0; index < 4; index++) await api.resendCode({ email: 'crowd10@nabd.example', locale: 'en', clientIp: IP });
    expect(await refusal(api.resendCode({ email: 'CROWD10@nabd.example', locale: 'en', clientIp: IP }))).toMatchObject({
      code: 'too_many_requests',
    });
    expect(mail.pending('crowd10@nabd.example')).toHaveLength(5);
  });

  test('callers must authenticate: no or a wrong client secret, a bad bearer token, bad bodies', async () => {
    const call = (path: string, init: RequestInit) => identity.fetch(`${ISSUER}/api${path}`, init);
    const basic = (secret: string) => `Basic ${Buffer.from(`website:${secret}`).toString('base64')}`;
    const json = { 'content-type': 'application/json' };
    const body = JSON.stringify({ email: 'x@nabd.example', locale: 'en', clientIp: IP });

    const anonymous = await call('/forgot-password', { method: 'POST', headers: json, body });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'unauthorized' });
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    expect((await call('/forgot-password', { method: 'POST', headers: { ...json, authorization: basic('wrong') }, body })).status).toBe(
      401,
    );
    const wrongClient = new HttpUserPoolClient({
      baseUrl: `${ISSUER}/api`,
      clientId: 'website',
      clientSecret: 'not-the-secret',
      fetch: identity.fetch,
    });
    expect(await refusal(wrongClient.forgotPassword({ email: 'x@nabd.example', locale: 'en', clientIp: IP }))).toEqual({
      code: 'unauthorized',
      status: 401,
    });

    const authorization = basic(WEBSITE.clientSecret);
    expect(await refusal(api.account('not-a-token'))).toEqual({ code: 'unauthorized', status: 401 });
    expect((await call('/account', { headers: { authorization } })).status).toBe(401);
    const { id_token } = await signIn('demo@nabd.example');
    // An ID token is signed by the same keys but is not an access token for the API.
    expect(await refusal(api.account(id_token!))).toEqual({ code: 'unauthorized', status: 401 });

    const malformed = await call('/forgot-password', { method: 'POST', headers: { ...json, authorization }, body: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'invalid_request' });
    const invalid = await call('/sign-up', {
      method: 'POST',
      headers: { ...json, authorization },
      body: JSON.stringify({ email: 'nope' }),
    });
    expect(invalid.status).toBe(400);
    const huge = await call('/sign-up', {
      method: 'POST',
      headers: { ...json, authorization },
      body: JSON.stringify({ email: 'x'.repeat(20_000) }),
    });
    expect(huge.status).toBe(413);
  });
});

test('a code that cannot be delivered is delivery_failed (502), and the account can ask again', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  const closed = await startMailCatcher();
  await closed.close();
  const identity = await startIdentity(database, { smtpUrl: closed.url });
  try {
    const api = new HttpUserPoolClient({
      baseUrl: `${ISSUER}/api`,
      clientId: WEBSITE.clientId,
      clientSecret: WEBSITE.clientSecret,
      fetch: identity.fetch,
    });
    const input = {
      email: 'offline@nabd.example',
      password: PASSWORD,
      givenName: 'Sami',
      familyName: 'Odeh',
      locale: 'en' as const,
      clientIp: IP,
    };
    const failure = await api.signUp(input).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UserPoolError);
    expect(failure).toMatchObject({ code: 'delivery_failed', status: 502 });
    // The unconfirmed account exists; signing up again renews it rather than refusing.
    expect(await api.signUp(input).catch((error: unknown) => (error as UserPoolError).code)).toBe('delivery_failed');
  } finally {
    await identity.close();
    await database.close();
  }
});

test('an identity service that cannot be reached is an unavailable service, not a refusal', async () => {
  const unreachable = new HttpUserPoolClient({
    baseUrl: 'http://127.0.0.1:9/oidc/api',
    clientId: 'website',
    clientSecret: 'secret',
    timeoutMs: 2000,
  });
  const failure = await unreachable.resendCode({ email: 'x@nabd.example', locale: 'en', clientIp: IP }).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ServiceError);
  expect(failure).toMatchObject({ service: 'identity', status: undefined });
  expect(isDependencyUnavailable(failure)).toBe(true);
  expect(failure).not.toBeInstanceOf(UserPoolError);
});
