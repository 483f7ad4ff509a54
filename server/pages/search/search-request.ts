/**
 * What a visitor asks the site search (SPEC 2.4 "search with category chips"), read from the query
 * string of `/search?q=…&category=…&page=…`. Plain functions, so the rules are tested without a page.
 */

/** The chips: what visitors look for, each covering some kinds of search listings (SPEC 7.1). */
export const SEARCH_CATEGORIES = {
  events: ['event', 'festivalLineup', 'eventBlock', 'ticketsOverview'],
  performances: ['performance'],
  artists: ['performer'],
  articles: ['article'],
  music: ['release', 'playlistOverview', 'radioOverview'],
  travel: ['travelPackage', 'travelOverview'],
  pages: [
    'aboutPage',
    'contactPage',
    'careerPage',
    'historyPage',
    'faqPage',
    'partnersPage',
    'customBlockPage',
    'customTextPage',
    'venueOverview',
    'premiumPartner',
  ],
} as const satisfies Record<string, readonly string[]>;

export type SearchCategory = keyof typeof SEARCH_CATEGORIES;
export const SEARCH_CATEGORY_NAMES = Object.keys(SEARCH_CATEGORIES) as SearchCategory[];

export const categoryOfKind = (kind: string): SearchCategory | undefined =>
  SEARCH_CATEGORY_NAMES.find((category) => (SEARCH_CATEGORIES[category] as readonly string[]).includes(kind));

/** The content service refuses longer queries; the page says so instead of asking. */
export const MAX_QUERY_LENGTH = 100;
export const RESULTS_PER_PAGE = 20;

export interface SearchRequest {
  /** Trimmed, spaces collapsed; '' when there is nothing to search for (or it is too long). */
  query: string;
  /** What the visitor typed, cleaned the same way, to show back in the box even when too long. */
  typed: string;
  category: SearchCategory | null;
  /** 1-based. */
  page: number;
  /** The query was longer than the search takes: nothing is searched and the visitor is told. */
  tooLong: boolean;
  /** A category value the search does not know, named back to the visitor and ignored. */
  unknownCategory: string | null;
}

const single = (value: unknown): string =>
  typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : '';

/** Longer values are cut when echoed in a message. */
const echo = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);

export function readSearchRequest(query: Record<string, unknown>): SearchRequest {
  const text = single(query.q).replace(/\s+/g, ' ').trim();
  const tooLong = text.length > MAX_QUERY_LENGTH;
  const rawCategory = single(query.category);
  const known = (SEARCH_CATEGORY_NAMES as string[]).includes(rawCategory);
  const page = /^[1-9]\d{0,3}$/.test(single(query.page)) ? Number(single(query.page)) : 1;
  return {
    query: tooLong ? '' : text,
    typed: text,
    category: known ? (rawCategory as SearchCategory) : null,
    page,
    tooLong,
    unknownCategory: rawCategory && !known ? echo(rawCategory) : null,
  };
}

/** Counts per kind, from the content service, summed per chip. */
export function countsByCategory(counts: { kind: string; count: number }[]): { category: SearchCategory; count: number }[] {
  return SEARCH_CATEGORY_NAMES.map((category) => ({
    category,
    count: counts.filter(({ kind }) => categoryOfKind(kind) === category).reduce((sum, { count }) => sum + count, 0),
  }));
}
