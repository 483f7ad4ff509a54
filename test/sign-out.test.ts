import { sql } from 'drizzle-orm';
import { queryRows } from '#platform/database.ts';
import { DEMO_USER } from '#identity/service.ts';
import { Browser, fieldValue, formAction, type Page } from './support/browser.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * Decision 0040, through the real site with JavaScript off: signing out ends the site's session
 * and the provider's in one request, the access tokens of that sign-in stop working at the user
 * and commerce services within seconds, and the provider's own end-session page signs nobody out
 * on another site's say-so.
 */
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

/** The services read the revoked grants every 2 s; the rest is room for a busy machine. */
const REFUSED_WITHIN_MS = 5_000;

const LANGUAGES = [
  {
    locale: 'en',
    prefix: '',
    html: '<html lang="en" dir="ltr"',
    signedOut: 'You are signed out.',
    endedElsewhere: 'Your sign-in has ended',
    signInAgain: 'Sign in again',
  },
  {
    locale: 'ar',
    prefix: '/ar',
    html: '<html lang="ar" dir="rtl"',
    signedOut: 'تم تسجيل خروجك.',
    endedElsewhere: 'انتهى تسجيل دخولك',
    signInAgain: 'سجّل الدخول مرة أخرى',
  },
] as const;

const follow = (browser: Browser, page: Page) => browser.follow(page, TEST_ORIGIN);

/** Signs the demo user in from `start`, as a visitor without JavaScript; answers the page they land on. */
async function signIn(browser: Browser, start: string): Promise<Page> {
  const loginPage = await follow(browser, await browser.get(`${TEST_ORIGIN}${start}`));
  expect(loginPage.html).toContain('name="password"');
  const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
  const landed = await follow(
    browser,
    await browser.post(action, { _csrf: fieldValue(loginPage.html, '_csrf')!, email: DEMO_USER.email, password: DEMO_USER.password }),
  );
  expect(landed.url).toBe(`${TEST_ORIGIN}${start}`);
  return landed;
}

/** What the site keeps for this browser's sign-in (its session is in the site's database here). */
async function tokensOf(browser: Browser): Promise<{ accessToken: string; idToken: string }> {
  const sid = /^s:([^.]+)\./.exec(decodeURIComponent(browser.cookie('nabd.sid')!))![1]!;
  const [row] = await queryRows<{ data: { auth: { tokens: { accessToken: string; idToken: string } } } }>(
    site.database.db,
    sql`select data from web.sessions where sid = ${sid}`,
  );
  return row!.data.auth.tokens;
}

