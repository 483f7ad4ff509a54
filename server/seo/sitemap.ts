import { gql, type TypedDocumentNode } from '@apollo/client';
import { LOCALES } from '#views/format.ts';
import { pageRouteOf } from '../page-router.ts';
import { ROUTES, type RouteId } from '../route-table.ts';
import type { ServiceClient } from '../services/service-client.ts';
import { createUrlBuilder, fillPath, localizePath } from '../urls.ts';

interface SlugItem {
  slug: string;
  collection: string | null;
  publishedAt: string | null;
}
type SlugList = { total: number; items: SlugItem[] };

const SLUG_LISTS = [
  'eventSlugs',
  'customEventSlugs',
  'performanceSlugs',
  'performerSlugs',
  'articleCategorySlugs',
  'articleSlugs',
  'podcastSlugs',
  'releaseSlugs',
  'aboutPageSlugs',
  'customBlockSlugs',
  'customTextSlugs',
] as const;
type SlugListName = (typeof SLUG_LISTS)[number];

type SitemapQuery = Record<SlugListName, SlugList> & {
  festivalLineupEvents: { slug: string }[];
  travelPackages: { slug: string; publishedAt: string | null; partner: { slug: string } | null }[];
};

/** SPEC 7.1 slug lists, a page of each per round trip (never in preview: drafts stay out). */
const SITEMAP_QUERY: TypedDocumentNode<SitemapQuery, { first: number; skip: number }> = gql`
  fragment SitemapSlugs on SlugList {
    total
    items {
      slug
      collection
      publishedAt
    }
  }
  query Sitemap($first: Int!, $skip: Int!) {
    ${SLUG_LISTS.map((name) => `${name}(locale: en, first: $first, skip: $skip) { ...SitemapSlugs }`).join('\n    ')}
    festivalLineupEvents(locale: en) {
      slug
    }
    travelPackages(locale: en) {
      slug
      publishedAt
      partner {
        slug
      }
    }
  }
`;

/** SPEC 9.3: slug lists come in pages of 100. */
const PAGE_SIZE = 100;

/**
 * Pages with a fixed path that belong in search engines: everything public, but not the account,
 * tickets and loyalty points (a signed-in visitor's), preview, search results, the visitor's privacy choices
 * or the not-found page.
 */
const UNLISTED_ROUTES = /^(account|tickets|loyaltyRedeem|enterPreview|exitPreview|notFound|search|privacyChoices)/;

/** Record pages: which route each slug list fills, and its parameters. */
const RECORD_ROUTES: { list: SlugListName; route: RouteId; params: (item: SlugItem) => Record<string, string> | undefined }[] = [
  { list: 'eventSlugs', route: 'event', params: (item) => ({ slug: item.slug }) },
  {
    list: 'customEventSlugs',
    route: 'eventCustomPage',
    params: (item) => (item.collection ? { slug: item.collection, eventCustomPageSlug: item.slug } : undefined),
  },
  {
    list: 'performanceSlugs',
    route: 'performance',
    params: (item) => (item.collection ? { eventSlug: item.collection, performanceSlug: item.slug } : undefined),
  },
  { list: 'performerSlugs', route: 'performer', params: (item) => ({ performerSlug: item.slug }) },
  { list: 'articleCategorySlugs', route: 'xpFeedCategory', params: (item) => ({ category: item.slug }) },
  {
    list: 'articleSlugs',
    route: 'xpFeedArticle',
    params: (item) => (item.collection ? { category: item.collection, article: item.slug } : undefined),
  },
  { list: 'podcastSlugs', route: 'podcast', params: (item) => ({ slug: item.slug }) },
  { list: 'releaseSlugs', route: 'recordsRelease', params: (item) => ({ slug: item.slug }) },
  { list: 'aboutPageSlugs', route: 'aboutCustomPage', params: (item) => ({ aboutCustomPageSlug: item.slug }) },
  ...(['customBlockSlugs', 'customTextSlugs'] as const).flatMap((list) => [
    { list, route: 'customPage' as const, params: (item: SlugItem) => (item.collection ? undefined : { customPageSlug: item.slug }) },
    {
      list,
      route: 'customCollectionPage' as const,
      params: (item: SlugItem) => (item.collection ? { collection: item.collection, customPageSlug: item.slug } : undefined),
    },
  ]),
];

export interface SitemapEntry {
  /** The locale-neutral path. */
  path: string;
  lastmod?: string | null | undefined;
}

