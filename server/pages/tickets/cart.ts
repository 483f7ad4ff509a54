import { gql, type TypedDocumentNode } from '@apollo/client';
import { z } from 'zod';
import { memberPinRule, pointsRule } from '#platform/loyalty/loyalty-rules.ts';
import { createFormatter } from '#views/format.ts';
import {
  CART_FORM,
  COUPON_FORM,
  CartFragment,
  CartPage,
  POINTS_FORM,
  type CartLoyalty,
  type CartPageData,
} from '#views/pages/tickets/CartPage.tsx';
import { toHalalas } from '#views/pages/tickets/cart-totals.ts';
import { parseForm } from '../../forms/parse-form.ts';
import { errorCodeOf, errorExtensionsOf, LOYALTY_BALANCE, loyaltyRefusalOutcome, loyaltyStanding } from '../../loyalty/loyalty-account.ts';
import { signInAgainOutcome } from '../account/account-access.ts';
import { CART_FRAGMENT_ID } from '#views/islands/CartLines.tsx';
import { commerceRead } from '../../commerce/shopper.ts';
import { notFound, page, type FormOutcome, type PageContext, type PageModule } from '../../page.ts';
import { loadTicketEvent, ticketPageAnalytics, ticketPageHead, type TicketEvent } from './common.ts';
import {
  CATALOGUE_QUERY,
  CART_TICKET_LIMIT,
  allTickets,
  cartRefusalMessage,
  cartSummary,
  cartView,
  currentCart,
  errorCode,
  isRefusal,
  maxQuantityOf,
  refusalStatus,
  shopCategories,
  updateCart,
  type CartAction,
  type CartNode,
} from './shop-commerce.ts';
import { trackCartChange, trackShop } from './shop-analytics.ts';
import { frameEvent } from './tickets.ts';

/** SPEC 2.1, 2.4, 4.3: `/events/:eventSlug/tickets/cart`. */
const cartPage: PageModule<CartPageData> = {
  async load(context) {
    const event = await loadTicketEvent(context);
    if (!event) return notFound();
    const [cart, catalogue] = await Promise.all([
      currentCart(context, event.commerceEventId),
      context.services.commerce.query(CATALOGUE_QUERY, { eventId: event.commerceEventId }, await commerceRead(context)),
    ]);
    const view = cart && cart.items.length > 0 ? cartView(cart, catalogue, context.locale, createFormatter(context.locale)) : null;
    const loyalty = view && cart ? await cartLoyalty(context, cart) : ({ state: 'unavailable' } as const);
    if (cart && view) {
      trackShop(context, event, 'view_cart', {
        cart_id: cart.id,
        quantity_number: cart.ticketQuantity,
        item_currency: cart.totalPrice.currency,
        product_ids: cart.items.map((item) => item.catalogueItemId).join(','),
      });
    }
    return page(
      {
        event: frameEvent(event),
        summary: cartSummary(cart),
        cart: view,
        // SPEC 2.4: guests choose between signing in and continuing as a guest first.
        checkoutHref: context.urls.route(context.viewer ? 'ticketsCheckout' : 'ticketsLogin', { eventSlug: event.slug }),
        loyalty,
      },
      ticketPageHead(
        event,
        context.t('shop:cart.title'),
        `/events/${event.slug}/tickets/cart`,
        context.t('shop:head.cart', { event: event.title }),
      ),
      ticketPageAnalytics(event, 'cart'),
    );
  },
  View: CartPage,
  fragments: { [CART_FRAGMENT_ID]: CartFragment },
  actions: {
    quantity: { form: CART_FORM, handle: (context, body) => changeLine(context, body, 'quantity') },
    remove: { form: CART_FORM, handle: (context, body) => changeLine(context, body, 'remove') },
    extras: { form: CART_FORM, handle: (context, body) => changeLine(context, body, 'extras') },
    'coupon-apply': { form: COUPON_FORM, handle: (context, body) => changeCoupon(context, body, 'apply') },
    'coupon-remove': { form: COUPON_FORM, handle: (context, body) => changeCoupon(context, body, 'remove') },
    'points-apply': { form: POINTS_FORM, handle: (context, body) => applyPoints(context, body) },
    'points-remove': { form: POINTS_FORM, handle: (context) => removePoints(context) },
  },
};

export default cartPage;

const itemId = z.string().min(1).max(100);
const count = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/)
  .transform(Number);

/** The event and the visitor's cart a cart form acts on; null when there is nothing to act on. */
async function cartOf(context: PageContext): Promise<{ event: TicketEvent; cart: CartNode } | null> {
  const event = await loadTicketEvent(context);
  if (!event) return null;
  const cart = await currentCart(context, event.commerceEventId);
  return cart ? { event, cart } : null;
}

