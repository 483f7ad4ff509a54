import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { DEMO_USER } from '#identity/service.ts';
import { startUpstreamProvider, type UpstreamPerson, type UpstreamProvider } from '#identity/test-support/upstream-provider.ts';
import { Browser, fieldValue, formAction, type Page } from './support/browser.ts';
import { databaseBackends, sessionBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * Social sign-in (SPEC 4.1, decision 0021) with a second OpenID provider started here as the
 * upstream `google`; `apple` stays unconfigured. Runs on the PostgreSQL and Redis servers when the
 * environment names them, on the embedded defaults otherwise.
 */

const database = databaseBackends.at(-1)!;
const sessions = sessionBackends.at(-1)!;
let site: TestSite;
let upstream: UpstreamProvider;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  upstream = await startUpstreamProvider({ redirectUri: `${TEST_ORIGIN}/oidc/social/callback` });
  const created = await database.create();
  dropDatabase = created.drop;
  site = await startTestSite({ DATABASE_URL: created.url, REDIS_URL: sessions.redisUrl, ...upstream.environment });
});

afterAll(async () => {
  await site?.close();
  await upstream?.close();
  await dropDatabase?.();
});

/** A browser for two hosts: the site (in process) and the upstream provider (over loopback). */
class Visitor {
  // The site starts in beforeAll; a visitor may be made before (in a describe block).
  readonly site = new Browser((input, init) => site.fetch(input, init));
  readonly upstream = new Browser(fetch);

  #browserFor(url: string) {
    return url.startsWith(TEST_ORIGIN) ? this.site : this.upstream;
  }

  get(url: string) {
    return this.#browserFor(url).get(url);
  }

  post(url: string, form: Record<string, string>) {
    return this.#browserFor(url).post(url, form);
  }

  /** Follows redirects across both hosts, stopping where `stop` says (by default where a page answers). */
  async follow(page: Page, stop: (url: string) => boolean = () => false): Promise<Page> {
    let current = page;
    for (let hops = 0; current.location && hops < 15; hops += 1) {
      const next = new URL(current.location, current.url).href;
      if (stop(next)) return { ...current, url: next };
      current = await this.get(next);
    }
    return current;
  }
}

const person = (overrides: Partial<UpstreamPerson> = {}): UpstreamPerson => ({
  sub: '1000',
  email: 'sara@example.com',
  given_name: 'Sara',
  family_name: 'Khan',
  email_verified: true,
  ...overrides,
});

/** From a page of the site to the hosted login page. */
async function loginPage(visitor: Visitor, start = '/account'): Promise<Page> {
  const page = await visitor.follow(await visitor.get(`${TEST_ORIGIN}${start}`));
  expect(page.url).toMatch(new RegExp(`^${TEST_ORIGIN}/oidc/interaction/`));
  return page;
}

/** Presses "Continue with Google" and arrives at the upstream provider's login form. */
async function continueWithGoogle(visitor: Visitor, login: Page): Promise<Page> {
  const action = formAction(login.html, '/social/google')!;
  const sent = await visitor.post(new URL(action, login.url).href, { _csrf: fieldValue(login.html, '_csrf')! });
  expect(sent.status).toBe(303);
  expect(sent.location).toMatch(new RegExp(`^${upstream.issuer}/auth\\?`));
  const form = await visitor.follow(sent);
  expect(form.url).toMatch(new RegExp(`^${upstream.issuer}/interaction/`));
  return form;
}

/** Signs in upstream as `who`; returns the redirect back to our callback, not yet followed. */
async function upstreamSignIn(visitor: Visitor, form: Page, who: UpstreamPerson): Promise<Page> {
  const sent = await visitor.post(new URL(formAction(form.html, '/login')!, form.url).href, {
    sub: who.sub,
    email: who.email,
    given_name: who.given_name,
    family_name: who.family_name,
    ...(who.email_verified ? { email_verified: 'true' } : {}),
  });
  return visitor.follow(sent, (url) => url.startsWith(`${TEST_ORIGIN}/oidc/social/callback`));
}

async function socialSignIn(visitor: Visitor, who: UpstreamPerson, start = '/account'): Promise<Page> {
  const form = await continueWithGoogle(visitor, await loginPage(visitor, start));
  const back = await upstreamSignIn(visitor, form, who);
  return visitor.follow(await visitor.get(back.url));
}

