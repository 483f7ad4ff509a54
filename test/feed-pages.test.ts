import { readFileSync } from 'node:fs';
import request from 'supertest';
import { fromRoot } from '#platform/paths.ts';
import type { i18n as I18n } from 'i18next';
import { createI18n } from '#server/i18n.ts';
import type { PageContext } from '#server/page.ts';
import { escapeXml, rssDocument } from '#server/pages/feed/rss-document.ts';
import { ServiceClient } from '#server/services/service-client.ts';
import { createUrlBuilder, delocalizePath } from '#server/urls.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';
import { publishedContent } from './support/content-records.ts';

/**
 * The XP feed (SPEC 2.1, 2.4, 3.2): overview, categories, articles, load more and the RSS feed, in
 * both languages. What the pages must list comes from the content files, not from today's wording.
 */

type Locale = 'en' | 'ar';
type Fields = Record<string, any>;
type ContentRecord = Awaited<ReturnType<typeof publishedContent<Fields>>>[number];

let site: TestSite;
let published: ContentRecord[];
beforeAll(async () => {
  site = await startTestSite();
  published = await publishedContent();
});
afterAll(() => site.close());

const PER_PAGE = 12;
const LOCALES = ['en', 'ar'] as const;
const get = (path: string, headers: Record<string, string> = {}) => request(site.app).get(path).set(headers);
const localized = (locale: Locale, path: string) => (locale === 'ar' ? `/ar${path}` : path);
const records = (type: string, locale: Locale = 'en') => published.filter((entry) => entry.type === type && entry.locale === locale);
const strings = (locale: Locale) => JSON.parse(readFileSync(fromRoot('locales', locale, 'feed.json'), 'utf8'));
const feed = { en: strings('en'), ar: strings('ar') };
const categoryOf = (article: ContentRecord, locale: Locale = 'en') =>
  records('articleCategory', locale).find((category) => category.id === article.fields.category.ref)!;

/** The articles a list must show, newest first, optionally of one category. */
function newestArticles(locale: Locale = 'en', categorySlug?: string): ContentRecord[] {
  return records('article', locale)
    .filter((article) => !categorySlug || categoryOf(article, locale).slug === categorySlug)
    .sort((a, b) => Date.parse(b.fields.firstPublishedAt) - Date.parse(a.fields.firstPublishedAt));
}

/** The article slugs of the cards in a page or fragment, in order. */
const cardSlugs = (html: string) =>
  [...html.matchAll(/<article class="grid-card article-card"><a class="grid-card__link" href="[^"]*\/xp-feed\/[^/"]+\/([^"/]+)"/g)].map(
    (match) => match[1],
  );
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, any>);
const attributesOf = (tag: string) => Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));

