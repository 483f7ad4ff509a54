import { readFileSync } from 'node:fs';
import { print } from 'graphql';
import { createElement, type ReactElement } from 'react';
import request from 'supertest';
import { fromRoot } from '#platform/paths.ts';
import { createI18n } from '#server/i18n.ts';
import { PAGE_BLOCK_FIELDS } from '#server/pages/blocks/page-block-fields.ts';
import { renderFragment } from '#server/render/render-document.tsx';
import { createUrlBuilder } from '#server/urls.ts';
import { PageBlocks } from '#views/blocks/PageBlocks.tsx';
import { EMBED_PROVIDERS } from '#views/embed-origins.ts';
import { RichText } from '#views/components/RichText.tsx';
import type { RichTextNode } from '#views/content.ts';
import type { PageBlockContent } from '#views/blocks/types.ts';
import { createFormatter, direction, type Locale } from '#views/format.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_NOW, TEST_ORIGIN, type TestSite } from './support/test-site.ts';
import { publishedContent } from './support/content-records.ts';

/**
 * Page blocks (SPEC 3.2): every block type, as the demo content uses it, renders completely
 * without JavaScript in both languages. Expectations come from the content files.
 */

type Fields = Record<string, any>;
type ContentRecord = Awaited<ReturnType<typeof publishedContent<Fields>>>[number];

let site: TestSite;
let published: ContentRecord[];
beforeAll(async () => {
  site = await startTestSite();
  published = await publishedContent();
});
afterAll(() => site.close());
const i18n = await createI18n();

const LOCALES = ['en', 'ar'] as const;
const localized = (locale: Locale, path: string) => (locale === 'ar' ? `/ar${path === '/' ? '' : path}` : path);
const get = async (locale: Locale, path: string) => {
  const response = await request(site.app).get(localized(locale, path));
  expect(response.status).toBe(200);
  return decoded(response.text);
};
const fields = (id: string, locale: Locale): Fields => published.find((entry) => entry.id === id && entry.locale === locale)!.fields;
const block = (recordId: string, blockId: string, locale: Locale): Fields =>
  (fields(recordId, locale).blocks as Fields[]).find((candidate) => candidate.id === blockId)!;
