import { GraphQLError } from 'graphql';
import { applyActions, cartTotals, lineState, type CartAction, type CouponRow, type DraftCart, type RuleContext } from './cart-rules.ts';
import type { EventData } from './catalogue.ts';
import { CATALOGUE_NOW, eventWithWaves, ticketRow } from './test-support/catalogue-rows.ts';

const NOW = CATALOGUE_NOW;
const ticket = ticketRow;
const day = (iso: string) => new Date(iso).getTime();

const data: EventData = eventWithWaves({
  categories: [],
  tickets: [
    ticket('ga'),
    ticket('vip', { price: 189500, maxPerOrder: 4 }),
    ticket('day', { price: 29500, discountedPrice: 24900 }),
    ticket('few', { capacity: 30, sold: 27 }),
    ticket('gone', { capacity: 10, sold: 8, held: 2 }),
    ticket('early', { waveId: 'ended' }),
    ticket('last', { waveId: 'later' }),
    ticket('group', { isCallbackForm: true, callbackFormType: 'GROUP', waveId: null }),
    ticket('many', { maxPerOrder: 34, capacity: 5000 }),
  ],
  perks: [],
  extraItems: [
    {
      id: 'parking',
      ticketId: 'ga',
      nameEn: 'Parking',
      nameAr: 'موقف',
      descriptionEn: null,
      descriptionAr: null,
      price: 7500,
      discountedPrice: null,
      maxPerOrder: 4,
      isFree: false,
      capacity: 3,
      held: 0,
      sold: 0,
    },
    {
      id: 'map',
      ticketId: 'ga',
      nameEn: 'Map',
      nameAr: 'خريطة',
      descriptionEn: null,
      descriptionAr: null,
      price: 0,
      discountedPrice: null,
      maxPerOrder: 10,
      isFree: true,
      capacity: null,
      held: 0,
      sold: 0,
    },
  ],
  timeslots: [
    { id: 'd1', ticketId: 'day', startsAt: day('2026-12-10T12:00Z'), endsAt: day('2026-12-10T20:59Z'), capacity: 2, held: 0, sold: 0 },
    { id: 'd2', ticketId: 'day', startsAt: day('2026-12-11T12:00Z'), endsAt: day('2026-12-11T20:59Z'), capacity: 100, held: 0, sold: 0 },
  ],
});

const coupon = (code: string, overrides: Partial<CouponRow> = {}): CouponRow => ({
  code,
  couponType: 'PERCENTAGE',
  value: 1000,
  eventId: null,
  validFrom: null,
  validUntil: null,
  minSubtotal: 0,
  maxRedemptions: null,
  redemptions: 0,
  ...overrides,
});

const COUPONS = new Map(
  [
    coupon('WELCOME10'),
    coupon('NABD50', { couponType: 'FIXED_AMOUNT', value: 5000, eventId: 'evt', minSubtotal: 100000 }),
    coupon('EXPIRED2025', { validUntil: day('2025-12-31') }),
    coupon('FORUMONLY', { eventId: 'evt_forum' }),
    coupon('USEDUP', { maxRedemptions: 5, redemptions: 5 }),
    coupon('HUGE', { couponType: 'FIXED_AMOUNT', value: 10_000_000 }),
  ].map((row) => [row.code, row]),
);

let ids = 0;
const context = (now = NOW): RuleContext => ({ data, now, coupons: COUPONS, newId: () => `line-${++ids}` });

const emptyCart = (): DraftCart => ({
  id: 'cart',
  eventId: 'evt',
  customerEmail: null,
  state: 'ACTIVE',
  version: 1,
  lines: [],
  coupons: [],
  loyalty: null,
  removedLineIds: [],
  changed: false,
});

function refusal(run: () => void): { code: unknown; fields: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof GraphQLError) return { code: error.extensions.code, fields: error.extensions.fields };
    throw error;
  }
  throw new Error('Not refused');
}

const apply = (cart: DraftCart, ...actions: CartAction[]) => applyActions(cart, actions, context());
const add = (catalogueItemId: string, quantity: number, timeslotId?: string): CartAction => ({
  addItem: { catalogueItemId, quantity, timeslotId },
});

