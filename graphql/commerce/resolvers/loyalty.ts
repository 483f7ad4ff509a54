import { z } from 'zod';
import { pointsRule } from '#platform/loyalty/loyalty-rules.ts';
import { requireUser, type CommerceContext } from '../context.ts';
import { loyaltyNotLinked, loyaltyUnavailable, notFound, parseInput } from '../errors.ts';
import type { OrderLoyalty } from '../orders.ts';
import { readCart } from './carts.ts';

/**
 * The caller's linked member, asked of the user service with their own token (decision 0039);
 * LOYALTY_NOT_LINKED without one, LOYALTY_UNAVAILABLE when nobody can say.
 */
export async function linkedMember(context: CommerceContext): Promise<string> {
  if (!context.loyaltyMembers || !context.accessToken) throw loyaltyUnavailable('No user service to ask who the member is');
  let memberId: string | null;
  try {
    memberId = await context.loyaltyMembers.memberOf(context.accessToken);
  } catch (error) {
    context.logger.warn({ err: error }, 'The user service could not say who the loyalty member is');
    throw loyaltyUnavailable('The user service did not say who the member is');
  }
  if (!memberId) throw loyaltyNotLinked();
  return memberId;
}

/**
 * For orderCreate: the member the caller's order earns for and may spend from. Undefined for a
 * guest or when the user service does not answer (the order is still placed, without earning;
 * its points can be claimed later), unless the cart holds points (then placing it is refused).
 */
export async function orderLoyalty(context: CommerceContext): Promise<OrderLoyalty | undefined> {
  if (context.caller?.kind !== 'user' || !context.loyaltyMembers || !context.accessToken) return undefined;
  try {
    return { memberId: await context.loyaltyMembers.memberOf(context.accessToken) };
  } catch (error) {
    context.logger.warn({ err: error }, 'The user service could not say who the loyalty member is; the order earns nothing now');
    return undefined;
  }
}

const cartRef = z.object({
  cartId: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(64, 'validation:choice'),
  eventId: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(64, 'validation:choice'),
});

const discountInput = cartRef.extend({
  points: pointsRule,
  verificationToken: z.string({ error: 'validation:required' }).min(1, 'loyalty:errors.pinRequired').max(200, 'loyalty:errors.pinRequired'),
});

async function cartAfter(context: CommerceContext, cartId: string, eventId: string) {
  const cart = await readCart(context, requireUser(context), cartId, eventId);
  if (!cart) throw notFound('Cart');
  return cart;
}

const claimInput = z.object({
  orderIds: z.array(z.string().max(40, 'loyalty:errors.orderIdFormat')).max(50, 'loyalty:errors.chooseOrders'),
});

// Loyalty needs a signed-in user (SPEC 6): guests are FORBIDDEN, anonymous callers UNAUTHENTICATED.
export const loyaltyResolvers = {
  Query: {
    loyaltyClaims: (_: unknown, __: unknown, context: CommerceContext) => context.loyaltyClaims.list(requireUser(context)),
  },
  Mutation: {
    /** SPEC 7.2: points in steps of 50 off the cart, with the member's verification (the PIN asked just before). */
    async loyaltyCreateDiscount(_: unknown, args: { input: unknown }, context: CommerceContext) {
      const caller = requireUser(context);
      const input = parseInput(discountInput, args.input);
      await context.cartPoints.assertOpen(caller, input.cartId, input.eventId);
      const memberId = await linkedMember(context);
      await context.cartPoints.apply(caller, { ...input, memberId }, context.clock());
      return cartAfter(context, input.cartId, input.eventId);
    },
    /** SPEC 7.2: the points off the cart again. */
    async loyaltyDeleteDiscount(_: unknown, args: { input: unknown }, context: CommerceContext) {
      const caller = requireUser(context);
      const input = parseInput(cartRef, args.input);
      await context.cartPoints.remove(caller, input.cartId, input.eventId, context.clock());
      return cartAfter(context, input.cartId, input.eventId);
    },
    async loyaltyClaimOrders(_: unknown, args: { orderIds: string[] }, context: CommerceContext) {
      const caller = requireUser(context);
      const { orderIds } = parseInput(claimInput, args);
      const memberId = await linkedMember(context);
      return context.loyaltyClaims.claim(caller, memberId, orderIds);
    },
  },
};
