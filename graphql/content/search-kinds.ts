/**
 * The kinds of records the site search lists (SPEC 7.1 search listings) and the entry types each
 * covers. One type belongs to one kind; records of other types are never found.
 */
export const SEARCH_KIND_TYPES = {
  aboutPage: ['page.about', 'page.aboutCustom'],
  contactPage: ['page.contact'],
  careerPage: ['page.career'],
  historyPage: ['page.history'],
  faqPage: ['page.faq'],
  partnersPage: ['page.partners'],
  article: ['article'],
  customBlockPage: ['page.customBlock'],
  customTextPage: ['page.customText'],
  eventBlock: ['page.customEvent'],
  festivalLineup: ['lineup'],
  event: ['event'],
  performance: ['performance'],
  performer: ['performer'],
  release: ['release'],
  ticketsOverview: ['page.ticketsOverview'],
  travelPackage: ['travelPackage'],
  premiumPartner: ['premiumPartner'],
  playlistOverview: ['page.recordsPlaylists'],
  radioOverview: ['page.radio'],
  venueOverview: ['page.venues'],
  travelOverview: ['page.travel'],
} as const satisfies Record<string, readonly string[]>;

export type SearchKind = keyof typeof SEARCH_KIND_TYPES;

export const SEARCH_KINDS = Object.keys(SEARCH_KIND_TYPES) as SearchKind[];

export const SEARCHED_TYPES: string[] = Object.values(SEARCH_KIND_TYPES).flat();

/** The kind a record of this entry type is listed as, if any. */
export const searchKindOf = (type: string): SearchKind | undefined => SEARCH_KINDS.find((kind) => (SEARCH_KIND_TYPES[kind] as readonly string[]).includes(type));

/** Kinds that belong to one event: found only while that event is listed (SPEC 6). */
export const EVENT_OWNED_KINDS: readonly SearchKind[] = ['festivalLineup', 'performance', 'eventBlock', 'ticketsOverview'];
