import express from 'express';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '#platform/database.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import { createLogger } from '#platform/logger.ts';
import { createRateLimits } from '#platform/rate-limits.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { API_AUDIENCE, ISSUER, signInAsDemoUser, startIdentity, type RunningIdentity } from '#identity/test-support/identity-fixture.ts';
import { createUserService } from './service.ts';

describe.each(databaseBackends)('the user service on $name', (backend) => {
  let target: Awaited<ReturnType<typeof backend.create>>;
  let database: DatabaseHandle;
  let identity: RunningIdentity;
  let app: express.Express;
  let accessToken: string;

  beforeAll(async () => {
    target = await backend.create();
    database = await openDatabase({ url: target.url, dataDir: 'memory://' });
    identity = await startIdentity(database);
    const service = await createUserService({
      database,
      identity: { issuer: ISSUER, audience: API_AUDIENCE, fetch: identity.fetch },
      production: false,
      logger: createLogger({ level: 'silent' }),
      rateLimits: identity.rateLimits,
    });
    app = express().use('/graphql/user', service.router);
    accessToken = (await signInAsDemoUser(identity)).access_token;
  });
  afterAll(async () => {
    await identity.close();
    await database.close();
    await target.drop();
  });

  const call = (body: object, token?: string) => {
    const post = request(app).post('/graphql/user');
    return (token ? post.set('Authorization', `Bearer ${token}`) : post).send(body);
  };

  test('the current user needs an access token: anonymous callers get 401', async () => {
    const response = await call({ query: '{ user { email } }' });
    expect(response.status).toBe(401);
    expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  test('a forged or foreign token is 401 too', async () => {
    const [header, payload] = accessToken.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    expect((await call({ query: '{ user { email } }' }, forged)).status).toBe(401);
    expect((await call({ query: '{ user { email } }' }, 'not-a-jwt')).status).toBe(401);
  });

  test('the signed-in user reads their own profile, created from the identity on first use', async () => {
    const response = await call({ query: '{ user { firstName lastName email onboarded confirmed } me { email } }' }, accessToken);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      user: { firstName: 'Layla', lastName: 'Haddad', email: 'demo@nabd.example', onboarded: true, confirmed: true },
      me: { email: 'demo@nabd.example' },
    });
  });

  test('guests may subscribe to the newsletter; an address is kept once, lower-cased', async () => {
    const subscribe = (email: string, token?: string) =>
      call(
        {
          query:
            'mutation($input: NewsletterSubscriptionInput!) { subscribeEmailToNewsletter(input: $input) { email newsletter subscribed } }',
          variables: { input: { email, locale: 'ar' } },
        },
        token,
      );
    const guest = await subscribe('Guest@Example.com');
    expect(guest.body.data.subscribeEmailToNewsletter).toEqual({ email: 'guest@example.com', newsletter: 'general', subscribed: true });
    await subscribe('guest@example.com', accessToken);
    const rows = await queryRows<{ email: string; user_id: string | null }>(
      database.db,
      sql`select email, user_id from users.newsletter_subscriptions`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.user_id).toBeTruthy();
  });

  test('an invalid address is a 400 and stores nothing', async () => {
    const response = await call({
      query: 'mutation { subscribeEmailToNewsletter(input: { email: "nope", locale: en }) { subscribed } }',
    });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await queryRows(database.db, sql`select 1 from users.newsletter_subscriptions where email = 'nope'`)).toEqual([]);
  });

  describe('my schedule', () => {
    const mark = (performanceId: string, marked: boolean, token = accessToken) =>
      call(
        {
          query: 'mutation($id: ID!, $marked: Boolean!) { markPerformance(performanceId: $id, marked: $marked) }',
          variables: { id: performanceId, marked },
        },
        token,
      );

    test('is only for signed-in users: guests get 401 and nothing is stored', async () => {
      expect((await call({ query: '{ mySchedule }' })).status).toBe(401);
      expect((await call({ query: 'mutation { markPerformance(performanceId: "performance-x", marked: true) }' })).status).toBe(401);
    });

    test('marking is idempotent, unmarking removes, and a merge adds the missing marks only', async () => {
      expect((await mark('performance-a', true)).body.data.markPerformance).toEqual(['performance-a']);
      expect((await mark('performance-a', true)).body.data.markPerformance).toEqual(['performance-a']);
      expect((await mark('performance-b', true)).body.data.markPerformance).toEqual(['performance-a', 'performance-b']);
      expect((await mark('performance-a', false)).body.data.markPerformance).toEqual(['performance-b']);
      const merged = await call(
        { query: 'mutation($ids: [ID!]!) { mergeSchedule(performanceIds: $ids) }', variables: { ids: ['performance-b', 'performance-c'] } },
        accessToken,
      );
      expect(merged.body.data.mergeSchedule).toEqual(['performance-b', 'performance-c']);
      expect((await call({ query: '{ mySchedule }' }, accessToken)).body.data.mySchedule).toEqual(['performance-b', 'performance-c']);
    });

    test("a user sees only their own marks, never another user's", async () => {
      await database.db.execute(
        sql`insert into users.profiles (id, username, email) values ('someone-else', 'someone-else', 'else@example.com')`,
      );
      await database.db.execute(
        sql`insert into users.schedule_marks (user_id, performance_id) values ('someone-else', 'performance-secret')`,
      );
      const { body } = await call({ query: '{ mySchedule }' }, accessToken);
      expect(body.data.mySchedule).not.toContain('performance-secret');
    });

    test('an id that is not a content id is refused with 400', async () => {
      const response = await mark('<script>', true);
      expect(response.status).toBe(400);
      expect(response.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    });
  });
});

describe('when the identity keys cannot be fetched', () => {
  test('the user service answers 503, not 401, so a visitor is not signed out for an outage', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const unreachable = createInProcessFetch(express().use((_req, res) => void res.status(502).end()));
    const logger = createLogger({ level: 'silent' });
    const rateLimits = await createRateLimits({ prefix: 'test-identity-outage', logger });
    const service = await createUserService({
      database,
      identity: { issuer: ISSUER, audience: API_AUDIENCE, fetch: unreachable },
      production: true,
      logger,
      rateLimits,
    });
    const app = express().use('/graphql/user', service.router);
    const response = await request(app).post('/graphql/user').set('Authorization', 'Bearer a.b.c').send({ query: '{ user { email } }' });
    expect(response.status).toBe(503);
    await service.stop();
    await rateLimits.close();
    await database.close();
  });
});
