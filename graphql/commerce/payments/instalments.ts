import type { InstalmentRejection } from './payment-gateway.ts';

/** SPEC 9.2: four interest-free monthly payments. */
export const INSTALMENT_COUNT = 4;
/** The provider's range, in halalas: 100.00 to 5000.00 SAR, both included. */
export const INSTALMENT_MIN = 100_00;
export const INSTALMENT_MAX = 5000_00;

/**
 * The four payments of `total` halalas: the first three are the total divided by four rounded
 * down to the halala, the last takes the remainder (so it is up to 3 halalas more), and they add
 * up to the total exactly.
 */
export function splitInstalments(total: number): number[] {
  const share = Math.floor(total / INSTALMENT_COUNT);
  return [share, share, share, total - share * (INSTALMENT_COUNT - 1)];
}

export function amountRejection(total: number): InstalmentRejection | undefined {
  if (total < INSTALMENT_MIN) return 'ORDER_AMOUNT_TOO_LOW';
  if (total > INSTALMENT_MAX) return 'ORDER_AMOUNT_TOO_HIGH';
  return undefined;
}
