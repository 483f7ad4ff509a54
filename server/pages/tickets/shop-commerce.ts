import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CartIslandLine } from '#views/islands/CartLines.tsx';
import type { CartView } from '#views/pages/tickets/CartPage.tsx';
import type { ShopCartSummary } from '#views/pages/tickets/TicketShopFrame.tsx';
import type { PaymentMethod, ShopCategory, ShopTicket, WaveState } from '#views/pages/tickets/TicketsPage.tsx';
import { cartTotals, toHalalas } from '#views/pages/tickets/cart-totals.ts';
import type { Formatter, Locale } from '#views/format.ts';
import { commerceCall, commerceRead, shopperFor } from '../../commerce/shopper.ts';
import type { PageContext } from '../../page.ts';
import { ServiceError } from '../../services/service-client.ts';

/** SPEC 5, 9.2: a cart holds at most 34 tickets. */
export const CART_TICKET_LIMIT = 34;

type Text = { en: string; ar: string };
type Money = { amount: string; currency: string };
type Price = { originalPrice: Money; discountedPrice: Money };

const MONEY = 'amount currency';

// ---- Catalogue ----

interface TicketNode {
  id: string;
  name: Text;
  description: Text | null;
  coverImage: string | null;
  perks: { id: string; name: Text; description: Text | null; isHiddenOnDetail: boolean; isHighlighted: boolean }[];
  extraItems: { id: string; name: Text; price: Price; maxAmountPerOrder: number; isAvailable: boolean }[];
  timeslots: { id: string; dateTimeRange: { start: string; end: string }; isAvailable: boolean }[];
  waveId: string | null;
  state: WaveState;
  isAvailable: boolean;
  isLowStock: boolean;
  price: Price;
  custom: { order: number; isCallbackForm: boolean; callbackFormType: 'GROUP' | 'PREMIUM_BOX' | null; maxAmountPerOrder: number };
  paymentMethods: PaymentMethod[];
}

interface CategoryNode {
  id: string;
  name: Text;
  description: Text | null;
  tickets: TicketNode[];
  custom: { promoLabel: Text | null; order: number };
  children?: CategoryNode[];
}

export interface CatalogueQuery {
  event: {
    id: string;
    custom: { waves: { id: string; label: Text; dateRange: { start: string; end: string }; state: WaveState; order: number }[] };
    paymentMethods: PaymentMethod[];
  } | null;
  eventCategories: CategoryNode[];
}

const TICKET_FIELDS = `
  id
  name { en ar }
  description { en ar }
  coverImage
  perks { id name { en ar } description { en ar } isHiddenOnDetail isHighlighted }
  extraItems { id name { en ar } price { originalPrice { ${MONEY} } discountedPrice { ${MONEY} } } maxAmountPerOrder isAvailable }
  timeslots { id dateTimeRange { start end } isAvailable }
  waveId
  state
  isAvailable
  isLowStock
  price { originalPrice { ${MONEY} } discountedPrice { ${MONEY} } }
  custom { order isCallbackForm callbackFormType maxAmountPerOrder }
  paymentMethods
`;

export const CATALOGUE_QUERY: TypedDocumentNode<CatalogueQuery, { eventId: string }> = gql`
  query ShopCatalogue($eventId: ID!) {
    event(eventId: $eventId) {
      id
      custom {
        waves { id label { en ar } dateRange { start end } state order }
      }
      paymentMethods
    }
    eventCategories(eventId: $eventId) {
      id
      name { en ar }
      description { en ar }
      custom { promoLabel { en ar } order }
      tickets { ${TICKET_FIELDS} }
      children {
        id
        name { en ar }
        description { en ar }
        custom { promoLabel { en ar } order }
        tickets { ${TICKET_FIELDS} }
      }
    }
  }
`;

const byOrder = <Item extends { custom: { order: number } }>(items: Item[]) => [...items].sort((a, b) => a.custom.order - b.custom.order);

