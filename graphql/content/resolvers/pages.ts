import { sql, type SQL } from 'drizzle-orm';
import { field, refField, type Entry } from '../entry-store.ts';
import type { Locale } from '../tables.ts';
import { eventsOf, listed } from './events.ts';
import { image, inLocale, pageFields, paging, ref, refs, richText, type ContentContext, type Parent } from './helpers.ts';

/** Page singletons by the query that returns them (SPEC 7.1 single pages by locale). */
const SINGLETON_PAGES = {
  homePage: 'page.home',
  aboutPage: 'page.about',
  careerPage: 'page.career',
  contactPage: 'page.contact',
  faqPage: 'page.faq',
  historyPage: 'page.history',
  partnersPage: 'page.partners',
  radioOverviewPage: 'page.radio',
  blogOverviewPage: 'page.blog',
  ecommercePage: 'page.store',
  eventsOverviewPage: 'page.events',
  futureEventsCalendarPage: 'page.eventsCalendar',
  recordsPage: 'page.records',
  artistsOverviewPage: 'page.recordsArtists',
  playlistsOverviewPage: 'page.recordsPlaylists',
  releasesOverviewPage: 'page.recordsReleases',
  termsPage: 'page.terms',
  travelOverviewPage: 'page.travel',
  venuesOverviewPage: 'page.venues',
  searchPage: 'page.search',
} as const;

type LocaleArgs = { locale: Locale };
type SlugArgs = LocaleArgs & { slug: string; collection?: string | null };
type PageArgs = LocaleArgs & { first?: number; skip?: number };

const singletonQueries = Object.fromEntries(
  Object.entries(SINGLETON_PAGES).map(([query, type]) => [query, (_: unknown, { locale }: LocaleArgs, context: ContentContext) => context.store.one(type, locale)]),
);

const inCollection = (collection: string | null | undefined): SQL | undefined =>
  collection ? sql`${field('collection')} = ${collection}` : undefined;

/** A slug list (SPEC 7.1): slug and what builds the URL, with the total count. */
const slugList =
  (type: string, options: { where?: SQL; collection?: (entry: Entry, context: ContentContext) => Promise<string | null> | string | null } = {}) =>
  async (_: unknown, args: PageArgs, context: ContentContext) => {
    const { total, items } = await context.store.list(type, args.locale, { where: options.where, orderBy: sql`e.slug`, ...paging(args) });
    return {
      total,
      items: await Promise.all(
        items.map(async (entry) => ({
          id: entry.id,
          slug: entry.slug ?? '',
          collection: (await options.collection?.(entry, context)) ?? null,
          publishedAt: entry.publishedAt,
        })),
      ),
    };
  };

/** The slug of the event a record belongs to (custom event pages, performances). */
const eventSlugOf = async (entry: Entry, context: ContentContext) => {
  const eventId = (entry.event as { ref?: string } | undefined)?.ref;
  return eventId ? ((await context.store.load(eventId, entry.__locale))?.slug ?? null) : null;
};

export const pageQueries = {
  ...singletonQueries,
  async notFoundPage(_: unknown, { locale }: LocaleArgs, context: ContentContext) {
    return (await context.store.one('page.notFound', locale)) ?? { title: 'Page not found', description: '', links: [] };
  },
  aboutCustomPage: (_: unknown, { locale, slug }: SlugArgs, context: ContentContext) => context.store.bySlug('page.aboutCustom', locale, slug),
  customBlockPage: (_: unknown, { locale, slug, collection }: SlugArgs, context: ContentContext) =>
    context.store.bySlug('page.customBlock', locale, slug, inCollection(collection)),
  customTextPage: (_: unknown, { locale, slug, collection }: SlugArgs, context: ContentContext) =>
    context.store.bySlug('page.customText', locale, slug, inCollection(collection)),
  async customEventPage(_: unknown, args: SlugArgs & { eventId?: string | null; eventSlug?: string | null }, context: ContentContext) {
    const { locale, slug } = args;
    const eventId = args.eventId ?? (args.eventSlug ? (await context.store.bySlug('event', locale, args.eventSlug))?.id : undefined);
    return eventId ? context.store.bySlug('page.customEvent', locale, slug, sql`${refField('event')} = ${eventId}`) : null;
  },

  aboutPageSlugs: slugList('page.aboutCustom'),
  customBlockSlugs: slugList('page.customBlock', { collection: (entry) => (entry.collection as string | undefined) ?? null }),
  customTextSlugs: slugList('page.customText', { collection: (entry) => (entry.collection as string | undefined) ?? null }),
  customEventSlugs: slugList('page.customEvent', { collection: eventSlugOf }),
  performanceSlugs: slugList('performance', { collection: eventSlugOf }),
  articleCategorySlugs: slugList('articleCategory'),
  articleSlugs: slugList('article', { collection: async (entry, context) => (await ref('category')(entry, undefined, context))?.slug ?? null }),
  performerSlugs: slugList('performer'),
  podcastSlugs: slugList('podcast'),
  releaseSlugs: slugList('release'),
  eventSlugs: slugList('event', { where: listed }),
};

