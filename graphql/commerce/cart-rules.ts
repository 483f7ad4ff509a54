import { z } from 'zod';
import {
  effectivePrice,
  onSale,
  remainingOf,
  ticketState,
  type EventData,
  type ExtraItemRow,
  type TicketRow,
  type TimeslotRow,
} from './catalogue.ts';
import {
  badUserInput,
  cartLimitExceeded,
  couponAlreadyApplied,
  couponExpired,
  couponNotApplicable,
  couponNotFound,
  insufficientStock,
  notFound,
  notOnSale,
  outOfStock,
} from './errors.ts';
import { LOYALTY_POINTS_STEP, loyaltyPointsValue } from '#platform/loyalty/loyalty-programme.ts';
import { excludingVat, percentageOf } from './money.ts';

/**
 * The rules of a cart (SPEC 4.3, 5, 8, 9.2) as plain functions over a draft in memory: the store
 * loads the cart with its row locked, applies the actions here (the first refusal throws and
 * nothing is written), then writes what changed.
 */

/** SPEC 5, 9.2: tickets in one cart (extras not counted). */
export const CART_TICKET_LIMIT = 34;

/** More actions than this in one update is a crafted request, not the shop. */
export const CART_ACTIONS_LIMIT = 50;

export type CartState = 'ACTIVE' | 'ORDERED' | 'COMPLETED';
export type CartItemState = 'AVAILABLE' | 'OUT_OF_STOCK' | 'NOT_ON_SALE';

export interface DraftLine {
  id: string;
  ticketId: string;
  timeslotId: string | null;
  quantity: number;
  version: number;
  /** Extra item id → quantity (absolute, for the whole line). */
  subItems: Map<string, number>;
  isNew: boolean;
  changed: boolean;
}

export interface DraftCart {
  id: string;
  eventId: string;
  customerEmail: string | null;
  state: CartState;
  version: number;
  lines: DraftLine[];
  /** Applied coupon codes, upper case; one at most (decision 0026). */
  coupons: string[];
  /** Loyalty points chosen for the cart (decision 0039), with the member's verification; not changed by cart actions. */
  loyalty: CartLoyalty | null;
  removedLineIds: string[];
  changed: boolean;
}

export interface CartLoyalty {
  memberId: string;
  /** In steps of 50. */
  points: number;
  verificationToken: string;
}

export interface CouponRow {
  code: string;
  couponType: 'PERCENTAGE' | 'FIXED_AMOUNT';
  /** Basis points for a percentage (1000 = 10%), halalas for a fixed amount. */
  value: number;
  eventId: string | null;
  /** Epoch milliseconds. */
  validFrom: number | null;
  validUntil: number | null;
  minSubtotal: number;
  maxRedemptions: number | null;
  redemptions: number;
}

export interface CartItemInput {
  catalogueItemId: string;
  quantity: number;
  timeslotId?: string | null | undefined;
}

export interface CartAction {
  addItem?: CartItemInput | null;
  changeQuantity?: { itemId: string; quantity: number } | null;
  removeItem?: { itemId: string } | null;
  setSubItem?: { itemId: string; catalogueItemId: string; quantity: number } | null;
  applyCoupon?: { code: string } | null;
  removeCoupon?: { code: string } | null;
  setCustomerEmail?: { email: string } | null;
}

export interface RuleContext {
  data: EventData;
  now: Date;
  /** The coupons the actions name, by upper-case code; an absent one does not exist. */
  coupons: ReadonlyMap<string, CouponRow>;
  newId: () => string;
}

export const customerEmail = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .max(254, 'validation:maxLength')
  .pipe(z.email('validation:email'))
  .transform((email) => email.toLowerCase());

export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

function ticketOf(context: RuleContext, ticketId: string): TicketRow | undefined {
  return context.data.tickets.find((ticket) => ticket.id === ticketId);
}

