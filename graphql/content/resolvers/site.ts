import { sql } from 'drizzle-orm';
import { field, type Entry } from '../entry-store.ts';
import { contentVersion } from '../import-content.ts';
import type { Locale } from '../tables.ts';
import { eventsOf } from './events.ts';
import { image, inLocale, isExternalUrl, linkResolvers, paging, type ContentContext, type Parent } from './helpers.ts';

export const SOCIAL_NETWORKS = [
  'facebook',
  'twitter',
  'instagram',
  'snapchat',
  'tiktok',
  'youtube',
  'soundcloud',
  'spotify',
  'anghami',
  'linkedin',
  'mixcloud',
  'website',
] as const;
type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
type Socials = { order?: SocialNetwork[] } & Partial<Record<SocialNetwork, string>>;

/** SPEC 3.1: an order list and per-network links; `links` gives the ordered ones, then the rest. */
export function socialsOf(value: unknown) {
  const socials = (value ?? {}) as Socials;
  const order = (socials.order ?? []).filter((network) => SOCIAL_NETWORKS.includes(network));
  const ordered = [...new Set<SocialNetwork>([...order, ...SOCIAL_NETWORKS])];
  return {
    ...socials,
    order,
    links: ordered.filter((network) => socials[network]).map((network) => ({ network, url: socials[network]! })),
  };
}

/**
 * SPEC 3.1, 4.3: a banner is live while it is active and, when it has them, between its start and
 * end. Decided by the content service's clock, the same one that tells upcoming events from past.
 */
export function highlightBannerLive(banner: Record<string, unknown>, now: Date): boolean {
  const time = now.getTime();
  const starts = typeof banner.startDatetime === 'string' ? Date.parse(banner.startDatetime) : NaN;
  const ends = typeof banner.endDatetime === 'string' ? Date.parse(banner.endDatetime) : NaN;
  return Boolean(banner.active) && !(starts > time) && !(ends < time);
}

const singleton = (type: string) => (_: unknown, { locale }: { locale: Locale }, context: ContentContext) => context.store.one(type, locale);

const menus = (entry: Entry | null, key: string, locale: Locale) => ((entry?.[key] as object[] | undefined) ?? []).map((menu) => inLocale(menu, locale));

export const siteQueries = {
  async navigation(_: unknown, { locale }: { locale: Locale }, context: ContentContext) {
    return { menus: menus(await context.store.one('navigation', locale), 'menus', locale) };
  },
  async footer(_: unknown, { locale }: { locale: Locale }, context: ContentContext) {
    const footer = await context.store.one('footer', locale);
    return {
      sections: menus(footer, 'sections', locale),
      socials: socialsOf(footer?.socials),
      partners: (footer?.partners as object[] | undefined) ?? [],
    };
  },
  async globalConfig(_: unknown, { locale }: { locale: Locale }, context: ContentContext) {
    return (await context.store.one('globalConfig', locale)) ?? { siteTitleSuffix: '' };
  },
  highlightBanner: singleton('highlightBanner'),
  async alphabetFilter(_: unknown, { locale }: { locale: Locale }, context: ContentContext) {
    return ((await context.store.one('alphabetFilter', locale))?.letters as object[] | undefined) ?? [];
  },
  async redirects(_: unknown, args: { first?: number; skip?: number }, context: ContentContext) {
    return context.store.list('redirect', 'en', { orderBy: sql`${field('source')}`, ...paging(args) });
  },
  async translations(_: unknown, args: { locale: Locale; first?: number; skip?: number }, context: ContentContext) {
    return context.store.list('translation', args.locale, { orderBy: sql`${field('label')}`, ...paging(args) });
  },
  async contentVersion(_: unknown, __: unknown, context: ContentContext) {
    const { environment } = context.store.scope;
    return { environment, version: await contentVersion(context.db, environment) };
  },
};

export const siteTypes = {
  NavigationItem: linkResolvers,
  CallToAction: linkResolvers,
  Menu: {
    items: (menu: Parent) => menu.items ?? [],
    link: (menu: Parent) => menu.link ?? null,
    currentEvents: (menu: Parent, _: unknown, context: ContentContext) =>
      menu.kind === 'events' || menu.kind === 'lineup' ? eventsOf(context, menu.__locale, 'upcoming') : [],
    pastEvents: (menu: Parent, _: unknown, context: ContentContext) => (menu.kind === 'events' ? eventsOf(context, menu.__locale, 'past') : []),
  },
  FooterPartner: {
    logo: image('logo'),
  },
  HighlightBanner: {
    active: (banner: Parent) => Boolean(banner.active),
    visibility: (banner: Parent) => banner.visibility ?? 'all',
    backgroundColor: (banner: Parent) => banner.backgroundColor ?? '#C8FF2E',
    isExternal: (banner: Parent) => isExternalUrl(banner.url),
    page: (banner: Parent) => banner.page ?? [],
    live: (banner: Parent, _: unknown, context: ContentContext) => highlightBannerLive(banner, context.now),
  },
  Redirect: {
    permanent: (redirect: Parent) => redirect.permanent !== false,
  },
};