const BLOCK_TYPES: Record<string, string> = {
  richText: 'RichTextBlock',
  header: 'HeaderBlock',
  countdown: 'CountdownBlock',
  iframe: 'IframeBlock',
  downloadApp: 'DownloadAppBlock',
  statistics: 'StatisticsBlock',
  faq: 'FaqBlock',
  cards: 'CardsBlock',
  contentGrid: 'ContentGridBlock',
  carousel: 'CarouselBlock',
  callToAction: 'CallToActionBlock',
  eventList: 'EventListBlock',
  timeline: 'TimelineBlock',
  partnerList: 'PartnerListBlock',
};

/** Which GraphQL type a record is, for unions and interfaces over records. */
export function recordType(entry: Entry): string {
  switch (entry.__type) {
    case 'event':
      return entry.__asCard ? 'EventCard' : 'Event';
    case 'article':
      return 'Article';
    case 'performer':
      return 'Performer';
    case 'release':
      return 'Release';
    case 'partner':
      return 'Partner';
    case 'premiumPartner':
      return 'PremiumPartner';
    case 'travelPackage':
      return 'TravelPackage';
    case 'page.contact':
      return 'ContactPage';
    default:
      return 'Page';
  }
}

export const pageTypes = {
  ContentPage: { __resolveType: recordType },
  Page: {
    ...pageFields,
    collection: (page: Entry) => page.collection ?? null,
    event: ref('event'),
  },
  ContactPage: {
    ...pageFields,
    channels: (page: Entry) => page.channels ?? {},
  },
  PageHeader: {
    cover: image('cover'),
  },
  Seo: {
    image: image('image'),
  },
  NotFoundPage: {
    links: (page: Parent) => page.links ?? [],
  },
  PageBlock: {
    __resolveType: (block: Parent) => BLOCK_TYPES[String(block.type)] ?? 'RichTextBlock',
  },
  RichTextBlock: { body: richText('body') },
  HeaderBlock: { cover: image('cover'), callToAction: (block: Parent) => block.callToAction ?? null },
  IframeBlock: {
    title: (block: Parent) => block.title ?? block.url,
    height: (block: Parent) => Number(block.height ?? 480),
  },
  StatisticsBlock: { items: (block: Parent) => block.items ?? [] },
  FaqBlock: { items: (block: Parent) => block.items ?? [] },
  FaqItem: { answer: richText('answer') },
  CardsBlock: { items: (block: Parent) => block.items ?? [] },
  Card: { image: image('image'), link: (card: Parent) => card.link ?? null },
  ContentGridBlock: {
    async items(block: Parent, _: unknown, context: ContentContext) {
      // Events in a grid are shown as cards.
      return (await refs('items')(block, undefined, context)).map((entry) => (entry.__type === 'event' ? { ...entry, __asCard: true } : entry));
    },
  },
  GridItem: { __resolveType: recordType },
  CarouselBlock: { items: (block: Parent) => block.items ?? [] },
  CarouselItem: { image: image('image'), link: (item: Parent) => item.link ?? null },
  CallToActionBlock: { callToAction: (block: Parent) => block.callToAction ?? null },
  EventListBlock: {
    timeframe: (block: Parent) => (block.timeframe === 'past' ? 'past' : 'upcoming'),
    limit: (block: Parent) => Math.min(Number(block.limit ?? 6), 24),
    excludeFeatured: (block: Parent) => block.excludeFeatured === true,
    events: (block: Parent, _: unknown, context: ContentContext) =>
      eventsOf(
        context,
        block.__locale,
        block.timeframe === 'past' ? 'past' : 'upcoming',
        Math.min(Number(block.limit ?? 6), 24),
        block.excludeFeatured === true,
      ),
  },
  TimelineBlock: { items: (block: Parent) => [...((block.items as Parent[] | undefined) ?? [])].sort((a, b) => Number(a.year) - Number(b.year)) },
  TimelineItem: { year: (item: Parent) => Number(item.year), media: image('media') },
  PartnerListBlock: { items: refs('items') },
  PartnerListItem: { __resolveType: recordType },
};