async function usersNamed(username: string) {
  return queryRows<{ id: string; email: string; given_name: string; email_verified: boolean; password_hash: string | null }>(
    site.database.db,
    sql`select id, email, given_name, email_verified, password_hash from identity.users where username = ${username}`,
  );
}

const onboardingFields = (html: string, extra: Record<string, string>) => ({
  _csrf: fieldValue(html, '_csrf')!,
  intent: 'onboard',
  returnTo: fieldValue(html, 'returnTo')!,
  firstName: 'Sara',
  lastName: 'Khan',
  phoneNumber: '',
  birthDate: '',
  gender: '',
  locale: 'en',
  ...extra,
});

describe('the hosted login page', () => {
  test('shows Continue with Google as a form and Apple disabled with its unavailable message, in English', async () => {
    const page = await loginPage(new Visitor());
    const text = decoded(page.html);
    expect(text).toContain('Continue with Google');
    expect(formAction(page.html, '/social/google')).toMatch(/^\/oidc\/interaction\/[^/]+\/social\/google$/);
    expect(formAction(page.html, '/social/apple')).toBeUndefined();
    expect(page.html).toMatch(/<button type="button" class="[^"]*social-button--apple"[^>]*disabled=""/);
    expect(text).toContain('Sign in with Apple is currently unavailable.');
  });

  test('in Arabic, and the unconfigured provider’s route answers its unavailable message', async () => {
    const visitor = new Visitor();
    const page = await loginPage(visitor, '/ar/account');
    const text = decoded(page.html);
    expect(text).toContain('المتابعة باستخدام Google');
    expect(text).toContain('تسجيل الدخول باستخدام Apple غير متاح حاليًا.');
    const apple = page.html.match(/action="(\/oidc\/interaction\/[^"]+)\/social\/google"/)![1]! + '/social/apple';
    const refused = await visitor.post(`${TEST_ORIGIN}${apple}`, { _csrf: fieldValue(page.html, '_csrf')! });
    expect(refused.status).toBe(503);
    expect(decoded(refused.html)).toMatch(/role="alert"[^>]*>تسجيل الدخول باستخدام Apple غير متاح حاليًا./);
  });

  test('a social button posted without the form token is refused', async () => {
    const visitor = new Visitor();
    const page = await loginPage(visitor);
    const refused = await visitor.post(new URL(formAction(page.html, '/social/google')!, page.url).href, { _csrf: 'forged' });
    expect(refused.status).toBe(400);
    expect(refused.location).toBeUndefined();
  });
});

