import {
  filterQuery,
  isFiltered,
  letterOf,
  matchesFilters,
  NO_FILTERS,
  normalizeForSearch,
  readFilters,
  type EntryFacets,
} from './lineup-filters.ts';

const LATIN = [...'abcdefghijklmnopqrstuvwxyz', '#'];
const ARABIC = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهوي', '#'];
const choices = {
  days: ['2026-12-10', '2026-12-11'],
  stages: ['stage-pulse', 'stage-oasis'],
  categories: ['techno', 'house'],
  letters: LATIN,
};
const barq: EntryFacets = {
  day: '2026-12-11',
  stage: 'stage-pulse',
  categories: ['house'],
  letters: ['b'],
  text: normalizeForSearch('Barq برق'),
};

describe('the line-up filters', () => {
  test('keep the values the line-up offers and name the others back', () => {
    expect(readFilters({ day: '2026-12-10', stage: 'stage-oasis', category: 'techno', letter: 'B', q: '  nova ' }, choices)).toEqual({
      filters: { day: '2026-12-10', stage: 'stage-oasis', category: 'techno', letter: 'b', q: 'nova' },
      rejected: [],
    });
    expect(readFilters({ day: '2030-01-01', stage: 'nope', category: ['a', 'b'], letter: 'é' }, choices)).toEqual({
      filters: NO_FILTERS,
      rejected: ['day', 'stage', 'letter'],
    });
    expect(readFilters({ q: 'x'.repeat(300) }, choices).filters.q).toHaveLength(100);
    expect(readFilters({ letter: '#' }, choices).filters.letter).toBe('#');
  });

  test('an Arabic line-up takes the Arabic letters it offers and no Latin ones', () => {
    const arabic = { ...choices, letters: ARABIC };
    expect(readFilters({ letter: 'ش' }, arabic)).toEqual({ filters: { ...NO_FILTERS, letter: 'ش' }, rejected: [] });
    expect(readFilters({ letter: 'c' }, arabic)).toEqual({ filters: NO_FILTERS, rejected: ['letter'] });
  });

  test('file names under the first letter of the alphabet the page offers, or # for anything else', () => {
    expect(letterOf('Barq', LATIN)).toBe('b');
    expect(letterOf('Élise Maren', LATIN)).toBe('e');
    expect(letterOf('9lives', LATIN)).toBe('#');
    expect(letterOf('', LATIN)).toBe('#');
    expect(letterOf('شرقي', ARABIC)).toBe('ش');
    expect(letterOf('أميرة سول', ARABIC)).toBe('ا');
    expect(letterOf('آدم رحّال', ARABIC)).toBe('ا');
    expect(letterOf('إليز مارين', ARABIC)).toBe('ا');
    expect(letterOf('Chergui', ARABIC)).toBe('#');
    expect(letterOf('شرقي', LATIN)).toBe('#');
  });

  test('match every filter at once, free text in either script and without accents or Arabic diacritics', () => {
    expect(matchesFilters(barq, NO_FILTERS)).toBe(true);
    expect(matchesFilters(barq, { ...NO_FILTERS, day: '2026-12-11', stage: 'stage-pulse', category: 'house', letter: 'b' })).toBe(true);
    expect(matchesFilters(barq, { ...NO_FILTERS, day: '2026-12-10' })).toBe(false);
    expect(matchesFilters(barq, { ...NO_FILTERS, category: 'techno' })).toBe(false);
    expect(matchesFilters(barq, { ...NO_FILTERS, letter: 'a' })).toBe(false);
    expect(matchesFilters(barq, { ...NO_FILTERS, q: 'BAR' })).toBe(true);
    expect(matchesFilters(barq, { ...NO_FILTERS, q: 'بَرْق' })).toBe(true);
    expect(normalizeForSearch('Beyoncé  أحمد')).toBe(normalizeForSearch('beyonce احمد'));
  });

  test('make a shareable query of the filters in force only', () => {
    expect(filterQuery(NO_FILTERS)).toBe('');
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(filterQuery({ ...NO_FILTERS, letter: '#', q: 'dj layali' })).toBe('?letter=%23&q=dj+layali');
    expect(isFiltered({ ...NO_FILTERS, q: 'x' })).toBe(true);
  });
});