/** Quantity (the stepper), removal and extras of one line. Nothing changes on a refusal (SPEC 8). */
async function changeLine(
  context: PageContext,
  body: Record<string, string>,
  change: 'quantity' | 'remove' | 'extras',
): Promise<FormOutcome> {
  const values = { itemId: body.itemId ?? '' };
  const id = itemId.safeParse(body.itemId);
  if (!id.success) return { kind: 'invalid', values, errors: {}, message: 'shop:errors.cartUpdateFailed' };
  let current: Awaited<ReturnType<typeof cartOf>>;
  try {
    current = await cartOf(context);
  } catch (error) {
    context.req.log.warn({ err: error }, 'Reading the cart failed');
    return { kind: 'failed', values, message: 'shop:errors.cartUpdateFailed' };
  }
  const line = current?.cart.items.find((item) => item.id === id.data);
  if (!current || !line) return { kind: 'invalid', values, errors: {}, message: 'shop:errors.cartUpdateFailed' };
  const { event, cart } = current;

  const actions: CartAction[] = [];
  if (change === 'remove') actions.push({ removeItem: { itemId: line.id } });
  if (change === 'quantity') {
    const quantity = count.safeParse(body.quantity);
    if (!quantity.success || quantity.data < 1) return { kind: 'invalid', values, errors: {}, message: 'shop:errors.quantity' };
    const max = maxQuantityOf(line.custom.maxAmountPerOrder);
    if (quantity.data > max && max < CART_TICKET_LIMIT) {
      return { kind: 'invalid', values: { ...values, max: String(max) }, errors: {}, message: 'shop:errors.maxPerOrder' };
    }
    if (cart.ticketQuantity - line.quantity + quantity.data > CART_TICKET_LIMIT) {
      return { kind: 'invalid', values, errors: {}, message: 'shop:errors.cartLimit' };
    }
    if (quantity.data !== line.quantity) actions.push({ changeQuantity: { itemId: line.id, quantity: quantity.data } });
  }
  if (change === 'extras') {
    const catalogue = await context.services.commerce.query(
      CATALOGUE_QUERY,
      { eventId: event.commerceEventId },
      await commerceRead(context),
    );
    const ticket = allTickets(shopCategories(catalogue, context.locale)).find(({ ticket }) => ticket.id === line.catalogueItemId);
    const chosen = new Map(line.subItems.map((sub) => [sub.catalogueItemId, sub.quantity]));
    for (const extra of ticket?.ticket.extras ?? []) {
      const field = body[`extra-${extra.id}`];
      if (field === undefined) continue;
      const quantity = count.safeParse(field);
      if (!quantity.success) return { kind: 'invalid', values, errors: {}, message: 'shop:errors.quantity' };
      if (quantity.data !== (chosen.get(extra.id) ?? 0)) {
        actions.push({ setSubItem: { itemId: line.id, catalogueItemId: extra.id, quantity: quantity.data } });
      }
    }
  }
  if (actions.length === 0) return { kind: 'succeeded', message: 'shop:cart.updated' };
  try {
    const updated = await updateCart(context, event.commerceEventId, actions);
    if (change === 'remove') trackCartChange(context, event, 'cart_remove', cart, line.catalogueItemId, line.quantity, event.title, line);
    if (change === 'quantity') {
      const after = updated.items.find((item) => item.id === line.id);
      const difference = (after?.quantity ?? 0) - line.quantity;
      if (difference > 0) trackCartChange(context, event, 'cart_add', updated, line.catalogueItemId, difference, event.title, after);
      if (difference < 0) trackCartChange(context, event, 'cart_remove', updated, line.catalogueItemId, -difference, event.title, after);
    }
  } catch (error) {
    const message = cartRefusalMessage(error, 'shop:errors.cartUpdateFailed');
    if (isRefusal(error)) return { kind: 'invalid', values, errors: {}, message, ...refusalStatus(error) };
    context.req.log.warn({ err: error }, 'Changing the cart failed');
    return { kind: 'failed', values, message };
  }
  return { kind: 'succeeded', message: change === 'remove' ? 'shop:cart.removed' : 'shop:cart.updated' };
}

const couponCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/)
  .transform((code) => code.toUpperCase());

