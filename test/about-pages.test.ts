import { readFileSync } from 'node:fs';
import request from 'supertest';
import { fromRoot } from '#platform/paths.ts';
import { createI18n, translatorFor } from '#server/i18n.ts';
import type { PageContext, PageModule } from '#server/page.ts';
import { ServiceClient } from '#server/services/service-client.ts';
import { createUrlBuilder } from '#server/urls.ts';
import { decoded } from './support/html.ts';
import { startTestSite, TEST_ORIGIN, type TestSite } from './support/test-site.ts';
import { publishedContent } from './support/content-records.ts';

/**
 * The about area: about, history, FAQ, careers, partners, the custom about pages, contact, terms
 * and the store, in both languages. Expectations come from the content files, not from today's wording.
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

const get = (path: string) => request(site.app).get(path);
const record = (id: string, locale: Locale = 'en') => published.find((entry) => entry.id === id && entry.locale === locale)!;
const records = (type: string, locale: Locale = 'en') => published.filter((entry) => entry.type === type && entry.locale === locale);
const fields = (id: string, locale: Locale = 'en'): Fields => record(id, locale).fields;
const strings = (locale: Locale) => JSON.parse(readFileSync(fromRoot('locales', locale, 'about.json'), 'utf8'));
const about = { en: strings('en'), ar: strings('ar') };
const localized = (locale: Locale, path: string) => (locale === 'ar' ? `/ar${path}` : path);
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
/** The attributes of every tag matching a pattern (React writes them in prop order, so none is assumed). */
const tags = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].map((match) =>
    Object.fromEntries([...match[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((pair) => [pair[1], decoded(pair[2]!)])),
  );
const ARABIC = /[\u0600-\u06FF]/;
/** The first words of a rich text document, to find on the page. */
const firstText = (document: any[]): string => document.find((node) => node.type === 'paragraph').children[0].text;

const PAGES = [
  ['/about', 'page-about'],
  ['/about/history', 'page-history'],
  ['/about/faq', 'page-faq'],
  ['/about/careers', 'page-career'],
  ['/about/partners', 'page-partners'],
  ['/about/foundation', 'page-about-foundation'],
  ['/contact', 'page-contact'],
  ['/terms-and-conditions', 'page-terms'],
  ['/store', 'page-store'],
] as const;

describe('every page of the area answers in English and Arabic', () => {
  test.each(PAGES.flatMap(([path, id]) => (['en', 'ar'] as const).map((locale) => [path, locale, id] as const)))(
    '%s in %s: its title, SEO title, text and blocks',
    async (path, locale, id) => {
      const page = fields(id, locale);
      const response = await get(localized(locale, path));
      expect(response.status).toBe(200);
      expect(response.text).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
      const html = decoded(response.text);
      expect(html).toContain(`<h1 class="hero__title">${page.header.title}</h1>`);
      expect(html).toMatch(new RegExp(`<title>${page.seo.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\| [^<]+)?</title>`));
      if (page.body) expect(html).toContain(firstText(page.body));
      for (const block of page.blocks ?? []) if (block.title) expect(html).toContain(block.title);
      if (locale === 'ar') expect(page.header.title).toMatch(ARABIC);
    },
  );

  test('every custom about page answers under /about in both languages, an unknown slug is a 404', async () => {
    const custom = records('page.aboutCustom');
    expect(custom.length).toBeGreaterThanOrEqual(6);
    for (const page of custom) {
      for (const locale of ['en', 'ar'] as const) {
        const response = await get(localized(locale, `/about/${page.slug}`));
        expect(response.status).toBe(200);
        expect(decoded(response.text)).toContain(`<h1 class="hero__title">${fields(page.id, locale).header.title}</h1>`);
      }
    }
    for (const path of ['/about/no-such-page', '/ar/about/no-such-page', '/about/%E2%80%AE', '/about/history/extra']) {
      expect((await get(path)).status).toBe(404);
    }
  });

  test('the fixed about pages win over a custom page slug', async () => {
    expect((await get('/about/history')).text).toContain('class="timeline"');
    expect((await get('/about/faq')).text).toContain('class="faq__item"');
    expect((await get('/about/partners')).text).toContain('partners--premium');
  });
});

describe('the page head and analytics come from the content', () => {
  let i18n: Awaited<ReturnType<typeof createI18n>>;
  beforeAll(async () => {
    i18n = await createI18n();
  });

  /** Runs a page's loader as the site would, against the test site's content service. */
  async function load(module: string, path: string, locale: Locale, params: Record<string, string> = {}) {
    const { default: page } = (await import(`#server/pages/about/${module}.ts`)) as { default: PageModule };
    const content = new ServiceClient({
      name: 'content',
      url: `${TEST_ORIGIN}/graphql/content`,
      fetch: site.fetch,
      headers: { authorization: `Bearer ${site.config.content.token}` },
    });
    const context = {
      locale,
      params,
      t: translatorFor(i18n, locale),
      urls: createUrlBuilder({ baseUrl: TEST_ORIGIN, locale, currentPath: path }),
      services: { content },
    } as unknown as PageContext;
    const loaded = await page.load(context);
    if (loaded.kind !== 'page') throw new Error(`${path} did not load a page`);
    return loaded;
  }

  test.each(['en', 'ar'] as const)('history (%s): SEO title and description, breadcrumbs About then History, page type', async (locale) => {
    const history = fields('page-history', locale);
    const { head, analytics } = await load('history', '/about/history', locale);
    expect(head).toMatchObject({ title: history.seo.title, description: history.seo.description });
    expect(head.breadcrumbs).toEqual([
      { name: about[locale].breadcrumbs.about, path: '/about' },
      { name: history.title, path: '/about/history' },
    ]);
    expect(analytics).toMatchObject({
      page_type: history.pageType,
      module_name: history.moduleName,
      submodule_name: history.submoduleName,
    });
  });

  test('a custom about page sits under About with its own path; the about page, terms and store stand alone', async () => {
    const privacy = await load('custom-page', '/about/privacy', 'ar', { aboutCustomPageSlug: 'privacy' });
    expect(privacy.head.breadcrumbs).toEqual([
      { name: about.ar.breadcrumbs.about, path: '/about' },
      { name: fields('page-about-privacy', 'ar').title, path: '/about/privacy' },
    ]);
    expect((await load('about', '/about', 'en')).head.breadcrumbs).toEqual([{ name: fields('page-about').title, path: '/about' }]);
    expect((await load('terms', '/terms-and-conditions', 'en')).head.breadcrumbs).toEqual([
      { name: fields('page-terms').title, path: '/terms-and-conditions' },
    ]);
    expect((await load('store', '/store', 'en')).analytics).toMatchObject({ page_type: 'store', module_name: 'store' });
  });
});

describe('the history page', () => {
  test.each(['en', 'ar'] as const)('shows the timeline year by year, with its pictures (%s)', async (locale) => {
    const timeline = fields('page-history', locale).blocks.find((block: Fields) => block.type === 'timeline');
    const html = decoded((await get(localized(locale, '/about/history'))).text);
    const years = [...html.matchAll(/<time dateTime="(\d{4})">/g)].map((match) => Number(match[1]));
    expect(years).toEqual(timeline.items.map((item: Fields) => item.year));
    for (const item of timeline.items) {
      expect(html).toContain(`<h3 class="timeline__title">${item.title}</h3>`);
      expect(html).toContain(`alt="${item.media.alt}"`);
    }
  });
});

describe('the FAQ page', () => {
  test.each(['en', 'ar'] as const)('groups the questions by topic, each a <details> with its summary (%s)', async (locale) => {
    const faq = fields('page-faq', locale);
    const html = decoded((await get(localized(locale, '/about/faq'))).text);
    const topics = faq.blocks.filter((block: Fields) => block.type === 'faq');
    expect(topics.length).toBeGreaterThan(1);
    for (const topic of topics) {
      expect(html).toContain(`<h2 id="block-${topic.id}" class="section__title">${topic.title}</h2>`);
      expect(html).toContain(`href="#block-${topic.id}"`);
      for (const item of topic.items)
        expect(html).toMatch(new RegExp(`<details [^>]*><summary class="faq__question">${escape(item.question)}</summary>`));
    }
    const opened = tags(html, /<details [^>]*>/g).filter((details) => details.class === 'faq__item');
    expect(opened.length).toBe(topics.reduce((count: number, topic: Fields) => count + topic.items.length, 0));
    for (const details of opened) {
      expect(details).toMatchObject({ 'data-track-open': 'faq_accordion_opened' });
      expect(details['data-track-faq_category']).toBeTruthy();
      expect(details['data-track-faq_item_title']).toBeTruthy();
    }
  });

  test('links inside answers are tracked as faq_link_clicked with the question and the link', async () => {
    const html = (await get('/about/faq')).text;
    const links = tags(html, /<a [^>]*data-track="faq_link_clicked"[^>]*>/g);
    const answerLinks = fields('page-faq')
      .blocks.flatMap((block: Fields) => block.items ?? [])
      .flatMap((item: Fields) =>
        (item.answer ?? []).flatMap((node: Fields) =>
          [...(node.children ?? []), ...(node.items ?? []).flat()]
            .filter((child: Fields) => child.type === 'link')
            .map((link: Fields) => ({ question: item.question, url: link.url })),
        ),
      );
    expect(answerLinks.length).toBeGreaterThan(0);
    expect(links.map((link) => ({ question: link['data-track-faq_item_title'], url: link['data-track-faq_item_link'] }))).toEqual(
      answerLinks,
    );
    for (const link of links) expect(link.href).toBe(link['data-track-faq_item_link']);
  });

  test('gives search engines every question and its answer as a FAQPage', async () => {
    const faq = fields('page-faq', 'ar');
    const data = jsonLd((await get('/ar/about/faq')).text).find((item) => item['@type'] === 'FAQPage');
    const questions = faq.blocks.flatMap((block: Fields) => block.items ?? []);
    expect(data.mainEntity).toHaveLength(questions.length);
    expect(data.mainEntity[0]).toMatchObject({
      '@type': 'Question',
      name: questions[0].question,
      acceptedAnswer: { '@type': 'Answer', text: expect.stringContaining(firstText(questions[0].answer)) },
    });
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the contact page', () => {
  test.each(['en', 'ar'] as const)('links every channel the way it is reached, with the address (%s)', async (locale) => {
    const contact = fields('page-contact', locale);
    const html = (await get(localized(locale, '/contact'))).text;
    const links = tags(html, /<a [^>]*class="contact-channel"[^>]*>/g);
    expect(links.map((link) => link.href)).toEqual([
      'mailto:hello@nabd.example',
      'tel:+966115550142',
      'https://wa.me/966555550142',
      contact.channels.messenger,
      contact.channels.twitter,
      contact.channels.linkedin,
      contact.channels.website,
    ]);
    // SPEC 2.2: web and mail links open in a new tab without a referrer; a call stays here.
    for (const link of links.filter((link) => !link.href!.startsWith('tel:')))
      expect(link).toMatchObject({ target: '_blank', rel: 'noreferrer noopener' });
    expect(links.find((link) => link.href!.startsWith('tel:'))!.target).toBeUndefined();
    for (const link of links) expect(link).toMatchObject({ 'data-track': 'link_clicked', 'data-track-link_url': link.href });
    const text = decoded(html);
    for (const channel of ['email', 'phone', 'whatsapp'] as const) expect(text).toContain(about[locale].contact.channel[channel]);
    expect(text).toContain(contact.address.street);
    expect(text).toContain(contact.address.city);
  });

  test('describes the organisation and its contact point as valid JSON-LD', async () => {
    const contact = fields('page-contact', 'ar');
    const data = jsonLd((await get('/ar/contact')).text).find((item) => item['@type'] === 'Organization');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      name: about.ar.contact.organization,
      email: contact.channels.email,
      telephone: '+966115550142',
      address: { '@type': 'PostalAddress', addressLocality: contact.address.city, postalCode: contact.address.postalCode },
      contactPoint: [{ '@type': 'ContactPoint', email: contact.channels.email, telephone: '+966115550142' }],
    });
    expect(data.sameAs).toEqual(expect.arrayContaining([contact.channels.twitter, contact.channels.linkedin]));
  });

  test('keeps its map block', async () => {
    const html = (await get('/contact')).text;
    expect(tags(html, /<iframe [^>]*>/g)[0]).toMatchObject({
      src: 'https://www.openstreetmap.org/export/embed.html?bbox=46.6790%2C24.6851%2C46.6910%2C24.6971&layer=mapnik&marker=24.6911%2C46.685',
      loading: 'lazy',
    });
  });
});

describe('the partners page', () => {
  test.each(['en', 'ar'] as const)(
    'shows premium partners with their chips, call to action and logo, then the others (%s)',
    async (locale) => {
      const html = decoded((await get(localized(locale, '/about/partners'))).text);
      const premium = records('premiumPartner', locale);
      expect(premium.length).toBeGreaterThan(0);
      for (const partner of premium) {
        expect(html).toContain(`<h3 class="partner__name">${partner.fields.name}</h3>`);
        for (const chip of partner.fields.chips) expect(html).toContain(`<li class="chip">${chip}</li>`);
        expect(html).toContain(partner.fields.callToAction.title);
        expect(html).toContain(partner.fields.logo.image);
      }
      for (const ref of fields('page-partners', locale).blocks[1].items.map((item: Fields) => item.ref)) {
        expect(html).toContain(`<h3 class="partner__name">${fields(ref, locale).name}</h3>`);
      }
      const external = tags(html, /<a [^>]*href="https?:[^"]*"[^>]*>/g).filter(
        (link) => /partner/.test(link.class ?? '') || /button--small/.test(link.class ?? ''),
      );
      expect(external.length).toBeGreaterThan(premium.length);
      for (const link of external) expect(link).toMatchObject({ target: '_blank', rel: 'noreferrer noopener' });
    },
  );
});

describe('the terms and conditions', () => {
  test.each(['en', 'ar'] as const)('open with a table of contents leading to each section (%s)', async (locale) => {
    const headings = fields('page-terms', locale)
      .body.filter((node: Fields) => node.type === 'heading' && node.level === 2)
      .map((node: Fields) => node.children[0].text);
    const html = decoded((await get(localized(locale, '/terms-and-conditions'))).text);
    const contents = tags(html, /<a class="page-contents__link" [^>]*>/g).map((link) => link.href!.slice(1));
    expect(contents).toHaveLength(headings.length);
    expect(new Set(contents).size).toBe(contents.length);
    const sections = [...html.matchAll(/<h2 id="([^"]+)"><span>([^<]+)<\/span><\/h2>/g)].map((match) => ({
      id: match[1],
      heading: match[2],
    }));
    expect(sections).toEqual(headings.map((heading: string, index: number) => ({ id: contents[index], heading })));
    expect(html).toContain(`>${about[locale].contents.title}</h2>`);
  });

  test('a short page has no table of contents', async () => {
    expect((await get('/about/foundation')).text).not.toContain('page-contents');
  });
});
