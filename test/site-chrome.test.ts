import request from 'supertest';
import { highlightBannerLive } from '#graphql/content/resolvers/site.ts';
import { createSite, type Site } from '#server/site.ts';
import { readableTextOn, contrastRatio, relativeLuminance } from '#views/colour.ts';
import { highlightBannerShownAt } from '#views/components/HighlightBanner.tsx';
import type { HighlightBannerContent } from '#views/content.ts';
import { contentRecords, publishedContent } from './support/content-records.ts';
import { decoded } from './support/html.ts';
import { startTestSite, testConfig, TEST_NOW, TEST_ORIGIN, type TestSite } from './support/test-site.ts';

const LOCALES = ['en', 'ar'] as const;
type Locale = (typeof LOCALES)[number];

let site: TestSite;
let record: Awaited<ReturnType<typeof contentRecords>>;
/** Published demo records, their fields as the files hold them. */
let published: Awaited<ReturnType<typeof publishedContent<Record<string, any>>>>;
beforeAll(async () => {
  site = await startTestSite();
  record = await contentRecords();
  published = await publishedContent();
});
afterAll(() => site.close());

const localized = (locale: Locale, path: string) => (locale === 'en' ? path : path === '/' ? '/ar' : `/ar${path}`);
const page = async (locale: Locale, path: string) => {
  const response = await request(site.app).get(localized(locale, path));
  expect(response.status).toBe(200);
  return decoded(response.text);
};
/** The markup from the element whose opening tag holds `marker` to the first `</tag>` after it. */
const between = (html: string, marker: string, end: string) => {
  const start = html.indexOf(marker);
  if (start < 0) throw new Error(`No ${marker}`);
  return html.slice(html.lastIndexOf('<', start), html.indexOf(end, start) + end.length);
};
/** Every opening `<a ...>` tag of some markup, with its attributes. */
const anchors = (html: string) =>
  [...html.matchAll(/<a\s[^>]*>/g)].map((match) =>
    Object.fromEntries([...match[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((attribute) => [attribute[1]!, attribute[2]!])),
  );

/** The links' visible texts (without the note a screen reader hears that one opens a new tab). */
const linkTexts = (html: string) =>
  [...html.matchAll(/<a [^>]*>(.*?)<\/a>/g)].map((match) =>
    decoded(match[1]!.replace(/<span class="visually-hidden">.*?<\/span>/g, '').replace(/<[^>]+>/g, '')),
  );

const listedEvents = (locale: Locale) =>
  published.filter((entry) => entry.type === 'event' && entry.locale === locale && !entry.fields.config.unlistedEvent);

describe('the header', () => {
  test.each(LOCALES)('every menu of the navigation content, by its kind, with current and past events (%s)', async (locale) => {
    const html = await page(locale, '/');
    const nav = between(html, 'id="site-nav"', '</nav>');
    const links = anchors(nav);
    for (const menu of record('navigation', locale).menus as { kind: string; title: string; items?: { title: string; url?: string }[] }[]) {
      if (menu.kind === 'item') expect(linkTexts(nav)).toContain(menu.title);
      else expect(nav).toContain(`<summary class="site-nav__link">${menu.title}</summary>`);
      for (const item of menu.items ?? []) expect(nav).toContain(item.title);
    }
    // SPEC 2.5: the Events menu lists the events still to come and those that have ended.
    const events = listedEvents(locale);
    const upcoming = events.filter((event) => Date.parse(event.fields.config.endDatetime) >= TEST_NOW.getTime());
    const past = events.filter((event) => Date.parse(event.fields.config.endDatetime) < TEST_NOW.getTime());
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);
    const current = between(nav, `aria-label="${locale === 'en' ? 'Upcoming' : 'القادمة'}"`, '</section>');
    for (const event of upcoming) expect(current).toContain(`href="${localized(locale, `/events/${event.slug}`)}"`);
    const ended = between(nav, `aria-label="${locale === 'en' ? 'Past events' : 'الفعاليات السابقة'}"`, '</section>');
    for (const event of past) expect(ended).toContain(`href="${localized(locale, `/events/${event.slug}`)}"`);
    for (const event of published.filter((entry) => entry.type === 'event' && entry.fields.config.unlistedEvent)) {
      expect(nav).not.toContain(`/events/${event.slug}"`);
    }
  });

  test.each(LOCALES)('external links open in a new tab without a referrer and say so; every link is tracked (%s)', async (locale) => {
    const html = await page(locale, '/');
    const nav = between(html, 'id="site-nav"', '</nav>');
    const external = anchors(nav).filter((link) => link.href?.startsWith('http'));
    // Lifestyle's three sites and the arena.
    expect(external.map((link) => link.href)).toEqual(
      expect.arrayContaining([
        'https://wear.nabd.example',
        'https://kitchen.nabd.example',
        'https://studios.nabd.example',
        'https://arena.nabd.example',
      ]),
    );
    for (const link of external) expect(link).toMatchObject({ target: '_blank', rel: 'noreferrer noopener' });
    expect(nav.match(/class="visually-hidden"> \((opens in a new tab|يُفتح في علامة تبويب جديدة)\)/g)).toHaveLength(external.length);
    // The menu says once that its links send navigation_item_clicked from the header, their address
    // the link_url and their text the item_name. A link whose text says more names itself.
    expect(html).toMatch(
      /id="site-nav" aria-label="[^"]+" data-track-links="navigation_item_clicked" data-track-shared="link_url=href item_name=text" data-track-navigation_type="header"/,
    );
    for (const link of external) expect(link['data-track-item_name']).toBeTruthy();
  });

  test.each(LOCALES)('search, the menu button and the page being shown (%s)', async (locale) => {
    const html = await page(locale, '/radio');
    const header = between(html, '<header class="site-header"', '</header>');
    const search = anchors(header).find((link) => link.class === 'search-link');
    expect(search).toMatchObject({ href: localized(locale, '/search'), 'data-track': 'navigation_item_clicked' });
    expect(header).toContain(`<span class="visually-hidden">${locale === 'en' ? 'Search' : 'البحث'}</span>`);
    // Without JavaScript a labelled checkbox opens the menu; the script's button waits hidden.
    expect(header).toMatch(/<input class="site-nav__toggle" type="checkbox" id="site-nav-toggle" aria-controls="site-nav"\/>/);
    expect(header).toMatch(/<label class="site-nav__toggle-label" for="site-nav-toggle">/);
    expect(header).toMatch(/<button class="site-nav__button" type="button" aria-expanded="false" aria-controls="site-nav" hidden="">/);
    expect(html).toMatch(/<script type="module" src="\/assets\/navigation-/);
    // The menu's links to the page shown say so; the player's own link (no JavaScript) is a control.
    const radio = anchors(header).filter((link) => link.href === localized(locale, '/radio') && !('data-player-link' in link));
    expect(radio.length).toBeGreaterThan(0);
    for (const link of radio) expect(link['aria-current']).toBe('page');
    expect(anchors(header).filter((link) => link['aria-current']).length).toBe(radio.length);
  });
});

describe('the footer', () => {
  test.each(LOCALES)('sections, socials in the content order, partner logos and legal links (%s)', async (locale) => {
    const html = await page(locale, '/');
    const footer = between(html, '<footer class="site-footer"', '</footer>');
    const content = record('footer', locale);
    for (const section of content.sections) {
      expect(footer).toContain(`>${section.title}</h2>`);
      for (const item of section.items) expect(linkTexts(footer)).toContain(item.title);
    }
    const socials = anchors(footer).filter((link) => link['data-track'] === 'social_media_account_clicked');
    const order: string[] = content.socials.order;
    expect(socials.map((link) => link['data-track-social_platform'])).toEqual([...order, 'website']);
    expect(order.slice(0, 3)).toEqual(['facebook', 'instagram', 'youtube']);
    for (const link of socials) {
      expect(link.href).toBe(content.socials[link['data-track-social_platform']!]);
      expect(link['data-track-link_url']).toBe(link.href);
      expect(link.title).toBeTruthy();
      expect(link).toMatchObject({ target: '_blank', rel: 'noreferrer noopener' });
    }
    for (const partner of content.partners) {
      expect(footer).toMatch(
        new RegExp(`<a href="${partner.url}"[^>]*class="site-footer__partner"><img src="[^"]+" alt="${partner.name}"`),
      );
    }
    const config = record('global-config', locale);
    for (const link of [config.privacyLink, config.legalLink]) expect(footer).toContain(`>${link.title}</a>`);
    expect(footer).toMatch(
      /<nav class="site-footer__sections" [^>]*data-track-links="navigation_item_clicked" data-track-shared="link_url=href item_name=text" data-track-navigation_type="footer">/,
    );
  });
});

describe('the highlight banner', () => {
  const banner = (fields: Partial<HighlightBannerContent>): HighlightBannerContent => ({
    id: 'banner',
    title: 'Banner',
    backgroundColor: '#C8FF2E',
    live: true,
    visibility: 'all',
    isExternal: false,
    page: [],
    ...fields,
  });

  test('it is live while active and within its dates, when it has them', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(highlightBannerLive({ active: true }, now)).toBe(true);
    expect(highlightBannerLive({ active: false }, now)).toBe(false);
    expect(highlightBannerLive({}, now)).toBe(false);
    expect(highlightBannerLive({ active: true, startDatetime: '2026-11-01T00:00:00Z', endDatetime: '2026-12-01T00:00:00Z' }, now)).toBe(
      true,
    );
    expect(highlightBannerLive({ active: true, startDatetime: '2026-11-22T00:00:00Z' }, now)).toBe(false);
    expect(highlightBannerLive({ active: true, endDatetime: '2026-11-21T11:59:59Z' }, now)).toBe(false);
  });

  test('its visibility picks the pages: all, the home page, or the events pages', () => {
    const paths = ['/', '/?utm=x', '/events', '/events/nabd-festival-2026/lineup', '/radio', '/eventsx'];
    const shownOn = (fields: Partial<HighlightBannerContent>) => paths.filter((path) => highlightBannerShownAt(banner(fields), path));
    expect(shownOn({ visibility: 'all' })).toEqual(paths);
    expect(shownOn({ visibility: 'home' })).toEqual(['/', '/?utm=x']);
    expect(shownOn({ visibility: 'events' })).toEqual(['/events', '/events/nabd-festival-2026/lineup']);
    expect(shownOn({ visibility: 'somewhere' })).toEqual([]);
    expect(shownOn({ live: false })).toEqual([]);
    expect(highlightBannerShownAt(null, '/')).toBe(false);
  });

  test('its text is black or white, whichever reads at least 4.5:1 on its colour', () => {
    for (const background of ['#C8FF2E', '#FF2E93', '#000', '#1a1a2e', '#ffffff', '#7f7f7f', '#0057ff']) {
      const colours = readableTextOn(background)!;
      const ratio = contrastRatio(relativeLuminance(colours.background)!, relativeLuminance(colours.text)!);
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextOn('#C8FF2E')!.text).toBe('#000000');
    expect(readableTextOn('#1a1a2e')!.text).toBe('#ffffff');
    expect(readableTextOn('lime')).toBeUndefined();
  });

  test.each(LOCALES)(
    'the demo banner shows on every page of the Default layout, linked and tracked as a promotion (%s)',
    async (locale) => {
      const content = { ...record('highlight-banner', 'en'), ...record('highlight-banner', locale) };
      for (const path of ['/', '/radio', '/events/nabd-festival-2026']) {
        const html = await page(locale, path);
        const markup = between(html, '<aside class="highlight-banner"', '</aside>');
        expect(markup).toContain(content.title);
        expect(markup).toContain('--banner-background:#C8FF2E;--banner-text:#000000');
        expect(markup).toContain('data-track-view="view_promotion"');
        expect(markup).toContain(`data-track-items="[{"item_name":"${content.title}"}]"`);
        expect(anchors(markup)[0]).toMatchObject({
          href: localized(locale, '/events/nabd-festival-2026'),
          'data-track': 'select_promotion',
        });
      }
      const signIn = await request(site.app).get(localized(locale, '/account/login'));
      expect(signIn.text).not.toContain('highlight-banner');
    },
  );

  test('once its end has passed, no page shows it', async () => {
    const later: Site = await createSite(testConfig(), { clock: () => new Date('2026-12-14T00:00:00Z') });
    try {
      for (const path of ['/', '/ar/events']) {
        const response = await request(later.app).get(path);
        expect(response.status).toBe(200);
        expect(response.text).toContain('class="site-header"');
        expect(response.text).not.toContain('highlight-banner');
      }
    } finally {
      await later.close();
    }
  });

  test('the browser may report it seen, with its items as a list of objects, and nothing else', async () => {
    const send = (properties: object) =>
      request(site.app)
        .post('/api/analytics')
        .set('sec-fetch-site', 'same-origin')
        .send({ name: 'view_promotion', properties, page: { page_type: 'home', module_name: 'home' }, pageName: '/', language: 'en' });
    const promotion = { creative_name: 'highlight_banner', creative_slot: 'site_top', promotion_name: 'Banner', promotion_id: 'banner' };
    expect((await send({ ...promotion, items: [{ item_name: 'Banner' }] })).status).toBe(204);
    expect((await send({ ...promotion, items: 'Banner' })).status).toBe(400);
    expect((await send({ ...promotion, items: [{ item_name: 'Banner' }], extra: 'x' })).status).toBe(400);
  });
});

