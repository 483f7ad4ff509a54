/**
 * The line-up filters (SPEC 2.4, 3.1): day, stage, category, a letter of the alphabet filter and
 * free text. One pure module for the server, which renders every entry and hides those that do not
 * match, and for the filters island, which toggles the same entries in the browser; so a filter
 * gives the same list with JavaScript on or off.
 */

import { BoundedMemo } from '../../bounded-memo.ts';

export interface LineupFilters {
  /** A festival day, YYYY-MM-DD. */
  day: string;
  /** A stage id. */
  stage: string;
  /** A performance category value. */
  category: string;
  /** A letter of the page's alphabet filter (a–z in English, ا–ي in Arabic) or #. */
  letter: string;
  /** Free text, as typed. */
  q: string;
}

export const FILTER_NAMES = ['day', 'stage', 'category', 'letter', 'q'] as const satisfies readonly (keyof LineupFilters)[];

export const NO_FILTERS: LineupFilters = { day: '', stage: '', category: '', letter: '', q: '' };

/** What an entry is matched on: the island receives exactly this, kept small. */
export interface EntryFacets {
  day: string;
  stage: string;
  categories: string[];
  /** The letters of its performers' names (a b2b set answers to each). */
  letters: string[];
  /** Performer names and the performance title, normalised (see `normalizeForSearch`). */
  text: string;
}

/**
 * The letter a name files under: its first letter as written in the page's language, folded as a
 * search folds it (أ, إ and آ under ا; É under e), when the alphabet filter offers it; # for the rest.
 * So an Arabic page files شرقي under ش and an English one files Chergui under c (decision 0047).
 */
export function letterOf(name: string, letters: readonly string[]): string {
  const first = [...normalizeForSearch(name)][0] ?? '';
  return first !== '#' && letters.includes(first) ? first : '#';
}

/**
 * Text as a search compares it: lower case, without Latin accents, Arabic diacritics and tatweel,
 * with the alif, ya and ta marbuta variants folded, so "Beyonce" finds "Beyoncé" and "احمد" finds "أحمد".
 */
export function normalizeForSearch(text: string): string {
  return normalizedTexts.get(text, () => foldForSearch(text));
}

/**
 * Names fold the same every time, and a line-up page folds each of its hundred-odd names and titles
 * for every visitor: remembered, up to a bound that a crawl of odd queries cannot outgrow.
 */
const normalizedTexts = new BoundedMemo<string>(5000);

function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function matchesFilters(facets: EntryFacets, filters: LineupFilters): boolean {
  if (filters.day && facets.day !== filters.day) return false;
  if (filters.stage && facets.stage !== filters.stage) return false;
  if (filters.category && !facets.categories.includes(filters.category)) return false;
  if (filters.letter && !facets.letters.includes(filters.letter)) return false;
  const query = normalizeForSearch(filters.q);
  return !query || facets.text.includes(query);
}

export const isFiltered = (filters: LineupFilters): boolean => FILTER_NAMES.some((name) => filters[name] !== '');

/** The query string of a set of filters, without the empty ones: `?day=2026-12-10&letter=a`. */
export function filterQuery(filters: LineupFilters): string {
  const query = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name]) query.set(name, filters[name]);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The choices a line-up offers; a value from the URL that is not among them is dropped. */
export interface FilterChoices {
  days: string[];
  stages: string[];
  categories: string[];
  /** The alphabet filter's letter values, # included. */
  letters: string[];
}

/**
 * The filters of a query string. Each value is kept only if the line-up offers it (an outdated or
 * hand-edited link gives the unfiltered list rather than an error); free text is trimmed to 100
 * characters. Values that were dropped are returned so the page can say so.
 */
export function readFilters(
  query: Record<string, unknown>,
  choices: FilterChoices,
): { filters: LineupFilters; rejected: (keyof LineupFilters)[] } {
  const value = (name: string) => {
    const raw = query[name];
    return typeof raw === 'string' ? raw.trim() : '';
  };
  const filters = { ...NO_FILTERS };
  const rejected: (keyof LineupFilters)[] = [];
  const keep = (name: 'day' | 'stage' | 'category' | 'letter', allowed: (candidate: string) => boolean) => {
    const candidate = name === 'letter' ? value(name).toLowerCase() : value(name);
    if (!candidate) return;
    if (allowed(candidate)) filters[name] = candidate;
    else rejected.push(name);
  };
  keep('day', (day) => choices.days.includes(day));
  keep('stage', (stage) => choices.stages.includes(stage));
  keep('category', (category) => choices.categories.includes(category));
  keep('letter', (letter) => choices.letters.includes(letter));
  filters.q = value('q').slice(0, 100);
  return { filters, rejected };
}