/** The catalogue in the visitor's language, in editorial order, as the tickets page shows it. */
export function shopCategories(data: CatalogueQuery, locale: Locale): ShopCategory[] {
  const waves = new Map((data.event?.custom.waves ?? []).map((wave) => [wave.id, wave]));
  const ticket = (node: TicketNode): ShopTicket => {
    const wave = node.waveId ? waves.get(node.waveId) : undefined;
    return {
      id: node.id,
      name: node.name[locale],
      description: node.description?.[locale] ?? null,
      coverImage: node.coverImage,
      // SPEC 3.4: perks hidden on the detail are not shown.
      perks: node.perks
        .filter((perk) => !perk.isHiddenOnDetail)
        .map((perk) => ({
          id: perk.id,
          name: perk.name[locale],
          description: perk.description?.[locale] ?? null,
          isHighlighted: perk.isHighlighted,
        })),
      extras: node.extraItems
        .filter((extra) => extra.isAvailable)
        .map((extra) => ({ id: extra.id, name: extra.name[locale], price: extra.price.discountedPrice.amount })),
      timeslots: node.timeslots.map((slot) => ({
        id: slot.id,
        start: slot.dateTimeRange.start,
        end: slot.dateTimeRange.end,
        isAvailable: slot.isAvailable,
      })),
      wave: wave ? { label: wave.label[locale], start: wave.dateRange.start } : null,
      state: node.state,
      isAvailable: node.isAvailable,
      isLowStock: node.isLowStock,
      originalPrice: node.price.originalPrice.amount,
      discountedPrice: node.price.discountedPrice.amount,
      paymentMethods: node.paymentMethods,
      maxQuantity: maxQuantityOf(node.custom.maxAmountPerOrder),
      callbackFormType: node.custom.isCallbackForm ? (node.custom.callbackFormType ?? 'GROUP') : null,
    };
  };
  const category = (node: CategoryNode): ShopCategory => ({
    id: node.id,
    name: node.name[locale],
    description: node.description?.[locale] ?? null,
    promoLabel: node.custom.promoLabel?.[locale] ?? null,
    tickets: byOrder(node.tickets).map(ticket),
    children: byOrder(node.children ?? []).map(category),
  });
  return byOrder(data.eventCategories).map(category);
}

/** SPEC 5: a ticket's own maximum per order, never above the cart's 34. */
export const maxQuantityOf = (maxAmountPerOrder: number): number =>
  Math.max(1, Math.min(maxAmountPerOrder > 0 ? maxAmountPerOrder : CART_TICKET_LIMIT, CART_TICKET_LIMIT));

/** Every ticket of the catalogue, children's included. */
export function allTickets(categories: ShopCategory[]): { ticket: ShopTicket; category: ShopCategory }[] {
  return categories.flatMap((category) => [...category.tickets.map((ticket) => ({ ticket, category })), ...allTickets(category.children)]);
}

// ---- Carts ----

interface CartItemNode {
  id: string;
  catalogueItemId: string;
  name: Text;
  quantity: number;
  originalPrice: Money;
  discountedPrice: Money;
  total: Money;
  timeslot: { id: string; dateTimeRange: { start: string; end: string } } | null;
  subItems: { id: string; catalogueItemId: string; name: Text; quantity: number; originalPrice: Money; discountedPrice: Money }[];
  freeItems: { id: string; catalogueItemId: string; name: Text; quantity: number }[];
  custom: { maxAmountPerOrder: number };
  state: 'AVAILABLE' | 'OUT_OF_STOCK' | 'NOT_ON_SALE';
}

export interface CartNode {
  id: string;
  eventId: string;
  cartState: 'ACTIVE' | 'ORDERED' | 'COMPLETED';
  couponCodes: { code: string; discountValue: Money; couponType: 'PERCENTAGE' | 'FIXED_AMOUNT' }[];
  subtotalPrice: Money;
  totalPrice: Money;
  totalPriceExcluding: Money;
  vatAmount: Money;
  cartDiscountPrice: Money;
  productsDiscountValue: Money;
  couponCodesDiscountValue: Money;
  items: CartItemNode[];
  version: number;
  ticketQuantity: number;
  canCheckout: boolean;
  /** Decision 0039: the cart's loyalty points. */
  loyaltyDiscount: { memberId: string; points: number; pointsUsed: number; discountValue: Money } | null;
  loyaltyDiscountValue: Money;
  loyaltyPointsLimit: number;
}

