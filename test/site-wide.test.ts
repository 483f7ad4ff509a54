import express from 'express';
import { createElement } from 'react';
import request from 'supertest';
import { readContentFolder, type EntryRecord } from '#graphql/content/content-files.ts';
import { fromRoot } from '#platform/paths.ts';
import { DEVELOPMENT_SECRETS } from '#server/config.ts';
import { createI18n } from '#server/i18n.ts';
import { cachePolicyOf, type CachePolicy } from '#server/render/cache-policy.ts';
import { renderDocument } from '#server/render/render-document.tsx';
import { createUrlBuilder } from '#server/urls.ts';
import { createFormatter, direction, type Locale } from '#views/format.ts';
import { decoded } from './support/html.ts';
import { ACCEPTED_PRIVACY, REFUSED_PRIVACY } from './support/privacy.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

/**
 * Site-wide behaviour: editors' preview mode, content redirects, the affiliate cookie, robots.txt,
 * the sitemap, what the document head tells search engines and link previews, and /404.
 */

type Fields = Record<string, any>;
let site: TestSite;
let records: (Omit<EntryRecord, 'fields'> & { fields: Fields })[];
/** The cache policy each response of `app` ended with (what the renderer turns into Cache-Control). */
const policies: CachePolicy[] = [];
let app: express.Express;
beforeAll(async () => {
  site = await startTestSite();
  records = (await readContentFolder(fromRoot('content'))).records as typeof records;
  app = express();
  app.use((_req, res, next) => {
    res.on('finish', () => policies.push(cachePolicyOf(res)));
    next();
  });
  app.use(site.app);
});
afterAll(() => site.close());

const get = (path: string) => request(app).get(path);
const fields = (id: string, locale: Locale, version: 'published' | 'draft' = 'published') =>
  records.find((entry) => entry.id === id && entry.locale === locale && entry.version === version)!.fields;
