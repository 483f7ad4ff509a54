import request from 'supertest';
import { ROUTES, type RouteId } from '#server/route-table.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';

/**
 * Every built route answers in both languages, and every route with a slug answers 404 for a slug that
 * does not exist (never a 500). A route that gets a page module must get an example here, or this fails.
 * The areas' own tests check what the pages say; this one checks that nothing is left out.
 */

interface RouteExample {
  /** A URL of the demo content that the route serves. */
  found: string;
  /** URLs the route matches but whose slug, day or tab does not exist. */
  missing?: string[];
}

const EXAMPLES: Partial<Record<RouteId, RouteExample>> = {
  home: { found: '/' },
  account: { found: '/account' },
  accountLogin: { found: '/account/login' },
  // Without a sign-in under way there is nothing to finish; a stray code fails back to the login page.
  accountRedirecting: { found: '/account/redirecting?code=stray', missing: ['/account/redirecting'] },
  events: { found: '/events' },
  eventsCalendar: { found: '/events/calendar?month=2026-12' },
  event: { found: '/events/nabd-festival-2026', missing: ['/events/no-such-festival'] },
  eventCustomPage: {
    found: '/events/nabd-festival-2026/getting-there',
    missing: ['/events/nabd-festival-2026/no-such-page', '/events/no-such-festival/getting-there'],
  },
  eventCalendarFile: { found: '/events/nabd-festival-2026/calendar.ics', missing: ['/events/no-such-festival/calendar.ics'] },
  venues: { found: '/venues' },
  travelPackages: { found: '/travel-packages' },
  travelPackage: { found: '/travel-packages/nabd-festival-2026-weekend', missing: ['/travel-packages/no-such-package'] },
  travelPartner: { found: '/travel-packages/partners/falcon-air', missing: ['/travel-packages/partners/no-such-partner'] },
};

/** Routes that answer with something other than a page: a redirect or a file. */
const NOT_HTML = new Set<RouteId>(['account', 'accountLogin', 'accountRedirecting', 'eventCalendarFile']);

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

const inLocale = (locale: 'en' | 'ar', path: string) => (locale === 'en' ? path : path === '/' ? '/ar' : `/ar${path}`);
const builtRoutes = (Object.keys(ROUTES) as RouteId[]).filter((id) => 'page' in ROUTES[id]);

test('every built route has an example here', () => {
  expect(builtRoutes.filter((id) => !EXAMPLES[id])).toEqual([]);
});

describe.each(['en', 'ar'] as const)('in %s', (locale) => {
  const pages = builtRoutes.filter((id) => EXAMPLES[id] && !NOT_HTML.has(id));
  test.each(pages)('%s answers with a titled page in its language', async (id) => {
    const response = await request(site.app).get(inLocale(locale, EXAMPLES[id]!.found));
    expect(response.status).toBe(200);
    expect(response.text).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
    expect(response.text).toMatch(/<title>[^<]+<\/title>/);
    expect(response.text).toMatch(/<meta name="description" content="[^"]+"/);
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