const CART_FIELDS = `
  id
  eventId
  cartState
  couponCodes { code discountValue { ${MONEY} } couponType }
  subtotalPrice { ${MONEY} }
  totalPrice { ${MONEY} }
  totalPriceExcluding { ${MONEY} }
  vatAmount { ${MONEY} }
  cartDiscountPrice { ${MONEY} }
  productsDiscountValue { ${MONEY} }
  couponCodesDiscountValue { ${MONEY} }
  items {
    id
    catalogueItemId
    name { en ar }
    quantity
    originalPrice { ${MONEY} }
    discountedPrice { ${MONEY} }
    total { ${MONEY} }
    timeslot { id dateTimeRange { start end } }
    subItems { id catalogueItemId name { en ar } quantity originalPrice { ${MONEY} } discountedPrice { ${MONEY} } }
    freeItems { id catalogueItemId name { en ar } quantity }
    custom { maxAmountPerOrder }
    state
  }
  version
  ticketQuantity
  canCheckout
  loyaltyDiscount { memberId points pointsUsed discountValue { ${MONEY} } }
  loyaltyDiscountValue { ${MONEY} }
  loyaltyPointsLimit
`;

export const CART_QUERY: TypedDocumentNode<{ cart: CartNode | null }, { cartId: string; eventId: string }> = gql`
  query ShopCart($cartId: ID!, $eventId: ID!) {
    cart(cartId: $cartId, eventId: $eventId) { ${CART_FIELDS} }
  }
`;

export interface CartItemInput {
  catalogueItemId: string;
  quantity: number;
  timeslotId?: string | null;
}

export type CartAction =
  | { addItem: CartItemInput }
  | { changeQuantity: { itemId: string; quantity: number } }
  | { removeItem: { itemId: string } }
  | { setSubItem: { itemId: string; catalogueItemId: string; quantity: number } }
  | { applyCoupon: { code: string } }
  | { removeCoupon: { code: string } };

export const CART_CREATE: TypedDocumentNode<{ cartCreate: CartNode }, { eventId: string; input: { items: CartItemInput[] } }> = gql`
  mutation ShopCartCreate($eventId: ID!, $input: CartCreateInput!) {
    cartCreate(eventId: $eventId, input: $input) { ${CART_FIELDS} }
  }
`;

export const CART_UPDATE: TypedDocumentNode<
  { cartUpdate: CartNode },
  { cartId: string; eventId: string; input: { version?: number; actions: CartAction[] } }
> = gql`
  mutation ShopCartUpdate($cartId: ID!, $eventId: ID!, $input: CartUpdateInput!) {
    cartUpdate(cartId: $cartId, eventId: $eventId, input: $input) { ${CART_FIELDS} }
  }
`;

/**
 * The visitor's cart for the event, or null when there is none (or it is no longer theirs: then it
 * is forgotten). Asks nothing of the commerce service for a visitor who never had a cart, and
 * obtains nothing for one who has: a cart is only ever read with the credentials that made it.
 */
export async function currentCart(context: PageContext, commerceEventId: string): Promise<CartNode | null> {
  const shopper = shopperFor(context);
  const cartId = await shopper.cartIdFor(commerceEventId);
  if (!cartId) return null;
  const read = await commerceRead(context);
  if (!read.accessToken) return null;
  const { cart } = await context.services.commerce.query(CART_QUERY, { cartId, eventId: commerceEventId }, read);
  if (!cart || cart.cartState === 'COMPLETED') {
    await shopper.forgetCart(commerceEventId);
    return null;
  }
  return cart;
}