const cookieNamed = (response: request.Response, name: string) =>
  ((response.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((line) => line.startsWith(`${name}=`));
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
const meta = (html: string, property: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`, 'g'))].map((match) => match[1]);
const SECRET = DEVELOPMENT_SECRETS.PREVIEW_SECRET;

describe('preview mode (SPEC 1, 6)', () => {
  const draftArticleTitle = (locale: Locale) => fields('article-nabd-festival-2026-set-times', locale, 'draft').title as string;

  test.each([
    ['en', '/api/preview?secret=wrong&redirect=/events', 'Preview is for editors'],
    ['ar', '/ar/api/preview?redirect=/ar', 'المعاينة مخصّصة للمحرّرين'],
  ] as const)('a wrong or missing secret is refused (401) in the visitor’s language, nothing set (%s)', async (_locale, path, title) => {
    const response = await get(path);
    expect(response.status).toBe(401);
    expect(decoded(response.text)).toContain(`<h1 class="status-page__title">${title}</h1>`);
    expect(cookieNamed(response, 'nabd.preview')).toBeUndefined();
    expect(policies.at(-1)).toBe('no-store');
  });

  test.each(['en', 'ar'] as const)('the right secret shows drafts with the banner, never cached, until exit (%s)', async (locale) => {
    const home = locale === 'en' ? '/' : '/ar';
    const entered = await get(`/api/preview?secret=${SECRET}&redirect=${encodeURIComponent(home)}`);
    expect(entered.status).toBe(302);
    expect(entered.headers.location).toBe(home);
    const cookie = cookieNamed(entered, 'nabd.preview')!;
    expect(cookie).toMatch(/; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/);
    const preview = cookie.split(';')[0]!;

    const publicPage = await get(home);
    expect(decoded(publicPage.text)).not.toContain(draftArticleTitle(locale));
    expect(publicPage.text).not.toContain('class="preview-banner"');

    const previewed = await get(home).set('Cookie', preview);
    expect(previewed.status).toBe(200);
    expect(decoded(previewed.text)).toContain(draftArticleTitle(locale));
    expect(previewed.text).toContain('class="preview-banner"');
    expect(policies.at(-1)).toBe('no-store');
    expect(previewed.headers['cache-control']).not.toMatch(/public/);
    const exitLink = /class="preview-banner__exit" href="([^"]+)"/.exec(previewed.text)![1]!.replaceAll('&amp;', '&');
    expect(exitLink).toBe(`${locale === 'en' ? '' : '/ar'}/api/exit-preview?redirect=${encodeURIComponent(home)}`);

    // The banner is on every layout: the not-found page's (default) and a refusal's (onboarding).
    for (const path of ['/no-such-page', '/api/preview']) {
      const other = await get(`${locale === 'en' ? '' : '/ar'}${path}`).set('Cookie', preview);
      expect(other.text).toContain('class="preview-banner"');
    }

    const exited = await get(exitLink).set('Cookie', preview);
    expect(exited.status).toBe(302);
    expect(exited.headers.location).toBe(home);
    expect(cookieNamed(exited, 'nabd.preview')).toMatch(/^nabd\.preview=; Path=\/; Expires=Thu, 01 Jan 1970/);
  });

  test('a forged or tampered cookie is not preview', async () => {
    const entered = await get(`/api/preview?secret=${SECRET}`);
    const [issuedAt, signature] = cookieNamed(entered, 'nabd.preview')!.split(';')[0]!.split('=')[1]!.split('.');
    for (const forged of [`${Number(issuedAt) + 1}.${signature}`, `${issuedAt}.x${signature!.slice(1)}`, '1']) {
      const response = await get('/').set('Cookie', `nabd.preview=${forged}`);
      expect(response.text).not.toContain('class="preview-banner"');
    }
  });

  test.each([
    ['https://evil.example/', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/events/nabd-festival-2026?tab=1', '/events/nabd-festival-2026?tab=1'],
  ])('the redirect parameter %s leads to %s: this site’s paths only', async (target, location) => {
    const entered = await get(`/api/preview?secret=${SECRET}&redirect=${encodeURIComponent(target)}`);
    expect(entered.headers.location).toBe(location);
    const exited = await get(`/api/exit-preview?redirect=${encodeURIComponent(target)}`);
    expect(exited.headers.location).toBe(location);
  });
});

describe('content redirects (SPEC 3.1)', () => {
  test.each([
    ['/shop?utm_source=mail', 301, '/store?utm_source=mail'],
    ['/shop/', 301, '/store'],
    ['/ar/blog', 301, '/ar/xp-feed'],
    ['/festival', 302, '/events/nabd-festival-2026'],
  ])('%s answers %i to %s, query kept, trailing slash ignored', async (path, status, location) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.location).toBe(location);
  });

  test('other methods keep theirs (308), and paths without a redirect are untouched', async () => {
    const posted = await request(app).post('/shop');
    expect(posted.status).toBe(308);
    expect(posted.headers.location).toBe('/store');
    expect((await get('/events')).status).toBe(200);
    expect((await get('/shop/more')).status).toBe(404);
  });
});

describe('the affiliate cookie (SPEC 7.4, 9.2)', () => {
  test('with marketing consent a valid code is kept five days, cross-site over https, and makes the page private', async () => {
    const response = await get('/events?affiliate=partner_01').set('Cookie', ACCEPTED_PRIVACY);
    expect(cookieNamed(response, 'affiliate')).toMatch(
      /^affiliate=partner_01; Max-Age=432000; Path=\/; Expires=.+; HttpOnly; Secure; SameSite=None$/,
    );
    expect(policies.at(-1)).toBe('private');
    expect(cookieNamed(await get('/ar?aff=NET-7').set('Cookie', ACCEPTED_PRIVACY), 'affiliate')).toMatch(/^affiliate=NET-7;/);
  });

  test('without it (not answered, or refused) no code is kept (decision 0051)', async () => {
    expect(cookieNamed(await get('/events?affiliate=partner_01'), 'affiliate')).toBeUndefined();
    expect(cookieNamed(await get('/events?affiliate=partner_01').set('Cookie', REFUSED_PRIVACY), 'affiliate')).toBeUndefined();
  });

  test.each(['bad code', 'x'.repeat(65), '<script>', ''])('an invalid code (%s) is ignored', async (code) => {
    const response = await get(`/events?affiliate=${encodeURIComponent(code)}`).set('Cookie', ACCEPTED_PRIVACY);
    expect(cookieNamed(response, 'affiliate')).toBeUndefined();
  });
});

describe('robots.txt and the sitemap', () => {
  test('robots.txt keeps crawlers out of private paths in both languages and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.type).toBe('text/plain');
    for (const path of [
      '/account',
      '/ar/account',
      '/api/',
      '/ar/api/',
      '/search',
      '/ar/search',
      '/events/*/tickets/checkout',
      '/ar/events/*/tickets/checkout',
    ]) {
      expect(response.text).toContain(`\nDisallow: ${path}\n`);
    }
    expect(response.text).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });

  test('the sitemap lists public pages in both languages with their alternates; drafts and unlisted events are left out', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.type).toBe('application/xml');
    const xml = response.text;
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
    const urls = [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]!);
    expect(urls.length).toBe((xml.match(/<url>/g) ?? []).length);
    const locs = urls.map((url) => /<loc>([^<]+)<\/loc>/.exec(url)![1]);
    expect(new Set(locs).size).toBe(locs.length);

    const event = urls.find((url) => url.startsWith(`<loc>${TEST_ORIGIN}/events/nabd-festival-2026</loc>`))!;
    expect(event).toContain(
      `<lastmod>${new Date(records.find((entry) => entry.id === 'event-nabd-festival-2026')!.publishedAt!).toISOString()}</lastmod>`,
    );
    expect(event).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${TEST_ORIGIN}/events/nabd-festival-2026"/>`);
    expect(event).toContain(`<xhtml:link rel="alternate" hreflang="ar" href="${TEST_ORIGIN}/ar/events/nabd-festival-2026"/>`);
    expect(event).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${TEST_ORIGIN}/events/nabd-festival-2026"/>`);
    for (const path of [
      '',
      '/events',
      '/events/calendar',
      '/radio',
      '/venues',
      '/performers/adam-rahal',
      '/events/nabd-festival-2026/lineup/adam-rahal',
      '/events/nabd-festival-2026/lineup',
      // Custom text and block pages (SPEC 2.1), without and with a collection.
      '/code-of-conduct',
      '/campaigns/winter-season-2026',
    ]) {
      expect(locs).toContain(`${TEST_ORIGIN}${path}`);
      expect(locs).toContain(`${TEST_ORIGIN}/ar${path}`);
    }
    expect(xml).not.toContain('partners-preview-night-2026');
    expect(xml).not.toContain('nabd-festival-2026-set-times');
    expect(xml).not.toMatch(/\/account|\/api\/|\/404|\/search/);
  });
});

