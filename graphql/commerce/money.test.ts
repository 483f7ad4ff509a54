import { divideRoundingHalfUp, excludingVat, formatAmount, money, parseAmount, percentageOf, vatOf } from './money.ts';

describe('money in halalas', () => {
  test('formats two decimals, SAR', () => {
    expect(formatAmount(115000)).toBe('1150.00');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(-2550)).toBe('-25.50');
    expect(money(59500)).toEqual({ amount: '595.00', currency: 'SAR' });
    expect(() => formatAmount(1.5)).toThrow();
  });

  test('parses decimal strings without floating point', () => {
    expect(parseAmount('1150.00')).toBe(115000);
    expect(parseAmount('0.1')).toBe(10);
    expect(parseAmount('19.99')).toBe(1999);
    expect(parseAmount('7')).toBe(700);
    expect(() => parseAmount('1.234')).toThrow();
    expect(() => parseAmount('abc')).toThrow();
  });

  test('rounds half up to the halala', () => {
    expect(divideRoundingHalfUp(5, 2)).toBe(3);
    expect(divideRoundingHalfUp(4, 2)).toBe(2);
    expect(divideRoundingHalfUp(7, 3)).toBe(2);
    // 10% of 249.95 is 24.995: 25.00.
    expect(percentageOf(24995, 1000)).toBe(2500);
    // 10% of 249.94 is 24.994: 24.99.
    expect(percentageOf(24994, 1000)).toBe(2499);
  });

  test('VAT included: excluding is round(total / 1.15), VAT the rest', () => {
    expect(excludingVat(115000)).toBe(100000);
    expect(vatOf(115000)).toBe(15000);
    // 595.00 / 1.15 = 517.3913…: 517.39, VAT 77.61.
    expect(excludingVat(59500)).toBe(51739);
    expect(vatOf(59500)).toBe(7761);
    // 0.23 / 1.15 = 0.2 exactly; 0.01 / 1.15 = 0.0087: 0.01.
    expect(excludingVat(23)).toBe(20);
    expect(excludingVat(1)).toBe(1);
    expect(excludingVat(0)).toBe(0);
    for (const total of [1, 99, 12345, 59500, 999999]) expect(excludingVat(total) + vatOf(total)).toBe(total);
  });
});
