import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { createMailer, DEFAULT_MAIL_FROM } from '#platform/mail/mailer.ts';
import { createRateLimits } from '#platform/rate-limits.ts';
import { createIdentityService, DEMO_USER } from './service.ts';
import { fieldValue } from '#test/support/browser.ts';
import { ISSUER, startIdentity, startSignIn, submitLogin, type RunningIdentity } from './test-support/identity-fixture.ts';

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

test('the login page is a complete, accessible English document by default', async () => {
  const { loginPage } = await startSignIn(identity, identity.browser());
  const { html } = loginPage;
  expect(html.startsWith('<!DOCTYPE html><html lang="en" dir="ltr">')).toBe(true);
  expect(html).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
  expect(html).toMatch(/<div class="auth-page">.*<a class="brand" href="http:\/\/localhost:3000">NABD<\/a>/s);
  expect(html).toContain('class="auth-card stack"');
  // HTML attribute names are case-insensitive; React writes autoComplete as it is spelled in JSX.
  expect(html).toMatch(/<label class="field__label" for="field-email">Email<\/label><input[^>]*autocomplete="username"/i);
  expect(html).toMatch(/<input[^>]*type="password"[^>]*autocomplete="current-password"/i);
  expect(html).toContain('href="http://localhost:3000/account/forgot-password"');
  expect(html).toContain('href="http://localhost:3000/account/register"');
  expect(html).toContain('class="button button--primary"');
  expect(html).toContain('class="button button--ghost"');
  // The site's CSP allows no inline script or style.
  expect(html).not.toMatch(/<script|<style|\sstyle="/);
});

test('the site asks for Arabic with ui_locales', async () => {
  const { loginPage } = await startSignIn(identity, identity.browser(), { ui_locales: 'ar' });
  expect(loginPage.html).toContain('<html lang="ar" dir="rtl">');
  expect(loginPage.html).toContain('<h1>تسجيل الدخول</h1>');
  expect(loginPage.html).toContain('>نبض</a>');
  expect(loginPage.html).toContain('href="http://localhost:3000/ar/account/forgot-password"');
});

test('without ui_locales the locale cookie decides', async () => {
  const browser = identity.browser();
  browser.setCookie('locale', 'ar');
  const { loginPage } = await startSignIn(identity, browser);
  expect(loginPage.html).toContain('<html lang="ar" dir="rtl">');
});

test('a wrong password answers 401 in Arabic and keeps the email', async () => {
  const browser = identity.browser();
  const { loginPage } = await startSignIn(identity, browser, { ui_locales: 'ar' });
  const refused = await submitLogin(browser, loginPage, { email: DEMO_USER.email, password: 'not-the-password' });
  expect(refused.status).toBe(401);
  expect(refused.html).toContain('<html lang="ar" dir="rtl">');
  expect(refused.html).toContain('<p class="form-error" id="login-error" role="alert">اسم المستخدم أو كلمة المرور غير صحيحة.</p>');
  expect(fieldValue(refused.html, 'email')).toBe(DEMO_USER.email);
  expect(refused.html).not.toContain('not-the-password');

  // The same form, corrected, signs in.
  const accepted = await submitLogin(browser, refused, DEMO_USER);
  expect(accepted.status).toBe(303);
});

test('an unknown email gets the same message as a wrong password', async () => {
  const browser = identity.browser();
  const { loginPage } = await startSignIn(identity, browser);
  const refused = await submitLogin(browser, loginPage, { email: 'nobody@nabd.example', password: DEMO_USER.password });
  expect(refused.status).toBe(401);
  expect(refused.html).toContain('Wrong username or password.');
});

test('missing and malformed fields get their own messages (SPEC 5)', async () => {
  const browser = identity.browser();
  const { loginPage } = await startSignIn(identity, browser);
  const empty = await submitLogin(browser, loginPage, { email: '', password: '' });
  expect(empty.status).toBe(422);
  expect(empty.html).toMatch(/aria-invalid="true" aria-describedby="field-email-error"/);
  expect(empty.html).toContain('<p class="field__error" id="field-email-error">This field is required.</p>');
  expect(empty.html).toContain('<p class="field__error" id="field-password-error">This field is required.</p>');

  const malformed = await submitLogin(browser, loginPage, { email: 'layla-at-nabd', password: 'x' });
  expect(malformed.status).toBe(422);
  expect(malformed.html).toContain('<p class="field__error" id="field-email-error">This email is not valid.</p>');
  expect(fieldValue(malformed.html, 'email')).toBe('layla-at-nabd');
});

test('a POST without the CSRF token is refused with a readable page', async () => {
  const browser = identity.browser();
  const { loginPage } = await startSignIn(identity, browser);
  const forged = await submitLogin(browser, loginPage, DEMO_USER, null);
  expect(forged.status).toBe(403);
  expect(forged.html).toContain('<h1>This form has expired</h1>');

  const tampered = await submitLogin(browser, loginPage, DEMO_USER, 'abc.def');
  expect(tampered.status).toBe(403);
});

test('a CSRF token from another visitor is refused', async () => {
  const other = await startSignIn(identity, identity.browser());
  const browser = identity.browser();
  const { loginPage } = await startSignIn(identity, browser);
  const forged = await submitLogin(browser, loginPage, DEMO_USER, fieldValue(other.loginPage.html, '_csrf')!);
  expect(forged.status).toBe(403);
});

test('an unknown or finished sign-in shows a friendly page with a way to start again', async () => {
  const page = await identity.browser().get(`${ISSUER}/interaction/no-such-interaction`);
  expect(page.status).toBe(400);
  expect(page.html).toContain('<h1>This sign-in has expired</h1>');
  expect(page.html).toContain('href="http://localhost:3000/account/login"');

  const browser = identity.browser();
  const { loginPage } = await startSignIn(identity, browser);
  await browser.follow(await submitLogin(browser, loginPage, DEMO_USER), ISSUER);
  const replayed = await submitLogin(browser, loginPage, DEMO_USER);
  expect(replayed.status).toBe(400);
});

test('provider errors are rendered by our bilingual error page', async () => {
  const page = await identity.browser().get(`${ISSUER}/auth?client_id=unknown&response_type=code&scope=openid&ui_locales=ar`);
  expect(page.status).toBe(400);
  expect(page.html).toContain('<html lang="ar" dir="rtl">');
  expect(page.html).toContain('<h1>حدث خطأ ما</h1>');
  expect(page.html).toContain('invalid_client');
  expect(page.html).not.toMatch(/\bat .*\.js:\d+/);
});

test('the sign-out script is served to the pages', async () => {
  const response = await identity.fetch(`${ISSUER}/assets/sign-out.js`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/javascript/);
  expect(await response.text()).toContain('[data-auto-submit]');
});

test('reloading the address of a refused form goes back to the sign-in page', async () => {
  const browser = identity.browser();
  const { loginPage } = await startSignIn(identity, browser);
  const reloaded = await browser.get(`${loginPage.url}/login`);
  expect(reloaded.status).toBe(303);
  expect(new URL(reloaded.location!, ISSUER).href).toBe(loginPage.url);
});

describe('in production', () => {
  let production: RunningIdentity;
  beforeAll(async () => {
    production = await startIdentity(database, { production: true });
  });
  afterAll(() => production.close());

  test('error pages give the error code but no internals', async () => {
    const page = await production.browser().get(`${ISSUER}/auth?client_id=unknown&response_type=code&scope=openid`);
    expect(page.status).toBe(400);
    expect(page.html).toContain('Error code: invalid_client');
    expect(page.html).not.toContain('client is invalid');
  });

  test('cookies are secure behind a TLS-terminating proxy', async () => {
    // The in-process fetch sends X-Forwarded-Proto from the URL's scheme, as a proxy would.
    const authorization = new URL(`${ISSUER.replace('http:', 'https:')}/auth`);
    authorization.search = new URLSearchParams({
      client_id: 'website',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: 'http://localhost:3000/account/redirecting',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const redirect = await production.fetch(authorization, { redirect: 'manual' });
    expect(redirect.headers.getSetCookie().every((cookie) => /; secure/i.test(cookie))).toBe(true);

    const page = await production.fetch(new URL(redirect.headers.get('location')!, authorization), {
      headers: {
        cookie: redirect.headers
          .getSetCookie()
          .map((cookie) => cookie.split(';')[0])
          .join('; '),
      },
    });
    expect(page.status).toBe(200);
    expect(page.headers.getSetCookie().join()).toMatch(/^__Host-nabd-identity-csrf=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Strict/);
  });

  test('the demo user is never seeded', async () => {
    const logger = createLogger({ level: 'silent' });
    await expect(
      createIdentityService({
        database,
        issuer: ISSUER,
        secret: 'x'.repeat(32),
        clients: [],
        apiAudience: 'urn:nabd:api',
        production: true,
        logger,
        seedDemoUser: true,
        mailer: createMailer({ from: DEFAULT_MAIL_FROM, dataDir: 'memory://', logger }),
        rateLimits: await createRateLimits({ prefix: 'test', logger }),
      }),
    ).rejects.toThrow(/demo user/);
  });
});
