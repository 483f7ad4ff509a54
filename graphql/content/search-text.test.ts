import { indexedForms, normalizeForSearch, queryTerms, searchDocument, stemEnglish } from './search-text.ts';

describe('search text', () => {
  test('Arabic as people type it: hamza and madda forms, taa marbuta, alef maqsura, diacritics, tatweel', () => {
    expect(normalizeForSearch('إيقاعات')).toBe(normalizeForSearch('ايقاعات'));
    expect(normalizeForSearch('مُوسِيقَى')).toBe(normalizeForSearch('موسيقي'));
    expect(normalizeForSearch('حفلة')).toBe(normalizeForSearch('حفله'));
    expect(normalizeForSearch('نـــبـض')).toBe('نبض');
    expect(normalizeForSearch('آلات')).toBe('الات');
  });

  test('Latin script without case or accents', () => {
    expect(normalizeForSearch('Beyoncé  LIVE')).toBe('beyonce live');
  });

  test('English plurals and simple inflections share a stem; short words are left alone', () => {
    for (const [a, b] of [
      ['festival', 'festivals'],
      ['city', 'cities'],
      ['box', 'boxes'],
      ['guide', 'guides'],
      ['dance', 'dancing'],
      ['announce', 'announced'],
      ['match', 'matches'],
    ]) {
      expect(stemEnglish(b!).startsWith(stemEnglish(a!))).toBe(true);
    }
    expect(stemEnglish('bus')).toBe('bus');
    expect(stemEnglish('class')).toBe('class');
  });

  test('an Arabic word is indexed without its article and attached prefixes too', () => {
    expect(indexedForms('المهرجان')).toEqual(expect.arrayContaining(['المهرجان', 'مهرجان']));
    expect(indexedForms('والموسيقي')).toEqual(expect.arrayContaining(['والموسيقي', 'الموسيقي', 'موسيقي']));
    expect(indexedForms('بجده')).toContain('جده');
    expect(indexedForms('للفنون')).toContain('فنون');
    // Too short to be a prefix and a word: left whole.
    expect(indexedForms('ولد')).toEqual(['ولد']);
  });

  test('a query keeps each word as typed, its stem and its form without the article; never a single-letter prefix', () => {
    expect(queryTerms('  Festivals   المهرجانات ')).toEqual([['festivals', 'festival'], ['المهرجانات', 'مهرجانات']]);
    expect(queryTerms('وادي')).toEqual([['وادي']]);
    expect(queryTerms('!!!')).toEqual([]);
  });

  test('a document starts with a space so that a form begins a word with `like "% form%"`', () => {
    expect(searchDocument('Cities of the Gulf')).toBe(' cities city of the gulf');
  });
});
