import { GraphQLScalarType } from 'graphql';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { asc, desc, field, type Entry, type EntryStore } from './entry-store.ts';
import {
  SOCIAL_NETWORKS,
  type EventFields,
  type FooterFields,
  type GlobalConfigFields,
  type MenuFields,
  type NavigationFields,
  type NavigationItemFields,
  type NotFoundPageFields,
  type PageFields,
  type RadioStationFields,
  type SocialNetwork,
  type SocialsFields,
} from './content-types.ts';
import type { Locale } from './tables.ts';

export interface ContentContext {
  store: EntryStore;
  now: Date;
  /** Per-request memo, so several menus listing events cost one query. */
  memo: Map<string, Promise<unknown>>;
}

type EventOrder = 'startDatetime_ASC' | 'startDatetime_DESC';
interface EventFilter {
  timeframe?: 'upcoming' | 'past' | null;
  city?: string | null;
  eventType?: string | null;
}
interface EventCardsArgs {
  locale: Locale;
  orderBy?: EventOrder | null;
  filter?: EventFilter | null;
  first?: number | null;
  skip?: number | null;
}

const MAX_PAGE_SIZE = 100;

/** SPEC 2.2: a link is external when it starts with http or mailto:. */
export const isExternalUrl = (url: string | undefined | null) => Boolean(url && /^(https?:|mailto:)/i.test(url));

const navigationItem = (item: NavigationItemFields) => ({
  ...item,
  isExternal: isExternalUrl(item.url),
  page: item.page ?? [],
});

const withLocale = <T extends object>(value: T, locale: Locale) => ({ ...value, locale });

function memo<T>(context: ContentContext, key: string, load: () => Promise<T>): Promise<T> {
  if (!context.memo.has(key)) context.memo.set(key, load());
  return context.memo.get(key) as Promise<T>;
}

async function eventCards(context: ContentContext, args: EventCardsArgs) {
  const first = Math.min(Math.max(args.first ?? MAX_PAGE_SIZE, 0), MAX_PAGE_SIZE);
  const skip = Math.max(args.skip ?? 0, 0);
  const startsAt = field(['config', 'startDatetime']);
  const endsAt = field(['config', 'endDatetime']);
  const now = context.now.toISOString();
  const filter = args.filter ?? {};
  const where = and(
    // SPEC 4.3, 6: unlisted events are tracked as their own set and never listed.
    sql`coalesce((${field(['config', 'unlistedEvent'])})::boolean, false) = false`,
    filter.timeframe === 'upcoming' ? gte(endsAt, now) : undefined,
    filter.timeframe === 'past' ? lt(endsAt, now) : undefined,
    filter.city ? eq(field(['config', 'city']), filter.city) : undefined,
    filter.eventType ? eq(field(['config', 'eventType']), filter.eventType) : undefined,
  );
  const order = args.orderBy === 'startDatetime_DESC' ? desc(startsAt) : asc(startsAt);
  const { total, items } = await context.store.list<EventFields>('event', args.locale, { where, orderBy: [order], first, skip });
  return { total, items: items.map(eventCard) };
}

const eventCard = (entry: Entry<EventFields>) => ({
  title: entry.fields.title,
  slug: entry.slug,
  config: { ...entry.fields.config, id: entry.fields.config.id ?? entry.id },
});

const page = (entry: Entry<PageFields> | null) =>
  entry && {
    id: entry.id,
    slug: entry.slug ?? '',
    publishedAt: entry.publishedAt,
    ...entry.fields,
    seo: entry.fields.seo ?? {},
  };