describe('cart rules', () => {
  test('adding the same ticket and timeslot again adds to its line', () => {
    const cart = emptyCart();
    apply(cart, add('ga', 2), add('day', 1, 'd2'), add('ga', 3), add('day', 1, 'd1'));
    expect(cart.lines.map((line) => [line.ticketId, line.timeslotId, line.quantity])).toEqual([
      ['ga', null, 5],
      ['day', 'd2', 1],
      ['day', 'd1', 1],
    ]);
    expect(cart.changed).toBe(true);
  });

  test('at most 34 tickets in a cart, extras not counted', () => {
    const cart = emptyCart();
    apply(cart, add('many', 30), add('ga', 4));
    apply(cart, { setSubItem: { itemId: cart.lines[1]!.id, catalogueItemId: 'parking', quantity: 3 } });
    expect(cart.lines.reduce((sum, line) => sum + line.quantity, 0)).toBe(34);
    expect(refusal(() => apply(cart, add('vip', 1)))).toMatchObject({
      code: 'CART_LIMIT_EXCEEDED',
      fields: { quantity: 'commerce:errors.cartLimit' },
    });
  });

  test("each ticket's and extra's maxAmountPerOrder, across timeslots", () => {
    expect(refusal(() => apply(emptyCart(), add('vip', 5))).code).toBe('CART_LIMIT_EXCEEDED');
    const cart = emptyCart();
    apply(cart, add('vip', 4));
    expect(refusal(() => apply(cart, add('vip', 1))).code).toBe('CART_LIMIT_EXCEEDED');
    const withExtra = emptyCart();
    apply(withExtra, add('ga', 1));
    expect(
      refusal(() => apply(withExtra, { setSubItem: { itemId: withExtra.lines[0]!.id, catalogueItemId: 'parking', quantity: 5 } })).code,
    ).toBe('CART_LIMIT_EXCEEDED');
  });

  test('quantities are whole numbers of at least one', () => {
    expect(refusal(() => apply(emptyCart(), add('ga', 0)))).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { quantity: 'commerce:errors.quantity' },
    });
    expect(refusal(() => apply(emptyCart(), add('ga', -3))).code).toBe('BAD_USER_INPUT');
    expect(refusal(() => apply(emptyCart(), add('ga', 1.5))).code).toBe('BAD_USER_INPUT');
  });

  test('callback-form offers, unknown tickets and wrong timeslots are refused', () => {
    expect(refusal(() => apply(emptyCart(), add('group', 1)))).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { catalogueItemId: 'commerce:errors.callbackForm' },
    });
    expect(refusal(() => apply(emptyCart(), add('nothing', 1))).code).toBe('BAD_USER_INPUT');
    expect(refusal(() => apply(emptyCart(), add('day', 1))).fields).toEqual({ timeslotId: 'commerce:errors.timeslot' });
    expect(refusal(() => apply(emptyCart(), add('ga', 1, 'd1'))).fields).toEqual({ timeslotId: 'commerce:errors.timeslot' });
  });

  test('waves not on sale are NOT_ON_SALE', () => {
    expect(refusal(() => apply(emptyCart(), add('early', 1))).code).toBe('NOT_ON_SALE');
    expect(refusal(() => apply(emptyCart(), add('last', 1))).code).toBe('NOT_ON_SALE');
  });

  test('SPEC 8: more than is left is INSUFFICIENT_STOCK, nothing left OUT_OF_STOCK', () => {
    expect(refusal(() => apply(emptyCart(), add('few', 4))).code).toBe('INSUFFICIENT_STOCK');
    expect(refusal(() => apply(emptyCart(), add('gone', 1))).code).toBe('OUT_OF_STOCK');
    expect(refusal(() => apply(emptyCart(), add('day', 3, 'd1'))).code).toBe('INSUFFICIENT_STOCK');
    const cart = emptyCart();
    apply(cart, add('few', 3));
    expect(refusal(() => apply(cart, add('few', 1))).code).toBe('INSUFFICIENT_STOCK');
  });

  test('quantity changes: fewer is always allowed, more is checked', () => {
    const cart = emptyCart();
    apply(cart, add('few', 3));
    const line = cart.lines[0]!;
    apply(cart, { changeQuantity: { itemId: line.id, quantity: 1 } });
    expect(line.quantity).toBe(1);
    expect(refusal(() => apply(cart, { changeQuantity: { itemId: line.id, quantity: 4 } })).code).toBe('INSUFFICIENT_STOCK');
    expect(refusal(() => apply(cart, { changeQuantity: { itemId: line.id, quantity: 0 } })).code).toBe('BAD_USER_INPUT');
    expect(refusal(() => apply(cart, { changeQuantity: { itemId: 'someone-elses', quantity: 1 } })).code).toBe('NOT_FOUND');
  });

  test('removing an item, and sub-items added, changed and removed', () => {
    const cart = emptyCart();
    cart.lines.push({
      id: 'stored',
      ticketId: 'ga',
      timeslotId: null,
      quantity: 1,
      version: 1,
      subItems: new Map(),
      isNew: false,
      changed: false,
    });
    apply(cart, { setSubItem: { itemId: 'stored', catalogueItemId: 'parking', quantity: 2 } });
    expect([...cart.lines[0]!.subItems]).toEqual([['parking', 2]]);
    expect(refusal(() => apply(cart, { setSubItem: { itemId: 'stored', catalogueItemId: 'parking', quantity: 4 } })).code).toBe(
      'INSUFFICIENT_STOCK',
    );
    expect(refusal(() => apply(cart, { setSubItem: { itemId: 'stored', catalogueItemId: 'map', quantity: 1 } })).fields).toEqual({
      catalogueItemId: 'commerce:errors.extraItem',
    });
    apply(cart, { setSubItem: { itemId: 'stored', catalogueItemId: 'parking', quantity: 0 } });
    expect(cart.lines[0]!.subItems.size).toBe(0);
    apply(cart, { removeItem: { itemId: 'stored' } });
    expect(cart.lines).toEqual([]);
    expect(cart.removedLineIds).toEqual(['stored']);
  });

  test('each action has exactly one field', () => {
    expect(refusal(() => apply(emptyCart(), {})).code).toBe('BAD_USER_INPUT');
    expect(refusal(() => apply(emptyCart(), { ...add('ga', 1), removeItem: { itemId: 'x' } })).code).toBe('BAD_USER_INPUT');
  });

  test('coupons: unknown, expired, another event, used up, under the minimum, twice, one per cart', () => {
    const cart = emptyCart();
    apply(cart, add('ga', 1));
    expect(refusal(() => apply(cart, { applyCoupon: { code: 'NOPE' } })).code).toBe('COUPON_NOT_FOUND');
    expect(refusal(() => apply(cart, { applyCoupon: { code: 'EXPIRED2025' } })).code).toBe('COUPON_EXPIRED');
    expect(refusal(() => apply(cart, { applyCoupon: { code: 'FORUMONLY' } })).code).toBe('COUPON_NOT_APPLICABLE');
    expect(refusal(() => apply(cart, { applyCoupon: { code: 'USEDUP' } })).code).toBe('COUPON_NOT_APPLICABLE');
    // 595.00 is under NABD50's 1000.00 minimum.
    expect(refusal(() => apply(cart, { applyCoupon: { code: 'NABD50' } })).code).toBe('COUPON_NOT_APPLICABLE');
    apply(cart, { applyCoupon: { code: ' welcome10 ' } });
    expect(cart.coupons).toEqual(['WELCOME10']);
    expect(refusal(() => apply(cart, { applyCoupon: { code: 'WELCOME10' } })).code).toBe('COUPON_ALREADY_APPLIED');
    expect(refusal(() => apply(cart, { applyCoupon: { code: 'HUGE' } })).code).toBe('COUPON_ALREADY_APPLIED');
    expect(refusal(() => apply(cart, { removeCoupon: { code: 'HUGE' } })).code).toBe('COUPON_NOT_FOUND');
    apply(cart, { removeCoupon: { code: 'welcome10' } });
    expect(cart.coupons).toEqual([]);
  });

  test('the customer e-mail is validated and kept in lower case', () => {
    const cart = emptyCart();
    apply(cart, { setCustomerEmail: { email: ' Guest@Example.COM ' } });
    expect(cart.customerEmail).toBe('guest@example.com');
    expect(refusal(() => apply(cart, { setCustomerEmail: { email: 'not-an-email' } }))).toEqual({
      code: 'BAD_USER_INPUT',
      fields: { email: 'validation:email' },
    });
  });
});

