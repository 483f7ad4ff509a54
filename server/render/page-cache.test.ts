import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Request } from 'express';
import { PageCache, type CachedPage, type PageToKeep } from './page-cache.ts';

const page = (body: string): PageToKeep => ({
  status: 200,
  body,
  headers: { 'Content-Type': 'text/html' },
  analytics: { page_type: 'home', module_name: 'home' },
});

const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  ({
    method,
    originalUrl: url,
    query: Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? '')),
    headers,
    get: (name: string) => headers[name] ?? headers[name.toLowerCase()],
  }) as unknown as Request;

/** What a kept page says, as text. */
const text = (kept: CachedPage | undefined) => kept?.body.toString();

/** A render of `url` that reads the named query parameters, kept as the site keeps pages. */
const render = (pages: PageCache, url: string, reads: string[]) => {
  const req = request(url);
  pages.watchQuery(req);
  for (const name of reads) void req.query[name];
  const key = pages.keyAfterRender(req);
  pages.set(key, page(url));
  return key;
};

describe('the page cache', () => {
  let now = 0;
  const cache = (options: Partial<ConstructorParameters<typeof PageCache>[0]> = {}) =>
    new PageCache({ maxEntries: 10, freshMs: 1000, staleMs: 5000, now: () => now, ...options });
  beforeEach(() => {
    now = 0;
  });

  test('keys only GETs of whole pages by anonymous visitors', () => {
    const pages = cache();
    expect(pages.keyOf(request('/ar/events?month=2026-12'))).toBe('ask /ar/events?month=2026-12');
    expect(pages.keyOf(request('/events', {}, 'HEAD'))).toBe('ask /events');
    expect(pages.keyOf(request('/events', { cookie: 'locale=en; affiliate=abc' }))).toBe('ask /events');
    expect(pages.keyOf(request('/events', {}, 'POST'))).toBeUndefined();
    expect(pages.keyOf(request('/events', { 'HX-Request': 'true' }))).toBeUndefined();
    expect(pages.keyOf(request('/events', { cookie: 'locale=en; nabd.sid=s%3Aabc' }))).toBeUndefined();
    expect(pages.keyOf(request('/events', { cookie: 'nabd.schedule=x' }))).toBeUndefined();
    expect(cache({ maxEntries: 0 }).keyOf(request('/events'))).toBeUndefined();
  });

  test('keeps one copy with the privacy banner and one without, whatever the answer (decision 0051)', () => {
    const pages = cache();
    const accepted = pages.keyOf(request('/events', { cookie: 'locale=en; consent=v1.analytics1.marketing1' }));
    const refused = pages.keyOf(request('/events', { cookie: 'consent=v1.analytics0.marketing0' }));
    expect(accepted).toBe('answered /events');
    expect(refused).toBe(accepted);
    // A choice given for an earlier notice is asked again: the banner's copy.
    expect(pages.keyOf(request('/events', { cookie: 'consent=v0.analytics1.marketing1' }))).toBe('ask /events');
  });

  test('serves a fresh page; once stale, one request renders it again while the others get the stale copy', () => {
    const pages = cache();
    pages.set('/', page('first'));
    now = 999;
    expect(text(pages.get('/'))).toBe('first');
    now = 2000;
    expect(pages.get('/')).toBeUndefined();
    expect(text(pages.get('/'))).toBe('first');
    pages.set('/', page('second'));
    expect(text(pages.get('/'))).toBe('second');
    expect(pages.stats).toEqual({ hits: 3, misses: 1 });
  });

  test('a render that kept nothing lets the next request try; a page too old is not served at all', () => {
    const pages = cache();
    pages.set('/', page('first'));
    now = 2000;
    expect(pages.get('/')).toBeUndefined();
    pages.release('/');
    expect(pages.get('/')).toBeUndefined();
    now = 7000;
    expect(pages.get('/')).toBeUndefined();
    expect(pages.size).toBe(0);
  });

  test('compresses a kept page once per encoding, and counts the compressed copies in its size limit', () => {
    const pages = cache({ maxEntries: 100, maxBytes: 4000 });
    const body = '<p>Nabd</p>'.repeat(30);
    pages.set('/', page(body));
    const kept = pages.get('/')!;
    const brotli = pages.bodyIn(kept, 'br');
    expect(pages.bodyIn(kept, 'br')).toBe(brotli);
    expect(brotliDecompressSync(brotli).toString()).toBe(body);
    const gzip = pages.bodyIn(kept, 'gzip');
    expect(gunzipSync(gzip).toString()).toBe(body);

    // Other pages that would just fit beside the first page's body, but not beside its copies too.
    let room = 4000 - body.length - brotli.length - gzip.length + 1;
    for (let index = 0; room > 0; index++, room -= 380) pages.set(`/${index}`, page('x'.repeat(Math.min(room, 380))));
    expect(pages.get('/')).toBeUndefined();
    expect(pages.get('/0')).toBeDefined();
  });

  test('keeps the most recently used pages within its entry and size limits, and forgets all on clear', () => {
    const pages = cache({ maxEntries: 2, maxBytes: 100 });
    pages.set('/a', page('a'));
    pages.set('/b', page('b'));
    pages.get('/a');
    pages.set('/c', page('c'));
    expect([text(pages.get('/a')), pages.get('/b'), text(pages.get('/c'))]).toEqual(['a', undefined, 'c']);
    pages.set('/big', page('x'.repeat(60)));
    pages.set('/bigger', page('y'.repeat(9)));
    expect(pages.get('/big')).toBeUndefined();
    pages.set('/d', page('d'.repeat(9)));
    pages.set('/e', page('e'.repeat(9)));
    expect(pages.size).toBe(2);
    pages.clear();
    expect(pages.size).toBe(0);
  });

  test('keys a page by the query parameters its renders read, in a fixed order, and by no other', () => {
    const pages = cache();
    // Before any render of a path, every parameter counts.
    expect(pages.keyOf(request('/events?utm_source=mail&city=riyadh'))).toBe('ask /events?city=riyadh&utm_source=mail');
    expect(render(pages, '/events?utm_source=mail&city=riyadh', ['month', 'city'])).toBe('ask /events?city=riyadh');
    expect(pages.keyOf(request('/events?city=riyadh&fbclid=x'))).toBe('ask /events?city=riyadh');
    expect(text(pages.get(pages.keyOf(request('/events?fbclid=x&city=riyadh'))!))).toBe('/events?utm_source=mail&city=riyadh');
    expect(pages.keyOf(request('/events?month=2026-12&city=jeddah'))).toBe('ask /events?city=jeddah&month=2026-12');
    expect(pages.keyOf(request('/events?x=1'))).toBe('ask /events');

    // A parameter one render reads joins those of the path from then on.
    render(pages, '/events?city=riyadh&page=2', ['city', 'page']);
    expect(pages.keyOf(request('/events?page=2&city=riyadh&x=1'))).toBe('ask /events?city=riyadh&page=2');
    // A render that looks at every parameter makes every one count.
    render(pages, '/search?q=a&b=c', []);
    const everything = request('/search?q=a&z=1');
    pages.watchQuery(everything);
    void Object.keys(everything.query);
    expect(pages.keyAfterRender(everything)).toBe('ask /search?q=a&z=1');
    expect(pages.keyOf(request('/search?z=1&q=a'))).toBe('ask /search?q=a&z=1');
  });

  test('lets a request wait for the render of a cold page another request has started', async () => {
    const pages = cache();
    expect(pages.renderUnderWay('/')).toBeUndefined();
    pages.renderStarted('/');
    let waited = false;
    const waiting = pages.renderUnderWay('/')!.then(() => (waited = true));
    await Promise.resolve();
    expect(waited).toBe(false);
    pages.set('/', page('home'));
    pages.renderEnded('/');
    await waiting;
    expect(waited).toBe(true);
    expect(pages.renderUnderWay('/')).toBeUndefined();
    expect(text(pages.get('/'))).toBe('home');
  });
});