describe('the overview (SPEC 2.1 /xp-feed)', () => {
  test.each(LOCALES)('in %s: the hero, every category as a chip with "all" current, and the newest twelve articles', async (locale) => {
    const response = await get(localized(locale, '/xp-feed'));
    expect(response.status).toBe(200);
    expect(response.text).toContain(`<html lang="${locale}"`);
    const html = decoded(response.text);
    const blog = records('page.blog', locale)[0]!;
    expect(html).toContain(`<h1 class="hero__title">${blog.fields.header.title}</h1>`);
    expect(html).toContain(`<title>${blog.fields.seo.title} | `);

    const chips = [...html.matchAll(/<a class="chip-link" href="([^"]+)"( aria-current="page")?>([^<]+)<\/a>/g)];
    const categories = records('articleCategory', locale).sort((a, b) => a.slug!.localeCompare(b.slug!));
    expect(chips.map((chip) => chip[3])).toEqual([feed[locale].chips.all, ...categories.map((category) => category.fields.title)]);
    expect(chips.map((chip) => chip[1])).toEqual([
      localized(locale, '/xp-feed'),
      ...categories.map((category) => localized(locale, `/xp-feed/${category.slug}`)),
    ]);
    expect(chips.filter((chip) => chip[2]).map((chip) => chip[3])).toEqual([feed[locale].chips.all]);

    expect(cardSlugs(response.text)).toEqual(
      newestArticles(locale)
        .slice(0, PER_PAGE)
        .map((article) => article.slug),
    );
    const first = newestArticles(locale)[0]!;
    expect(html).toContain(first.fields.title);
    expect(html).toContain(first.fields.summary);
  });

  test('pages through the rest with ?page=N: different articles, a previous link, noindex; past the end or not a number is 404', async () => {
    const all = newestArticles();
    const pages = Math.ceil(all.length / PER_PAGE);
    expect(pages).toBeGreaterThan(1);
    const second = await get('/xp-feed?page=2');
    expect(second.status).toBe(200);
    expect(cardSlugs(second.text)).toEqual(all.slice(PER_PAGE, 2 * PER_PAGE).map((article) => article.slug));
    expect(second.text).toMatch(/<a class="button button--ghost feed-more__previous" href="\/xp-feed" rel="prev"/);
    expect(second.text).toContain('<meta name="robots" content="noindex"/>');

    const last = await get(`/xp-feed?page=${pages}`);
    expect(cardSlugs(last.text)).toEqual(all.slice((pages - 1) * PER_PAGE).map((article) => article.slug));
    expect(last.text).not.toContain('data-load-more');

    for (const path of [`/xp-feed?page=${pages + 1}`, '/xp-feed?page=0', '/xp-feed?page=two', '/xp-feed?page=1.5', '/ar/xp-feed?page=99']) {
      expect({ path, status: (await get(path)).status }).toEqual({ path, status: 404 });
    }
  });

  test('the next page is a plain link that the load-more script turns into "load more", reported as pagination_clicked', async () => {
    const { text } = await get('/ar/xp-feed');
    const control = /<a [^>]*data-load-more=""[^>]*>/.exec(text)![0];
    expect(attributesOf(control)).toMatchObject({
      href: '/ar/xp-feed?page=2',
      rel: 'next',
      'data-target': 'feed-articles',
      'data-track': 'pagination_clicked',
      'data-track-pagination_name': 'xp-feed',
      'data-track-pagination_type': 'next_page',
      'data-track-next_page': '2',
    });
    expect(decoded(text)).toContain(`data-message="${feed.ar.more.failed}"`);
    expect(decoded(text)).toContain(`data-retry-label="${feed.ar.more.retry}"`);
    expect(text).toMatch(/<p class="feed-more__failure" role="alert"/);
    expect(Object.keys(attributesOf(control)).filter((name) => name.startsWith('hx-'))).toEqual([]);
    expect(text).toMatch(/<script type="module" src="\/assets\/load-more-[A-Z0-9]+\.js"/);
    expect(text).not.toContain('/assets/htmx-');
  });

  test('a partial request for the next cards gets them alone, with the controls out of band, and the answer varies on its headers', async () => {
    const response = await get('/xp-feed?page=2', { 'HX-Request': 'true', 'HX-Target': 'feed-articles' });
    expect(response.status).toBe(200);
    expect(response.headers.vary).toMatch(/HX-Request/);
    expect(response.headers.vary).toMatch(/HX-Target/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).not.toContain('<html');
    expect(response.text).not.toContain('feed-chips');
    expect(response.text.startsWith('<li>')).toBe(true);
    expect(cardSlugs(response.text)).toEqual(
      newestArticles()
        .slice(PER_PAGE, 2 * PER_PAGE)
        .map((article) => article.slug),
    );
    // The paging controls replace the page's whole, out of band; the next control asks for page 3.
    expect(response.text).toMatch(/<div id="feed-more" class="feed-more" data-swap-oob="outer">/);
    expect(response.text).toMatch(/<a [^>]*href="\/xp-feed\?page=3"[^>]*data-load-more=""[^>]*data-target="feed-articles"/);
    expect(response.text).not.toMatch(/\shx-[\w-]+=/);
    expect((await get('/xp-feed')).headers.vary).toMatch(/HX-Target/);
    // History restores and other targets get the whole page.
    const restore = await get('/xp-feed?page=2', {
      'HX-Request': 'true',
      'HX-Target': 'feed-articles',
      'HX-History-Restore-Request': 'true',
    });
    expect(restore.text).toContain('<html');
  });

  test('fills the head: breadcrumbs and the RSS feed', async () => {
    const module = (await import('#server/pages/feed/xp-feed.ts')).default;
    const loaded = await module.load(await pageContext('/xp-feed'));
    expect(loaded.kind).toBe('page');
    if (loaded.kind !== 'page') return;
    expect(loaded.head.breadcrumbs).toEqual([{ name: records('page.blog')[0]!.fields.title, path: '/xp-feed' }]);
    expect(loaded.head.alternateFeed).toEqual({ title: feed.en.rss.title, path: '/xp-feed/rss.xml' });
    expect(loaded.analytics).toMatchObject({ page_type: 'blog', module_name: 'xp-feed' });
  });
});

