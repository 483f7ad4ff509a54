import { sql, type SQL } from 'drizzle-orm';
import type { Entry } from '../entry-store.ts';
import type { Locale } from '../tables.ts';
import { listed } from './events.ts';
import { inLocale, paging, seoOf, type ContentContext } from './helpers.ts';

/** What each search listing lists (SPEC 7.1 search listings); unlisted events never (SPEC 6). */
const LISTINGS: Record<string, { types: string[]; where?: SQL; collectionFrom?: 'event' | 'collection' }> = {
  aboutPage: { types: ['page.about', 'page.aboutCustom'] },
  contactPage: { types: ['page.contact'] },
  careerPage: { types: ['page.career'] },
  historyPage: { types: ['page.history'] },
  faqPage: { types: ['page.faq'] },
  partnersPage: { types: ['page.partners'] },
  article: { types: ['article'] },
  customBlockPage: { types: ['page.customBlock'], collectionFrom: 'collection' },
  customTextPage: { types: ['page.customText'], collectionFrom: 'collection' },
  eventBlock: { types: ['page.customEvent'], collectionFrom: 'event' },
  festivalLineup: { types: ['lineup'] },
  event: { types: ['event'], where: listed },
  performance: { types: ['performance'], collectionFrom: 'event' },
  performer: { types: ['performer'] },
  release: { types: ['release'] },
  ticketsOverview: { types: ['page.ticketsOverview'], collectionFrom: 'event' },
  travelPackage: { types: ['travelPackage'] },
  premiumPartner: { types: ['premiumPartner'] },
  playlistOverview: { types: ['page.recordsPlaylists'] },
  radioOverview: { types: ['page.radio'] },
  venueOverview: { types: ['page.venues'] },
  travelOverview: { types: ['page.travel'] },
};

const eventOf = (entry: Entry, context: ContentContext) => {
  const eventId = (entry.event as { ref?: string } | undefined)?.ref;
  return eventId ? context.store.load(eventId, entry.__locale) : Promise.resolve(null);
};

async function listing(kind: string, entry: Entry, context: ContentContext) {
  const options = LISTINGS[kind]!;
  // A line-up is found as its event's line-up: its slug and title are the event's.
  const event = kind === 'festivalLineup' || options.collectionFrom === 'event' ? await eventOf(entry, context) : null;
  const source: Entry = kind === 'festivalLineup' && event ? { ...entry, ...event, id: entry.id } : entry;
  const title = String(source.title ?? source.name ?? (source.header as { title?: string } | undefined)?.title ?? source.slug ?? '');
  return {
    id: entry.id,
    kind,
    slug: kind === 'festivalLineup' ? (event?.slug ?? null) : entry.slug,
    collection: options.collectionFrom === 'event' ? (event?.slug ?? null) : options.collectionFrom === 'collection' ? ((entry.collection as string) ?? null) : null,
    title,
    publishedAt: entry.firstPublishedAt ?? entry.publishedAt ?? null,
    seo: seoOf({ ...source, title }, entry.__locale),
    header: source.header ? inLocale(source.header as object, entry.__locale) : null,
  };
}

export const searchQueries = {
  async searchListings(_: unknown, args: { locale: Locale; kind: string; first?: number; skip?: number }, context: ContentContext) {
    const options = LISTINGS[args.kind]!;
    const { total, items } = await context.store.list(options.types, args.locale, { where: options.where, orderBy: sql`e.id`, ...paging(args) });
    return { total, items: await Promise.all(items.map((entry) => listing(args.kind, entry, context))) };
  },
};
