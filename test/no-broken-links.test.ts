import request from 'supertest';
import type { RouteId } from '#server/route-table.ts';
import { delocalizePath } from '#server/urls.ts';
import { builtRoutes, EXAMPLES, inLocale } from './support/route-examples.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';

/**
 * Every link the site shows leads somewhere (SPEC 2.1): the links of every example page of
 * test/support/route-examples.ts in both languages, and every address of the sitemap, are followed
 * and none may answer 404. Files (assets, media, images) are left to their own tests. Each page is
 * asked for once, in the language it was first linked in: the routes are the same in both.
 */

/** Routes whose example is not an HTML page with links (redirects, files), as route-coverage.test.ts lists them. */
const NOT_PAGES = new Set<RouteId>([
  'accountDataFile',
  'eventCalendarFile',
  'performanceCalendarFile',
  'lineupMyScheduleFile',
  'xpFeedRss',
]);
const FILES = /^\/(assets|media|images)\//;

const linksOf = (html: string): string[] =>
  [...html.matchAll(/<a\b[^>]*?\shref="([^"]+)"/g)]
    .map((match) => match[1]!.replaceAll('&amp;', '&').split('#')[0]!)
    .filter((href) => href.startsWith('/') && !href.startsWith('//') && !FILES.test(href));

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

test('no link the site generates answers 404', async () => {
  /** Locale-neutral path → the link as first seen, and the page it was on. */
  const links = new Map<string, { href: string; from: string }>();
  const add = (href: string, from: string) => {
    const neutral = delocalizePath(href).path;
    if (!links.has(neutral)) links.set(neutral, { href, from });
  };
  for (const locale of ['en', 'ar'] as const) {
    for (const id of builtRoutes.filter((route) => EXAMPLES[route] && !NOT_PAGES.has(route))) {
      const from = inLocale(locale, EXAMPLES[id]!.found);
      const response = await request(site.app).get(from);
      // A page that is not there (the not-found examples) links back to itself.
      if (response.status === 200 && response.type === 'text/html') for (const href of linksOf(response.text)) add(href, from);
    }
  }
  const sitemap = await request(site.app).get('/sitemap.xml');
  for (const [, loc] of sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)) add(new URL(loc!).pathname, '/sitemap.xml');
  // The custom pages are linked (the footer, a call to action) and listed: the crawl reaches them.
  expect(['/code-of-conduct', '/campaigns/winter-season-2026'].filter((path) => !links.has(path))).toEqual([]);

  const broken: string[] = [];
  const queue = [...links.values()];
  // A few at a time, as visitors come: the site answers while others' pages render.
  const visitor = async () => {
    for (let link = queue.shift(); link; link = queue.shift()) {
      const response = await request(site.app).get(link.href);
      if (response.status === 404) broken.push(`${link.href} (linked from ${link.from})`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, visitor));
  expect(broken.sort()).toEqual([]);
}, 600_000);
