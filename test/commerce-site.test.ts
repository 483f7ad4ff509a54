import request from 'supertest';
import { startTestSite, type TestSite } from './support/test-site.ts';

describe('the commerce service in the site', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(() => site.close());

  test('serves /graphql/commerce with the demo catalogue at the test clock', async () => {
    const response = await request(site.app)
      .post('/graphql/commerce')
      .send({ query: '{ event(eventId: "evt_nabd_2026") { id custom { waves { id state } } } }' });
    expect(response.status).toBe(200);
    expect(response.body.data.event.custom.waves).toEqual([
      { id: 'wave_nabd_early_bird', state: 'ENDED' },
      { id: 'wave_nabd_friends', state: 'SOLD_OUT' },
      { id: 'wave_nabd_general', state: 'AVAILABLE_NOW' },
      { id: 'wave_nabd_last_call', state: 'COMING_SOON' },
    ]);
  });

  test('refuses a forged token rather than taking it for a guest without credentials', async () => {
    const response = await request(site.app)
      .post('/graphql/commerce')
      .set('Authorization', 'Bearer not-a-token')
      .send({ query: '{ event(eventId: "evt_nabd_2026") { id } }' });
    expect(response.status).toBe(401);
    expect(response.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  test('mounts the plain routes at /commerce, uncached, outside the pages', async () => {
    const response = await request(site.app).get('/commerce/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