describe('cart totals (SPEC 9.2)', () => {
  const filled = (...actions: CartAction[]) => {
    const cart = emptyCart();
    apply(cart, ...actions);
    return cart;
  };

  test('subtotal, products discount, VAT included', () => {
    const cart = filled(add('ga', 2), add('day', 3, 'd2'));
    apply(cart, { setSubItem: { itemId: cart.lines[0]!.id, catalogueItemId: 'parking', quantity: 1 } });
    // 2 × 595 + 3 × 295 + 75 = 2150.00; day passes at 249.00: 3 × 46.00 off.
    const totals = cartTotals(cart, data, [], NOW);
    expect(totals).toEqual({
      subtotal: 215000,
      productsDiscount: 13800,
      discountedSubtotal: 201200,
      coupons: [],
      couponsDiscount: 0,
      // 2012.00 SAR is 804.8 steps of 2.50 SAR: 805 steps of 50 points cover it.
      loyaltyPointsLimit: 40250,
      loyaltyPointsUsed: 0,
      loyaltyDiscount: 0,
      total: 201200,
      totalExcluding: 174957,
      vat: 26243,
    });
  });

  test('a percentage coupon on the discounted amount rounds half up', () => {
    const cart = filled(add('day', 1, 'd2'));
    // 10% of 249.00 = 24.90.
    expect(cartTotals(cart, data, [COUPONS.get('WELCOME10')!], NOW)).toMatchObject({
      subtotal: 29500,
      productsDiscount: 4600,
      couponsDiscount: 2490,
      total: 22410,
      coupons: [{ code: 'WELCOME10', couponType: 'PERCENTAGE', discount: 2490 }],
    });
    const odd = { ...data, tickets: [ticket('odd', { price: 24995 })] };
    const oddCart = {
      ...emptyCart(),
      lines: [{ id: 'l', ticketId: 'odd', timeslotId: null, quantity: 1, version: 1, subItems: new Map(), isNew: false, changed: false }],
    };
    expect(cartTotals(oddCart, odd, [COUPONS.get('WELCOME10')!], NOW).couponsDiscount).toBe(2500);
  });

  test('a fixed coupon never takes the total below zero; one that no longer holds takes nothing', () => {
    const cart = filled(add('ga', 1));
    expect(cartTotals(cart, data, [COUPONS.get('HUGE')!], NOW)).toMatchObject({
      couponsDiscount: 59500,
      total: 0,
      vat: 0,
      totalExcluding: 0,
    });
    const big = filled(add('ga', 2));
    expect(cartTotals(big, data, [COUPONS.get('NABD50')!], NOW)).toMatchObject({ couponsDiscount: 5000, total: 114000 });
    const small = filled(add('ga', 1));
    expect(cartTotals(small, data, [COUPONS.get('NABD50')!], NOW)).toMatchObject({ couponsDiscount: 0, total: 59500 });
  });

  test('decision 0039: loyalty points come off after coupons at 0.05 SAR each, and VAT is what is left of the rest', () => {
    const cart = filled(add('ga', 1));
    // 150 points take 7.50 off 595.00: 587.50, of which 510.87 without VAT (half up) and 76.63 VAT.
    expect(cartTotals(cart, data, [], NOW, 150)).toMatchObject({
      loyaltyPointsUsed: 150,
      loyaltyDiscount: 750,
      total: 58750,
      totalExcluding: 51087,
      vat: 7663,
    });
    const day = filled(add('day', 1, 'd2'));
    // 10% of 249.00 = 24.90 first, then 100 points = 5.00.
    expect(cartTotals(day, data, [COUPONS.get('WELCOME10')!], NOW, 100)).toMatchObject({
      couponsDiscount: 2490,
      loyaltyDiscount: 500,
      total: 21910,
    });
  });

  test('points never take the total below zero, and never more are used than the total needs', () => {
    const cart = filled(add('ga', 1));
    // 595.00 is exactly 238 steps: 11,900 points pay it all; 12,000 chosen still burn 11,900.
    expect(cartTotals(cart, data, [], NOW, 12_000)).toMatchObject({
      loyaltyPointsLimit: 11_900,
      loyaltyPointsUsed: 11_900,
      loyaltyDiscount: 59_500,
      total: 0,
      totalExcluding: 0,
      vat: 0,
    });
    // 249.00 is 99.6 steps: the 100th step covers the rest, worth more than what is left.
    const day = filled(add('day', 1, 'd2'));
    expect(cartTotals(day, data, [], NOW, 5_000)).toMatchObject({ loyaltyPointsUsed: 5_000, loyaltyDiscount: 24_900, total: 0 });
  });

  test('item states block checkout once stock or the wave is gone', () => {
    const cart = filled(add('few', 3), add('ga', 1));
    expect(cart.lines.map((line) => lineState(cart, line, data, NOW))).toEqual(['AVAILABLE', 'AVAILABLE']);
    const soldMeanwhile = { ...data, tickets: data.tickets.map((row) => (row.id === 'few' ? { ...row, sold: 28 } : row)) };
    expect(lineState(cart, cart.lines[0]!, soldMeanwhile, NOW)).toBe('OUT_OF_STOCK');
    expect(lineState(cart, cart.lines[1]!, data, new Date('2026-12-12T00:00:00Z'))).toBe('NOT_ON_SALE');
    expect(lineState({ ...cart, state: 'ORDERED' }, cart.lines[0]!, soldMeanwhile, NOW)).toBe('AVAILABLE');
  });
});
