import request from 'supertest';
import { contentRecords } from './support/content-records.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';
import { ACCEPTED_PRIVACY } from './support/privacy.ts';

let site: TestSite;
let record: Awaited<ReturnType<typeof contentRecords>>;
beforeAll(async () => {
  site = await startTestSite();
  record = await contentRecords();
});
afterAll(() => site.close());

const get = (path: string) => request(site.app).get(path);

/** `camera=(), fullscreen=*` as `{ camera: '()', fullscreen: '*' }`. */
const directives = (header: string | undefined): Record<string, string> =>
  Object.fromEntries((header ?? '').split(/,\s*(?=[a-z-]+=)/).map((entry) => entry.split(/=(.*)/s).slice(0, 2) as [string, string]));

describe('pages in both languages', () => {
  test.each([
    ['/', 'en', 'ltr', 'page-home'],
    ['/ar', 'ar', 'rtl', 'page-home'],
    ['/events', 'en', 'ltr', 'page-events-overview'],
    ['/ar/events', 'ar', 'rtl', 'page-events-overview'],
    ['/events/nabd-festival-2026', 'en', 'ltr', 'event-nabd-festival-2026'],
    ['/ar/events/nabd-festival-2026', 'ar', 'rtl', 'event-nabd-festival-2026'],
  ] as const)('%s renders in its language, titled with its SEO title and the site title suffix', async (path, lang, dir, id) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/html');
    expect(response.text).toContain(`<html lang="${lang}" dir="${dir}">`);
    const suffix = record('global-config', lang).siteTitleSuffix;
    expect(decoded(response.text)).toContain(`<title>${record(id, lang).seo.title} | ${suffix}</title>`);
  });

  test('the head names the canonical URL without a trailing slash and both language versions', async () => {
    const response = await get('/events/');
    expect(response.text).toContain('<link rel="canonical" href="http://localhost:3000/events"/>');
    expect(response.text).toContain('<link rel="alternate" hrefLang="en" href="http://localhost:3000/events"/>');
    expect(response.text).toContain('<link rel="alternate" hrefLang="ar" href="http://localhost:3000/ar/events"/>');
    expect(response.text).toContain('<link rel="alternate" hrefLang="x-default" href="http://localhost:3000/events"/>');
  });

  test('the language switch leads to the same page in the other language', async () => {
    expect((await get('/events/nabd-festival-2026')).text).toMatch(/class="language-switch"[^>]*href="\/ar\/events\/nabd-festival-2026"/);
    expect((await get('/ar/events/nabd-festival-2026')).text).toMatch(/class="language-switch"[^>]*href="\/events\/nabd-festival-2026"/);
  });

  test('the page language is remembered in the locale cookie of SPEC 9.1', async () => {
    const cookie = (await get('/ar/events')).headers['set-cookie'] as unknown as string[];
    const locale = cookie.find((line) => line.startsWith('locale='));
    expect(locale).toMatch(/^locale=ar; Max-Age=604800; Path=\/; Expires=.+; Secure; SameSite=None$/);
  });

  test('a first visit from an Arabic browser goes to the Arabic home page, a returning visitor stays', async () => {
    const first = await get('/').set('Accept-Language', 'ar-SA,ar;q=0.9,en;q=0.5');
    expect(first.status).toBe(302);
    expect(first.headers.location).toBe('/ar');
    const returning = await get('/').set('Accept-Language', 'ar-SA,ar;q=0.9').set('Cookie', 'locale=en');
    expect(returning.status).toBe(200);
  });
});