function lineOf(cart: DraftCart, itemId: string): DraftLine {
  const line = cart.lines.find((candidate) => candidate.id === itemId);
  if (!line) throw notFound('Cart item');
  return line;
}

function assertQuantity(quantity: number, minimum: number, field = 'quantity') {
  if (!Number.isInteger(quantity) || quantity < minimum)
    throw badUserInput({ [field]: 'commerce:errors.quantity' }, 'Quantity out of range');
}

const ticketQuantity = (cart: DraftCart) => cart.lines.reduce((sum, line) => sum + line.quantity, 0);
const quantityOfTicket = (cart: DraftCart, ticketId: string) =>
  cart.lines.filter((line) => line.ticketId === ticketId).reduce((sum, line) => sum + line.quantity, 0);
const quantityOfTimeslot = (cart: DraftCart, timeslotId: string) =>
  cart.lines.filter((line) => line.timeslotId === timeslotId).reduce((sum, line) => sum + line.quantity, 0);
const quantityOfExtra = (cart: DraftCart, extraId: string) => cart.lines.reduce((sum, line) => sum + (line.subItems.get(extraId) ?? 0), 0);

/** SPEC 8: more than is left is INSUFFICIENT_STOCK, nothing left at all OUT_OF_STOCK. */
function assertStock(wanted: number, remaining: number, what: string) {
  if (wanted <= remaining) return;
  if (remaining <= 0) throw outOfStock(`${what} is sold out`);
  throw insufficientStock(`Only ${remaining} of ${what} left`);
}

/** The limits and stock of one ticket once the cart holds what the action asks for. */
function assertTicketFits(cart: DraftCart, context: RuleContext, ticket: TicketRow, line: DraftLine) {
  if (ticketQuantity(cart) > CART_TICKET_LIMIT) throw cartLimitExceeded(`A cart holds at most ${CART_TICKET_LIMIT} tickets`);
  if (quantityOfTicket(cart, ticket.id) > ticket.maxPerOrder) {
    throw cartLimitExceeded(`At most ${ticket.maxPerOrder} of ${ticket.id} per order`);
  }
  const state = ticketState(context.data, ticket, context.now);
  if (state === 'ENDED' || state === 'COMING_SOON') throw notOnSale(`${ticket.id} is not on sale`);
  assertStock(quantityOfTicket(cart, ticket.id), remainingOf(ticket), ticket.id);
  if (line.timeslotId) {
    const slot = context.data.timeslots.find((candidate) => candidate.id === line.timeslotId)!;
    assertStock(quantityOfTimeslot(cart, slot.id), remainingOf(slot), `${ticket.id} on ${slot.id}`);
  }
}

function addItem(cart: DraftCart, context: RuleContext, input: CartItemInput) {
  assertQuantity(input.quantity, 1);
  const ticket = ticketOf(context, input.catalogueItemId);
  if (!ticket) throw badUserInput({ catalogueItemId: 'validation:choice' }, 'No such ticket in this event');
  // SPEC 2.4: group and premium-box offers are requested through their form.
  if (ticket.isCallbackForm) throw badUserInput({ catalogueItemId: 'commerce:errors.callbackForm' }, 'This offer is requested, not bought');
  const slots = context.data.timeslots.filter((slot) => slot.ticketId === ticket.id && onSale(slot));
  const timeslotId = input.timeslotId ?? null;
  if (slots.length ? !slots.some((slot) => slot.id === timeslotId) : timeslotId !== null) {
    throw badUserInput({ timeslotId: 'commerce:errors.timeslot' }, 'Choose one of the ticket’s timeslots');
  }
  let line = cart.lines.find((candidate) => candidate.ticketId === ticket.id && candidate.timeslotId === timeslotId);
  if (line) {
    line.quantity += input.quantity;
    line.changed = true;
  } else {
    line = {
      id: context.newId(),
      ticketId: ticket.id,
      timeslotId,
      quantity: input.quantity,
      version: 1,
      subItems: new Map(),
      isNew: true,
      changed: true,
    };
    cart.lines.push(line);
  }
  assertTicketFits(cart, context, ticket, line);
}

