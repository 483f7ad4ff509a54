import { normalizeForSearch } from './search-text.ts';

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
});