describe('a category (SPEC 2.1 /xp-feed/{category})', () => {
  test.each(LOCALES)('in %s: its title and description, its chip current, only its articles newest first', async (locale) => {
    const category = records('articleCategory', locale).find((entry) => entry.slug === 'guides')!;
    const response = await get(localized(locale, '/xp-feed/guides'));
    expect(response.status).toBe(200);
    const html = decoded(response.text);
    expect(html).toContain(`<h1 class="hero__title">${category.fields.title}</h1>`);
    expect(html).toContain(category.fields.description);
    expect(html).toContain(`<title>${category.fields.seo.title} | `);
    expect(html).toMatch(new RegExp(`href="${localized(locale, '/xp-feed/guides')}" aria-current="page">${category.fields.title}<`));
    const expected = newestArticles(locale, 'guides').map((article) => article.slug);
    expect(expected.length).toBeGreaterThan(1);
    expect(cardSlugs(response.text)).toEqual(expected.slice(0, PER_PAGE));
  });

  test('an unknown category is 404, and so is a page past its last', async () => {
    expect((await get('/xp-feed/no-such-category')).status).toBe(404);
    expect((await get('/ar/xp-feed/no-such-category')).status).toBe(404);
    expect((await get('/xp-feed/guides?page=2')).status).toBe(404);
  });

  test('fills the head with the category in the breadcrumbs and analytics', async () => {
    const module = (await import('#server/pages/feed/xp-feed-category.ts')).default;
    const loaded = await module.load(await pageContext('/ar/xp-feed/news', { category: 'news' }));
    if (loaded.kind !== 'page') throw new Error(`expected a page, got ${loaded.kind}`);
    const news = records('articleCategory', 'ar').find((entry) => entry.slug === 'news')!;
    expect(loaded.head.breadcrumbs).toEqual([
      { name: records('page.blog', 'ar')[0]!.fields.title, path: '/xp-feed' },
      { name: news.fields.title, path: '/xp-feed/news' },
    ]);
    expect(loaded.analytics).toMatchObject({ category: 'news', category_name: news.fields.title, submodule_name: 'category' });
  });
});