describe('the home page', () => {
  test.each(LOCALES)('featured events, the latest articles and Instagram posts, each section reported when seen (%s)', async (locale) => {
    const html = await page(locale, '/');
    const featured = between(html, 'aria-labelledby="home-featured"', '</section>');
    const expected = listedEvents(locale).filter(
      (event) => event.fields.config.featured && Date.parse(event.fields.config.endDatetime) >= TEST_NOW.getTime(),
    );
    expect(expected.length).toBeGreaterThan(0);
    for (const event of expected) expect(featured).toContain(`href="${localized(locale, `/events/${event.slug}`)}"`);
    expect(featured).toContain('data-track-view="section_viewed"');
    expect(featured).toContain(`href="${localized(locale, '/events')}"`);

    const articles = between(html, 'aria-labelledby="home-articles"', '</section>');
    const newest = published
      .filter((entry) => entry.type === 'article' && entry.locale === locale)
      .sort((a, b) => Date.parse(b.fields.firstPublishedAt) - Date.parse(a.fields.firstPublishedAt))
      .slice(0, 6);
    const categorySlug = (ref: string) => published.find((entry) => entry.id === ref)!.slug;
    const articleLinks = anchors(articles).filter((link) => link.class === 'grid-card__link');
    expect(articleLinks.map((link) => link.href)).toEqual(
      newest.map((article) => localized(locale, `/xp-feed/${categorySlug(article.fields.category.ref)}/${article.slug}`)),
    );
    expect(articles).toContain(`class="section__more" href="${localized(locale, '/xp-feed')}"`);

    const instagram = between(html, 'aria-labelledby="home-instagram"', '</section>');
    const posts = anchors(instagram);
    expect(posts.length).toBe(8);
    for (const post of posts) {
      expect(post).toMatchObject({
        target: '_blank',
        'data-track': 'social_media_post_clicked',
        'data-track-social_platform': 'instagram',
      });
      expect(post.href).toMatch(/^https:\/\/instagram\.example\/p\//);
      expect(post['data-track-link_url']).toBe(post.href);
    }
    // Only the hero's picture loads first; the rest wait until they near the screen.
    expect(html.match(/<img [^>]*fetchPriority="high"/gi)).toHaveLength(1);
    expect(html).toMatch(/<img class="hero__cover"[^>]*fetchPriority="high"/);
    expect(instagram).not.toContain('loading="eager"');
  });
});
