/**
 * Money is integer halalas inside the service (1 SAR = 100) and a decimal string with two places
 * at the API (SPEC 9.2). Prices include 15% VAT. Nothing here uses floating point on amounts.
 */

export const CURRENCY = 'SAR';

/** VAT in basis points: 15%. */
export const VAT_BASIS_POINTS = 1500;

export interface MoneyInfo {
  amount: string;
  currency: string;
}

/** 115000 → "1150.00"; negative amounts keep their sign. */
export function formatAmount(halalas: number): string {
  if (!Number.isSafeInteger(halalas)) throw new Error(`Not an amount in halalas: ${halalas}`);
  const sign = halalas < 0 ? '-' : '';
  const absolute = Math.abs(halalas);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export const money = (halalas: number): MoneyInfo => ({ amount: formatAmount(halalas), currency: CURRENCY });

/** "1150.00", "1150.5" or "1150" → 115000; anything else is refused. */
export function parseAmount(amount: string): number {
  const match = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: ${amount}`);
  const halalas = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
  return match[1] ? -halalas : halalas;
}

/** Integer division of non-negative numbers, rounding half up. */
export function divideRoundingHalfUp(dividend: number, divisor: number): number {
  if (dividend < 0 || divisor <= 0) throw new Error('Only non-negative amounts are divided');
  return Math.floor((2 * dividend + divisor) / (2 * divisor));
}

/** `basisPoints` of an amount (1000 = 10%), rounded half up to the halala. */
export const percentageOf = (halalas: number, basisPoints: number) => divideRoundingHalfUp(halalas * basisPoints, 10_000);

/** The price without VAT of a price that includes it: round(total / 1.15), half up. */
export const excludingVat = (total: number) => divideRoundingHalfUp(total * 10_000, 10_000 + VAT_BASIS_POINTS);

/** The VAT a VAT-inclusive total contains, so that excluding + VAT is exactly the total. */
export const vatOf = (total: number) => total - excludingVat(total);
