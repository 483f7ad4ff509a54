import request from 'supertest';
import { databaseBackends } from './support/backends.ts';
import { startRedisServer, type TestRedisServer } from './support/redis-server.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * `/metrics` as Prometheus and an operator see it (decision 0038): behind a bearer token, off
 * without one, and every family there and moving when the shop does something.
 */

const METRICS_TOKEN = 'a-metrics-token-for-the-tests-of-32+';
const USER_EXISTENCE = { query: '{ userExistence(email: "someone@example.com") { exists } }' };

/** The value of one series, or the sum of the series whose labels include `labels`; undefined when none exists. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const own = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => own[key] === value)) total = (total ?? 0) + Number(match[3]);
  }
  return total;
}

async function scrape(site: TestSite): Promise<string> {
  const response = await request(site.app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
  expect(response.status).toBe(200);
  return response.text;
}

describe('/metrics without METRICS_TOKEN', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(() => site.close());

  test('does not exist: 404 like any unknown path, token or not', async () => {
    expect((await request(site.app).get('/metrics')).status).toBe(404);
    expect((await request(site.app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).status).toBe(404);
  });
});

describe('/metrics with METRICS_TOKEN, on the embedded defaults', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ METRICS_TOKEN }, { metricsFiguresMaxAgeMs: 0 });
  });
  afterAll(() => site.close());

  test('answers only the bearer of the token, and never to be cached', async () => {
    const without = await request(site.app).get('/metrics');
    expect(without.status).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(without.text).not.toContain('nabd_');
    for (const authorization of [
      `Bearer ${METRICS_TOKEN.slice(0, -1)}`,
      `Bearer ${METRICS_TOKEN}x`,
      `Basic ${METRICS_TOKEN}`,
      METRICS_TOKEN,
    ]) {
      expect((await request(site.app).get('/metrics').set('Authorization', authorization)).status).toBe(401);
    }
    const answer = await request(site.app).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  test('every family an operator watches is there', async () => {
    const text = await scrape(site);
    for (const family of [
      'nabd_http_requests_total',
      'nabd_http_request_duration_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nabd_database_info',
      'nabd_database_connection_wait_seconds',
      'nabd_redis_errors_total',
      'nabd_orders',
      'nabd_tickets_sold',
      'nabd_tickets_held',
      'nabd_active_holds',
      'nabd_jobs',
      'nabd_jobs_oldest_waiting_seconds',
      'nabd_payment_outcomes_total',
      'nabd_rate_limit_refusals_total',
      'nabd_metrics_source_failures_total',
    ]) {
      expect([family, text.includes(`# TYPE ${family} `)]).toEqual([family, true]);
    }
    expect(sample(text, 'nabd_database_info', { engine: 'pglite' })).toBe(1);
    // Every queue and kind of job, at zero when nothing waits.
    for (const [queue, kind] of [
      ['commerce', 'fulfil-order'],
      ['commerce', 'send-order-confirmation'],
      ['commerce', 'reconcile-payment'],
      ['payment_sandbox', 'deliver-callback'],
    ]) {
      expect([queue, kind, sample(text, 'nabd_jobs', { queue: queue!, kind: kind!, state: 'failed' })]).toEqual([queue, kind, 0]);
    }
    expect(sample(text, 'nabd_rate_limit_refusals_total', { limit: 'signUpsPerAddress' })).toBe(0);
  });

  test('a request counts under its route table id and status class, timed; never under its URL', async () => {
    const labels = { route: 'events', method: 'GET', status_class: '2xx' };
    const before = await scrape(site);
    expect((await request(site.app).get('/events?utm_source=secret-campaign')).status).toBe(200);
    expect((await request(site.app).get('/ar/events')).status).toBe(200);
    expect((await request(site.app).get('/no/such/page-7c1f')).status).toBe(404);
    const after = await scrape(site);
    expect((sample(after, 'nabd_http_requests_total', labels) ?? 0) - (sample(before, 'nabd_http_requests_total', labels) ?? 0)).toBe(2);
    expect(
      (sample(after, 'nabd_http_request_duration_seconds_count', labels) ?? 0) -
        (sample(before, 'nabd_http_request_duration_seconds_count', labels) ?? 0),
    ).toBe(2);
    expect(sample(after, 'nabd_http_requests_total', { route: 'not-found', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'nabd_http_requests_total', { route: '/healthz' })).toBeUndefined();
    // What answers before the route table is named after itself; the pages after it keep theirs.
    await request(site.app).get('/robots.txt');
    expect(sample(await scrape(site), 'nabd_http_requests_total', { route: 'seo-files', status_class: '2xx' })).toBe(1);
    await request(site.app).get('/healthz');
    expect(sample(await scrape(site), 'nabd_http_requests_total', { route: '/healthz', status_class: '2xx' })).toBe(1);
    expect(after).not.toMatch(/secret-campaign|page-7c1f|utm_source/);
  });

  test('a paid order moves orders by state, tickets held then sold, the queues, and the payment outcomes', async () => {
    const ticketsOf = (text: string, name: string) => sample(text, name, { event: 'evt_nabd_2026' })!;
    const orders = (text: string, state: string) => sample(text, 'nabd_orders', { state })!;
    const before = await scrape(site);

    const { identity } = site.config;
    const credentials = await site.fetch(`${TEST_ORIGIN}/oidc/api/guest-credentials`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${identity.clientId}:${identity.clientSecret}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    const { accessToken } = (await credentials.json()) as { accessToken: string };
    const commerce = async (query: string, variables: Record<string, unknown>) =>
      (await (
        await site.fetch(`${TEST_ORIGIN}/graphql/commerce`, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables }),
        })
      ).json()) as { data: Record<string, any> };
    const cart = await commerce('mutation ($input: CartCreateInput!) { cartCreate(eventId: "evt_nabd_2026", input: $input) { id } }', {
      input: { items: [{ catalogueItemId: 'tkt_nabd_ga', quantity: 2 }] },
    });
    const order = await commerce('mutation ($input: OrderCreateInput!) { orderCreate(input: $input) { orderId paymentLink } }', {
      input: {
        cartId: cart.data.cartCreate.id,
        eventId: 'evt_nabd_2026',
        customer: {
          email: 'sara@example.com',
          confirmEmail: 'sara@example.com',
          firstName: 'Sara',
          lastName: 'Amin',
          phoneNumber: '+966501234567',
        },
        billingAddress: { address1: 'King Fahd Road 1', city: 'Riyadh', countryCode: 'SA' },
        paymentMethod: 'CREDIT_CARD',
        acceptedTerms: true,
        returnUrl: `${TEST_ORIGIN}/tickets/confirmation`,
        locale: 'en',
      },
    });
    const pending = await scrape(site);
    expect(orders(pending, 'PENDING_PAYMENT') - orders(before, 'PENDING_PAYMENT')).toBe(1);
    expect(ticketsOf(pending, 'nabd_tickets_held') - ticketsOf(before, 'nabd_tickets_held')).toBe(2);
    expect(sample(pending, 'nabd_active_holds')! - sample(before, 'nabd_active_holds')!).toBe(1);
    // Decision 0032: the payment's reconciliation waits for the end of the hold.
    const reconciliation = { queue: 'commerce', kind: 'reconcile-payment', state: 'scheduled' };
    expect(sample(pending, 'nabd_jobs', reconciliation)! - sample(before, 'nabd_jobs', reconciliation)!).toBe(1);

    const paid = await site.fetch(order.data.orderCreate.paymentLink, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);

    const after = await scrape(site);
    expect(orders(after, 'PAID') - orders(before, 'PAID')).toBe(1);
    expect(orders(after, 'PENDING_PAYMENT')).toBe(orders(before, 'PENDING_PAYMENT'));
    expect(ticketsOf(after, 'nabd_tickets_sold') - ticketsOf(before, 'nabd_tickets_sold')).toBe(2);
    expect(ticketsOf(after, 'nabd_tickets_held')).toBe(ticketsOf(before, 'nabd_tickets_held'));
    const paidByCallback = { outcome: 'paid', source: 'callback' };
    expect(
      sample(after, 'nabd_payment_outcomes_total', paidByCallback)! - sample(before, 'nabd_payment_outcomes_total', paidByCallback)!,
    ).toBe(1);
  });

  test('a refusal by a rate limit is counted under its limit', async () => {
    const before = sample(await scrape(site), 'nabd_rate_limit_refusals_total', { limit: 'userExistencePerCaller' })!;
    let status = 200;
    for (let tries = 0; status === 200 && tries < 20; tries++)
      status = (await request(site.app).post('/graphql/user').send(USER_EXISTENCE)).status;
    expect(status).toBe(429);
    expect(sample(await scrape(site), 'nabd_rate_limit_refusals_total', { limit: 'userExistencePerCaller' })! - before).toBe(1);
  });
});

const postgres = databaseBackends.find((backend) => backend.name === 'PostgreSQL');

(postgres ? describe : describe.skip)('/metrics with PostgreSQL and Redis', () => {
  let database: Awaited<ReturnType<NonNullable<typeof postgres>['create']>>;
  let redis: TestRedisServer;
  let site: TestSite;
  beforeAll(async () => {
    database = await postgres!.create({ startedSite: true });
    redis = await startRedisServer();
    site = await startTestSite({ METRICS_TOKEN, DATABASE_URL: database.url, REDIS_URL: redis.url }, { metricsFiguresMaxAgeMs: 0 });
  });
  afterAll(async () => {
    await site?.close();
    await redis?.stop();
    await database?.drop();
  });

  test("the pool's connections and the waits for one are there", async () => {
    await request(site.app).get('/events');
    const text = await scrape(site);
    expect(sample(text, 'nabd_database_info', { engine: 'postgres' })).toBe(1);
    expect(sample(text, 'nabd_database_pool_max_connections')).toBe(10);
    expect(sample(text, 'nabd_database_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nabd_database_pool_idle_connections')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nabd_database_pool_waiting_queries')).toBe(0);
    expect(sample(text, 'nabd_database_connection_wait_seconds_count')).toBeGreaterThan(0);
  });

  test('Redis going away counts errors for sessions and rate limits, and the limits let the visitor through', async () => {
    const before = await scrape(site);
    await redis.stop();
    // Rate limits fail open (decision 0020): the look-up is answered.
    expect((await request(site.app).post('/graphql/user').send(USER_EXISTENCE)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = await scrape(site);
    const moved = (labels: Record<string, string>) =>
      (sample(after, 'nabd_redis_errors_total', labels) ?? 0) - (sample(before, 'nabd_redis_errors_total', labels) ?? 0);
    expect(moved({ client: 'rate_limits', kind: 'command' })).toBeGreaterThanOrEqual(1);
    expect(moved({ client: 'rate_limits', kind: 'connection' })).toBeGreaterThanOrEqual(1);
    expect(moved({ client: 'sessions', kind: 'connection' })).toBeGreaterThanOrEqual(1);
    await redis.start();
  });
});
