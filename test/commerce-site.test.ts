import request from 'supertest';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

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

  test("the site's own client gets guest credentials the commerce service takes", async () => {
    const { identity } = site.config;
    const authorization = `Basic ${Buffer.from(`${identity.clientId}:${identity.clientSecret}`).toString('base64')}`;
    const credentials = await site.fetch(`${TEST_ORIGIN}/oidc/api/guest-credentials`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(credentials.status).toBe(200);
    const { accessToken } = (await credentials.json()) as { accessToken: string };
    const response = await request(site.app).post('/graphql/commerce').set('Authorization', `Bearer ${accessToken}`).send({
      query:
        'mutation { cartCreate(eventId: "evt_nabd_2026", input: { items: [{ catalogueItemId: "tkt_nabd_ga", quantity: 2 }] }) { ticketQuantity totalPrice { amount } } }',
    });
    expect(response.body).toEqual({ data: { cartCreate: { ticketQuantity: 2, totalPrice: { amount: '1190.00' } } } });
    // Guest credentials are no sign-in for the user service.
    const user = await request(site.app)
      .post('/graphql/user')
      .set('Authorization', `Bearer ${accessToken}`)
      .send({ query: '{ me { id } }' });
    expect(user.status).toBe(401);
  });

  test('mounts the plain routes at /commerce, uncached, outside the pages', async () => {
    const response = await request(site.app).get('/commerce/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'not_found' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
