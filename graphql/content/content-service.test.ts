import express from 'express';
import request from 'supertest';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { fromRoot } from '#platform/paths.ts';
import { createContentService } from './service.ts';

let database: DatabaseHandle;
let app: express.Express;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  const service = await createContentService({
    database,
    token: 'test-content-token',
    production: false,
    logger: createLogger({ level: 'silent' }),
    contentFolder: fromRoot('content'),
    clock: () => new Date('2026-11-21T12:00:00Z'),
  });
  app = express().use('/graphql/content', service.router);
});
afterAll(() => database.close());

const query = (body: object, token = 'test-content-token') =>
  request(app).post('/graphql/content').set('Authorization', `Bearer ${token}`).send(body);

test('answers 401 without the bearer token', async () => {
  const response = await request(app).post('/graphql/content').send({ query: '{ __typename }' });
  expect(response.status).toBe(401);
});

test('lists upcoming events soonest first without unlisted ones', async () => {
  const response = await query({
    query: 'query($locale: Locale!) { eventCards(locale: $locale, filter: { timeframe: upcoming }) { total items { slug title config { city } } } }',
    variables: { locale: 'ar' },
  });
  expect(response.status).toBe(200);
  expect(response.body.data.eventCards.items.map((event: { slug: string }) => event.slug)).toEqual([
    'nabd-festival-2026',
    'dunes-sessions-2027',
    'nabd-nights-jeddah-2027',
    'future-sound-forum-2027',
  ]);
  expect(response.body.data.eventCards.items[0].config.city).toBe('الرياض');
});