/** Applies cart actions to the visitor's cart, creating it for an `addItem` when there is none yet. */
export async function updateCart(context: PageContext, commerceEventId: string, actions: CartAction[]): Promise<CartNode> {
  const shopper = shopperFor(context);
  const call = await commerceCall(context);
  const cartId = await shopper.cartIdFor(commerceEventId);
  if (!cartId) {
    const items = actions.flatMap((action) => ('addItem' in action ? [action.addItem] : []));
    if (items.length !== actions.length) throw new ServiceError('No cart', 'commerce', 404, 'NOT_FOUND');
    const { cartCreate } = await context.services.commerce.mutate(CART_CREATE, { eventId: commerceEventId, input: { items } }, call);
    await shopper.rememberCart(commerceEventId, cartCreate.id);
    return cartCreate;
  }
  try {
    const { cartUpdate } = await context.services.commerce.mutate(
      CART_UPDATE,
      { cartId, eventId: commerceEventId, input: { actions } },
      call,
    );
    return cartUpdate;
  } catch (error) {
    // A cart that is gone or completed: an add starts a new one, anything else has nothing to act on.
    if (error instanceof ServiceError && error.code === 'NOT_FOUND') {
      await shopper.forgetCart(commerceEventId);
      if (actions.every((action) => 'addItem' in action)) return updateCart(context, commerceEventId, actions);
    }
    throw error;
  }
}

/** The frame's cart link: tickets and total. */
export const cartSummary = (cart: CartNode | null): ShopCartSummary | null =>
  cart && cart.items.length > 0 ? { ticketQuantity: cart.ticketQuantity, total: cart.totalPrice.amount } : null;

/**
 * The cart as the cart page and its island show it: lines in the visitor's language, amounts in
 * halalas, and the extras each ticket offers (from the catalogue) beside the ones chosen.
 */
export function cartView(cart: CartNode, catalogue: CatalogueQuery, locale: Locale, format: Formatter): CartView {
  const tickets = new Map<string, TicketNode>();
  for (const category of catalogue.eventCategories) {
    for (const node of [category, ...(category.children ?? [])]) for (const ticket of node.tickets) tickets.set(ticket.id, ticket);
  }
  const lines: CartIslandLine[] = cart.items.map((item) => {
    const ticket = tickets.get(item.catalogueItemId);
    const chosen = new Map(item.subItems.map((sub) => [sub.catalogueItemId, sub.quantity]));
    return {
      id: item.id,
      name: item.name[locale],
      timeslot: item.timeslot
        ? `${format.longDate(item.timeslot.dateTimeRange.start)}, ${format.time(item.timeslot.dateTimeRange.start)}–${format.time(item.timeslot.dateTimeRange.end)}`
        : null,
      quantity: item.quantity,
      maxQuantity: maxQuantityOf(item.custom.maxAmountPerOrder),
      originalPrice: toHalalas(item.originalPrice.amount),
      discountedPrice: toHalalas(item.discountedPrice.amount),
      state: item.state,
      subItems: item.subItems.map((sub) => ({
        catalogueItemId: sub.catalogueItemId,
        name: sub.name[locale],
        quantity: sub.quantity,
        originalPrice: toHalalas(sub.originalPrice.amount),
        discountedPrice: toHalalas(sub.discountedPrice.amount),
      })),
      extras: (ticket?.extraItems ?? [])
        .filter((extra) => extra.isAvailable || chosen.has(extra.id))
        .map((extra) => ({
          catalogueItemId: extra.id,
          name: extra.name[locale],
          price: toHalalas(extra.price.discountedPrice.amount),
          quantity: chosen.get(extra.id) ?? 0,
          maxQuantity: Math.max(0, extra.maxAmountPerOrder),
        })),
      freeItems: item.freeItems.map((free) => ({ name: free.name[locale], quantity: free.quantity })),
    };
  });
  const coupon = cart.couponCodes[0];
  const discounted = lines.reduce(
    (sum, line) =>
      sum + line.discountedPrice * line.quantity + line.subItems.reduce((subSum, sub) => subSum + sub.discountedPrice * sub.quantity, 0),
    0,
  );
  const instalments = cart.items.every((item) => tickets.get(item.catalogueItemId)?.paymentMethods.includes('INSTALMENTS') ?? false);
  return {
    lines,
    coupon: coupon ? { type: coupon.couponType, discount: toHalalas(cart.couponCodesDiscountValue.amount), base: discounted } : null,
    coupons: cart.couponCodes.map((code) => ({ code: code.code, discount: code.discountValue.amount })),
    loyaltyPoints: cart.loyaltyDiscount?.points ?? 0,
    totals: {
      subtotal: toHalalas(cart.subtotalPrice.amount),
      // Products and coupons; the points have their own line (decision 0039).
      discount: toHalalas(cart.cartDiscountPrice.amount) - toHalalas(cart.loyaltyDiscountValue.amount),
      loyalty: toHalalas(cart.loyaltyDiscountValue.amount),
      loyaltyPoints: cart.loyaltyDiscount?.pointsUsed ?? 0,
      totalExcludingVat: toHalalas(cart.totalPriceExcluding.amount),
      vat: toHalalas(cart.vatAmount.amount),
      total: toHalalas(cart.totalPrice.amount),
    },
    canCheckout: cart.canCheckout && cart.cartState === 'ACTIVE',
    instalments,
  };
}