const strings = (locale: Locale) => JSON.parse(readFileSync(fromRoot('locales', locale, 'blocks.json'), 'utf8'));
/** The opening tag of the first element carrying `marker` (a class or attribute), attributes by name. */
function tag(html: string, marker: string): Record<string, string> {
  const found = [...html.matchAll(/<[a-z]+\s[^>]*>/g)].map((match) => match[0]).find((candidate) => candidate.includes(marker));
  if (!found) throw new Error(`No element with ${marker}`);
  return Object.fromEntries([...found.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].slice(1).map((match) => [match[1], match[2] ?? '']));
}
/** The markup of the section a block renders (its class is `block-<name>`), from its opening to its end. */
function section(html: string, name: string): string {
  const start = html.indexOf(`block ${name}"`);
  if (start < 0) throw new Error(`No ${name} section`);
  const from = html.lastIndexOf('<section', start);
  return html.slice(from, html.indexOf('</section>', start) + '</section>'.length);
}
const scripts = (html: string) => [...html.matchAll(/<script type="module" src="\/assets\/([a-z-]+)-/g)].map((match) => match[1]);

describe('the home page is built from its blocks', () => {
  test.each(LOCALES)('countdown: the moment in Riyadh time and what is left of it, readable without JavaScript (%s)', async (locale) => {
    const html = await get(locale, '/');
    const countdown = block('page-home', 'home-countdown', locale);
    const markup = section(html, 'block-countdown');
    const format = createFormatter(locale);
    expect(markup).toContain(countdown.title);
    expect(markup).toContain(`<time dateTime="${countdown.endDatetime}">`);
    expect(markup).toContain(format.longDate(countdown.endDatetime));
    expect(markup).toContain(format.time(countdown.endDatetime));
    // What is left when the page was rendered, as an ISO 8601 duration and as days, hours, minutes.
    const [, days, hours, minutes, seconds] = /class="countdown__clock" dateTime="P(\d+)DT(\d+)H(\d+)M(\d+)S"/.exec(markup)!.map(Number);
    const left = days! * 86_400 + hours! * 3_600 + minutes! * 60 + seconds!;
    const expected = (Date.parse(countdown.endDatetime) - Date.now()) / 1000;
    expect(Math.abs(left - expected)).toBeLessThan(30);
    expect(markup).toContain(`data-unit="days">${String(days).padStart(2, '0')}</span>`);
    expect(markup).toMatch(/class="countdown__clock"[^>]*aria-live="off"/);
    expect(markup).toMatch(/<p class="countdown__ended" hidden="">/);
  });

  test.each(LOCALES)('carousel: a labelled, focusable, scrollable list; its arrows wait for JavaScript (%s)', async (locale) => {
    const html = await get(locale, '/');
    const carousel = block('page-home', 'home-moments', locale);
    const markup = section(html, 'block-carousel');
    const region = tag(markup, 'class="carousel"');
    expect(region).toMatchObject({ role: 'region', tabindex: '0', class: 'carousel' });
    expect(region['aria-label']).toContain(carousel.title);
    const slides = markup.match(/<li class="carousel__slide">/g) ?? [];
    expect(slides).toHaveLength(carousel.items.length);
    expect(markup).toMatch(/<ul class="carousel__track">(<li class="carousel__slide">.*?<\/li>)+<\/ul>/);
    for (const item of carousel.items) {
      expect(markup).toContain(item.caption);
      expect(markup).toContain(item.image.alt);
      expect(markup).toContain(item.link.title);
    }
    expect(tag(markup, 'data-carousel-arrows')).toHaveProperty('hidden');
    expect(tag(markup, 'data-carousel-arrow="next"')).toMatchObject({
      type: 'button',
      'data-track': 'carousel_arrow_clicked',
      'data-track-carousel_arrow': 'next',
      'data-track-section_name': carousel.title,
    });
    expect(markup).toContain(strings(locale).carousel.next);
  });

  test.each(LOCALES)('statistics, upcoming events, highlights and the app (%s)', async (locale) => {
    const html = await get(locale, '/');
    const statistics = section(html, 'block-statistics');
    for (const item of block('page-home', 'home-numbers', locale).items) expect(statistics).toContain(item.label);
    // Figures are written by the formatter, whichever way the editor wrote them ("+1,200", "1,200+", "600K").
    const figures = [...statistics.matchAll(/<span class="statistics__value">([^<]*)<\/span>/g)].map((match) => match[1]);
    expect(figures).toEqual(expect.arrayContaining(locale === 'ar' ? ['600\u00a0ألف', '+1,200', '+40'] : ['600k', '1,200+', '40+']));

    const events = section(html, 'block-event-list');
    expect(events).toContain(block('page-home', 'home-upcoming', locale).title);
    const upcoming = published.filter(
      (entry) => entry.type === 'event' && entry.locale === locale && Date.parse(entry.fields.config.endDatetime) >= TEST_NOW.getTime(),
    );
    for (const event of upcoming) {
      if (event.fields.config.unlistedEvent) expect(events).not.toContain(`/events/${event.slug}"`);
    }
    expect(events).toContain(`href="${localized(locale, '/events/calendar')}"`);

    const grid = section(html, 'block-content-grid');
    const article = fields('article-nabd-festival-2026-tickets-guide', locale);
    expect(grid).toContain(article.title);
    const category = published.find((entry) => entry.id === article.category.ref)!.slug;
    expect(grid).toContain(`href="${localized(locale, `/xp-feed/${category}/nabd-festival-2026-tickets-guide`)}"`);
    expect(grid).toContain(fields('release-lujain-hassan-rain-study', locale).title);
    expect(grid).toContain(`href="${localized(locale, '/performers/kaysan')}"`);

    const app = section(html, 'block-download-app');
    const download = block('page-home', 'home-app', locale);
    expect(app).toContain(download.title);
    expect(app).toContain(download.text);
    for (const url of [download.appStoreUrl, download.googlePlayUrl]) {
      expect(tag(app, `href="${url}"`)).toMatchObject({ target: '_blank', 'data-track': 'link_clicked', 'data-track-link_url': url });
    }
    expect(app).not.toMatch(/<img/);
  });

  test('the page links the countdown and carousel scripts because its blocks ask for them', async () => {
    const html = await get('en', '/');
    expect(scripts(html)).toEqual(expect.arrayContaining(['countdown', 'carousel', 'analytics']));
  });

  test.each(LOCALES)('each event shows once: featured above, the rest coming up, and the cards no two alike (%s)', async (locale) => {
    const html = await get(locale, '/');
    const cardLinks = [...html.matchAll(/class="event-card__link" href="(?:\/ar)?\/events\/([^"]+)"/g)].map((match) => match[1]!);
    expect(cardLinks.length).toBeGreaterThan(3);
    expect(cardLinks).toEqual([...new Set(cardLinks)]);

    const listed = published
      .filter((entry) => entry.type === 'event' && entry.locale === locale && !entry.fields.config.unlistedEvent)
      .filter((entry) => Date.parse(entry.fields.config.endDatetime) >= TEST_NOW.getTime())
      .sort((a, b) => Date.parse(a.fields.config.startDatetime) - Date.parse(b.fields.config.startDatetime));
    const featured = listed.filter((entry) => entry.fields.config.featured).map((entry) => entry.slug);
    const start = html.indexOf('id="home-featured"');
    const featuredSection = html.slice(start, html.indexOf('</section>', start));
    expect([...featuredSection.matchAll(/class="event-card__link" href="(?:\/ar)?\/events\/([^"]+)"/g)].map((match) => match[1])).toEqual(
      featured,
    );
    // "Coming up" is the next events the featured section does not show, as many as the block asks for.
    const comingUp = [...section(html, 'block-event-list').matchAll(/class="event-card__link" href="(?:\/ar)?\/events\/([^"]+)"/g)].map(
      (match) => match[1],
    );
    const limit = block('page-home', 'home-upcoming', 'en').limit as number;
    expect(comingUp).toEqual(
      listed
        .filter((entry) => !featured.includes(entry.slug))
        .slice(0, limit)
        .map((entry) => entry.slug),
    );
    expect(comingUp.length).toBeGreaterThan(2);
  });
});

describe('blocks on an event and its custom pages', () => {
  test.each(LOCALES)('iframe: lazy, titled, sandboxed, at its height, with a link to open it (%s)', async (locale) => {
    const html = await get(locale, '/events/nabd-festival-2026/getting-there');
    const frame = block('page-event-nabd-festival-2026-getting-there', 'iframe-nabd-2026-map', locale);
    const attributes = tag(html, '<iframe');
    expect(attributes).toMatchObject({ src: frame.url, title: frame.title, loading: 'lazy', height: String(frame.height) });
    expect(attributes.sandbox).toContain('allow-scripts');
    expect(tag(section(html, 'block-iframe'), `href="${frame.url}"`)).toMatchObject({ target: '_blank' });
    expect(html).toContain(strings(locale).iframe.open);
  });

  test('the Content-Security-Policy lets pages frame the video and map providers, and only those', async () => {
    const response = await request(site.app).get('/events/nabd-festival-2026/getting-there');
    const frameSrc = /frame-src ([^;]*)/.exec(response.headers['content-security-policy']!)![1]!.split(' ');
    expect(frameSrc).toEqual(["'self'", ...EMBED_PROVIDERS]);
  });

  test.each(LOCALES)('iframe of a site the policy does not allow: the link to open it, without a frame (%s)', async (locale) => {
    const html = await get(locale, '/store');
    const store = section(html, 'block-iframe');
    expect(store).not.toContain('<iframe');
    expect(store).toContain('href="https://shop.nabd.example/embed"');
    expect(html).toContain(strings(locale).iframe.open);
  });

  test.each(LOCALES)('FAQ: questions as <details> that open without JavaScript, tracked when opened (%s)', async (locale) => {
    const html = await get(locale, '/events/nabd-festival-2026/getting-there');
    const faq = block('page-event-nabd-festival-2026-getting-there', 'faq-nabd-2026-transport', locale);
    const markup = section(html, 'block-faq');
    expect(markup.match(/<details /g)).toHaveLength(faq.items.length);
    for (const item of faq.items) {
      expect(markup).toContain(`<summary class="faq__question">${item.question}</summary>`);
      expect(tag(markup, `data-track-faq_item_title="${item.question}"`)).toMatchObject({
        'data-track-open': 'faq_accordion_opened',
        'data-track-faq_category': faq.category ?? faq.title,
      });
    }
    expect(markup).toContain(faq.items[0].answer[0].children[0].text);
  });

  test.each(LOCALES)('header, cards and the app on the good-to-know page (%s)', async (locale) => {
    const html = await get(locale, '/events/nabd-festival-2026/good-to-know');
    const header = block('page-event-nabd-festival-2026-good-to-know', 'header-nabd-2026-weekend', locale);
    const markup = section(html, 'block-header');
    expect(markup).toMatch(new RegExp(`<h2 id="block-header-nabd-2026-weekend"[^>]*>${header.title}</h2>`));
    expect(markup).toContain(header.subtitle);
    expect(tag(markup, 'class="button button--primary"')).toMatchObject({ href: localized(locale, '/travel-packages') });
    expect(html.match(/<h1/g)).toHaveLength(1);

    const cards = block('page-event-nabd-festival-2026-good-to-know', 'cards-nabd-2026-services', locale);
    const cardsMarkup = section(html, 'block-cards');
    for (const card of cards.items) expect(cardsMarkup).toContain(`<h3 class="card__title">${card.title}</h3>`);
    expect(section(html, 'block-download-app')).toContain('store-badge');
  });

  test.each(LOCALES)('statistics and a call to action on the accessibility page (%s)', async (locale) => {
    const html = await get(locale, '/events/nabd-festival-2026/accessibility');
    const cta = block('page-event-nabd-festival-2026-accessibility', 'cta-nabd-2026-access-team', locale);
    const markup = section(html, 'block-call-to-action');
    expect(markup).toContain(cta.title);
    expect(markup).toContain(cta.callToAction.title);
    expect(tag(markup, 'data-track="link_clicked"')['data-track-section_name']).toBe(cta.title);
    expect(section(html, 'block-statistics')).toContain('statistics__value');
  });

  test('a page without countdown or carousel loads neither script', async () => {
    const html = await get('en', '/events/nabd-festival-2026/getting-there');
    expect(scripts(html)).not.toContain('countdown');
    expect(scripts(html)).not.toContain('carousel');
  });
});

/**
 * Timelines and partner lists sit on the about pages, whose routes another part of the site
 * builds: their blocks are rendered straight from the content service here.
 */
describe('blocks of pages without a route of their own yet', () => {
  async function blocksOf(query: string, locale: Locale): Promise<PageBlockContent[]> {
    const response = await site.fetch(`${TEST_ORIGIN}/graphql/content`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${site.config.content.token}` },
      body: JSON.stringify({
        query: `query Blocks($locale: Locale!) { page: ${query}(locale: $locale) { blocks { ...PageBlockFields } } } ${print(PAGE_BLOCK_FIELDS)}`,
        variables: { locale },
      }),
    });
    const { data, errors } = (await response.json()) as { data: { page: { blocks: PageBlockContent[] } }; errors?: unknown };
    expect(errors).toBeUndefined();
    return data.page.blocks;
  }

  function render(locale: Locale, blocks: PageBlockContent[], element: ReactElement = createElement(PageBlocks, { blocks })): string {
    const html = renderFragment(
      {
        locale,
        dir: direction(locale),
        t: i18n.getFixedT(locale),
        format: createFormatter(locale),
        urls: createUrlBuilder({ baseUrl: TEST_ORIGIN, locale, currentPath: '/about' }),
        path: '/about',
        csrfToken: 'token',
        viewer: null,
        forms: {},
        embeddedApp: false,
      },
      element,
    );
    return decoded(html);
  }

  test.each(LOCALES)('timeline: milestones in order of their year (%s)', async (locale) => {
    const html = render(locale, await blocksOf('historyPage', locale));
    const timeline = block('page-history', 'history-timeline', locale);
    const years = [...html.matchAll(/<time dateTime="(\d{4})">/g)].map((match) => Number(match[1]));
    expect(years).toEqual([...timeline.items.map((item: Fields) => item.year)].sort((a, b) => a - b));
    expect(html).toMatch(/<ol class="timeline">/);
    for (const item of timeline.items) expect(html).toContain(`<h3 class="timeline__title">${item.title}</h3>`);
  });

  test.each(LOCALES)(
    'partner lists: premium partners with their chips and call to action, partners with their site (%s)',
    async (locale) => {
      const html = render(locale, await blocksOf('partnersPage', locale));
      const premium = fields('premium-partner-sahara-telecom', locale);
      expect(html).toContain(`<h3 class="partner__name">${premium.name}</h3>`);
      for (const chip of premium.chips) expect(html).toContain(`<li class="chip">${chip}</li>`);
      const partner = published.find((entry) => entry.id === 'partner-nakheel-hotels' && entry.locale === locale)!;
      expect(html).toContain(partner.fields.name);
      expect(tag(html, `href="${partner.fields.url}"`)).toMatchObject({ target: '_blank', 'data-track': 'link_clicked' });
      // The call to action block beside them.
      expect(html).toContain(block('page-partners', 'partners-become', locale).title);
    },
  );

  test.each(LOCALES)('rich text and cards on the about page (%s)', async (locale) => {
    const html = render(locale, await blocksOf('aboutPage', locale));
    expect(html).toContain('class="section section--narrow block block-rich-text"');
    expect(html).toContain('block-cards');
  });

  test.each(LOCALES)('rich text shows quotes, pictures and videos as the articles use them, and no unsafe URL (%s)', (locale) => {
    const article = fields('article-a-short-history-of-saudi-cassette-culture', locale);
    const document = [...article.body, ...article.body2] as RichTextNode[];
    const picture = document.find((node) => node.type === 'image') as Extract<RichTextNode, { type: 'image' }>;
    const quote = document.find((node) => node.type === 'quote') as Extract<RichTextNode, { type: 'quote' }>;
    const nodes: RichTextNode[] = [
      { ...picture, asset: { url: `/media/${picture.image}`, alt: picture.alt ?? null } },
      quote,
      { type: 'video', url: 'https://www.youtube.com/watch?v=abc', title: 'Studio session', posterAsset: { url: '/media/poster.svg' } },
      { type: 'video', url: 'javascript:alert(1)', title: 'Unsafe' },
    ];
    const html = render(locale, [], createElement(RichText, { document: nodes }));
    expect(html).toContain(`<img src="/media/${picture.image}" alt="${picture.alt}"`);
    expect(html).toContain(`<figcaption>${picture.caption}</figcaption>`);
    expect(html).toContain(
      `<blockquote><p><span>${(quote.children[0] as { text: string }).text}</span></p></blockquote><figcaption>${quote.cite}</figcaption>`,
    );
    expect(tag(html, 'href="https://www.youtube.com/watch?v=abc"')).toMatchObject({ target: '_blank' });
    expect(html).toContain(strings(locale).video.watch.replace('{{host}}', 'youtube.com'));
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('Unsafe');
  });
});