describe('a first social sign-in, onboarding, and the next sign-in', () => {
  const visitor = new Visitor();
  let onboarding: Page;

  test('creates a user with the google_ prefix and no password, and lands on onboarding with the names prefilled', async () => {
    onboarding = await socialSignIn(visitor, person());
    expect(onboarding.url).toBe(`${TEST_ORIGIN}/account/onboarding?returnTo=%2Faccount`);
    expect(onboarding.status).toBe(200);
    expect(fieldValue(onboarding.html, 'firstName')).toBe('Sara');
    expect(fieldValue(onboarding.html, 'lastName')).toBe('Khan');
    const [user] = await usersNamed('google_1000');
    expect(user).toMatchObject({ email: 'sara@example.com', given_name: 'Sara', email_verified: true, password_hash: null });
    expect(onboarding.html).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  });

  test('every page sends the visitor back to onboarding until it is done; files and the callback do not', async () => {
    for (const [path, expected] of [
      ['/events', '/account/onboarding?returnTo=%2Fevents'],
      ['/account', '/account/onboarding?returnTo=%2Faccount'],
      ['/ar/about', '/ar/account/onboarding?returnTo=%2Far%2Fabout'],
    ] as const) {
      const page = await visitor.get(`${TEST_ORIGIN}${path}`);
      expect([path, page.status, page.location]).toEqual([path, 302, expected]);
    }
    const feed = await visitor.get(`${TEST_ORIGIN}/xp-feed/rss.xml`);
    expect(feed.status).toBe(200);
  });

  test('shows the SPEC 5 messages in English and keeps what was typed', async () => {
    const invalid = await visitor.post(
      `${TEST_ORIGIN}/account/onboarding`,
      onboardingFields(onboarding.html, { firstName: '', phoneNumber: '0501234567', birthDate: '2999-01-01' }),
    );
    expect(invalid.status).toBe(422);
    const text = decoded(invalid.html);
    expect(text).toContain('This field is required.');
    expect(text).toMatch(/international format/i);
    expect(text).toContain('Please accept the terms and conditions.');
    expect(text).toMatch(/The date must be before \d{4}-\d{2}-\d{2}\./);
    expect(fieldValue(invalid.html, 'phoneNumber')).toBe('0501234567');
    // The shared fields: the messages linked to their fields, the optional ones marked once.
    expect(invalid.html).toMatch(/id="onboarding-firstName"[^>]*aria-invalid="true" aria-describedby="onboarding-firstName-error"/);
    expect(invalid.html).toContain('aria-describedby="onboarding-phoneNumber-hint onboarding-phoneNumber-error"');
    expect(text).toContain('Please check the highlighted fields.');
    expect(text.match(/\(optional\)/g)).toHaveLength(3);
  });

  test('shows them in Arabic on the Arabic page', async () => {
    const page = await visitor.get(`${TEST_ORIGIN}/ar/account/onboarding`);
    expect(page.status).toBe(200);
    const invalid = await visitor.post(
      `${TEST_ORIGIN}/ar/account/onboarding`,
      onboardingFields(page.html, { lastName: '', phoneNumber: 'abc' }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.html).toMatch(/<html lang="ar" dir="rtl"/);
    const text = decoded(invalid.html);
    expect(text).toContain('أكمل ملفك الشخصي');
    expect(text).toContain('هذا الحقل مطلوب.');
    expect(text).toContain('أدخل رقم هاتف صحيحًا بالصيغة الدولية');
    expect(text).not.toContain('This field is required.');
  });

  test('once done, goes where the visitor was going and every page opens', async () => {
    const done = await visitor.post(
      `${TEST_ORIGIN}/account/onboarding`,
      onboardingFields(onboarding.html, { phoneNumber: '+966 50 123 4567', birthDate: '1995-04-02', gender: 'female', acceptTerms: 'on' }),
    );
    expect(done.status).toBe(303);
    expect(done.location).toBe('/account');
    const account = await visitor.get(`${TEST_ORIGIN}/account`);
    expect(account.status).toBe(200);
    expect(decoded(account.html)).toContain('Sara Khan');
    expect((await visitor.get(`${TEST_ORIGIN}/events`)).status).toBe(200);
    const again = await visitor.get(`${TEST_ORIGIN}/account/onboarding`);
    expect([again.status, again.location]).toEqual([302, '/account']);
  });

  test('the next sign-in through the same provider reuses the same user and needs no onboarding', async () => {
    const [before] = await usersNamed('google_1000');
    const account = await socialSignIn(new Visitor(), person({ email: 'sara@example.com' }));
    expect(account.url).toBe(`${TEST_ORIGIN}/account`);
    expect(account.status).toBe(200);
    const users = await usersNamed('google_1000');
    expect(users).toHaveLength(1);
    expect(users[0]!.id).toBe(before!.id);
  });
});

describe('signing up with a provider from the site (identity_provider)', () => {
  test.each(['', '/ar'])('the sign-up page (%s) offers both providers, each through the site’s sign-in start', async (prefix) => {
    const page = await new Browser(site.fetch).get(`${TEST_ORIGIN}${prefix}/account/register?returnTo=/events`);
    for (const provider of ['google', 'apple']) {
      expect(page.html).toContain(`href="${prefix}/account/login?provider=${provider}&amp;returnTo=%2Fevents"`);
    }
    expect(decoded(page.html)).toContain(prefix ? 'التسجيل عبر Google' : 'Sign up with Google');
  });

  test('/account/login?provider=google skips the login page, goes straight upstream and is tracked as a Google sign-in', async () => {
    const visitor = new Visitor();
    const form = await visitor.follow(await visitor.get(`${TEST_ORIGIN}/account/login?provider=google&returnTo=%2Fevents`));
    expect(form.url).toMatch(new RegExp(`^${upstream.issuer}/interaction/`));
    const back = await upstreamSignIn(visitor, form, person({ sub: '4000', email: 'nour@example.com', given_name: 'Nour' }));
    const onboarding = await visitor.follow(await visitor.get(back.url));
    expect(onboarding.url).toBe(`${TEST_ORIGIN}/account/onboarding?returnTo=%2Fevents`);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // analytics are sent in batches every second
    const started = await site.analytics!.received('user_login_started');
    expect(started.map((event) => event.properties.provider)).toContain('Google');
  });

  test('an unconfigured provider shows the login page with its unavailable message', async () => {
    const visitor = new Visitor();
    const page = await visitor.follow(await visitor.get(`${TEST_ORIGIN}/ar/account/login?provider=apple`));
    expect(page.url).toMatch(new RegExp(`^${TEST_ORIGIN}/oidc/interaction/`));
    expect(page.status).toBe(503);
    expect(decoded(page.html)).toMatch(/role="alert"[^>]*>تسجيل الدخول باستخدام Apple غير متاح حاليًا./);
    expect(page.html).toContain('name="password"');
  });
});

describe('refusals', () => {
  test('an upstream e-mail that belongs to another account is not linked: "Account exists with this email"', async () => {
    const page = await socialSignIn(new Visitor(), person({ sub: '2000', email: DEMO_USER.email.toUpperCase() }));
    expect(page.status).toBe(409);
    expect(page.url).toMatch(/\/oidc\/interaction\/[^/]+\/social\/callback/);
    expect(decoded(page.html)).toContain('Account exists with this email');
    expect(await usersNamed('google_2000')).toEqual([]);
  });

  test('a denial at the provider shows the other sign-in error on the login page', async () => {
    const visitor = new Visitor();
    const form = await continueWithGoogle(visitor, await loginPage(visitor));
    const denied = await visitor.post(new URL(formAction(form.html, '/deny')!, form.url).href, {});
    const page = await visitor.follow(denied);
    expect(page.status).toBe(401);
    expect(decoded(page.html)).toContain('We could not sign you in.');
    expect(page.html).toContain('name="password"');
  });

  test('a tampered state is refused and signs no one in', async () => {
    const visitor = new Visitor();
    const form = await continueWithGoogle(visitor, await loginPage(visitor));
    const back = new URL((await upstreamSignIn(visitor, form, person({ sub: '3000', email: 'tamper@example.com' }))).url);
    back.searchParams.set('state', 'forged-state');
    const page = await visitor.follow(await visitor.get(back.href));
    expect(page.status).toBe(401);
    expect(decoded(page.html)).toContain('We could not sign you in.');
    expect(await usersNamed('google_3000')).toEqual([]);
    const account = await visitor.get(`${TEST_ORIGIN}/account`);
    expect(account.status).toBe(302);
    expect(account.location).toMatch(/^\/account\/login/);
  });

  test('onboarding needs a sign-in first', async () => {
    const page = await new Visitor().get(`${TEST_ORIGIN}/ar/account/onboarding`);
    expect([page.status, page.location]).toEqual([302, '/ar/account/login?returnTo=%2Far%2Faccount%2Fonboarding']);
  });

  test('a callback without a pending attempt in this browser is refused', async () => {
    const visitor = new Visitor();
    const page = await visitor.get(`${TEST_ORIGIN}/oidc/social/callback?code=stolen&state=anything`);
    expect(page.status).toBe(400);
    expect(page.location).toBeUndefined();
  });

  test('when the current user cannot be read at sign-in, the visitor stays signed out and sees the failure', async () => {
    const visitor = new Visitor();
    const login = await loginPage(visitor);
    await site.database.db.execute(sql`alter table users.profiles rename to profiles_unreachable`);
    let landed: Page;
    try {
      const sent = await visitor.post(new URL(formAction(login.html, '/login')!, login.url).href, {
        _csrf: fieldValue(login.html, '_csrf')!,
        email: DEMO_USER.email,
        password: DEMO_USER.password,
      });
      landed = await visitor.follow(sent);
    } finally {
      await site.database.db.execute(sql`alter table users.profiles_unreachable rename to profiles`);
    }
    expect(landed.url).toBe(`${TEST_ORIGIN}/account/login`);
    expect(landed.status).toBe(200);
    expect(landed.html).toContain('role="alert"');
    const account = await visitor.get(`${TEST_ORIGIN}/account`);
    expect(account.status).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // analytics are sent in batches every second
    const failures = await site.analytics!.received('user_login_failed');
    expect(failures.at(-1)?.properties).toMatchObject({ provider: 'Default', version: '1.1' });
    expect(String(failures.at(-1)?.properties.reason_code)).toMatch(/current user/);
  });
});