describe('an article (SPEC 2.1 /xp-feed/{category}/{article})', () => {
  const withEverything = () => {
    // An article with an author photo, an embedded picture and a video in its bodies.
    const article = records('article').find(
      (entry) =>
        JSON.stringify(entry.fields.body ?? []).includes('"type":"video"') ||
        JSON.stringify(entry.fields.body2 ?? []).includes('"type":"video"'),
    )!;
    return { slug: article.slug!, category: categoryOf(article).slug! };
  };

  test.each(LOCALES)(
    'in %s: title, category link, author, dates in Riyadh time, both bodies, share links and more in category',
    async (locale) => {
      const article = records('article', locale).find((entry) => entry.slug === 'nabd-festival-2026-tickets-guide')!;
      const category = categoryOf(article, locale);
      const response = await get(localized(locale, `/xp-feed/${category.slug}/${article.slug}`));
      expect(response.status).toBe(200);
      const html = decoded(response.text);
      expect(html).toContain(`<h1 class="hero__title">${article.fields.title}</h1>`);
      expect(html).toContain(`href="${localized(locale, `/xp-feed/${category.slug}`)}">${category.fields.title}</a>`);
      const author = records('author', locale).find((entry) => entry.id === article.fields.author.ref)!;
      expect(html).toContain(author.fields.name);
      // 2026-09-30T07:00Z is 10:00 in Riyadh; updated 2026-11-02T09:30Z is 12:30.
      expect(html).toMatch(/<time dateTime="2026-09-30T07:00:00Z">[^<]*30[^<]*10:00<\/time>/);
      expect(html).toMatch(/<time dateTime="2026-11-02T09:30:00Z">[^<]*2[^<]*12:30<\/time>/);
      expect(html).toContain(feed[locale].article.updated);
      const firstText = (document: any[]) => document.find((node) => node.type === 'paragraph').children[0].text as string;
      expect(html).toContain(firstText(article.fields.body));
      if (article.fields.body2) expect(html).toContain(firstText(article.fields.body2));

      const shares = [...response.text.matchAll(/<a [^>]*data-track="social_shared"[^>]*>/g)].map((match) => attributesOf(match[0]));
      expect(shares.map((share) => share['data-track-social_platform'])).toEqual(['twitter', 'facebook', 'whatsapp', 'linkedin', 'email']);
      const url = `${TEST_ORIGIN}${localized(locale, `/xp-feed/${category.slug}/${article.slug}`)}`;
      for (const share of shares) {
        expect(share).toMatchObject({ target: '_blank', rel: 'noreferrer noopener', 'data-track-link_url': url });
        expect(decodeURIComponent(share.href!.replaceAll('&amp;', '&').replaceAll('+', ' '))).toContain(url);
      }

      const more = [...response.text.matchAll(/data-track="more_in_category_clicked"[^>]*>/g)].map((match) => attributesOf(match[0]));
      const expectedMore = newestArticles(locale, category.slug!)
        .filter((entry) => entry.slug !== article.slug)
        .slice(0, 3);
      expect(more.map((entry) => entry['data-track-link_url'])).toEqual(
        expectedMore.map((entry) => localized(locale, `/xp-feed/${category.slug}/${entry.slug}`)),
      );
    },
  );

  test('renders embedded pictures responsive and lazy, and videos as a poster linking to their host', async () => {
    const { slug, category } = withEverything();
    const { text } = await get(`/xp-feed/${category}/${slug}`);
    expect(text).toMatch(/<figure class="rich-text__figure"><img [^>]*srcSet="[^"]+"[^>]*loading="lazy"/);
    expect(text).toMatch(/<figure class="rich-text__video"><a href="https:\/\/[^"]+" target="_blank" rel="noreferrer noopener"/);
    expect(text).not.toContain('<iframe');
  });

  test.each(LOCALES)(
    'in %s: NewsArticle JSON-LD with dates, author, the organization as publisher and the page as main entity',
    async (locale) => {
      const response = await get(localized(locale, '/xp-feed/news/nabd-festival-2026-tickets-guide'));
      const data = jsonLd(response.text).find((item) => item['@type'] === 'NewsArticle')!;
      const article = records('article', locale).find((entry) => entry.slug === 'nabd-festival-2026-tickets-guide')!;
      const url = `${TEST_ORIGIN}${localized(locale, '/xp-feed/news/nabd-festival-2026-tickets-guide')}`;
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        headline: article.fields.title,
        datePublished: '2026-09-30T07:00:00Z',
        dateModified: '2026-11-02T09:30:00Z',
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        author: { '@type': 'Person' },
        publisher: { '@type': 'Organization', url: `${TEST_ORIGIN}${locale === 'ar' ? '/ar' : ''}` },
        inLanguage: locale,
      });
      expect(data.image[0]).toMatch(/^http:\/\/localhost:3000\//);
    },
  );

  test('fills the head: article Open Graph with its dates, breadcrumbs Feed → Category → Article', async () => {
    const module = (await import('#server/pages/feed/xp-feed-article.ts')).default;
    const loaded = await module.load(
      await pageContext('/xp-feed/news/nabd-festival-2026-tickets-guide', {
        category: 'news',
        article: 'nabd-festival-2026-tickets-guide',
      }),
    );
    if (loaded.kind !== 'page') throw new Error(`expected a page, got ${loaded.kind}`);
    expect(loaded.head.openGraph).toEqual({ type: 'article', publishedTime: '2026-09-30T07:00:00Z', modifiedTime: '2026-11-02T09:30:00Z' });
    expect(loaded.head.breadcrumbs!.map((crumb) => crumb.path)).toEqual([
      '/xp-feed',
      '/xp-feed/news',
      '/xp-feed/news/nabd-festival-2026-tickets-guide',
    ]);
    expect(loaded.head.alternateFeed?.path).toBe('/xp-feed/rss.xml');
  });

  test('under another category it moves permanently to its real address, in the same language; an unknown article is 404', async () => {
    const moved = await get('/ar/xp-feed/guides/nabd-festival-2026-tickets-guide');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/ar/xp-feed/news/nabd-festival-2026-tickets-guide');
    expect((await get('/xp-feed/news/no-such-article')).status).toBe(404);
    expect((await get('/xp-feed/no-such-category/no-such-article')).status).toBe(404);
  });
});

