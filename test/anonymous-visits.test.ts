import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createClient } from 'redis';
import request from 'supertest';
import { queryRows } from '#platform/database.ts';
import { sessionBackends } from './support/backends.ts';
import { builtRoutes, EXAMPLES, inLocale } from './support/route-examples.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';

/**
 * Decision 0034: a page view creates nothing. A crawler, or anyone without cookies, who reads every
 * page of the site in both languages leaves no session in the store and is issued no guest
 * credentials; the visitor who adds a ticket to the cart gets one of each, once.
 */

const EVENT = '/events/nabd-festival-2026';

/** Every route's example and its not-found URLs, and the links a crawler finds beyond them. */
const CRAWLED = [
  ...builtRoutes.flatMap((id) => [EXAMPLES[id]!.found, ...(EXAMPLES[id]!.missing ?? [])]),
  ...['email', 'details', 'billing', 'shipping', 'finalize'].map((step) => `${EVENT}/tickets/checkout?step=${step}`),
  `${EVENT}/tickets?requested=tkt_nabd_group`,
  `${EVENT}/tickets/confirmation`,
  `${EVENT}/tickets/confirmation?orderId=NBD-UNKNOWN&secret=not-a-secret`,
  '/account/login?provider=google',
  '/account/login?retry',
  '/account/redirecting?error=access_denied',
];

/** The session store of the site: its database's table, or its own Redis database. */
function sessionCount(site: TestSite, redisUrl: string | undefined): () => Promise<number> {
  if (!redisUrl) {
    return async () =>
      (await queryRows<{ count: number }>(site.database.db, sql`select count(*)::int as count from web.sessions`))[0]!.count;
  }
  return async () => {
    const client = createClient({ url: redisUrl });
    await client.connect();
    try {
      return (await client.keys('nabd:session:*')).length;
    } finally {
      await client.close();
    }
  };
}

/** A Redis database of this file's own, so that sessions other test files store meanwhile do not count. */
function ownRedisDatabase(url: string): string {
  const own = new URL(url);
  own.pathname = '/11';
  return own.toString();
}

describe.each(sessionBackends)('visits without cookies, with $name', ({ redisUrl: sharedRedis }) => {
  const redisUrl = sharedRedis ? ownRedisDatabase(sharedRedis) : undefined;
  let site: TestSite;
  let sessions: () => Promise<number>;
  const logged: string[] = [];
  const guestCredentialsIssued = () => logged.filter((message) => message === 'Guest credentials issued').length;

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(JSON.parse(line).msg) });
    site = await startTestSite({ REDIS_URL: redisUrl }, { logger });
    sessions = sessionCount(site, redisUrl);
  });
  afterAll(() => site.close());

  test('a crawler reading every page in both languages leaves no session and gets no guest credentials', async () => {
    const before = { sessions: await sessions(), guestCredentials: guestCredentialsIssued() };
    const answers: string[] = [];
    for (const locale of ['en', 'ar'] as const) {
      for (const path of CRAWLED) {
        const response = await request(site.app).get(inLocale(locale, path));
        const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
        answers.push(`${response.status} ${inLocale(locale, path)} ${cookies.map((cookie) => cookie.split('=')[0]).join(' ')}`.trim());
        // Booleans, so that a failure names the URL rather than printing the page.
        expect({ path: inLocale(locale, path), serverError: response.status >= 500 }).toEqual({
          path: inLocale(locale, path),
          serverError: false,
        });
      }
    }
    // The tickets pages and checkout were among them, and answered as a shop does.
    expect(answers).toContain(`200 ${EVENT}/tickets locale`);
    expect(answers).toContain(`200 /ar${EVENT}/tickets/cart locale`);
    expect(answers.filter((answer) => answer.includes('nabd.sid'))).toEqual([]);
    expect({ sessions: await sessions(), guestCredentials: guestCredentialsIssued() }).toEqual(before);
  });

  test('a visitor who adds a ticket to the cart gets one session and one set of guest credentials, kept while they browse', async () => {
    const before = { sessions: await sessions(), guestCredentials: guestCredentialsIssued() };
    const browser = request.agent(site.app);
    expect((await browser.get(`${EVENT}/tickets`)).status).toBe(200);
    const added = await browser
      .post(`${EVENT}/tickets`)
      .set('Sec-Fetch-Site', 'same-origin')
      .type('form')
      .send({ intent: 'add', ticketId: 'tkt_nabd_ga', quantity: '1' });
    expect(added.status).toBe(303);
    expect(String(added.headers['set-cookie'])).toContain('nabd.sid=');
    for (const path of [`${EVENT}/tickets/cart`, `${EVENT}/tickets`, `/ar${EVENT}/tickets/cart`, `${EVENT}/tickets/login`, '/']) {
      expect((await browser.get(path)).status).toBe(200);
    }
    expect({ sessions: await sessions(), guestCredentials: guestCredentialsIssued() }).toEqual({
      sessions: before.sessions + 1,
      guestCredentials: before.guestCredentials + 1,
    });
  });
});
