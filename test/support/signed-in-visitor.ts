import { expect } from '@jest/globals';
import { createAccount } from './accounts.ts';
import { Browser, fieldValue, formAction, type Page } from './browser.ts';
import { decoded } from './html.ts';
import { TEST_ORIGIN, type TestSite } from './test-site.ts';

/** A visitor of a test site in a browser without JavaScript, signed in with an account of their own. */
export interface SignedInVisitor {
  browser: Browser;
  email: string;
  userId: string;
  /** The page last shown, whose CSRF token the next form sends. */
  page: Page;
  get(path: string): Promise<Page>;
  /** Sends a form to `path` with the CSRF token of the page last shown. */
  submit(path: string, fields: Record<string, string>): Promise<Page>;
  /** Follows a form's 303 to the page it lands on, with its flash message. */
  landing(sent: Page): Promise<Page>;
}

const PASSWORD = 'Visitor-test-2026!';
let visitors = 0;

/** The page's text as a reader sees it. */
export const textOf = (page: Page) => decoded(page.html);

/** Signs in on the identity provider's login page the site sends the browser to from `start`. */
export async function signIn(site: TestSite, browser: Browser, email: string, start: string, password = PASSWORD): Promise<Page> {
  const loginPage = await browser.follow(await browser.get(`${TEST_ORIGIN}${start}`), TEST_ORIGIN);
  expect(loginPage.url).toMatch(new RegExp(`^${TEST_ORIGIN}/oidc/interaction/`));
  const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
  return browser.follow(await browser.post(action, { _csrf: fieldValue(loginPage.html, '_csrf')!, email, password }), TEST_ORIGIN);
}

/** A new confirmed account (never the shared demo user), signed in, starting at `start`. */
export async function newSignedInVisitor(site: TestSite, start = '/account', name = 'Noura'): Promise<SignedInVisitor> {
  visitors += 1;
  const email = `visitor-${visitors}-${Date.now()}@nabd.example`;
  const user = await createAccount(site.database.db, { email, password: PASSWORD, givenName: name, familyName: 'Saleh' });
  const browser = new Browser(site.fetch);
  const visitor: SignedInVisitor = {
    browser,
    email,
    userId: user.id,
    page: await signIn(site, browser, email, start),
    async get(path) {
      visitor.page = await browser.get(`${TEST_ORIGIN}${path}`);
      return visitor.page;
    },
    async submit(path, fields) {
      const sent = await browser.post(`${TEST_ORIGIN}${path}`, { _csrf: fieldValue(visitor.page.html, '_csrf') ?? '', ...fields });
      if (sent.status === 200 || sent.status >= 400) visitor.page = sent;
      return sent;
    },
    async landing(sent) {
      expect(sent.status).toBe(303);
      visitor.page = await browser.follow(sent, TEST_ORIGIN);
      return visitor.page;
    },
  };
  expect(visitor.page.status).toBe(200);
  return visitor;
}