export const resolvers = {
  RichText: new GraphQLScalarType({
    name: 'RichText',
    description: 'A rich text document (JSON).',
    serialize: (value) => value,
  }),

  Query: {
    async navigation(_: unknown, { locale }: { locale: Locale }, context: ContentContext) {
      const entry = await context.store.findSingleton<NavigationFields>('navigation', locale);
      return { menus: (entry?.fields.menus ?? []).map((menu) => withLocale(menu, locale)) };
    },
    async footer(_: unknown, { locale }: { locale: Locale }, context: ContentContext) {
      const entry = await context.store.findSingleton<FooterFields>('footer', locale);
      const fields = entry?.fields ?? { sections: [], socials: {}, partners: [] };
      return {
        sections: fields.sections.map((menu) => withLocale(menu, locale)),
        socials: fields.socials,
        partners: fields.partners,
      };
    },
    async globalConfig(_: unknown, { locale }: { locale: Locale }, context: ContentContext) {
      const entry = await context.store.findSingleton<GlobalConfigFields>('globalConfig', locale);
      const fields = entry?.fields ?? { siteTitleSuffix: '' };
      return {
        siteTitleSuffix: fields.siteTitleSuffix,
        privacyLink: fields.privacyLink ? navigationItem(fields.privacyLink) : null,
        legalLink: fields.legalLink ? navigationItem(fields.legalLink) : null,
      };
    },
    homePage: async (_: unknown, { locale }: { locale: Locale }, context: ContentContext) =>
      page(await context.store.findSingleton<PageFields>('page.home', locale)),
    eventsOverviewPage: async (_: unknown, { locale }: { locale: Locale }, context: ContentContext) =>
      page(await context.store.findSingleton<PageFields>('page.eventsOverview', locale)),
    async notFoundPage(_: unknown, { locale }: { locale: Locale }, context: ContentContext) {
      const entry = await context.store.findSingleton<NotFoundPageFields>('page.notFound', locale);
      const fields = entry?.fields ?? { title: 'Page not found', description: '', links: [] };
      return { ...fields, links: fields.links.map(navigationItem) };
    },
    eventCards: (_: unknown, args: EventCardsArgs, context: ContentContext) => eventCards(context, args),
    async event(_: unknown, { locale, slug }: { locale: Locale; slug: string }, context: ContentContext) {
      const entry = await context.store.findBySlug<EventFields>('event', locale, slug);
      if (!entry) return null;
      return {
        ...page(entry as unknown as Entry<PageFields>),
        pageType: entry.fields.pageType ?? 'event',
        moduleName: entry.fields.moduleName ?? 'events',
        config: eventCard(entry).config,
      };
    },
    // SPEC 9.1: Arabic falls back to English for radio content.
    async stations(_: unknown, { locale }: { locale: Locale }, context: ContentContext) {
    const { items } = await context.store.list<RadioStationFields>('radioStation', locale, { first: MAX_PAGE_SIZE, skip: 0 });
    const stations = items.length || locale === 'en' ? items : (await context.store.list<RadioStationFields>('radioStation', 'en', { first: MAX_PAGE_SIZE, skip: 0 })).items;
      return stations.map((entry) => ({ id: entry.id, ...entry.fields }));
    },
  },

  // Only fields typed as the interface need this; event records are the ones with a config.
  ContentPage: {
    __resolveType: (record: object) => ('config' in record ? 'Event' : 'Page'),
  },

  Seo: {
    noIndex: (seo: { noIndex?: boolean }) => seo.noIndex ?? false,
  },

  NavigationItem: {
    isExternal: (item: NavigationItemFields) => isExternalUrl(item.url),
    page: (item: NavigationItemFields) => item.page ?? [],
  },

  CallToAction: {
    isExternal: (item: NavigationItemFields) => isExternalUrl(item.url),
    page: (item: NavigationItemFields) => item.page ?? [],
  },

  Menu: {
    items: (menu: MenuFields) => menu.items ?? [],
    link: (menu: MenuFields) => menu.link ?? null,
    async currentEvents(menu: MenuFields & { locale: Locale }, _: unknown, context: ContentContext) {
      if (menu.kind !== 'events' && menu.kind !== 'lineup') return [];
      const upcoming = await memo(context, `upcoming:${menu.locale}`, () =>
        eventCards(context, { locale: menu.locale, filter: { timeframe: 'upcoming' }, orderBy: 'startDatetime_ASC', first: 20 }),
      );
      return upcoming.items;
    },
    async pastEvents(menu: MenuFields & { locale: Locale }, _: unknown, context: ContentContext) {
      if (menu.kind !== 'events') return [];
      const past = await memo(context, `past:${menu.locale}`, () =>
        eventCards(context, { locale: menu.locale, filter: { timeframe: 'past' }, orderBy: 'startDatetime_DESC', first: 20 }),
      );
      return past.items;
    },
  },

  Socials: {
    order: (socials: SocialsFields) => socials.order ?? [],
    links(socials: SocialsFields) {
      const ordered = [...new Set<SocialNetwork>([...(socials.order ?? []), ...SOCIAL_NETWORKS])];
      return ordered.filter((network) => socials[network]).map((network) => ({ network, url: socials[network] }));
    },
  },
};