/** SPEC 2.4, 8: apply or remove a coupon, tracked as SPEC 9.4 coupon_code_succeeded or coupon_code_failed. */
async function changeCoupon(context: PageContext, body: Record<string, string>, change: 'apply' | 'remove'): Promise<FormOutcome> {
  const values = { code: (body.code ?? '').slice(0, 40) };
  const fallback = change === 'apply' ? 'shop:errors.couponApplyFailed' : 'shop:errors.couponRemoveFailed';
  if (!body.code?.trim())
    return { kind: 'invalid', values, errors: { code: 'shop:errors.couponRequired' }, message: 'shop:errors.couponRequired' };
  let current: Awaited<ReturnType<typeof cartOf>>;
  try {
    current = await cartOf(context);
  } catch (error) {
    context.req.log.warn({ err: error }, 'Reading the cart failed');
    return { kind: 'failed', values, message: fallback };
  }
  if (!current) return { kind: 'invalid', values, errors: {}, message: fallback };
  const { event, cart } = current;
  const code = couponCode.safeParse(body.code);
  const failed = (reason: string, message: string, status: { status?: 429 } = {}): FormOutcome => {
    if (change === 'apply')
      trackShop(context, event, 'coupon_code_failed', { coupon_code: values.code, reason_code: reason, cart_id: cart.id });
    return { kind: 'invalid', values, errors: {}, message, ...status };
  };
  if (!code.success) return failed('COUPON_NOT_FOUND', change === 'apply' ? 'shop:errors.couponNotFound' : fallback);
  try {
    const updated = await updateCart(context, event.commerceEventId, [
      change === 'apply' ? { applyCoupon: { code: code.data } } : { removeCoupon: { code: code.data } },
    ]);
    if (change === 'apply') {
      trackShop(context, event, 'coupon_code_succeeded', {
        coupon_code: code.data,
        old_subtotal_price: cart.totalPrice.amount,
        new_subtotal_price: updated.totalPrice.amount,
        currency: updated.totalPrice.currency,
        cart_id: cart.id,
      });
    }
  } catch (error) {
    if (isRefusal(error)) return failed(errorCode(error) ?? 'refused', cartRefusalMessage(error, fallback), refusalStatus(error));
    context.req.log.warn({ err: error }, 'Changing the coupon failed');
    if (change === 'apply')
      trackShop(context, event, 'coupon_code_failed', { coupon_code: values.code, reason_code: 'service_error', cart_id: cart.id });
    return { kind: 'failed', values, message: fallback };
  }
  return {
    kind: 'succeeded',
    message: change === 'apply' ? 'shop:cart.couponApplied' : 'shop:cart.couponRemoved',
    values: { code: code.data },
  };
}

// ---- Loyalty points (SPEC 2.4, 5, 7.2, 8; decision 0039) ----

const CART_LOYALTY_FIELDS = `id loyaltyDiscount { points pointsUsed } loyaltyDiscountValue { amount } totalPrice { amount }`;

const LOYALTY_CREATE_DISCOUNT: TypedDocumentNode<
  { loyaltyCreateDiscount: { id: string } },
  { input: { cartId: string; eventId: string; points: number; verificationToken: string } }
> = gql`
  mutation CartLoyaltyCreateDiscount($input: LoyaltyDiscountInput!) {
    loyaltyCreateDiscount(input: $input) { ${CART_LOYALTY_FIELDS} }
  }
`;

const LOYALTY_DELETE_DISCOUNT: TypedDocumentNode<
  { loyaltyDeleteDiscount: { id: string } },
  { input: { cartId: string; eventId: string } }
> = gql`
  mutation CartLoyaltyDeleteDiscount($input: LoyaltyDiscountRemovalInput!) {
    loyaltyDeleteDiscount(input: $input) { ${CART_LOYALTY_FIELDS} }
  }
`;

/** What the points panel shows: an invitation, or the member's balance and the cart's points. */
async function cartLoyalty(context: PageContext, cart: CartNode): Promise<CartLoyalty> {
  if (!context.viewer) return { state: 'guest', signUpHref: context.urls.route('accountRegister') };
  const token = await context.accessToken();
  if (!token) return { state: 'unavailable' };
  let standing;
  try {
    standing = await loyaltyStanding(context, token);
  } catch (error) {
    context.req.log.warn({ err: error }, 'Reading the loyalty link failed');
    return { state: 'unavailable' };
  }
  if (standing.state === 'notLinked') return { state: 'notLinked', linkHref: context.urls.route('accountLoyalty') };
  if (standing.state === 'unavailable') return { state: 'unavailable' };
  const applied = cart.loyaltyDiscount;
  return {
    state: 'linked',
    balance: standing.state === 'linked' ? standing.balance.balance : null,
    applied: applied ? { points: applied.points, pointsUsed: applied.pointsUsed, value: applied.discountValue.amount } : null,
    limit: cart.loyaltyPointsLimit,
    coversAll: applied !== null && toHalalas(cart.totalPrice.amount) === 0,
  };
}

const pointsForm = z.object({
  points: z
    .string({ error: 'loyalty:errors.pointsStep' })
    .trim()
    .regex(/^\d{1,8}$/, 'loyalty:errors.pointsStep')
    .transform(Number)
    .pipe(pointsRule),
  memberPin: memberPinRule,
});

