import pg from 'pg';
import { DEMO_USER } from '#identity/service.ts';
import { RETRY_AFTER_SECONDS } from '#platform/dependency-errors.ts';
import { Browser, fieldValue, formAction, type Page } from './support/browser.ts';
import { databaseBackends, sessionBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { startTcpRelay, type TcpRelay } from './support/tcp-relay.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * Sale day with PostgreSQL going away (decision 0033): the whole site on a real PostgreSQL reached
 * through a relay the test cuts, as a stop or a restart of the server does. Pages that need the
 * database say "try again in a moment" (503, Retry-After) in the visitor's language and quickly,
 * content keeps coming from the web tier's caches, the process lives on, and everything works
 * again once PostgreSQL is back, without a restart.
 */

const postgres = databaseBackends.find((backend) => backend.name === 'PostgreSQL');
const sessions = sessionBackends.at(-1)!;

const UNAVAILABLE_EN = 'This page is temporarily unavailable. Please try again in a moment.';
const UNAVAILABLE_AR = 'هذه الصفحة غير متاحة مؤقتًا. يرجى المحاولة مرة أخرى بعد قليل.';

let site: TestSite;
let relay: TcpRelay;
let admin: pg.Client;
/** The site's database on the server itself, not through the relay. */
let directUrl: string;
let databaseName: string;
let drop: () => Promise<void>;

(postgres ? describe : describe.skip)('when PostgreSQL goes away', () => {
  beforeAll(async () => {
    const created = await postgres!.create({ startedSite: true });
    drop = created.drop;
    const direct = new URL(created.url!);
    databaseName = decodeURIComponent(direct.pathname.slice(1));
    relay = await startTcpRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    const relayed = new URL(direct);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(relay.port);
    site = await startTestSite({ DATABASE_URL: relayed.href, REDIS_URL: sessions.redisUrl });
    directUrl = direct.href;
    admin = new pg.Client({ connectionString: directUrl });
    await admin.connect();
  });
  afterEach(() => relay.restore().catch(() => {}));
  afterAll(async () => {
    await site?.close();
    await relay?.close();
    await admin?.end();
    await drop?.();
  });

  /** What `pg_ctl restart -m fast` does first: every backend of the site is told to go (57P01), and no one can connect. */
  async function stopPostgres() {
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      databaseName,
    ]);
    await relay.cut();
  }

  const startPostgres = () => relay.restore();

  async function signedIn(): Promise<Browser> {
    const browser = new Browser(site.fetch);
    const loginPage = await browser.follow(await browser.get(`${TEST_ORIGIN}/account`), TEST_ORIGIN);
    const action = new URL(formAction(loginPage.html, '/login')!, loginPage.url);
    const submitted = await browser.post(action, { _csrf: fieldValue(loginPage.html, '_csrf')!, ...DEMO_USER });
    const account = await browser.follow(submitted, TEST_ORIGIN);
    expect(account.status).toBe(200);
    return browser;
  }

  /** The page and how long it took to come. */
  async function timed(request: () => Promise<Page>): Promise<Page & { ms: number }> {
    const started = performance.now();
    const page = await request();
    return { ...page, ms: performance.now() - started };
  }

  /** How long until `request` answers with `status`, asking every 100 ms; fails after `withinMs`. */
  async function eventually(request: () => Promise<{ status: number }>, status: number, withinMs: number): Promise<number> {
    const started = performance.now();
    for (;;) {
      const answer = await request();
      if (answer.status === status) return performance.now() - started;
      if (performance.now() - started > withinMs) throw new Error(`Still ${answer.status} after ${withinMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  test('a signed-in visitor asks again in a moment, in English and Arabic; content pages keep serving; all is back within 5 s of PostgreSQL', async () => {
    const visitor = await signedIn();
    const guest = new Browser(site.fetch);
    expect((await guest.get(`${TEST_ORIGIN}/events`)).status).toBe(200);
    expect((await guest.get(`${TEST_ORIGIN}/ar/events`)).status).toBe(200);

    await stopPostgres();

    const english = await timed(() => visitor.get(`${TEST_ORIGIN}/account`));
    expect(english.status).toBe(503);
    expect(english.ms).toBeLessThan(2000);
    expect(english.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(english.headers.get('cache-control')).toBe('no-store');
    expect(decoded(english.html)).toContain(UNAVAILABLE_EN);

    const arabic = await timed(() => visitor.get(`${TEST_ORIGIN}/ar/account`));
    expect(arabic.status).toBe(503);
    expect(arabic.ms).toBeLessThan(2000);
    expect(arabic.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(arabic.html).toContain('dir="rtl"');
    expect(decoded(arabic.html)).toContain(UNAVAILABLE_AR);

    // Content the web tier has seen is served from its caches meanwhile.
    expect((await guest.get(`${TEST_ORIGIN}/events`)).status).toBe(200);
    expect((await guest.get(`${TEST_ORIGIN}/ar/events`)).status).toBe(200);

    const readiness = await timed(() => guest.get(`${TEST_ORIGIN}/readyz`));
    expect(readiness.status).toBe(503);
    expect(readiness.ms).toBeLessThan(1000);
    expect(JSON.parse(readiness.html).checks).toMatchObject({ database: 'failed' });

    await startPostgres();
    expect(await eventually(() => visitor.get(`${TEST_ORIGIN}/account`), 200, 5000)).toBeLessThan(5000);
    expect((await guest.get(`${TEST_ORIGIN}/readyz`)).status).toBe(200);
  });

  test('a transaction whose connection PostgreSQL terminates fails its form with 503 and Retry-After; the next one succeeds', async () => {
    const visitor = await signedIn();
    const addresses = await visitor.get(`${TEST_ORIGIN}/account/addresses`);
    expect(addresses.status).toBe(200);
    const address = {
      _csrf: fieldValue(addresses.html, '_csrf')!,
      intent: 'add-address',
      nickname: 'Home',
      address1: 'Tahlia Street 12',
      address2: '',
      city: 'Riyadh',
      state: '',
      postalCode: '',
      countryCode: 'SA',
    };

    // Someone else holds the visitor's profile row, so the address book's transaction is caught
    // waiting inside PostgreSQL, its connection checked out of the pool, when the server ends it.
    const holder = new pg.Client({ connectionString: directUrl });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from users.profiles where email = $1 for update', [DEMO_USER.email]);
      const sending = visitor.post(`${TEST_ORIGIN}/account/addresses`, address);
      const waiting = await waitingOnLock();
      await admin.query('select pg_terminate_backend($1)', [waiting]);
      const failed = await sending;
      expect(failed.status).toBe(503);
      expect(failed.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    } finally {
      await holder.query('rollback');
      await holder.end();
    }

    const saved = await visitor.post(`${TEST_ORIGIN}/account/addresses`, address);
    expect(saved.status).toBe(303);
    expect(decoded((await visitor.follow(saved, TEST_ORIGIN)).html)).toContain('Tahlia Street 12');
  });

  test("the identity service's pages and API answer 503 with Retry-After while PostgreSQL is away", async () => {
    const { clientId, clientSecret } = site.config.identity;
    const authorization = new URL(`${TEST_ORIGIN}/oidc/auth`);
    authorization.search = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: `${TEST_ORIGIN}/account/redirecting`,
      scope: 'openid email',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ui_locales: 'ar',
    }).toString();
    const forgotPassword = () =>
      site.fetch(`${TEST_ORIGIN}/oidc/api/forgot-password`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email: 'someone@nabd.example', locale: 'en', clientIp: '192.0.2.1' }),
      });
    // An Arabic visitor (the site's locale cookie, SPEC 9.1) with a sign-in under way, at the provider's login page.
    const browser = new Browser(site.fetch);
    browser.setCookie('locale', 'ar');
    const started = await browser.get(authorization.href);
    expect(started.status).toBe(303);
    const loginPage = new URL(started.location!, authorization).href;
    expect((await browser.get(loginPage)).status).toBe(200);
    expect((await forgotPassword()).status).toBe(200);

    await stopPostgres();

    const resumed = await browser.get(loginPage);
    expect(resumed.status).toBe(503);
    expect(resumed.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(decoded(resumed.html)).toContain('تعذّر إتمام طلبك الآن. يرجى المحاولة مرة أخرى بعد قليل.');

    const signInPage = await site.fetch(authorization.href, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(signInPage.status).toBe(503);
    expect(signInPage.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    const html = decoded(await signInPage.text());
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('تعذّر إتمام طلبك الآن. يرجى المحاولة مرة أخرى بعد قليل.');

    const api = await forgotPassword();
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(await api.json()).toEqual({ error: 'temporarily_unavailable' });

    await startPostgres();
    expect(await eventually(forgotPassword, 200, 5000)).toBeLessThan(5000);
  });
});

/** The site's connection that waits for a row lock, once it does. */
async function waitingOnLock(): Promise<number> {
  for (let tries = 0; tries < 100; tries += 1) {
    const { rows } = await admin.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
      [databaseName],
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('No connection of the site waited for the row lock');
}
