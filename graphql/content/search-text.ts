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