function changeQuantity(cart: DraftCart, context: RuleContext, itemId: string, quantity: number) {
  const line = lineOf(cart, itemId);
  assertQuantity(quantity, 1);
  if (quantity === line.quantity) return;
  const increases = quantity > line.quantity;
  line.quantity = quantity;
  line.changed = true;
  const ticket = ticketOf(context, line.ticketId)!;
  // Fewer is always allowed: that is how a visitor fixes an item that ran out (SPEC 4.3).
  if (increases) assertTicketFits(cart, context, ticket, line);
}

function removeItem(cart: DraftCart, itemId: string) {
  const line = lineOf(cart, itemId);
  cart.lines = cart.lines.filter((candidate) => candidate !== line);
  if (!line.isNew) cart.removedLineIds.push(line.id);
}

function setSubItem(cart: DraftCart, context: RuleContext, input: { itemId: string; catalogueItemId: string; quantity: number }) {
  const line = lineOf(cart, input.itemId);
  assertQuantity(input.quantity, 0);
  const extra = context.data.extraItems.find((candidate) => candidate.id === input.catalogueItemId && candidate.ticketId === line.ticketId);
  if (!extra || extra.isFree) throw badUserInput({ catalogueItemId: 'commerce:errors.extraItem' }, 'No such extra for this ticket');
  const before = line.subItems.get(extra.id) ?? 0;
  if (input.quantity === before) return;
  if (input.quantity === 0) line.subItems.delete(extra.id);
  else line.subItems.set(extra.id, input.quantity);
  line.changed = true;
  if (input.quantity < before) return;
  if (quantityOfExtra(cart, extra.id) > extra.maxPerOrder) throw cartLimitExceeded(`At most ${extra.maxPerOrder} of ${extra.id} per order`);
  assertStock(quantityOfExtra(cart, extra.id), remainingOf(extra), extra.id);
}

/** Why a coupon cannot be applied to this cart now, or undefined when it can. */
export function couponRefusal(coupon: CouponRow, eventId: string, discountedSubtotal: number, now: Date) {
  const time = now.getTime();
  if (coupon.validUntil !== null && time >= coupon.validUntil) return couponExpired();
  if (coupon.validFrom !== null && time < coupon.validFrom) return couponNotApplicable('The coupon is not valid yet');
  if (coupon.eventId !== null && coupon.eventId !== eventId) return couponNotApplicable('The coupon is for another event');
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return couponNotApplicable('The coupon is used up');
  if (discountedSubtotal < coupon.minSubtotal) return couponNotApplicable('The cart is under the coupon’s minimum');
  return undefined;
}

function applyCoupon(cart: DraftCart, context: RuleContext, code: string) {
  const normalized = normalizeCouponCode(code);
  const coupon = context.coupons.get(normalized);
  if (!coupon) throw couponNotFound();
  // Decision 0026: one coupon per cart; a second one is refused like the same one twice.
  if (cart.coupons.length)
    throw couponAlreadyApplied(cart.coupons.includes(normalized) ? 'The coupon is already applied' : 'The cart already has a coupon');
  const refusal = couponRefusal(coupon, cart.eventId, cartTotals(cart, context.data, []).discountedSubtotal, context.now);
  if (refusal) throw refusal;
  cart.coupons.push(normalized);
}

function removeCoupon(cart: DraftCart, code: string) {
  const normalized = normalizeCouponCode(code);
  if (!cart.coupons.includes(normalized)) throw couponNotFound('The coupon is not applied to this cart');
  cart.coupons = cart.coupons.filter((applied) => applied !== normalized);
}

const ACTION_NAMES = ['addItem', 'changeQuantity', 'removeItem', 'setSubItem', 'applyCoupon', 'removeCoupon', 'setCustomerEmail'] as const;