describe('the document head', () => {
  test.each(['en', 'ar'] as const)('canonical, hreflang, Open Graph and Twitter card from the SEO fields (%s)', async (locale) => {
    const prefix = locale === 'en' ? '' : '/ar';
    const response = await get(`${prefix}/events/nabd-festival-2026?utm_source=newsletter&affiliate=abc&page=2`);
    const html = decoded(response.text);
    const canonical = `${TEST_ORIGIN}${prefix}/events/nabd-festival-2026`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="ar" href="${TEST_ORIGIN}/ar/events/nabd-festival-2026"/>`);
    expect(meta(html, 'og:url')).toEqual([canonical]);
    expect(meta(html, 'og:type')).toEqual(['website']);
    expect(meta(html, 'og:site_name')).toEqual([fields('global-config', locale).siteTitleSuffix]);
    expect(meta(html, 'og:locale')).toEqual([locale === 'en' ? 'en_GB' : 'ar_SA']);
    expect(meta(html, 'og:locale:alternate')).toEqual([locale === 'en' ? 'ar_SA' : 'en_GB']);
    const [image] = meta(html, 'og:image');
    expect(image).toMatch(new RegExp(`^${TEST_ORIGIN}/`));
    expect(meta(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(meta(html, 'twitter:image')).toEqual([image]);
    expect(meta(html, 'twitter:title')).toEqual(meta(html, 'og:title'));
  });

  test.each([
    ['en', '/', [['archivo-display', 50_000, 'high']]],
    [
      'ar',
      '/ar',
      [
        ['noto-kufi-arabic-display', 40_000, 'high'],
        // Behind the stylesheet on a slow network: it must not hold back the first paint.
        ['ibm-plex-sans-arabic-400', 32_000, 'low'],
      ],
    ],
  ] as const)(
    'a page in %s preloads its display font and, in Arabic, its body font: the ones its stylesheet names, cut at build',
    async (_locale, path, fonts) => {
      const html = (await get(path)).text;
      const preloads = [
        ...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin=""( fetchPriority="low")?\/>/g),
      ];
      expect(preloads.map((match) => match[1])).toEqual(
        fonts.map(([name]) => expect.stringMatching(new RegExp(`^/assets/files/${name}-\\w+\\.woff2$`))),
      );
      expect(preloads.map((match) => (match[2] ? 'low' : 'high'))).toEqual(fonts.map(([, , priority]) => priority));
      const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1]!;
      const css = (await get(stylesheet)).text;
      for (const [index, [, atMostBytes]] of fonts.entries()) {
        const href = preloads[index]![1]!;
        expect(css).toContain(href.split('/').pop());
        const font = await get(href).buffer(true);
        expect(font.status).toBe(200);
        // The packages' files are 90 KB (Archivo), 124 KB (Noto Kufi Arabic) and 43 KB (Plex Arabic 400).
        expect(font.body.length).toBeLessThan(atMostBytes);
      }
    },
  );

  test.each(['en', 'ar'] as const)('the home page announces the Organization with the footer’s social links (%s)', async (locale) => {
    const html = (await get(locale === 'en' ? '/' : '/ar')).text;
    const organization = jsonLd(html).find((data) => data['@type'] === 'Organization');
    const socials = fields('footer', locale).socials;
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      name: fields('global-config', locale).siteTitleSuffix,
      url: locale === 'en' ? TEST_ORIGIN : `${TEST_ORIGIN}/ar`,
      logo: `${TEST_ORIGIN}/favicon.svg`,
    });
    const profiles = socials.order
      .filter((network: string) => network !== 'website' && socials[network])
      .map((network: string) => socials[network]);
    expect(organization.sameAs.slice(0, profiles.length)).toEqual(profiles);
    expect(organization.sameAs).not.toContain(socials.website);
    expect(jsonLd((await get('/events')).text).some((data) => data['@type'] === 'Organization')).toBe(false);
  });

  test('breadcrumbs, an article’s dates, the image size and a feed reach the head', async () => {
    const i18n = await createI18n();
    const html = renderDocument({
      site: {
        locale: 'ar',
        dir: direction('ar'),
        t: i18n.getFixedT('ar'),
        format: createFormatter('ar'),
        urls: createUrlBuilder({ baseUrl: TEST_ORIGIN, locale: 'ar', currentPath: '/xp-feed/news/a-story' }),
        path: '/xp-feed/news/a-story',
        csrfToken: 'token',
        viewer: null,
        forms: {},
        embeddedApp: false,
      },
      layout: 'onboarding',
      layoutContent: null,
      head: {
        title: 'قصة',
        image: '/media/articles/story.svg',
        imageSize: { width: 1200, height: 630 },
        openGraph: { type: 'article', publishedTime: '2026-11-01T09:00:00.000Z', modifiedTime: '2026-11-02T09:00:00.000Z' },
        breadcrumbs: [
          { name: 'إكس بي', path: '/xp-feed' },
          { name: 'أخبار', path: '/ar/xp-feed/news' },
          { name: 'قصة', path: '/xp-feed/news/a-story' },
        ],
        alternateFeed: { title: 'أخبار نبض', path: '/xp-feed/rss.xml' },
      },
      siteTitleSuffix: 'نبض',
      page: createElement('p', null, 'x'),
      manifest: { stylesheet: undefined, script: () => ({ file: '/x.js', imports: [] }), font: () => undefined },
    });
    expect(meta(html, 'og:type')).toEqual(['article']);
    expect(meta(html, 'article:published_time')).toEqual(['2026-11-01T09:00:00.000Z']);
    expect(meta(html, 'article:modified_time')).toEqual(['2026-11-02T09:00:00.000Z']);
    expect(meta(html, 'og:image')).toEqual([`${TEST_ORIGIN}/media/articles/story.svg`]);
    expect(meta(html, 'og:image:width')).toEqual(['1200']);
    expect(meta(html, 'og:image:height')).toEqual(['630']);
    expect(decoded(html)).toContain(
      `<link rel="alternate" type="application/rss+xml" title="أخبار نبض" href="${TEST_ORIGIN}/ar/xp-feed/rss.xml"/>`,
    );
    const [breadcrumbs] = jsonLd(decoded(html));
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: i18n.getFixedT('ar')('brand.name'), item: `${TEST_ORIGIN}/ar` },
        { '@type': 'ListItem', position: 2, name: 'إكس بي', item: `${TEST_ORIGIN}/ar/xp-feed` },
        { '@type': 'ListItem', position: 3, name: 'أخبار', item: `${TEST_ORIGIN}/ar/xp-feed/news` },
        { '@type': 'ListItem', position: 4, name: 'قصة', item: `${TEST_ORIGIN}/ar/xp-feed/news/a-story` },
      ],
    });
  });
});

describe('the error page (SPEC 2.4)', () => {
  test.each([
    ['en', '/events', 'This form has expired', 'Try again'],
    ['ar', '/ar/events', 'انتهت صلاحية النموذج', 'حاول مرة أخرى'],
  ] as const)(
    'a refused form gets it in the visitor’s language, with "try again" and no stack trace (%s)',
    async (_locale, path, title, retry) => {
      const response = await request(app)
        .post(path)
        .set('Referer', `${TEST_ORIGIN}${path}`)
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send({ intent: 'x' });
      expect(response.status).toBe(403);
      const html = decoded(response.text);
      expect(html).toContain(`<h1 class="status-page__title">${title}</h1>`);
      expect(html).toContain(`<a class="button button--primary" href="${TEST_ORIGIN}${path}">${retry}</a>`);
      expect(html).not.toContain('status-page__detail');
      expect(html).not.toMatch(/\bat .+\.(ts|js):\d+/);
      // "Try again" never leads to the other site a form came from: back to this page instead.
      const fromElsewhere = await request(app)
        .post(path)
        .set('Referer', 'https://forger.example/page')
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send({ intent: 'x' });
      expect(fromElsewhere.text).not.toContain('forger.example');
      expect(decoded(fromElsewhere.text)).toContain(`<a class="button button--primary" href="${path}">${retry}</a>`);
    },
  );
});

describe('/404 (SPEC 2.1)', () => {
  test.each([
    ['/404', 'en'],
    ['/ar/404', 'ar'],
  ] as const)('%s is the content-managed not-found page with status 404', async (path, locale) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(decoded(response.text)).toContain(`<h1 class="status-page__title">${fields('page-not-found', locale).title}</h1>`);
    expect(response.text).toContain('<meta name="robots" content="noindex"/>');
  });
});
