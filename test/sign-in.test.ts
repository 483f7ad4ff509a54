import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { Browser, fieldValue, formAction, type Page } from './support/browser.ts';
import { DEMO_USER } from '#identity/service.ts';
import { decoded } from './support/html.ts';
import { sessionBackends } from './support/backends.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/** Follows redirects on our own origin until a page answers. */
const follow = (browser: Browser, page: Page) => browser.follow(page, TEST_ORIGIN);

async function signIn(browser: Browser, start = '/account'): Promise<Page> {
  const loginPage = await follow(browser, await browser.get(`${TEST_ORIGIN}${start}`));
  expect(loginPage.url).toMatch(new RegExp(`^${TEST_ORIGIN}/oidc/interaction/`));
  const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
  const submitted = await browser.post(action, {
    _csrf: fieldValue(loginPage.html, '_csrf')!,
    email: DEMO_USER.email,
    password: DEMO_USER.password,
  });
  return follow(browser, submitted);
}

async function sessionRows(site: TestSite) {
  return queryRows<{ sid: string; data: { auth?: { tokens: Record<string, unknown> } } }>(
    site.database.db,
    sql`select sid, data from web.sessions`,
  );
}

describe.each(sessionBackends)('signing in and out through the identity service, $name', ({ redisUrl }) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ REDIS_URL: redisUrl });
  });
  afterAll(() => site.close());

  test('an account page sends a visitor to sign in and brings them back, signed in, with their name from the user service', async () => {
    const browser = new Browser(site.fetch);
    const account = await signIn(browser);
    expect(account.url).toBe(`${TEST_ORIGIN}/account`);
    expect(account.status).toBe(200);
    expect(decoded(account.html)).toContain('Welcome back, Layla');
    expect(decoded(account.html)).toContain('Layla Haddad');
    expect(account.html).toContain('demo@nabd.example');
  });

  test('in Arabic the login page and the account are Arabic', async () => {
    const browser = new Browser(site.fetch);
    const loginPage = await follow(browser, await browser.get(`${TEST_ORIGIN}/ar/account`));
    expect(loginPage.html).toMatch(/<html lang="ar" dir="rtl"/);
    const account = await signIn(browser, '/ar/account');
    expect(account.url).toBe(`${TEST_ORIGIN}/ar/account`);
    expect(account.html).toContain('أهلًا بعودتك يا Layla');
  });

  test.each(['en', 'ar'] as const)('a wrong password on the hosted login page is tracked as user_login_failed (%s)', async (locale) => {
    const browser = new Browser(site.fetch);
    const start = locale === 'ar' ? '/ar/account' : '/account';
    const loginPage = await follow(browser, await browser.get(`${TEST_ORIGIN}${start}`));
    const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
    const refused = await browser.post(action, {
      _csrf: fieldValue(loginPage.html, '_csrf')!,
      email: DEMO_USER.email,
      password: 'not-the-password',
    });
    expect(refused.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // analytics are sent in batches every second
    const failure = (await site.analytics!.received('user_login_failed')).filter((event) => event.properties.language === locale).at(-1);
    expect(failure?.properties).toMatchObject({
      provider: 'Default',
      reason_code: 'wrong_credentials',
      version: '1.1',
      page_name: locale === 'ar' ? '/ar/account/login' : '/account/login',
      module_name: 'account',
    });
    // Decision 0031: nothing of the visitor's own reaches the analytics.
    expect(JSON.stringify(failure?.properties)).not.toContain(DEMO_USER.email);
  });

  test('opening the login page stores nothing; the session is made at sign-in, and no token ever reaches the browser', async () => {
    const browser = new Browser(site.fetch);
    const sessionsBefore = (await sessionRows(site)).length;
    await browser.get(`${TEST_ORIGIN}/account/login`);
    // Decision 0034: what the callback checks travels in a signed cookie, not a session.
    expect(browser.cookie('nabd.sid')).toBeUndefined();
    expect(browser.cookie('nabd.signin')).toBeTruthy();
    if (!redisUrl) expect((await sessionRows(site)).length).toBe(sessionsBefore);
    const account = await signIn(browser);
    expect(account.status).toBe(200);
    expect(browser.cookie('nabd.sid')).toBeTruthy();
    expect(browser.cookie('nabd.signin')).toBeUndefined();
    expect(account.html).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\./);
  });

  test('signing out ends the site session and the provider session in one request, and lands on the login page', async () => {
    const browser = new Browser(site.fetch);
    const account = await signIn(browser);
    const sid = /^s:([^.]+)\./.exec(decodeURIComponent(browser.cookie('nabd.sid')!))![1]!;
    const signOut = await browser.post(`${TEST_ORIGIN}/account`, { _csrf: fieldValue(account.html, '_csrf')!, intent: 'sign-out' });
    expect(signOut.status).toBe(303);
    expect(signOut.location).toBe('/account/login');
    const login = await browser.get(`${TEST_ORIGIN}/account/login`);
    expect(login.status).toBe(200);
    expect(decoded(login.html)).toContain('You are signed out.');
    if (!redisUrl) expect((await sessionRows(site)).map((row) => row.sid)).not.toContain(sid);
    // The account needs a sign-in again, at the provider's login form: the provider forgot them too.
    const again = await follow(browser, await browser.get(`${TEST_ORIGIN}/account`));
    expect(again.url).toMatch(new RegExp(`^${TEST_ORIGIN}/oidc/interaction/`));
    expect(again.html).toContain('name="password"');
  });
});

