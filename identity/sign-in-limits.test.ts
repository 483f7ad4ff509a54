import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { RATE_LIMITS } from '#platform/rate-limits.ts';
import { sessionBackends } from '#test/support/backends.ts';
import type { Browser, Page } from '#test/support/browser.ts';
import { createAccount, startIdentity, startSignIn, submitLogin, type RunningIdentity } from './test-support/identity-fixture.ts';

const PASSWORD = 'Festival-2026!';

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

/** Posts the form `times` times with these credentials, each time on the page the last post answered. */
async function attempts(browser: Browser, page: Page, credentials: { email: string; password: string }, times: number) {
  let current = page;
  for (let attempt = 0; attempt < times; attempt++) current = await submitLogin(browser, current, credentials);
  return current;
}

test('five wrong passwords from one address pause that address for the account, even for the right one, in the visitor language', async () => {
  await createAccount(identity, 'target@nabd.example');
  const browser = identity.browser({ address: '198.51.100.1' });
  const { loginPage } = await startSignIn(identity, browser);
  const fifth = await attempts(browser, loginPage, { email: 'target@nabd.example', password: 'Guess-0001!' }, 5);
  expect(fifth.status).toBe(401);

  const refused = await submitLogin(browser, fifth, { email: 'TARGET@nabd.example', password: PASSWORD });
  expect(refused.status).toBe(429);
  expect(refused.html).toContain(
    '<p class="form-error" id="login-error" role="alert">Too many requests. Please try again in a few minutes.</p>',
  );
  const sameAddress = identity.browser({ address: '198.51.100.1' });
  const arabic = await startSignIn(identity, sameAddress, { ui_locales: 'ar' });
  const refusedInArabic = await submitLogin(sameAddress, arabic.loginPage, { email: 'target@nabd.example', password: PASSWORD });
  expect(refusedInArabic.status).toBe(429);
  expect(refusedInArabic.html).toContain('طلبات كثيرة جدًا. يُرجى المحاولة مرة أخرى بعد بضع دقائق.');
});

test('whoever guesses from elsewhere cannot lock the owner out: the owner signs in from their own address', async () => {
  await createAccount(identity, 'owner@nabd.example');
  const attacker = identity.browser({ address: '198.51.100.66' });
  const attack = await startSignIn(identity, attacker);
  const locked = await attempts(attacker, attack.loginPage, { email: 'owner@nabd.example', password: 'Guess-0001!' }, 6);
  expect(locked.status).toBe(429);

  const owner = identity.browser({ address: '198.51.100.7' });
  const { loginPage } = await startSignIn(identity, owner);
  expect((await submitLogin(owner, loginPage, { email: 'owner@nabd.example', password: PASSWORD })).status).toBe(303);
});

test('guesses spread over many addresses pause the account once they pass the slower limit for it', async () => {
  await createAccount(identity, 'spread@nabd.example');
  const { points } = RATE_LIMITS.signInFailuresPerAccount;
  // Four guesses an address: under each address's limit for the account, over the account's own.
  for (let guess = 0; guess < points; guess += 4) {
    const browser = identity.browser({ address: `10.0.${Math.floor(guess / 256)}.${guess % 256}` });
    const { loginPage } = await startSignIn(identity, browser);
    await attempts(browser, loginPage, { email: 'spread@nabd.example', password: 'Guess-0001!' }, Math.min(4, points - guess));
  }
  const owner = identity.browser({ address: '198.51.100.8' });
  const { loginPage } = await startSignIn(identity, owner);
  expect((await submitLogin(owner, loginPage, { email: 'spread@nabd.example', password: PASSWORD })).status).toBe(429);
});

test('a successful sign-in forgets the account failures', async () => {
  await createAccount(identity, 'forgetful@nabd.example');
  const browser = identity.browser({ address: '198.51.100.3' });
  const { loginPage } = await startSignIn(identity, browser);
  const failed = await attempts(browser, loginPage, { email: 'forgetful@nabd.example', password: 'Guess-0001!' }, 4);
  expect((await submitLogin(browser, failed, { email: 'forgetful@nabd.example', password: PASSWORD })).status).toBe(303);

  const again = identity.browser({ address: '198.51.100.3' });
  const next = await startSignIn(identity, again, { prompt: 'login' });
  const failedAgain = await attempts(again, next.loginPage, { email: 'forgetful@nabd.example', password: 'Guess-0001!' }, 4);
  expect((await submitLogin(again, failedAgain, { email: 'forgetful@nabd.example', password: PASSWORD })).status).toBe(303);
});

test('fifty failures from one address pause that address, whatever the accounts', async () => {
  await createAccount(identity, 'bystander@nabd.example');
  const browser = identity.browser({ address: '203.0.113.50' });
  let page = (await startSignIn(identity, browser)).loginPage;
  for (let attempt = 0; attempt < 50; attempt++) {
    page = await submitLogin(browser, page, { email: `stuffing${attempt}@nabd.example`, password: 'Leaked-Pass-1!' });
    expect(page.status).toBe(401);
  }
  const refused = await submitLogin(browser, page, { email: 'bystander@nabd.example', password: PASSWORD });
  expect(refused.status).toBe(429);

  // The account itself is fine from elsewhere.
  const elsewhere = identity.browser({ address: '203.0.113.51' });
  const { loginPage } = await startSignIn(identity, elsewhere);
  expect((await submitLogin(elsewhere, loginPage, { email: 'bystander@nabd.example', password: PASSWORD })).status).toBe(303);
});

const redis = sessionBackends.find((backend) => backend.redisUrl);
(redis ? describe : describe.skip)('with Redis', () => {
  test('two identity instances see the same limits', async () => {
    const prefix = `test-${crypto.randomUUID()}`;
    const first = await startIdentity(database, { redisUrl: redis!.redisUrl, rateLimitPrefix: prefix });
    const second = await startIdentity(database, { redisUrl: redis!.redisUrl, rateLimitPrefix: prefix });
    try {
      expect(first.rateLimits.engine).toBe('redis');
      await createAccount(first, 'shared@nabd.example');
      const browser = first.browser({ address: '192.0.2.10' });
      const { loginPage } = await startSignIn(first, browser);
      await attempts(browser, loginPage, { email: 'shared@nabd.example', password: 'Guess-0001!' }, 5);

      // The same address on the other instance: its five failures are counted there too.
      const again = second.browser({ address: '192.0.2.10' });
      const attempt = await startSignIn(second, again);
      expect((await submitLogin(again, attempt.loginPage, { email: 'shared@nabd.example', password: PASSWORD })).status).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
