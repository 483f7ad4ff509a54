import { DEMO_USER } from '#identity/service.ts';
import { RETRY_AFTER_SECONDS } from '#platform/dependency-errors.ts';
import { Browser, fieldValue, formAction, type Page } from './support/browser.ts';
import { decoded } from './support/html.ts';
import { startRedisServer, type TestRedisServer } from './support/redis-server.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * Sale day with the session store's Redis stopped or frozen (decision 0033): visitors without a
 * session never notice; a page that needs the session says "try again in a moment" within two
 * seconds; /readyz tells the load balancer within a second; and all comes back by itself.
 */

const UNAVAILABLE_EN = 'This page is temporarily unavailable. Please try again in a moment.';
const UNAVAILABLE_AR = 'هذه الصفحة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى بعد قليل.';

let redis: TestRedisServer;
let site: TestSite;

beforeAll(async () => {
  redis = await startRedisServer();
  site = await startTestSite({ REDIS_URL: redis.url });
});
afterEach(async () => {
  redis.thaw();
});
afterAll(async () => {
  await site?.close();
  await redis?.stop();
});

async function signedIn(): Promise<Browser> {
  const browser = new Browser(site.fetch);
  const loginPage = await browser.follow(await browser.get(`${TEST_ORIGIN}/account`), TEST_ORIGIN);
  const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
  const submitted = await browser.post(action, { _csrf: fieldValue(loginPage.html, '_csrf')!, ...DEMO_USER });
  const account = await browser.follow(submitted, TEST_ORIGIN);
  expect(account.status).toBe(200);
  return browser;
}

async function timed(request: () => Promise<Page>): Promise<Page & { ms: number }> {
  const started = performance.now();
  const page = await request();
  return { ...page, ms: performance.now() - started };
}

/** Asks every 100 ms until the answer has `status`; fails after `withinMs`. */
async function eventually(request: () => Promise<Page>, status: number, withinMs: number): Promise<void> {
  const started = performance.now();
  for (;;) {
    const page = await request();
    if (page.status === status) return;
    if (performance.now() - started > withinMs) throw new Error(`Still ${page.status} after ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** What holds while Redis cannot answer, stopped or frozen. */
async function expectOutageAnswers(visitor: Browser) {
  const guest = new Browser(site.fetch);
  expect((await guest.get(`${TEST_ORIGIN}/events`)).status).toBe(200);
  expect((await guest.get(`${TEST_ORIGIN}/ar/about`)).status).toBe(200);

  const english = await timed(() => visitor.get(`${TEST_ORIGIN}/account`));
  expect(english.status).toBe(503);
  expect(english.ms).toBeLessThan(2000);
  expect(english.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  expect(decoded(english.html)).toContain(UNAVAILABLE_EN);

  const arabic = await timed(() => visitor.get(`${TEST_ORIGIN}/ar/account/addresses`));
  expect(arabic.status).toBe(503);
  expect(arabic.ms).toBeLessThan(2000);
  expect(decoded(arabic.html)).toContain(UNAVAILABLE_AR);

  const readiness = await timed(() => guest.get(`${TEST_ORIGIN}/readyz`));
  expect(readiness.status).toBe(503);
  expect(readiness.ms).toBeLessThan(1000);
  expect(JSON.parse(readiness.html)).toMatchObject({
    ready: false,
    checks: { database: 'ok', sessions: expect.stringMatching(/failed|timed out/) },
  });
}

test('while Redis is frozen, pages that need the session answer 503 quickly and guests browse on; thawed, the visitor is still signed in', async () => {
  const visitor = await signedIn();

  redis.freeze();
  await expectOutageAnswers(visitor);

  redis.thaw();
  await eventually(() => visitor.get(`${TEST_ORIGIN}/account`), 200, 3000);
  expect((await new Browser(site.fetch).get(`${TEST_ORIGIN}/readyz`)).status).toBe(200);
});

test('while Redis is stopped, signing in and signed-in pages answer 503 quickly; once it is back, visitors sign in again', async () => {
  const visitor = await signedIn();

  await redis.stop();
  await expectOutageAnswers(visitor);
  // Starting a sign-in keeps nothing in the session (decision 0034): the provider's page opens. Coming
  // back signed in needs a session to keep it in, which cannot be had now.
  const stranger = new Browser(site.fetch);
  const loginPage = await stranger.follow(await stranger.get(`${TEST_ORIGIN}/ar/account/login`), TEST_ORIGIN);
  expect(loginPage.status).toBe(200);
  const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
  const back = await timed(async () =>
    stranger.follow(await stranger.post(action, { _csrf: fieldValue(loginPage.html, '_csrf')!, ...DEMO_USER }), TEST_ORIGIN),
  );
  expect(back.status).toBe(503);
  expect(back.ms).toBeLessThan(2000);
  expect(decoded(back.html)).toContain(UNAVAILABLE_AR);

  // Redis comes back empty (nothing is saved to disk here): the session is gone, the site is not.
  await redis.start();
  await eventually(() => new Browser(site.fetch).get(`${TEST_ORIGIN}/readyz`), 200, 3000);
  await signedIn();
});