describe('the RSS feed (/xp-feed/rss.xml)', () => {
  test.each(LOCALES)('in %s: RSS 2.0 shown inline, the newest thirty articles with absolute links in the language', async (locale) => {
    const response = await get(localized(locale, '/xp-feed/rss.xml'));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBeUndefined();
    const rss = parseXml(response.text);
    expect(rss).toMatchObject({ name: 'rss', attributes: { version: '2.0' } });
    const channel = child(rss, 'channel');
    expect(text(child(channel, 'language'))).toBe(locale);
    expect(text(child(channel, 'link'))).toBe(`${TEST_ORIGIN}${localized(locale, '/xp-feed')}`);
    expect(child(channel, 'atom:link').attributes).toEqual({
      href: `${TEST_ORIGIN}${localized(locale, '/xp-feed/rss.xml')}`,
      rel: 'self',
      type: 'application/rss+xml',
    });
    const items = channel.children.filter((node) => node.name === 'item');
    const expected = newestArticles(locale).slice(0, 30);
    expect(items.map((item) => text(child(item, 'title')))).toEqual(expected.map((article) => article.fields.title));
    expect(items.map((item) => text(child(item, 'link')))).toEqual(
      expected.map((article) => `${TEST_ORIGIN}${localized(locale, `/xp-feed/${categoryOf(article, locale).slug}/${article.slug}`)}`),
    );
    expect(text(child(items[0]!, 'pubDate'))).toBe(new Date(expected[0]!.fields.firstPublishedAt).toUTCString());
    expect(text(child(items[0]!, 'pubDate'))).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  });

  test('wins over a category called rss.xml, and escapes what it carries', async () => {
    expect((await get('/xp-feed/rss.xml')).text.startsWith('<?xml')).toBe(true);
    const body = rssDocument({
      title: 'Rock & <Roll>',
      link: 'https://example.com/?a=1&b=2',
      description: 'Say "hi" & it\'s fine',
      selfUrl: 'https://example.com/rss.xml?x=<1>',
      language: 'en',
      items: [{ title: '</title><script>', link: 'https://example.com/a?b&c', publishedAt: '2026-11-21T12:00:00Z', author: 'A & B' }],
    });
    const channel = child(parseXml(body), 'channel');
    expect(text(child(channel, 'title'))).toBe('Rock & <Roll>');
    expect(text(child(channel, 'description'))).toBe('Say "hi" & it\'s fine');
    expect(child(channel, 'atom:link').attributes.href).toBe('https://example.com/rss.xml?x=<1>');
    const item = child(channel, 'item');
    expect(text(child(item, 'title'))).toBe('</title><script>');
    expect(text(child(item, 'dc:creator'))).toBe('A & B');
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});

/**
 * A page module's context for a path, to read what its loader gives the document head (which the
 * document renders elsewhere): the same services the site uses, reached in process.
 */
async function pageContext(path: string, params: Record<string, string> = {}): Promise<PageContext> {
  const { locale, path: sitePath } = delocalizePath(path);
  i18n ??= await createI18n();
  const content = new ServiceClient({
    name: 'content',
    url: `${TEST_ORIGIN}/graphql/content`,
    fetch: site.fetch,
    headers: { authorization: `Bearer ${site.config.content.token}` },
  });
  return {
    req: { query: {} } as PageContext['req'],
    res: {} as PageContext['res'],
    locale,
    params,
    preview: false,
    t: i18n.getFixedT(locale),
    urls: createUrlBuilder({ baseUrl: TEST_ORIGIN, locale, currentPath: sitePath }),
    services: { content } as PageContext['services'],
    viewer: null,
    accessToken: async () => undefined,
  };
}
let i18n: I18n | undefined;

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const child = (element: XmlElement, name: string) => {
  const found = element.children.find((node) => node.name === name);
  if (!found) throw new Error(`<${element.name}> has no <${name}>`);
  return found;
};
const text = (element: XmlElement) => element.text;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescape = (value: string) => {
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(value) || /</.test(value)) throw new Error(`unescaped text: ${value}`);
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, entity: string) =>
    entity.startsWith('#x')
      ? String.fromCodePoint(parseInt(entity.slice(2), 16))
      : entity.startsWith('#')
        ? String.fromCodePoint(Number(entity.slice(1)))
        : ENTITIES[entity]!,
  );
};

