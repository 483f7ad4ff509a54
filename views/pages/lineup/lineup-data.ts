import type { Asset } from '../../content.ts';
import type { EventNavigationContent } from '../../components/EventNavigation.tsx';
import type { EntryFacets, LineupFilters } from './lineup-filters.ts';

/** What every line-up page knows about its line-up (SPEC 3.2), already shaped for the views. */
export interface LineupContent {
  eventSlug: string;
  eventTitle: string;
  title: string;
  colourAccent: string;
  /** SPEC 3.2 settings: the views leave out what the line-up hides. */
  hideStages: boolean;
  hideTiming: boolean;
  hideTimetable: boolean;
  /** The event is over: no "my schedule" any more. */
  ended: boolean;
  stages: { id: string; title: string; titleColour?: string | null }[];
  /** Festival days in order (empty when timing is hidden). */
  days: { date: string; number: number }[];
  categories: { value: string; label: string; colour: string }[];
  /** SPEC 3.1 alphabet filter: the page language's letters then #, with the labels content gives (decision 0047). */
  letters: { label: string; value: string }[];
  /** SPEC 3.2 headliner order: performer ids, top of the bill first. */
  headlinerOrder: string[];
  performances: LineupPerformance[];
  /** Performance ids in the visitor's schedule. */
  marked: string[];
}

export interface LineupPerformer {
  id: string;
  slug: string;
  name: string;
  cover?: Asset | null;
}

export interface LineupPerformance {
  id: string;
  slug: string;
  title: string;
  startDatetime: string;
  endDatetime: string;
  /** Its festival day, YYYY-MM-DD. */
  day: string;
  performanceType: string;
  featured: boolean;
  /** On the bill as a headliner (the performance, or one of its performers, in the headliner order). */
  headliner: boolean;
  cover?: Asset | null;
  stageId: string | null;
  categories: string[];
  performers: LineupPerformer[];
}

/** One row or card of a listing: a performance, as one of its performers in A–Z lists. */
export interface LineupEntry {
  /** Unique on the page; the element id the island shows and hides. */
  key: string;
  performanceId: string;
  /** In A–Z lists: the performer this entry files under. */
  performerId?: string;
  facets: EntryFacets;
  /** Filtered out: rendered hidden so that the island can show it again without a request. */
  hidden: boolean;
}

export interface LineupGroup {
  id: string;
  title: string;
  /** A stage's colour, a letter... */
  accent?: string | null;
  /** Every entry of the group, in order. */
  entries: LineupEntry[];
  /** The same entries split by festival day (a stage's programme), each with its day's label. */
  days?: { date: string; number: number; entries: LineupEntry[] }[];
}

export type LineupView = 'overview' | 'artists' | 'stages' | 'day' | 'search';

export interface PosterTier {
  size: 'headliner' | 'featured' | 'regular';
  entries: { performer: LineupPerformer; performanceSlug: string }[];
}

export interface LineupPageData {
  /** The content answer the line-up was shaped from: what the poster and the A–Z are rendered once per (SharedMarkup). */
  content: object;
  navigation: EventNavigationContent;
  lineup: LineupContent;
  view: LineupView;
  /** The day of the daily schedule (view `day`). */
  day?: string;
  filters: LineupFilters;
  /** Filter values from the URL this line-up does not offer, named back to the visitor. */
  rejected: (keyof LineupFilters)[];
  /** The poster (overview only): headliners in billing order, then the rest by size. */
  poster: PosterTier[];
  /** How entries are shown: cards with pictures (artists, search), a compact A–Z (overview) or schedule rows (by stage, by day). */
  layout: 'cards' | 'compact' | 'rows';
  groups: LineupGroup[];
  visible: number;
}