/** HTTP statuses of the user and commerce services for a call signed with the token. */
async function servicesAnswer(accessToken: string): Promise<{ user: number; commerce: number }> {
  const call = (path: string, query: string) =>
    site.fetch(`${TEST_ORIGIN}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
  const [user, commerce] = await Promise.all([
    call('/graphql/user', '{ user { email } }'),
    call('/graphql/commerce', '{ orders(limit: 1) { totalCount } }'),
  ]);
  return { user: user.status, commerce: commerce.status };
}

/** Asks both services until they refuse the token, for up to REFUSED_WITHIN_MS. */
async function refusedByTheServices(accessToken: string): Promise<{ user: number; commerce: number }> {
  const until = Date.now() + REFUSED_WITHIN_MS;
  let answer = await servicesAnswer(accessToken);
  while ((answer.user !== 401 || answer.commerce !== 401) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await servicesAnswer(accessToken);
  }
  return answer;
}

describe.each(LANGUAGES)('signing out in $locale', ({ locale, prefix, html, signedOut, endedElsewhere, signInAgain }) => {
  test('takes one request without JavaScript, lands on the login page saying so, and a password is needed again', async () => {
    const browser = new Browser(site.fetch);
    const account = await signIn(browser, `${prefix}/account`);
    const { accessToken } = await tokensOf(browser);
    expect(await servicesAnswer(accessToken)).toEqual({ user: 200, commerce: 200 });

    const sent = await browser.post(`${TEST_ORIGIN}${prefix}/account`, { _csrf: fieldValue(account.html, '_csrf')!, intent: 'sign-out' });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe(`${prefix}/account/login`);
    const login = await browser.get(`${TEST_ORIGIN}${sent.location}`);
    expect(login.status).toBe(200);
    expect(login.html).toContain(html);
    expect(decoded(login.html)).toContain(signedOut);
    expect(decoded(login.html)).toContain(signInAgain);
    expect(browser.cookie('nabd.flash')).toBeUndefined();

    // The button, like any later visit, goes to the provider's login form: it forgot the visitor too.
    const again = await follow(browser, await browser.get(new URL(decoded(/href="([^"]*retry[^"]*)"/.exec(login.html)![1]!), login.url)));
    expect(again.url).toMatch(new RegExp(`^${TEST_ORIGIN}/oidc/interaction/`));
    expect(again.html).toContain(html);
    expect(again.html).toContain('name="password"');
    const account2 = await follow(browser, await browser.get(`${TEST_ORIGIN}${prefix}/account`));
    expect(account2.html).toContain('name="password"');

    expect(await refusedByTheServices(accessToken)).toEqual({ user: 401, commerce: 401 });
  });

  test('is a form like every other: without its token, or from another site, nothing happens', async () => {
    const browser = new Browser(site.fetch);
    await signIn(browser, `${prefix}/account`);
    expect((await browser.post(`${TEST_ORIGIN}${prefix}/account`, { intent: 'sign-out' })).status).toBe(403);
    const account = await browser.get(`${TEST_ORIGIN}${prefix}/account`);
    expect(account.status).toBe(200);
    const forged = await browser.post(
      `${TEST_ORIGIN}${prefix}/account`,
      { _csrf: fieldValue(account.html, '_csrf')!, intent: 'sign-out' },
      { from: 'cross-site' },
    );
    expect(forged.status).toBe(403);
    expect((await browser.get(`${TEST_ORIGIN}${prefix}/account`)).status).toBe(200);
  });

  test("a link from another site to the provider's end-session page signs nobody out", async () => {
    const browser = new Browser(site.fetch);
    await signIn(browser, `${prefix}/account`);
    const { accessToken } = await tokensOf(browser);
    const page = await browser.get(`${TEST_ORIGIN}/oidc/session/end?client_id=website&ui_locales=${locale}`, { from: 'cross-site' });
    expect(page.status).toBe(200);
    expect(page.html).toContain(html);
    // The button is there for a visitor who means it; nothing presses it for them.
    expect(page.html).toContain('name="xsrf"');
    expect(page.html).not.toContain('data-auto-submit');
    expect(page.html).not.toContain('<script');

    expect((await browser.get(`${TEST_ORIGIN}${prefix}/account`)).status).toBe(200);
    // Still signed in at the provider: without the site's session, signing in needs no password.
    browser.forget('nabd.sid');
    const back = await follow(browser, await browser.get(`${TEST_ORIGIN}${prefix}/account`));
    expect(back.url).toBe(`${TEST_ORIGIN}${prefix}/account`);
    expect(back.status).toBe(200);
    expect(await servicesAnswer(accessToken)).toEqual({ user: 200, commerce: 200 });
  });

  test('with an ID token of the sign-in, the standard end-session endpoint still signs out, and the site follows', async () => {
    const browser = new Browser(site.fetch);
    await signIn(browser, `${prefix}/account`);
    const { accessToken, idToken } = await tokensOf(browser);
    const signedOutUrl = `${TEST_ORIGIN}${prefix}/account/login`;
    const endSession = new URL(`${TEST_ORIGIN}/oidc/session/end`);
    endSession.search = new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: signedOutUrl,
      ui_locales: locale,
    }).toString();
    const page = await browser.get(endSession);
    expect(page.html).toContain('data-auto-submit');
    // What the page's script does with JavaScript on; the same button without it.
    const ended = await browser.post(new URL(formAction(page.html, '/session/end')!, TEST_ORIGIN), {
      xsrf: fieldValue(page.html, 'xsrf')!,
      logout: 'yes',
    });
    expect(ended.status).toBe(303);
    expect(ended.location).toBe(signedOutUrl);

    // The grant is revoked: the services refuse the token, and the site, told so, signs the
    // visitor out too instead of failing. Its login page says why once, then the provider's
    // login form asks for the password.
    expect(await refusedByTheServices(accessToken)).toEqual({ user: 401, commerce: 401 });
    const account = await browser.get(`${TEST_ORIGIN}${prefix}/account`);
    expect(account.status).toBe(302);
    expect(account.location).toBe(`${prefix}/account/login?returnTo=${encodeURIComponent(`${prefix}/account`)}`);
    const said = await browser.get(`${TEST_ORIGIN}${account.location}`);
    expect(said.status).toBe(200);
    expect(decoded(said.html)).toContain(endedElsewhere);
    const login = await follow(browser, await browser.get(new URL(decoded(/href="([^"]*retry[^"]*)"/.exec(said.html)![1]!), said.url)));
    expect(login.html).toContain('name="password"');
  });
});