/**
 * A strict reading of the XML the feed is made of (declaration, elements, attributes, escaped
 * text): anything not well formed throws, which is what a feed reader would refuse.
 */
function parseXml(source: string): XmlElement {
  let position = 0;
  const declaration = /^<\?xml [^?]*\?>\s*/.exec(source);
  if (!declaration) throw new Error('no XML declaration');
  position = declaration[0].length;
  const element = (): XmlElement => {
    const open = /^<([\w:.-]+)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/.exec(source.slice(position));
    if (!open) throw new Error(`expected an element at ${position}: ${source.slice(position, position + 40)}`);
    position += open[0].length;
    const attributes = Object.fromEntries([...open[2]!.matchAll(/([\w:.-]+)="([^"]*)"/g)].map((pair) => [pair[1]!, unescape(pair[2]!)]));
    const node: XmlElement = { name: open[1]!, attributes, children: [], text: '' };
    if (open[3]) return node;
    for (;;) {
      const close = new RegExp(`^</${open[1]!.replace('.', '\\.')}>`).exec(source.slice(position));
      if (close) {
        position += close[0].length;
        return node;
      }
      if (source.startsWith('<', position)) node.children.push(element());
      else {
        const end = source.indexOf('<', position);
        if (end === -1) throw new Error(`<${node.name}> is not closed`);
        node.text += unescape(source.slice(position, end));
        position = end;
      }
    }
  };
  const root = element();
  if (source.slice(position).trim()) throw new Error('content after the root element');
  return root;
}
