/**
 * Exact money for the cart (SPEC 9.2): integer halalas inside, decimal strings with two places at
 * the API ("1150.00"), SAR, 15% VAT included in prices. The cart page renders the service's totals;
 * the cart island recomputes them with these same rules the moment a quantity changes, then the
 * server's answer takes over. No floating point touches an amount.
 */

/** "1150.00" → 115000. Refuses anything that is not a plain decimal amount. */
export function toHalalas(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new RangeError(`Not an amount: ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const halalas = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -halalas : halalas;
}

/** 115000 → "1150.00". */
export function fromHalalas(halalas: number): string {
  if (!Number.isSafeInteger(halalas)) throw new RangeError(`Not a whole number of halalas: ${halalas}`);
  const sign = halalas < 0 ? '-' : '';
  const absolute = Math.abs(halalas);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

import { LOYALTY_POINTS_STEP, loyaltyPointsValue } from '#platform/loyalty/loyalty-programme.ts';

/** SPEC 9.2: prices include 15% VAT. */
export const VAT_RATE_PERCENT = 15;

/** a × b / c rounded half up, in integers (amounts stay far below 2^53). */
const mulDivRound = (a: number, b: number, c: number) => Math.floor((2 * a * b + c) / (2 * c));

/** Each of the four interest-free monthly payments (SPEC 9.2), rounded up so four never fall short. */
export const instalmentOf = (halalas: number): number => Math.ceil(halalas / 4);

export interface TotalsLine {
  quantity: number;
  /** One unit, in halalas. */
  originalPrice: number;
  discountedPrice: number;
  /** Extras of the line, each with its own quantity. */
  subItems: { quantity: number; originalPrice: number; discountedPrice: number }[];
}

/** The cart's coupon as the page last saw it: what it took off, and of which discounted amount. */
export interface TotalsCoupon {
  type: 'PERCENTAGE' | 'FIXED_AMOUNT';
  /** What the coupon took off when the cart was last read, in halalas. */
  discount: number;
  /** The discounted amount it was taken from then, in halalas. */
  base: number;
}

export interface CartTotals {
  subtotal: number;
  productsDiscount: number;
  couponDiscount: number;
  /** products + coupons. */
  discount: number;
  /** Loyalty points the order would burn, and what they take off (decision 0039). */
  loyaltyPointsUsed: number;
  loyaltyDiscount: number;
  total: number;
  totalExcludingVat: number;
  vat: number;
  ticketQuantity: number;
}

/**
 * The cart's totals from its lines: subtotal = Σ original × quantity (extras included); products
 * discount = Σ (original − discounted) × quantity; the coupon on the discounted amount; VAT is the
 * part of the total above round(total / 1.15).
 *
 * A percentage coupon's rate is not part of the API, only what it took off: the new discount keeps
 * the same proportion of the discounted amount, rounded half up to the halala, which is what the
 * service computes for a percentage. A fixed coupon keeps its amount, never more than the amount.
 */
export function cartTotals(lines: TotalsLine[], coupon: TotalsCoupon | null = null, loyaltyPoints = 0): CartTotals {
  let subtotal = 0;
  let discounted = 0;
  let ticketQuantity = 0;
  for (const line of lines) {
    subtotal += line.originalPrice * line.quantity;
    discounted += line.discountedPrice * line.quantity;
    ticketQuantity += line.quantity;
    for (const sub of line.subItems) {
      subtotal += sub.originalPrice * sub.quantity;
      discounted += sub.discountedPrice * sub.quantity;
    }
  }
  const productsDiscount = subtotal - discounted;
  let couponDiscount = 0;
  if (coupon && discounted > 0) {
    couponDiscount =
      coupon.type === 'PERCENTAGE'
        ? coupon.base > 0
          ? mulDivRound(discounted, coupon.discount, coupon.base)
          : 0
        : Math.min(coupon.discount, discounted);
  }
  // Decision 0039, as the service: points after coupons, no more than the smallest multiple of 50 that covers the rest.
  const afterCoupons = discounted - couponDiscount;
  const stepValue = loyaltyPointsValue(LOYALTY_POINTS_STEP);
  const loyaltyPointsUsed = Math.min(loyaltyPoints, Math.ceil(afterCoupons / stepValue) * LOYALTY_POINTS_STEP);
  const loyaltyDiscount = Math.min(loyaltyPointsValue(loyaltyPointsUsed), afterCoupons);
  const total = afterCoupons - loyaltyDiscount;
  const totalExcludingVat = mulDivRound(total, 100, 100 + VAT_RATE_PERCENT);
  return {
    subtotal,
    productsDiscount,
    couponDiscount,
    discount: productsDiscount + couponDiscount,
    loyaltyPointsUsed,
    loyaltyDiscount,
    total,
    totalExcludingVat,
    vat: total - totalExcludingVat,
    ticketQuantity,
  };
}
