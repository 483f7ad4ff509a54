import { amountRejection, splitInstalments } from './instalments.ts';

describe('instalments', () => {
  it('splits into four payments that add up exactly, the last taking the remainder', () => {
    expect(splitInstalments(115000)).toEqual([28750, 28750, 28750, 28750]);
    expect(splitInstalments(10003)).toEqual([2500, 2500, 2500, 2503]);
    for (const total of [10000, 10001, 10002, 10003, 499999]) {
      expect(splitInstalments(total).reduce((sum, part) => sum + part, 0)).toBe(total);
    }
  });

  it('takes 100.00 to 5000.00 SAR, both included', () => {
    expect(amountRejection(9999)).toBe('ORDER_AMOUNT_TOO_LOW');
    expect(amountRejection(10000)).toBeUndefined();
    expect(amountRejection(500000)).toBeUndefined();
    expect(amountRejection(500001)).toBe('ORDER_AMOUNT_TOO_HIGH');
  });
});