/** The totals the island would compute for this cart: equal to the service's, or the rules disagree. */
export const islandTotalsOf = (view: CartView) => cartTotals(view.lines, view.coupon, view.loyaltyPoints);

// ---- Refusals ----

/** SPEC 8: the message for a refused cart change, by the service's error code. */
export function cartRefusalMessage(error: unknown, fallback: string): string {
  const code = error instanceof ServiceError ? error.code : undefined;
  switch (code) {
    case 'INSUFFICIENT_STOCK':
      return 'shop:errors.insufficientStock';
    case 'OUT_OF_STOCK':
      return 'shop:errors.outOfStock';
    case 'INVENTORY_ERROR':
      return 'shop:errors.inventoryError';
    case 'CART_LIMIT_EXCEEDED':
      return 'shop:errors.cartLimit';
    case 'NOT_ON_SALE':
      return 'shop:errors.notOnSale';
    case 'CART_NOT_ACTIVE':
      return 'shop:errors.cartNotActive';
    case 'COUPON_NOT_FOUND':
      return 'shop:errors.couponNotFound';
    case 'COUPON_EXPIRED':
      return 'shop:errors.couponExpired';
    case 'COUPON_NOT_APPLICABLE':
      return 'shop:errors.couponNotApplicable';
    case 'COUPON_ALREADY_APPLIED':
      return 'shop:errors.couponAlreadyApplied';
    case 'TOO_MANY_REQUESTS':
      return limitMessage(error) ?? fallback;
    default:
      return fallback;
  }
}

/**
 * A shop limit reached (decision 0043): the message the service's refusal names for its field
 * (`commerce:errors.tooMany…`), in the visitor's language on the page.
 */
export function limitMessage(error: unknown): string | undefined {
  if (errorCode(error) !== 'TOO_MANY_REQUESTS') return undefined;
  const cause = (error as ServiceError).cause as { errors?: { extensions?: { fields?: Record<string, string> } }[] } | undefined;
  const key = Object.values(cause?.errors?.[0]?.extensions?.fields ?? {})[0];
  return key?.startsWith('commerce:errors.tooMany') ? key : 'commerce:errors.tooManyCartChanges';
}

/** The status a refused form answers with: 429 for a shop limit (decision 0043), else the form's usual 422. */
export const refusalStatus = (error: unknown): { status?: 429 } => (errorCode(error) === 'TOO_MANY_REQUESTS' ? { status: 429 } : {});

/**
 * Refusals that are the visitor's to fix (422), by the service's code: the GraphQL answer carries
 * the code, not the HTTP status. Anything else (unreachable, INVENTORY_ERROR, a bug) is a failure
 * of ours (503).
 */
const REFUSALS = new Set([
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'CONFLICT',
  'CART_LIMIT_EXCEEDED',
  'INSUFFICIENT_STOCK',
  'OUT_OF_STOCK',
  'NOT_ON_SALE',
  'CART_NOT_ACTIVE',
  'CART_BLOCKED',
  'COUPON_NOT_FOUND',
  'COUPON_EXPIRED',
  'COUPON_NOT_APPLICABLE',
  'COUPON_ALREADY_APPLIED',
  'TOO_MANY_REQUESTS',
]);

export const isRefusal = (error: unknown): boolean => error instanceof ServiceError && REFUSALS.has(error.code ?? '');

export const errorCode = (error: unknown): string | undefined => (error instanceof ServiceError ? error.code : undefined);
