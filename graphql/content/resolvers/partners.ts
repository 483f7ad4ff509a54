import { sql } from 'drizzle-orm';
import { field, refField, type Entry } from '../entry-store.ts';
import type { Locale } from '../tables.ts';
import { image, pageFields, paging, ref, refs, seoOf, type ContentContext } from './helpers.ts';

type SlugArgs = { locale: Locale; slug: string };

export const partnerQueries = {
  partners: (_: unknown, { locale }: { locale: Locale }, context: ContentContext) => context.store.all('partner', locale, undefined, sql`e.id`),
  premiumPartners: (_: unknown, { locale }: { locale: Locale }, context: ContentContext) =>
    context.store.all('premiumPartner', locale, undefined, sql`e.slug`),
  premiumPartner: (_: unknown, { locale, slug }: SlugArgs, context: ContentContext) => context.store.bySlug('premiumPartner', locale, slug),
  travelPackages: async (_: unknown, args: { locale: Locale; first?: number; skip?: number }, context: ContentContext) =>
    (await context.store.list('travelPackage', args.locale, { orderBy: sql`(${field('priceFrom')})::numeric`, ...paging(args) })).items,
  travelPackage: (_: unknown, { locale, slug }: SlugArgs, context: ContentContext) => context.store.bySlug('travelPackage', locale, slug),
  travelPartner: (_: unknown, { locale, slug }: SlugArgs, context: ContentContext) => context.store.bySlug('travelPartner', locale, slug),
  travelPackagesConfig: (_: unknown, { locale }: { locale: Locale }, context: ContentContext) => context.store.one('travelPackagesConfig', locale),
};

export const partnerTypes = {
  Partner: { logo: image('logo') },
  PremiumPartner: {
    logo: image('logo'),
    chips: (partner: Entry) => partner.chips ?? [],
    callToAction: (partner: Entry) => partner.callToAction ?? null,
    seo: (partner: Entry) => seoOf(partner, partner.__locale),
  },
  TravelPartner: {
    logo: image('logo'),
    packages: (partner: Entry, _: unknown, context: ContentContext) =>
      context.store.all('travelPackage', partner.__locale, sql`${refField('partner')} = ${partner.id}`, sql`(${field('priceFrom')})::numeric`),
    seo: (partner: Entry) => seoOf(partner, partner.__locale),
  },
  TravelPackage: {
    ...pageFields,
    image: image('image'),
    nights: (travelPackage: Entry) => Number(travelPackage.nights ?? 0),
    inclusions: (travelPackage: Entry) => travelPackage.inclusions ?? [],
    event: ref('event'),
    partner: ref('partner'),
  },
  TravelPackagesConfig: {
    enabled: (config: Entry) => Boolean(config.enabled),
    image: image('image'),
    partners: refs('partners'),
  },
};