/** SPEC 8: the commerce service's refusals of points, by code; BURN_FAILED says the programme's reason. */
function pointsRefusal(context: PageContext, error: unknown, values: Record<string, string>): FormOutcome {
  const code = errorCodeOf(error);
  const extensions = errorExtensionsOf(error);
  const fields = (extensions.fields ?? {}) as Record<string, string>;
  switch (code) {
    case 'LOYALTY_BURN_FAILED':
      return {
        kind: 'invalid',
        values,
        errors: { points: fields.points ?? 'loyalty:errors.burnFailed' },
        message: fields.points ?? 'loyalty:errors.burnFailed',
      };
    case 'LOYALTY_POINTS_LIMIT': {
      const limited = { ...values, points: String(extensions.limit ?? '') };
      return { kind: 'invalid', values: limited, errors: { points: 'loyalty:errors.pointsLimit' }, message: 'loyalty:errors.pointsLimit' };
    }
    case 'LOYALTY_VERIFICATION_REQUIRED':
      return { kind: 'invalid', values, errors: { memberPin: 'loyalty:errors.pinRequired' }, message: 'loyalty:errors.pinRequired' };
    case 'LOYALTY_NOT_LINKED':
      return { kind: 'invalid', values, errors: {}, message: 'loyalty:errors.notLinked' };
    case 'BAD_USER_INPUT':
      return { kind: 'invalid', values, errors: { points: 'loyalty:errors.pointsStep' }, message: 'loyalty:errors.pointsStep' };
    default:
      if (isRefusal(error))
        return { kind: 'invalid', values, errors: {}, message: cartRefusalMessage(error, 'loyalty:errors.pointsFailed') };
      context.req.log.warn({ err: error }, 'Applying loyalty points failed');
      return {
        kind: 'failed',
        values,
        message: code === 'LOYALTY_UNAVAILABLE' ? 'loyalty:errors.unavailable' : 'loyalty:errors.pointsFailed',
        cause: error,
      };
  }
}

/**
 * SPEC 2.4, 5: points in steps of 50 off the cart. The PIN is asked every time: the user service
 * verifies it with the programme (and counts wrong ones), and its verification goes to the
 * commerce service, which checks it is the linked member's. Nothing is burned before the order.
 */
async function applyPoints(context: PageContext, body: Record<string, string>): Promise<FormOutcome> {
  const parsed = parseForm(pointsForm, body);
  const values = { points: (body.points ?? '').slice(0, 10) };
  if (!parsed.ok) return { kind: 'invalid', values, errors: parsed.errors, message: Object.values(parsed.errors)[0] };
  const token = await context.accessToken();
  if (!token) return signInAgainOutcome(context);
  let current: Awaited<ReturnType<typeof cartOf>>;
  try {
    current = await cartOf(context);
  } catch (error) {
    context.req.log.warn({ err: error }, 'Reading the cart failed');
    return { kind: 'failed', values, message: 'loyalty:errors.pointsFailed' };
  }
  if (!current) return { kind: 'invalid', values, errors: {}, message: 'shop:errors.cartUpdateFailed' };
  let verificationToken: string;
  try {
    const { loyaltyBalance } = await context.services.user.query(
      LOYALTY_BALANCE,
      { memberPin: parsed.data.memberPin },
      { accessToken: token, fresh: true },
    );
    verificationToken = loyaltyBalance.verificationToken;
  } catch (error) {
    return loyaltyRefusalOutcome(context, error, values, 'Verifying a loyalty PIN in the cart failed');
  }
  try {
    await context.services.commerce.mutate(
      LOYALTY_CREATE_DISCOUNT,
      { input: { cartId: current.cart.id, eventId: current.event.commerceEventId, points: parsed.data.points, verificationToken } },
      { accessToken: token },
    );
  } catch (error) {
    return pointsRefusal(context, error, values);
  }
  return { kind: 'succeeded', message: 'loyalty:cart.applied' };
}

async function removePoints(context: PageContext): Promise<FormOutcome> {
  const token = await context.accessToken();
  if (!token) return signInAgainOutcome(context);
  try {
    const current = await cartOf(context);
    if (!current) return { kind: 'invalid', values: {}, errors: {}, message: 'shop:errors.cartUpdateFailed' };
    await context.services.commerce.mutate(
      LOYALTY_DELETE_DISCOUNT,
      { input: { cartId: current.cart.id, eventId: current.event.commerceEventId } },
      { accessToken: token },
    );
  } catch (error) {
    return pointsRefusal(context, error, {});
  }
  return { kind: 'succeeded', message: 'loyalty:cart.removed' };
}
