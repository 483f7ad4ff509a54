import { sql, type SQL } from 'drizzle-orm';

/**
 * Text as a search matches it, so that people find what they mean however they type it: in
 * Arabic, diacritics and tatweel are ignored and the letters people write interchangeably are one
 * (alef with or without hamza or madda, taa marbuta and haa, alef maqsura and yaa); in Latin
 * script, case and accents are ignored.
 */
const ARABIC_MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/g;
const LETTER_FORMS: [RegExp, string][] = [
  [/[أإآٱ]/g, 'ا'],
  [/ة/g, 'ه'],
  [/ى/g, 'ي'],
  [/ؤ/g, 'و'],
  [/ئ/g, 'ي'],
];

export function normalizeForSearch(text: string): string {
  let normalized = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(ARABIC_MARKS, '');
  for (const [forms, letter] of LETTER_FORMS) normalized = normalized.replace(forms, letter);
  return normalized.replace(/\s+/g, ' ').trim();
}

/** The same normalization in SQL, for filtering lists in the database. */
export function normalizedSql(expression: SQL): SQL<string> {
  return sql<string>`translate(
    regexp_replace(lower(translate(${expression}, 'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÇçÑñ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn')),
      '[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640]', '', 'g'),
    'أإآٱةىؤئ', 'ااااهيوي')`;
}

/** Normalized words: letters and digits only; apostrophes vanish so that "Jeddah's" is one word. */
export function wordsOf(text: string): string[] {
  return normalizeForSearch(text.replace(/['’ʼ]/g, '')).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

const LATIN_WORD = /^[a-z]+$/;

/**
 * A light English stemmer: plurals and the commonest inflections, so that "festivals" finds
 * "festival", "cities" "city", "boxes" "box" and "guides" "guide". Both the indexed words and the
 * query's words go through it, so it only has to be consistent, not linguistically right
 * ("dance" and "dancing" both become "danc"). Short words are left alone.
 */
export function stemEnglish(word: string): string {
  if (!LATIN_WORD.test(word) || word.length <= 3) return word;
  let stem = word;
  if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (/(ss|x|ch|sh|z)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.endsWith('s') && !/(ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  if (stem.endsWith('ing') && stem.length > 5) stem = stem.slice(0, -3);
  else if (stem.endsWith('ed') && stem.length > 4) stem = stem.slice(0, -2);
  if (stem.endsWith('e') && stem.length > 3) stem = stem.slice(0, -1);
  return stem;
}

/**
 * The definite article and what attaches before it ("والمهرجان", "بالرياض", "للموسيقى"): a
 * reader typing "مهرجان" means "المهرجان" too. Only stripped when a real word remains.
 */
const ARABIC_ARTICLE = /^(?:[وفبك]?ال|لل)(?=[\u0621-\u064A]{2,})/;
/** Single-letter prefixes (and, so, with, to) that attach to any word: "وموسيقى", "بجدة". */
const ARABIC_CONJUNCTION = /^[وفبل](?=[\u0621-\u064A]{3,})/;

/** What an Arabic word is without its definite article, or the word itself. */
export const withoutArticle = (word: string) => word.replace(ARABIC_ARTICLE, '');

/**
 * The forms under which an indexed word is found: itself, its English stem, and, in Arabic,
 * without the article and the attached conjunctions. A query word matches when one of its own
 * forms begins one of these (see `queryTerms`).
 */
export function indexedForms(word: string): string[] {
  const forms = new Set([word, stemEnglish(word), withoutArticle(word)]);
  if (ARABIC_CONJUNCTION.test(word)) {
    const rest = word.slice(1);
    forms.add(rest).add(withoutArticle(rest));
  }
  return [...forms];
}

/**
 * A search document: every form of every word, space separated and starting with a space, so that
 * "a term begins a word" is the SQL `document like '% term%'`.
 */
export function searchDocument(...texts: (string | null | undefined)[]): string {
  const forms = new Set<string>();
  for (const text of texts) if (text) for (const word of wordsOf(text)) for (const form of indexedForms(word)) forms.add(form);
  return forms.size ? ` ${[...forms].join(' ')}` : '';
}

/** Query limits: a search box, not a document. */
export const MAX_QUERY_LENGTH = 100;
const MAX_TERMS = 10;

/**
 * The query's words, each with the forms that may begin an indexed word: as typed (normalized), so
 * that a half-typed word still finds its completions, its English stem, and without the Arabic
 * article. Only the article is stripped from a query word: a single letter like "و" may be the
 * word's own first letter, and the index already holds words without their conjunctions.
 */
export function queryTerms(query: string): string[][] {
  const words = [...new Set(wordsOf(query))].slice(0, MAX_TERMS);
  return words.map((word) => [...new Set([word, stemEnglish(word), withoutArticle(word)])]);
}

/** A query as the page shows it back: trimmed, with spaces collapsed. */
export const cleanQuery = (query: string) => query.replace(/\s+/g, ' ').trim();