const isBuilt = (id: RouteId) => 'page' in ROUTES[id];

/** Every public page of the site (locale-neutral), from the route table and the content's slug lists. */
export async function sitemapEntries(content: ServiceClient): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = (Object.keys(ROUTES) as RouteId[])
    .filter((id) => isBuilt(id) && !ROUTES[id].path.includes(':') && !UNLISTED_ROUTES.test(id))
    .map((id) => ({ path: ROUTES[id].path }));

  const lists = Object.fromEntries(SLUG_LISTS.map((name) => [name, [] as SlugItem[]])) as Record<SlugListName, SlugItem[]>;
  let extras: Pick<SitemapQuery, 'festivalLineupEvents' | 'travelPackages'> | undefined;
  for (let skip = 0; ; skip += PAGE_SIZE) {
    const page = await content.query(SITEMAP_QUERY, { first: PAGE_SIZE, skip });
    extras ??= page;
    for (const name of SLUG_LISTS) lists[name].push(...page[name].items);
    if (!SLUG_LISTS.some((name) => page[name].total > skip + PAGE_SIZE)) break;
  }

  // Unlisted events stay out, and so do the pages that belong to them.
  const listedEvents = new Set(lists.eventSlugs.map((item) => item.slug));
  const belongsToListedEvent = (item: SlugItem) => item.collection !== null && listedEvents.has(item.collection);
  lists.customEventSlugs = lists.customEventSlugs.filter(belongsToListedEvent);
  lists.performanceSlugs = lists.performanceSlugs.filter(belongsToListedEvent);

  for (const { list, route, params } of RECORD_ROUTES) {
    if (!isBuilt(route)) continue;
    for (const item of lists[list]) {
      const values = params(item);
      if (!values) continue;
      const path = fillPath(ROUTES[route].path, values);
      // A custom page whose address a fixed route takes is not reachable: it stays out.
      if (pageRouteOf(path) === route) entries.push({ path, lastmod: item.publishedAt });
    }
  }
  if (isBuilt('lineup')) {
    for (const event of extras!.festivalLineupEvents.filter((event) => listedEvents.has(event.slug))) {
      entries.push({ path: fillPath(ROUTES.lineup.path, { slug: event.slug }) });
    }
  }
  const partners = new Set<string>();
  for (const travelPackage of extras!.travelPackages) {
    if (isBuilt('travelPackage'))
      entries.push({ path: fillPath(ROUTES.travelPackage.path, { slug: travelPackage.slug }), lastmod: travelPackage.publishedAt });
    if (travelPackage.partner) partners.add(travelPackage.partner.slug);
  }
  if (isBuilt('travelPartner')) for (const slug of partners) entries.push({ path: fillPath(ROUTES.travelPartner.path, { slug }) });
  return entries;
}

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[character]!);

/**
 * The sitemap protocol's XML: each page once per language, each naming both language versions and
 * the English one as x-default. One file holds 50,000 URLs; past that it would need an index.
 */
export function sitemapXml(entries: SitemapEntry[], baseUrl: string): string {
  const urls = createUrlBuilder({ baseUrl, locale: 'en', currentPath: '/' });
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const entry of entries) {
    const versions = LOCALES.map((locale) => ({ locale, href: escapeXml(urls.absolute(localizePath(entry.path, locale))) }));
    const alternates = [...versions, { locale: 'x-default', href: versions[0]!.href }]
      .map((version) => `<xhtml:link rel="alternate" hreflang="${version.locale}" href="${version.href}"/>`)
      .join('');
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(new Date(entry.lastmod).toISOString())}</lastmod>` : '';
    for (const version of versions) lines.push(`<url><loc>${version.href}</loc>${lastmod}${alternates}</url>`);
  }
  lines.push('</urlset>');
  return lines.join('\n');
}

/** The sitemap, built once and kept until content changes (`invalidate`), or until a build fails. */
export class Sitemap {
  private built: Promise<string> | undefined;

  constructor(
    private readonly content: ServiceClient,
    private readonly baseUrl: string,
  ) {}

  xml(): Promise<string> {
    this.built ??= sitemapEntries(this.content)
      .then((entries) => sitemapXml(entries, this.baseUrl))
      .catch((error: unknown) => {
        this.built = undefined;
        throw error;
      });
    return this.built;
  }

  invalidate(): void {
    this.built = undefined;
  }
}
