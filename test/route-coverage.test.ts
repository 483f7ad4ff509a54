import request from 'supertest';
import type { RouteId } from '#server/route-table.ts';
import { builtRoutes, EXAMPLES, inLocale } from './support/route-examples.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';

/**
 * Every built route answers in both languages, and every route with a slug answers 404 for a slug that
 * does not exist (never a 500). A route that gets a page module must get an example in
 * test/support/route-examples.ts, or this fails.
 * The areas' own tests check what the pages say; this one checks that nothing is left out.
 */

/** Routes that answer with something other than a page: a redirect or a file. */
const NOT_HTML = new Set<RouteId>([
  'account',
  'accountTickets',
  'ticketsCheckout',
  'ticketsWaitingRoom',
  'ticketsWaitingRoomStatus',
  'accountDetails',
  'accountAddresses',
  'accountNewsletters',
  'accountPreferences',
  'accountManage',
  'accountLoyalty',
  'accountDataFile',
  'accountLogin',
  'accountRedirecting',
  'accountOnboarding',
  'eventCalendarFile',
  'performanceCalendarFile',
  'lineupMyScheduleFile',
  'xpFeedRss',
  'enterPreview',
  'exitPreview',
]);

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

test('every built route has an example here', () => {
  expect(builtRoutes.filter((id) => !EXAMPLES[id])).toEqual([]);
});

describe.each(['en', 'ar'] as const)('in %s', (locale) => {
  const pages = builtRoutes.filter((id) => EXAMPLES[id] && !NOT_HTML.has(id));
  test.each(pages)('%s answers with a titled page in its language', async (id) => {
    const response = await request(site.app).get(inLocale(locale, EXAMPLES[id]!.found));
    expect(response.status).toBe(EXAMPLES[id]!.status ?? 200);
    expect(response.text).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
    // Booleans, so that a failure names the check rather than printing the whole page.
    expect({ titled: /<title>[^<]+<\/title>/.test(response.text) }).toEqual({ titled: true });
    expect({ described: /<meta name="description" content="[^"]+"/.test(response.text) }).toEqual({ described: true });
  });

  const files = builtRoutes.filter((id) => EXAMPLES[id] && NOT_HTML.has(id));
  test.each(files)('%s answers without a server error', async (id) => {
    const response = await request(site.app).get(inLocale(locale, EXAMPLES[id]!.found));
    expect(response.status).toBeLessThan(400);
  });

  const missing = builtRoutes.flatMap((id) => (EXAMPLES[id]?.missing ?? []).map((path) => [id, path] as const));
  test.each(missing)('%s answers 404 for %s', async (_id, path) => {
    const response = await request(site.app).get(inLocale(locale, path));
    expect(response.status).toBe(404);
  });
});
