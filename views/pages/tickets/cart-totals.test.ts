import { cartTotals, fromHalalas, instalmentOf, toHalalas } from './cart-totals.ts';

describe('cart money', () => {
  it('reads and writes decimal amounts as whole halalas', () => {
    expect(toHalalas('1150.00')).toBe(115000);
    expect(toHalalas('0.05')).toBe(5);
    expect(toHalalas('12.5')).toBe(1250);
    expect(toHalalas('7')).toBe(700);
    expect(fromHalalas(115000)).toBe('1150.00');
    expect(fromHalalas(5)).toBe('0.05');
    expect(fromHalalas(-1999)).toBe('-19.99');
    expect(() => toHalalas('1e3')).toThrow(RangeError);
    expect(() => toHalalas('12.345')).toThrow(RangeError);
    expect(() => fromHalalas(0.5)).toThrow(RangeError);
  });

  it('splits a price in four monthly payments that never fall short (SPEC 9.2)', () => {
    expect(instalmentOf(59500)).toBe(14875);
    expect(instalmentOf(10001)).toBe(2501);
    expect(instalmentOf(10001) * 4).toBeGreaterThanOrEqual(10001);
  });
});

describe('cartTotals', () => {
  const ga = { quantity: 2, originalPrice: 59500, discountedPrice: 59500, subItems: [] };
  const vip = {
    quantity: 1,
    originalPrice: 150000,
    discountedPrice: 127500,
    subItems: [{ quantity: 2, originalPrice: 5000, discountedPrice: 5000 }],
  };

  it('adds lines and extras, separates product discounts and the VAT included in the total', () => {
    const totals = cartTotals([ga, vip]);
    expect(totals.subtotal).toBe(2 * 59500 + 150000 + 2 * 5000);
    expect(totals.productsDiscount).toBe(22500);
    expect(totals.couponDiscount).toBe(0);
    expect(totals.total).toBe(256500);
    // 256500 / 1.15 = 223043.478… → 223043; VAT is the rest.
    expect(totals.totalExcludingVat).toBe(223043);
    expect(totals.vat).toBe(256500 - 223043);
    expect(totals.ticketQuantity).toBe(3);
  });

  it('keeps a percentage coupon in proportion, rounded half up, and a fixed one at most the amount', () => {
    // 10% of 119000 was 11900; with one ticket, 10% of 59500 = 5950.
    const percentage = { type: 'PERCENTAGE' as const, discount: 11900, base: 119000 };
    expect(cartTotals([{ ...ga, quantity: 1 }], percentage).couponDiscount).toBe(5950);
    // 10% of 3 × 333 = 99.9 → 100 halalas (half up).
    expect(
      cartTotals([{ quantity: 3, originalPrice: 333, discountedPrice: 333, subItems: [] }], { type: 'PERCENTAGE', discount: 10, base: 100 })
        .couponDiscount,
    ).toBe(100);
    const fixed = { type: 'FIXED_AMOUNT' as const, discount: 5000, base: 119000 };
    expect(cartTotals([ga], fixed).total).toBe(114000);
    expect(cartTotals([{ quantity: 1, originalPrice: 3000, discountedPrice: 3000, subItems: [] }], fixed).total).toBe(0);
  });

  it('takes loyalty points off after the coupon, as the service does, and never more than the rest (decision 0039)', () => {
    // 150 points are 7.50 SAR: 2 × 595.00 − 7.50 = 1182.50.
    expect(cartTotals([ga], null, 150)).toMatchObject({
      loyaltyPointsUsed: 150,
      loyaltyDiscount: 750,
      total: 118250,
      vat: 118250 - 102826,
    });
    // One ticket left in the cart: 12,000 points chosen, 11,900 cover 595.00 and are all it uses.
    expect(cartTotals([{ ...ga, quantity: 1 }], null, 12_000)).toMatchObject({
      loyaltyPointsUsed: 11_900,
      loyaltyDiscount: 59500,
      total: 0,
    });
  });

  it('is zero for an empty cart', () => {
    expect(cartTotals([], { type: 'FIXED_AMOUNT', discount: 5000, base: 100 })).toEqual({
      subtotal: 0,
      productsDiscount: 0,
      couponDiscount: 0,
      discount: 0,
      loyaltyPointsUsed: 0,
      loyaltyDiscount: 0,
      total: 0,
      totalExcludingVat: 0,
      vat: 0,
      ticketQuantity: 0,
    });
  });
});
