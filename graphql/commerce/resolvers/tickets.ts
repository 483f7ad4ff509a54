import { assignOrderTickets, type TicketAssignment } from '../assignment.ts';
import { requireCaller, requireUser, type CommerceContext } from '../context.ts';
import type { OrdersArguments } from '../order-queries.ts';

// SPEC 6, 7.2: orders and tickets need credentials; the order list needs a signed-in user.
export const ticketResolvers = {
  Query: {
    order: async (
      _: unknown,
      args: { orderId: string; includeAssignment?: boolean | null; secretUuid?: string | null },
      context: CommerceContext,
    ) => {
      const caller = requireCaller(context);
      // Decision 0027: an order read after its hold ran out is expired first, so it never shows a dead payment link.
      await context.lifecycle.expireIfDue(args.orderId);
      return context.orderQueries.order(caller, args.orderId, args);
    },
    orders: (_: unknown, args: OrdersArguments, context: CommerceContext) => context.orderQueries.orders(requireUser(context), args),
    ticketDownloadUrl: (_: unknown, args: { ticketId: string; secretUuid?: string | null }, context: CommerceContext) =>
      context.orderQueries.ticketDownloadUrl(requireCaller(context), args.ticketId, args.secretUuid),
  },
  Mutation: {
    assignOrderTickets: (
      _: unknown,
      args: { orderId: string; secretUuid?: string | null; ticketAssignments: TicketAssignment[] },
      context: CommerceContext,
    ) => assignOrderTickets(context.db, requireCaller(context), args, context.clock()),
  },
};
