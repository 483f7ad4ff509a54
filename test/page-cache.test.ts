import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { importContent } from '#graphql/content/import-content.ts';
import { fromRoot } from '#platform/paths.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';
import { ACCEPTED_PRIVACY } from './support/privacy.ts';

/** Decision 0014: anonymous pages rendered once and served again, until content changes. */
describe('the page cache', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite();
  });
  afterAll(() => site.close());

  // Having answered the privacy banner, so their page views are recorded (decision 0051).
  const anonymous = (url: string) => request(site.app).get(url).set('Cookie', `locale=en; ${ACCEPTED_PRIVACY}`);
  const stats = () => ({ ...site.pageCache!.stats });

  test('an anonymous page is rendered once, then served from the cache with the same body, headers and page view', async () => {
    const before = stats();
    const first = await anonymous('/events/dunes-sessions-2027');
    const second = await anonymous('/events/dunes-sessions-2027');
    expect(stats()).toEqual({ hits: before.hits + 1, misses: before.misses + 1 });
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=60/);
    expect(second.headers['content-security-policy']).toBeTruthy();
    // Kept as bytes with the ETag of the render: a browser holding the page is told it has not changed.
    expect(second.headers.etag).toBe(first.headers.etag);
    const revalidated = await anonymous('/events/dunes-sessions-2027').set('If-None-Match', first.headers.etag!);
    expect({ status: revalidated.status, body: revalidated.text }).toEqual({ status: 304, body: '' });

    // The same page in the other language, or with other parameters, is another page.
    const arabic = await anonymous('/ar/events/dunes-sessions-2027');
    expect(arabic.text).toContain('lang="ar"');
    expect(stats().hits).toBe(before.hits + 2);
    const arabicAgain = await anonymous('/ar/events/dunes-sessions-2027');
    expect({ text: arabicAgain.text, etag: arabicAgain.headers.etag }).toEqual({ text: arabic.text, etag: arabic.headers.etag });
    expect(stats().hits).toBe(before.hits + 3);

    // A first visit gets its locale cookie even from the cache, and that answer is private.
    const firstVisit = await request(site.app).get('/events/dunes-sessions-2027').set('Cookie', ACCEPTED_PRIVACY);
    expect(firstVisit.text).toBe(first.text);
    expect(firstVisit.headers['set-cookie']?.toString()).toMatch(/^locale=en;/);
    expect(firstVisit.headers['cache-control']).toBe('private, no-cache');

    await new Promise((resolve) => setTimeout(resolve, 1200)); // events are sent in batches every second
    const views = (await site.analytics!.received('page_viewed')).filter(
      (event) => event.properties.page_name === '/events/dunes-sessions-2027',
    );
    // Rendered, from the cache, revalidated (the visitor saw the page again) and the first visit's.
    expect(views).toHaveLength(4);
  });

  test('a kept page is sent compressed as the browser asks (brotli first, then gzip), compressed once, and plain otherwise', async () => {
    const path = '/events/nabd-festival-2026/lineup';
    const rendered = await anonymous(path).set('Accept-Encoding', 'identity');
    const hitsBefore = stats().hits;
    const brotli = await anonymous(path).set('Accept-Encoding', 'gzip, deflate, br');
    const brotliAgain = await anonymous(path).set('Accept-Encoding', 'br');
    const gzip = await anonymous(path).set('Accept-Encoding', 'gzip');
    const plain = await anonymous(path).set('Accept-Encoding', 'identity');
    const head = await request(site.app).head(path).set('Cookie', `locale=en; ${ACCEPTED_PRIVACY}`).set('Accept-Encoding', 'br');
    expect(stats().hits).toBe(hitsBefore + 5);

    const described = (response: request.Response) => ({
      status: response.status,
      encoding: response.headers['content-encoding'],
      vary: response.headers.vary,
      etag: response.headers.etag,
    });
    const asKept = { status: 200, vary: expect.stringMatching(/Accept-Encoding/), etag: rendered.headers.etag };
    expect(described(brotli)).toEqual({ ...asKept, encoding: 'br' });
    expect(described(gzip)).toEqual({ ...asKept, encoding: 'gzip' });
    expect(described(plain)).toEqual({ ...asKept, encoding: undefined });
    expect(described(head)).toEqual({ ...asKept, encoding: undefined });
    for (const response of [brotli, brotliAgain, gzip, plain]) expect(response.text).toBe(rendered.text);
    // Sent whole with their length, a fraction of the page's.
    expect(Number(brotli.headers['content-length'])).toBe(Number(brotliAgain.headers['content-length']));
    expect(Number(brotli.headers['content-length'])).toBeLessThan(Buffer.byteLength(rendered.text) / 5);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(rendered.text));
  });

  test('parameters the page does not read find the same kept page, and a crowd at a cold page renders it once', async () => {
    const first = await anonymous('/events/future-sound-forum-2027');
    const before = stats();
    const tagged = await anonymous('/events/future-sound-forum-2027?utm_source=newsletter&fbclid=abc');
    expect(tagged.text).toBe(first.text);
    expect(stats()).toEqual({ hits: before.hits + 1, misses: before.misses });

    const crowd = await Promise.all(Array.from({ length: 6 }, () => anonymous('/about/history')));
    expect(new Set(crowd.map((answer) => answer.status))).toEqual(new Set([200]));
    expect(new Set(crowd.map((answer) => answer.text)).size).toBe(1);
    expect(stats()).toEqual({ hits: before.hits + 1 + 5, misses: before.misses + 1 });
  });

  test('a visitor whose cookies change the page never gets the cached page, and their page is never kept', async () => {
    await anonymous('/venues');
    const before = stats();
    const personal = await request(site.app).get('/venues').set('Cookie', 'locale=en; nabd.flash=x');
    expect(personal.headers['cache-control']).toBe('private, no-cache');
    expect(stats()).toEqual(before);
  });

  test('unknown URLs are kept as 404 pages; redirects and errors are not kept', async () => {
    const before = stats();
    expect((await anonymous('/no/such/page')).status).toBe(404);
    const again = await anonymous('/no/such/page');
    expect(again.status).toBe(404);
    expect(stats().hits).toBe(before.hits + 1);
    expect((await anonymous('/account')).status).toBe(302);
    expect((await anonymous('/account')).status).toBe(302);
    expect(stats().hits).toBe(before.hits + 1);
  });

  test('importing new content drops every kept page', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'nabd-content-'));
    try {
      await cp(fromRoot('content'), folder, { recursive: true });
      const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(titleOf((await anonymous('/venues')).text)).toBe('Venues: where Nabd events happen | Nabd');
      const file = path.join(folder, 'pages', 'venues.json');
      const venues = JSON.parse(await readFile(file, 'utf8'));
      venues.en.seo.title = 'Venues, renamed';
      await writeFile(file, JSON.stringify(venues));
      await importContent(site.database.db, folder);

      expect(await site.contentFreshness!.check()).toBe(true);
      expect(site.pageCache!.size).toBe(0);
      expect(titleOf((await anonymous('/venues')).text)).toBe('Venues, renamed | Nabd');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
