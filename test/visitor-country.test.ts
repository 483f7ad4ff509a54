import request from 'supertest';
import { startTestSite, type TestSite } from './support/test-site.ts';
import { ACCEPTED_PRIVACY } from './support/privacy.ts';

/**
 * SPEC 7.4, 9.4 user_country: taken from the header the CDN in front names (COUNTRY_HEADER), on
 * page views tracked by the server and on events the browser sends; never from a header the
 * operator did not name.
 */

const eventFromThePage = {
  name: 'language_switched',
  properties: { old_language_code: 'en', new_language_code: 'ar' },
  page: { page_type: 'events', module_name: 'events' },
  pageName: '/events',
  language: 'en',
};

async function countriesSeen(site: TestSite, country: string, path: string) {
  await request(site.app).get(path).set('CF-IPCountry', country).set('Cookie', ACCEPTED_PRIVACY);
  await request(site.app)
    .post('/api/analytics')
    .set('Cookie', ACCEPTED_PRIVACY)
    .set('Sec-Fetch-Site', 'same-origin')
    .set('CF-IPCountry', country)
    .send({ ...eventFromThePage, pageName: path });
  await new Promise((resolve) => setTimeout(resolve, 1200)); // the sink sends every second
  // The latest of each on this page: the one just sent.
  const on = (name: string) =>
    site.analytics!.received(name).then((events) => events.filter((event) => event.properties.page_name === path).at(-1));
  return {
    pageViewed: (await on('page_viewed'))?.properties.user_country,
    browserEvent: (await on('language_switched'))?.properties.user_country,
  };
}

describe('with COUNTRY_HEADER=CF-IPCountry', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ COUNTRY_HEADER: 'CF-IPCountry' });
  });
  afterAll(() => site.close());

  test("the CDN's country is every event's user_country", async () => {
    expect(await countriesSeen(site, 'sa', '/events')).toEqual({ pageViewed: 'SA', browserEvent: 'SA' });
  });

  test.each(['XX', 'T1', 'Saudi', ''])('a value that is no country (%s) is null', async (value) => {
    expect(await countriesSeen(site, 'AE', '/ar/events')).toEqual({ pageViewed: 'AE', browserEvent: 'AE' });
    expect({ value, ...(await countriesSeen(site, value, '/ar/events')) }).toEqual({ value, pageViewed: null, browserEvent: null });
  });
});

describe('without COUNTRY_HEADER', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(() => site.close());

  test("a visitor's own country header is not believed", async () => {
    expect(await countriesSeen(site, 'SA', '/radio')).toEqual({ pageViewed: null, browserEvent: null });
  });
});
