import { z } from 'zod';
import { requireUser, type CommerceContext } from '../context.ts';
import { loyaltyNotLinked, loyaltyUnavailable, parseInput } from '../errors.ts';

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

const claimInput = z.object({
  orderIds: z.array(z.string().max(40, 'loyalty:errors.orderIdFormat')).max(50, 'loyalty:errors.chooseOrders'),
});

// Loyalty needs a signed-in user (SPEC 6): guests are FORBIDDEN, anonymous callers UNAUTHENTICATED.
export const loyaltyResolvers = {
  Query: {
    loyaltyClaims: (_: unknown, __: unknown, context: CommerceContext) => context.loyaltyClaims.list(requireUser(context)),
  },
  Mutation: {
    async loyaltyClaimOrders(_: unknown, args: { orderIds: string[] }, context: CommerceContext) {
      const caller = requireUser(context);
      const { orderIds } = parseInput(claimInput, args);
      const memberId = await linkedMember(context);
      return context.loyaltyClaims.claim(caller, memberId, orderIds);
    },
  },
};