describe('content on the pages', () => {
  test('the home page lists upcoming events but never unlisted ones', async () => {
    const { text } = await get('/');
    expect(text).toContain('Nabd Festival 2026');
    expect(text).toContain('Dunes Sessions');
    expect(text).not.toContain('Partners Preview Night');
  });

  test('the header menus come from the navigation content, with current and past events', async () => {
    const { text } = await get('/ar');
    expect(text).toContain('الفعاليات');
    expect(text).toContain('مهرجان نبض 2025');
    expect(text).toContain('href="/ar/events/dunes-sessions-2027"');
  });

  test('external links open in a new tab without a referrer (SPEC 2.2)', async () => {
    const { text } = await get('/');
    expect(text).toMatch(/<a[^>]*href="https:\/\/arena\.nabd\.example"[^>]*target="_blank"[^>]*rel="noreferrer noopener"/);
    expect(text).toMatch(/<a[^>]*href="mailto:press@nabd\.example"[^>]*target="_blank"/);
    expect(text).not.toMatch(/<a[^>]*href="\/events"[^>]*target="_blank"/);
  });

  test('socials follow the configured order (SPEC 2.5)', async () => {
    const { text } = await get('/');
    const order = ['facebook', 'instagram', 'youtube', 'twitter'].map((network) => text.indexOf(`socials__link--${network}`));
    expect(order.every((position) => position > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  test('event dates are shown in Riyadh time with Latin digits in Arabic (SPEC 9.1)', async () => {
    expect((await get('/events/nabd-festival-2026')).text).toContain('10\u2009–\u200912 Dec 2026');
    expect((await get('/ar/events/nabd-festival-2026')).text).toContain('10–12 ديسمبر 2026');
  });

  test('an unlisted event has its page, kept out of search engines', async () => {
    const response = await get('/events/partners-preview-night-2026');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('not found', () => {
  test.each([
    ['/events/no-such-event', 'This page has left the stage'],
    ['/radio/podcasts/no-such-podcast', 'This page has left the stage'],
    ['/no/such/page', 'This page has left the stage'],
    ['/ar/no/such/page', 'هذه الصفحة غادرت المسرح'],
  ])('%s answers 404 with the content-managed not-found page', async (path, title) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.text).toContain(title);
    expect(response.text).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe('security headers', () => {
  test('what the CSP blocks is reported to the site, which logs it and keeps nothing', async () => {
    const response = await get('/');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain('report-to csp');
    expect(csp).toContain('report-uri /api/csp-reports');
    expect(response.headers['reporting-endpoints']).toBe(`csp="${TEST_ORIGIN}/api/csp-reports"`);

    const violation = {
      type: 'csp-violation',
      body: { effectiveDirective: 'frame-src', blockedURL: 'https://evil.example/', documentURL: `${TEST_ORIGIN}/` },
    };
    await request(site.app)
      .post('/api/csp-reports')
      .set('content-type', 'application/reports+json')
      .send(JSON.stringify([violation]))
      .expect(204);
    const legacy = { 'csp-report': { 'violated-directive': 'script-src', 'blocked-uri': 'inline', 'document-uri': `${TEST_ORIGIN}/ar` } };
    await request(site.app).post('/api/csp-reports').set('content-type', 'application/csp-report').send(JSON.stringify(legacy)).expect(204);
    await request(site.app).post('/api/csp-reports').set('content-type', 'application/reports+json').send('not json').expect(204);
  });

  test('the CSP allows only scripts of our own origin, and pages load nothing else', async () => {
    const response = await get('/');
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    const scripts = [...response.text.matchAll(/<script[^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => !tag.includes('application/ld+json'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts)
      expect(script).toMatch(/^<script type="module" src="\/assets\/[^"]+"><\/script>|^<script type="module" src="\/assets\/[^"]+">$/);
  });

  test('anonymous pages may be kept by shared caches a minute and served stale while they refresh', async () => {
    const response = await get('/events').set('Cookie', 'locale=en');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
    // A first visit gets the locale cookie (SPEC 9.1): that answer is the visitor's alone.
    const firstVisit = await get('/events');
    expect(firstVisit.headers['set-cookie']?.toString()).toMatch(/^locale=en;/);
    expect(firstVisit.headers['cache-control']).toBe('private, no-cache');
    // So is any page for a visitor whose cookies change it (here a flash message).
    expect((await get('/events').set('Cookie', 'locale=en; nabd.flash=x')).headers['cache-control']).toBe('private, no-cache');
  });

  test('every answer carries a permissions policy: nothing the site does not use, what it uses for whom it embeds', async () => {
    const script = /<script type="module" src="([^"]+)"/.exec((await get('/')).text)![1]!;
    const paths = ['/', '/ar/events', '/no/such/page', '/healthz', '/readyz', script, '/oidc/.well-known/openid-configuration'];
    const answers = await Promise.all(paths.map(async (path) => ({ path, answer: await get(path) })));
    answers.push({
      path: 'POST /graphql/content',
      answer: await request(site.app).post('/graphql/content').send({ query: '{ __typename }' }),
    });
    for (const { path, answer } of answers) {
      const policy = directives(answer.headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture'])
        expect([path, feature, policy[feature]]).toEqual([path, feature, '()']);
      // Page blocks and videos go fullscreen when their frame's `allow` says so; our own players may start.
      expect(policy.fullscreen).toBe('*');
      expect(policy.autoplay).toBe('(self)');
      for (const feature of ['encrypted-media', 'picture-in-picture'])
        expect(policy[feature]).toBe('(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")');
    }
  });

  test('built assets are served as immutable', async () => {
    const script = /<script type="module" src="([^"]+)"/.exec((await get('/')).text)![1]!;
    const response = await get(script);
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('embedded app mode (SPEC 2.3, 6)', () => {
  test('the embedded-app cookie hides the header and footer', async () => {
    const normal = await get('/events');
    const embedded = await get('/events').set('Cookie', 'embedded-app=true');
    expect(normal.text).toContain('class="site-header"');
    expect(embedded.status).toBe(200);
    expect(embedded.text).not.toContain('class="site-header"');
    expect(embedded.text).not.toContain('class="site-footer"');
    expect(embedded.text).toContain('Nabd Festival 2026');
  });
});

describe('islands and scripts', () => {
  test('a page links the players (a plain script, no React) and the small in-place form script, not htmx', async () => {
    const { text } = await get('/');
    expect(text).toMatch(/<script type="module" src="\/assets\/players-[A-Z0-9]+\.js"/);
    expect(text).toMatch(/<script type="module" src="\/assets\/form-swap-[A-Z0-9]+\.js"/);
    expect(text).not.toContain('/assets/htmx-');
    expect(text).toContain('data-player="navigation"');
    expect(text).not.toContain('data-island=');
  });

  test('the focused layout without player or forms links no script at all', async () => {
    const response = await get('/account/login');
    expect(response.status).toBe(302);
  });
});

describe('analytics', () => {
  test('every page view is recorded with the common properties and what the page says about itself', async () => {
    await get('/ar/events/dunes-sessions-2027').set('Cookie', ACCEPTED_PRIVACY);
    await get('/no/such/page').set('Cookie', ACCEPTED_PRIVACY);
    await new Promise((resolve) => setTimeout(resolve, 1200)); // events are sent in batches every second
    const views = (await site.analytics!.received('page_viewed')).map((event) => event.properties);
    expect(views).toContainEqual(
      expect.objectContaining({
        page_type: 'event',
        module_name: 'events',
        submodule_name: 'event',
        category: 'dunes-sessions-2027',
        category_name: 'جلسات الكثبان',
        language: 'ar',
        page_name: '/ar/events/dunes-sessions-2027',
        medium: 'web',
        version: '1.0',
        user_country: null,
      }),
    );
    expect(views).toContainEqual(expect.objectContaining({ page_type: 'notFound', page_name: '/no/such/page', language: 'en' }));
  });
});

describe('health', () => {
  test('/healthz says alive and /readyz checks the database and the session store, and shows the job queues', async () => {
    expect((await get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    const queue = { waiting: 0, running: 0, scheduled: expect.any(Number), oldestWaitingSeconds: 0, failing: 0, failed: 0 };
    expect(ready.body).toEqual({
      ready: true,
      checks: { database: 'ok', sessions: 'ok' },
      queues: { commerce: queue, paymentSandbox: queue },
    });
  });
});

describe('analytics from the browser', () => {
  const event = (name: string, properties: object = {}) => ({
    name,
    properties,
    page: { page_type: 'event', module_name: 'events' },
    pageName: '/ar/events/nabd-festival-2026',
    language: 'ar',
  });

  test('a page with tracked elements describes itself for the script that sends events', async () => {
    const { text } = await get('/ar/events');
    expect(text).toMatch(/<meta name="analytics-page" content="\{&quot;page_type&quot;:&quot;events/);
    expect(text).toMatch(/data-track="language_switched" data-track-old_language_code="ar" data-track-new_language_code="en"/);
  });

  test('same-origin events are checked against their schema and recorded', async () => {
    const accepted = await request(site.app)
      .post('/api/analytics')
      .set('Cookie', ACCEPTED_PRIVACY)
      .set('Sec-Fetch-Site', 'same-origin')
      .send(event('language_switched', { old_language_code: 'ar', new_language_code: 'en' }));
    expect(accepted.status).toBe(204);
    const invalid = await request(site.app)
      .post('/api/analytics')
      .set('Sec-Fetch-Site', 'same-origin')
      .send(event('language_switched', { old_language_code: 'fr' }));
    expect(invalid.status).toBe(400);
    const serverOnly = await request(site.app).post('/api/analytics').set('Sec-Fetch-Site', 'same-origin').send(event('purchase'));
    expect(serverOnly.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await site.analytics!.received('language_switched')).at(-1)?.properties).toMatchObject({
      language: 'ar',
      page_name: '/ar/events/nabd-festival-2026',
      new_language_code: 'en',
    });
  });

  test('events from other sites are refused', async () => {
    const response = await request(site.app)
      .post('/api/analytics')
      .set('Sec-Fetch-Site', 'cross-site')
      .send(event('language_switched', { old_language_code: 'ar', new_language_code: 'en' }));
    expect(response.status).toBe(403);
  });
});
