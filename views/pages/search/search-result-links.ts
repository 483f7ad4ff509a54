import type { UrlBuilder } from '#server/urls.ts';

/** A search listing as the results show and link it (SPEC 7.1 search listings). */
export interface SearchListingLink {
  kind: string;
  slug?: string | null;
  /** The event's slug for what belongs to an event, the category's for articles, the collection of custom pages. */
  collection?: string | null;
}

type LinkBuilder = (listing: SearchListingLink, urls: UrlBuilder) => string | undefined;

const bySlug =
  (build: (slug: string, urls: UrlBuilder) => string): LinkBuilder =>
  (listing, urls) =>
    listing.slug ? build(listing.slug, urls) : undefined;
const withCollection =
  (build: (collection: string, slug: string, urls: UrlBuilder) => string): LinkBuilder =>
  (listing, urls) =>
    listing.slug && listing.collection ? build(listing.collection, listing.slug, urls) : undefined;
const customPage =
  (entityType: string): LinkBuilder =>
  (listing, urls) =>
    urls.link({ page: [{ entityType, slug: listing.slug ?? null, collection: listing.collection ?? null }] });

/** Where each kind of listing lives (SPEC 2.1: records map to pages). */
const LINKS: Record<string, LinkBuilder> = {
  event: bySlug((slug, urls) => urls.route('event', { slug })),
  festivalLineup: bySlug((slug, urls) => urls.route('lineup', { slug })),
  eventBlock: withCollection((event, slug, urls) => urls.route('eventCustomPage', { slug: event, eventCustomPageSlug: slug })),
  ticketsOverview: (listing, urls) => (listing.collection ? urls.route('tickets', { eventSlug: listing.collection }) : undefined),
  performance: withCollection((event, slug, urls) => urls.route('performance', { eventSlug: event, performanceSlug: slug })),
  performer: bySlug((slug, urls) => urls.route('performer', { performerSlug: slug })),
  article: withCollection((category, slug, urls) => urls.route('xpFeedArticle', { category, article: slug })),
  release: bySlug((slug, urls) => urls.route('recordsRelease', { slug })),
  playlistOverview: (_, urls) => urls.route('recordsPlaylists'),
  radioOverview: (_, urls) => urls.route('radio'),
  travelPackage: bySlug((slug, urls) => urls.route('travelPackage', { slug })),
  travelOverview: (_, urls) => urls.route('travelPackages'),
  venueOverview: (_, urls) => urls.route('venues'),
  // The about page is a singleton; custom about pages have a slug.
  aboutPage: (listing, urls) => (listing.slug ? urls.route('aboutCustomPage', { aboutCustomPageSlug: listing.slug }) : urls.route('about')),
  contactPage: (_, urls) => urls.route('contact'),
  careerPage: (_, urls) => urls.route('aboutCareers'),
  historyPage: (_, urls) => urls.route('aboutHistory'),
  faqPage: (_, urls) => urls.route('aboutFaq'),
  partnersPage: (_, urls) => urls.route('aboutPartners'),
  // Premium partners have no page of their own: they are presented on the partners page.
  premiumPartner: (_, urls) => urls.route('aboutPartners'),
  customBlockPage: customPage('customBlockPage'),
  customTextPage: customPage('customTextPage'),
};

/** The page a search result opens, or undefined when its record lacks what its URL needs. */
export const searchResultHref = (listing: SearchListingLink, urls: UrlBuilder): string | undefined => LINKS[listing.kind]?.(listing, urls);
