import { errors as joseErrors } from 'jose';
import type { CartAction, CartItemInput } from '../cart-rules.ts';
import { cartView } from '../cart-view.ts';
import { countedOf, requireCaller, requireUser, type CommerceCaller, type CommerceContext } from '../context.ts';
import { badUserInput, hasCode, notFound } from '../errors.ts';

/** The refusals that mean a wrong coupon code: counted against guessing (decision 0043). */
const WRONG_COUPON = ['COUPON_NOT_FOUND', 'COUPON_EXPIRED', 'COUPON_NOT_APPLICABLE'] as const;

/** The caller's cart as the schema's Cart, read after any change (fresh stock, new version). */
export async function readCart(context: CommerceContext, caller: CommerceCaller, cartId: string, eventId: string) {
  const cart = await context.carts.find(caller, cartId, eventId);
  if (!cart) return null;
  const [data, coupons] = await Promise.all([context.catalogue.load(eventId), context.carts.coupons(cart.coupons)]);
  return cartView(cart, data!, [...coupons.values()], context.clock());
}

async function readWritten(context: CommerceContext, caller: CommerceCaller, cartId: string, eventId: string) {
  const cart = await readCart(context, caller, cartId, eventId);
  if (!cart) throw notFound('Cart');
  return cart;
}

// Every operation acts on the caller's own carts only (decision 0026): ownership is part of each
// query, so another customer's cart id answers exactly like an unknown one.
export const cartResolvers = {
  Query: {
    cart: async (_: unknown, { cartId, eventId }: { cartId: string; eventId: string }, context: CommerceContext) =>
      readCart(context, requireCaller(context), cartId, eventId),
  },
  Mutation: {
    cartCreate: async (
      _: unknown,
      { eventId, input }: { eventId: string; input: { customerEmail?: string | null; items?: CartItemInput[] | null } },
      context: CommerceContext,
    ) => {
      const caller = requireCaller(context);
      await context.limits.consume('cartChange', countedOf(context, caller));
      const cartId = await context.carts.create(caller, eventId, input, context.clock());
      return readWritten(context, caller, cartId, eventId);
    },
    cartUpdate: async (
      _: unknown,
      { cartId, eventId, input }: { cartId: string; eventId: string; input: { version?: number | null; actions: CartAction[] } },
      context: CommerceContext,
    ) => {
      const caller = requireCaller(context);
      const counted = countedOf(context, caller);
      const triesCoupon = input.actions.some((action) => Boolean(action.applyCoupon));
      // A customer past the wrong-coupon limit is refused before the code is looked at: no more guesses.
      if (triesCoupon) await context.limits.checkCoupon(counted);
      await context.limits.consume('cartChange', counted);
      try {
        await context.carts.update(caller, cartId, eventId, input, context.clock());
      } catch (error) {
        if (triesCoupon && WRONG_COUPON.some((code) => hasCode(error, code))) await context.limits.couponFailed(counted);
        throw error;
      }
      return readWritten(context, caller, cartId, eventId);
    },
    cartClaim: async (
      _: unknown,
      { cartId, eventId, guestToken }: { cartId: string; eventId: string; guestToken: string },
      context: CommerceContext,
    ) => {
      const user = requireUser(context);
      const guest = await context.verifyCaller(guestToken).catch((error: unknown) => {
        // Forged, expired or for another audience: the caller's input. The keys unreachable: ours.
        if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) return undefined;
        throw error;
      });
      if (!guest || guest.kind !== 'guest') throw badUserInput({ guestToken: 'validation:choice' }, 'Not valid guest credentials');
      await context.carts.claim(user, guest, cartId, eventId, context.clock());
      return readWritten(context, user, cartId, eventId);
    },
  },
};