/** Applies the actions in order; the first refusal throws, and the caller then writes nothing. */
export function applyActions(cart: DraftCart, actions: readonly CartAction[], context: RuleContext): void {
  if (actions.length > CART_ACTIONS_LIMIT) throw badUserInput({ actions: 'validation:maxLength' }, 'Too many actions');
  for (const action of actions) {
    const given = ACTION_NAMES.filter((name) => action[name] !== undefined && action[name] !== null);
    if (given.length !== 1) throw badUserInput({ actions: 'validation:choice' }, 'Each action has exactly one field');
    if (action.addItem) addItem(cart, context, action.addItem);
    else if (action.changeQuantity) changeQuantity(cart, context, action.changeQuantity.itemId, action.changeQuantity.quantity);
    else if (action.removeItem) removeItem(cart, action.removeItem.itemId);
    else if (action.setSubItem) setSubItem(cart, context, action.setSubItem);
    else if (action.applyCoupon) applyCoupon(cart, context, action.applyCoupon.code);
    else if (action.removeCoupon) removeCoupon(cart, action.removeCoupon.code);
    else if (action.setCustomerEmail) {
      const parsed = customerEmail.safeParse(action.setCustomerEmail.email);
      if (!parsed.success) throw badUserInput({ email: parsed.error.issues[0]!.message }, 'Invalid e-mail');
      if (parsed.data === cart.customerEmail) continue;
      cart.customerEmail = parsed.data;
    }
    cart.changed = true;
  }
}

// ---- Reading: prices, totals, states ----

export interface LineAmounts {
  /** One ticket's price before and after the products' discount. */
  unitOriginal: number;
  unitDiscounted: number;
  subtotal: number;
  total: number;
  subItems: { extra: ExtraItemRow; quantity: number; unitOriginal: number; unitDiscounted: number; subtotal: number; total: number }[];
}

export function lineAmounts(line: Pick<DraftLine, 'ticketId' | 'quantity' | 'subItems'>, data: EventData): LineAmounts {
  const ticket = data.tickets.find((candidate) => candidate.id === line.ticketId)!;
  const unitOriginal = ticket.price;
  const unitDiscounted = effectivePrice(ticket);
  const subItems = data.extraItems
    .filter((extra) => line.subItems.has(extra.id))
    .map((extra) => {
      const quantity = line.subItems.get(extra.id)!;
      const discounted = effectivePrice(extra);
      return {
        extra,
        quantity,
        unitOriginal: extra.price,
        unitDiscounted: discounted,
        subtotal: extra.price * quantity,
        total: discounted * quantity,
      };
    });
  return { unitOriginal, unitDiscounted, subtotal: unitOriginal * line.quantity, total: unitDiscounted * line.quantity, subItems };
}

export interface CartTotals {
  /** Σ original × quantity, tickets and extras. */
  subtotal: number;
  /** Σ (original − discounted) × quantity. */
  productsDiscount: number;
  /** What the products cost after their own discounts: what coupons apply to. */
  discountedSubtotal: number;
  coupons: { code: string; couponType: CouponRow['couponType']; discount: number }[];
  couponsDiscount: number;
  /** The most points the cart takes: the smallest multiple of 50 that covers what is left after coupons. */
  loyaltyPointsLimit: number;
  /** The points chosen that the order burns: never more than the limit. */
  loyaltyPointsUsed: number;
  /** What they take off, never more than what is left. */
  loyaltyDiscount: number;
  /** Paid, VAT included. */
  total: number;
  totalExcluding: number;
  vat: number;
}

/** The smallest multiple of 50 points worth at least `amount` halalas (decision 0039). */
export function loyaltyPointsToCover(amount: number): number {
  const stepValue = loyaltyPointsValue(LOYALTY_POINTS_STEP);
  return Math.ceil(amount / stepValue) * LOYALTY_POINTS_STEP;
}