describe("a guest's shopping at sign-in (SPEC 4.3, 6)", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(() => site.close());

  test('the guest credentials and carts come along into a new session, still only on the server', async () => {
    const browser = new Browser(site.fetch);
    const added = await browser.post(`${TEST_ORIGIN}/events/nabd-festival-2026/tickets`, {
      intent: 'add',
      ticketId: 'tkt_nabd_ga',
      quantity: '1',
    });
    expect(added.status).toBe(303);
    const sid = /^s:([^.]+)\./.exec(decodeURIComponent(browser.cookie('nabd.sid')!))![1]!;
    const [asGuest] = await queryRows<{ data: { shop: { guest: { accessToken: string }; carts: Record<string, unknown> } } }>(
      site.database.db,
      sql`select data from web.sessions where sid = ${sid}`,
    );
    const shop = asGuest!.data.shop;
    expect(Object.keys(shop.carts)).toEqual(['evt_nabd_2026']);

    const account = await signIn(browser);
    expect(account.status).toBe(200);
    const rows = await queryRows<{ sid: string; data: { shop?: unknown; auth?: unknown } }>(
      site.database.db,
      sql`select sid, data from web.sessions`,
    );
    const signedIn = rows.filter((row) => row.data.auth);
    expect(signedIn.map((row) => row.data.shop)).toContainEqual(shop);
    // Regenerated at sign-in: the identifier known before is worthless (session fixation).
    expect(signedIn.every((row) => row.sid !== sid)).toBe(true);
    expect(account.html).not.toContain(shop.guest.accessToken);
  });
});

describe('keeping the session fresh (SPEC 4.1)', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(() => site.close());

  async function expireAccessToken(tokens: Record<string, unknown>) {
    await site.database.db.execute(
      sql`update web.sessions set data = jsonb_set(data, '{auth,tokens}', ${JSON.stringify({ ...tokens, accessTokenExpiresAt: Math.floor(Date.now() / 1000) + 2 })}::jsonb) where data ? 'auth'`,
    );
  }

  test('an access token about to expire (within 5 s) is refreshed and the visitor stays signed in', async () => {
    const browser = new Browser(site.fetch);
    await signIn(browser);
    const [signedIn] = (await sessionRows(site)).filter((row) => row.data.auth);
    await expireAccessToken(signedIn!.data.auth!.tokens);
    const account = await browser.get(`${TEST_ORIGIN}/account`);
    expect(account.status).toBe(200);
    const [refreshed] = (await sessionRows(site)).filter((row) => row.data.auth);
    expect(refreshed!.data.auth!.tokens.accessToken).not.toBe(signedIn!.data.auth!.tokens.accessToken);
    expect(refreshed!.data.auth!.tokens.refreshToken).not.toBe(signedIn!.data.auth!.tokens.refreshToken);
    await site.database.db.execute(sql`delete from web.sessions`);
  });

  test('a refresh the provider refuses signs the visitor out and is tracked with its reason', async () => {
    const browser = new Browser(site.fetch);
    await signIn(browser);
    const [signedIn] = (await sessionRows(site)).filter((row) => row.data.auth);
    await expireAccessToken({ ...signedIn!.data.auth!.tokens, refreshToken: 'revoked-or-unknown' });
    const account = await browser.get(`${TEST_ORIGIN}/account`);
    expect(account.status).toBe(302);
    expect(account.location).toBe('/account/login?returnTo=%2Faccount');
    expect((await sessionRows(site)).filter((row) => row.data.auth)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // analytics are sent in batches every second
    const failures = await site.analytics!.received('user_login_failed');
    expect(failures.at(-1)?.properties).toMatchObject({ provider: 'Default', version: '1.1', page_name: '/account', language: 'en' });
  });
});
