import { createFormatter, direction } from './format.ts';

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

  test('Arabic reads right to left', () => {
    expect(direction('ar')).toBe('rtl');
    expect(direction('en')).toBe('ltr');
  });
});