/**
 * SPEC 9.2: the cart's money. Coupons apply to the discounted amount: a percentage rounds half up
 * to the halala, a fixed amount never takes the total below zero. Loyalty points come off what the
 * coupons leave, at the programme's value, never below zero (decision 0039). Prices include VAT, so
 * the amount without it is round(total / 1.15) and VAT is the rest. A coupon whose conditions no
 * longer hold (expired, cart under its minimum) takes nothing off.
 */
export function cartTotals(
  cart: Pick<DraftCart, 'lines' | 'eventId'>,
  data: EventData,
  coupons: readonly CouponRow[],
  now?: Date,
  loyaltyPoints = 0,
): CartTotals {
  let subtotal = 0;
  let discounted = 0;
  for (const line of cart.lines) {
    const amounts = lineAmounts(line, data);
    subtotal += amounts.subtotal + amounts.subItems.reduce((sum, sub) => sum + sub.subtotal, 0);
    discounted += amounts.total + amounts.subItems.reduce((sum, sub) => sum + sub.total, 0);
  }
  let remaining = discounted;
  const applied = coupons.map((coupon) => {
    const holds = now === undefined || couponRefusal({ ...coupon, maxRedemptions: null }, cart.eventId, discounted, now) === undefined;
    const wanted = !holds ? 0 : coupon.couponType === 'PERCENTAGE' ? percentageOf(remaining, coupon.value) : coupon.value;
    const discount = Math.min(wanted, remaining);
    remaining -= discount;
    return { code: coupon.code, couponType: coupon.couponType, discount };
  });
  const afterCoupons = remaining;
  const loyaltyPointsLimit = loyaltyPointsToCover(afterCoupons);
  const loyaltyPointsUsed = Math.min(loyaltyPoints, loyaltyPointsLimit);
  const loyaltyDiscount = Math.min(loyaltyPointsValue(loyaltyPointsUsed), afterCoupons);
  const total = afterCoupons - loyaltyDiscount;
  const totalExcluding = excludingVat(total);
  return {
    subtotal,
    productsDiscount: subtotal - discounted,
    discountedSubtotal: discounted,
    coupons: applied,
    couponsDiscount: discounted - afterCoupons,
    loyaltyPointsLimit,
    loyaltyPointsUsed,
    loyaltyDiscount,
    total,
    totalExcluding,
    vat: total - totalExcluding,
  };
}

/**
 * SPEC 4.3: an item of an active cart is NOT_ON_SALE once its wave has ended (or is not open) and
 * OUT_OF_STOCK when what is left no longer covers the cart's quantity; either blocks checkout.
 */
export function lineState(cart: Pick<DraftCart, 'lines' | 'state'>, line: DraftLine, data: EventData, now: Date): CartItemState {
  if (cart.state !== 'ACTIVE') return 'AVAILABLE';
  const ticket = data.tickets.find((candidate) => candidate.id === line.ticketId)!;
  const state = ticketState(data, ticket, now);
  if (state === 'ENDED' || state === 'COMING_SOON') return 'NOT_ON_SALE';
  const wanted = cart.lines.filter((other) => other.ticketId === ticket.id).reduce((sum, other) => sum + other.quantity, 0);
  if (wanted > remainingOf(ticket)) return 'OUT_OF_STOCK';
  if (line.timeslotId) {
    const slot: TimeslotRow | undefined = data.timeslots.find((candidate) => candidate.id === line.timeslotId);
    const inSlot = cart.lines.filter((other) => other.timeslotId === line.timeslotId).reduce((sum, other) => sum + other.quantity, 0);
    if (!slot || inSlot > remainingOf(slot)) return 'OUT_OF_STOCK';
  }
  for (const [extraId, quantity] of line.subItems) {
    const extra = data.extraItems.find((candidate) => candidate.id === extraId);
    if (!extra || quantity > remainingOf(extra)) return 'OUT_OF_STOCK';
  }
  return 'AVAILABLE';
}
