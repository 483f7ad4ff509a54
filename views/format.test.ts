import { collatorFor, createFormatter, direction } from './format.ts';

describe('formatting per SPEC 9.1', () => {
  const english = createFormatter('en');
  const arabic = createFormatter('ar');

  test('times are shown in Riyadh, whatever the server zone', () => {
    expect(english.time('2026-12-10T13:00:00Z')).toBe('16:00');
    expect(english.dateTime('2026-12-10T21:30:00Z')).toBe('11 Dec 2026, 00:30');
  });

  test('Arabic uses Latin digits and the Gregorian calendar', () => {
    expect(arabic.date('2026-12-10T13:00:00Z')).toBe('10 ديسمبر 2026');
    expect(arabic.longDate('2026-12-10T13:00:00Z')).toBe('الخميس، 10 ديسمبر 2026');
    expect(arabic.number(1234567.5)).toBe('1,234,567.5');
  });

  test('money is SAR, formatted from exact decimal strings', () => {
    expect(english.money('1150.50')).toBe('SAR\u00a01,150.50');
    expect(english.money('0.10')).toBe('SAR\u00a00.10');
    expect(arabic.money('99999999999999.99')).toContain('99,999,999,999,999.99');
  });

  test('a date range collapses what both dates share', () => {
    expect(english.dateRange('2026-12-10T13:00:00Z', '2026-12-13T20:59:00Z')).toBe('10\u2009–\u200913 Dec 2026');
    expect(english.dateRange('2026-12-30T13:00:00Z', '2027-01-02T13:00:00Z')).toBe('30 Dec 2026\u2009–\u20092 Jan 2027');
  });

  test('month headings and date badges read the month in Riyadh', () => {
    expect(english.monthYear('2026-11-30T21:30:00Z')).toBe('December 2026');
    expect(arabic.monthYear('2026-12-10T13:00:00Z')).toBe('ديسمبر 2026');
    expect(english.dayAndMonth('2026-12-31T22:00:00Z')).toEqual({ day: '1', month: 'Jan' });
    expect(arabic.dayAndMonth('2026-12-10T13:00:00Z')).toEqual({ day: '10', month: 'ديسمبر' });
  });

  test("percentages take each language's sign", () => {
    expect(english.percent(15)).toBe('15%');
    expect(arabic.percent(15)).toBe('15٪');
    expect(arabic.percent(7.5)).toBe('7.5٪');
  });

  test('large figures are compact from 10,000 on, the same on every page, and never wrap', () => {
    expect(english.compactNumber(1200)).toBe('1,200');
    expect(arabic.compactNumber(1200)).toBe('1,200');
    expect(english.compactNumber(600_000)).toBe('600k');
    expect(arabic.compactNumber(600_000)).toBe('600\u00a0ألف');
    expect(english.compactNumber(1_500_000)).toBe('1.5m');
    expect(arabic.compactNumber(1_500_000)).toBe('1.5\u00a0مليون');
    expect(english.compactNumber(1200, { orMore: true })).toBe('1,200+');
    expect(arabic.compactNumber(40, { orMore: true })).toBe('+40');
    expect(arabic.compactNumber(12_000, { orMore: true })).toBe('+12\u00a0ألف');
  });

  test("lists join with the language's own words and commas", () => {
    expect(english.list(['Barq', 'Chergui', 'Dhalam'])).toBe('Barq, Chergui and Dhalam');
    expect(arabic.list(['برق', 'شرقي', 'ظلام'])).toBe('برق وشرقي وظلام');
    expect(english.list(['Barq'])).toBe('Barq');
  });

  test('the parts of an address take the Arabic comma in Arabic and leave out empty parts', () => {
    expect(english.parts(['12 Olaya Street', '', 'Riyadh', null, '12211'])).toBe('12 Olaya Street, Riyadh, 12211');
    expect(arabic.parts(['شارع العليا 12', undefined, 'الرياض', '12211'])).toBe('شارع العليا 12، الرياض، 12211');
  });

  test("a language is named in the page's language", () => {
    expect(english.languageName('en')).toBe('English');
    expect(english.languageName('ar')).toBe('Arabic');
    expect(arabic.languageName('en')).toBe('الإنجليزية');
    expect(arabic.languageName('ar')).toBe('العربية');
  });

  test('names sort in each alphabet, Arabic ones by their Arabic letters', () => {
    const arabicNames = ['شرقي', 'برق', 'أميرة سول', 'ظلام', 'آدم رحّال'];
    expect([...arabicNames].sort(collatorFor('ar').compare)).toEqual(['آدم رحّال', 'أميرة سول', 'برق', 'شرقي', 'ظلام']);
    expect(['élise', 'Dhalam', 'barq'].sort(collatorFor('en').compare)).toEqual(['barq', 'Dhalam', 'élise']);
  });

  test('Arabic reads right to left', () => {
    expect(direction('ar')).toBe('rtl');
    expect(direction('en')).toBe('ltr');
  });

  test('remembered dates and times stay each language’s and each format’s own', () => {
    const instant = '2026-12-11T18:30:00Z';
    const english = createFormatter('en');
    const arabic = createFormatter('ar');
    for (let round = 0; round < 2; round += 1) {
      expect(english.time(instant)).toBe('21:30');
      expect(arabic.longDate(instant)).not.toBe(english.longDate(instant));
      expect(english.date(new Date(instant))).toBe('11 Dec 2026');
      expect(english.longDate(instant)).toBe('Friday, 11 December 2026');
    }
    expect(() => english.time('not a date')).toThrow(RangeError);
  });
});
