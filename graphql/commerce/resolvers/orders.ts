import { z } from 'zod';
import { countedOf, requireCaller, type CommerceContext } from '../context.ts';
import { badUserInput, holdExpired, insufficientFunds, notFound, orderState, parseInput } from '../errors.ts';
import { money } from '../money.ts';
import { findAccessibleOrder, openPaymentOf, orderViews, type OrderRow } from '../order-queries.ts';
import { cartPaymentMethods } from '../orders.ts';
import { orderLoyalty } from './loyalty.ts';

const orderRef = z.object({
  orderId: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(40, 'validation:maxLength'),
  secretUuid: z.string().trim().max(64, 'validation:maxLength').nullable().optional(),
});

/** The caller's order, expired first when its hold ran out unseen (decision 0027); NOT_FOUND otherwise. */
async function ownOrder(context: CommerceContext, orderId: string, secretUuid: string | null | undefined): Promise<OrderRow> {
  const caller = requireCaller(context);
  const order = await findAccessibleOrder(context.db, caller, orderId, secretUuid);
  if (!order) throw notFound('Order');
  if (order.state === 'PENDING_PAYMENT' && (await context.lifecycle.expireIfDue(order.id))) {
    return (await findAccessibleOrder(context.db, caller, orderId, secretUuid))!;
  }
  return order;
}

export const orderResolvers = {
  Query: {
    async order(
      _: unknown,
      args: { orderId: string; includeAssignment?: boolean | null; secretUuid?: string | null },
      context: CommerceContext,
    ) {
      const { orderId, secretUuid } = parseInput(orderRef, args);
      try {
        let order = await ownOrder(context, orderId, secretUuid);
        // Back from a hosted page whose redirect proves nothing: the gateway is asked (decision 0036).
        if (order.state === 'PENDING_PAYMENT' && (await context.reconciler.checkOnReturn(order.id))) {
          order = await ownOrder(context, orderId, secretUuid);
        }
        const [view] = await orderViews(context.db, [order], args.includeAssignment === true, context.clock());
        return view;
      } catch (error) {
        // The schema answers null for someone else's order, as for one that does not exist.
        if ((error as { extensions?: { code?: string } }).extensions?.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  },
  Mutation: {
    async orderCreate(
      _: unknown,
      args: { input: Record<string, unknown> & { cartId: string; eventId: string } },
      context: CommerceContext,
    ) {
      const caller = requireCaller(context);
      // Each order holds stock for its payment window (decision 0027): counted before anything is held.
      await context.limits.consume('order', countedOf(context, caller));
      return context.orders.create(caller.customerId, args.input, await orderLoyalty(context));
    },

    /** Beyond SPEC 7.2: the visitor gives up a pending order; the hold is released and the cart reopens. */
    async orderCancel(_: unknown, args: { orderId: string; secretUuid?: string | null }, context: CommerceContext) {
      const { orderId, secretUuid } = parseInput(orderRef, args);
      const order = await ownOrder(context, orderId, secretUuid);
      if (order.state !== 'PENDING_PAYMENT' || !(await context.lifecycle.end(order.id, 'CANCELLED'))) {
        throw order.state === 'EXPIRED' ? holdExpired() : orderState('Only an order awaiting payment can be cancelled');
      }
      const [view] = await orderViews(
        context.db,
        [(await findAccessibleOrder(context.db, requireCaller(context), order.id, secretUuid))!],
        false,
      );
      return view;
    },

    /** SPEC 3.4, 8: pays a pending wallet order with the token the wallet sheet gave the browser. */
    async applePayCheckout(
      _: unknown,
      args: { input: { orderId: string; secretUuid?: string | null; paymentToken: string } },
      context: CommerceContext,
    ) {
      const input = parseInput(
        orderRef.extend({
          paymentToken: z.string({ error: 'validation:required' }).trim().min(1, 'validation:required').max(200, 'validation:maxLength'),
        }),
        args.input,
      );
      const order = await ownOrder(context, input.orderId, input.secretUuid);
      if (order.state === 'EXPIRED') throw holdExpired();
      if (order.state === 'PAID') return { returnUrl: order.return_url };
      if (order.state !== 'PENDING_PAYMENT' || order.payment_method !== 'MOBILE_WALLET') throw orderState();
      // Without a wallet provider in use no wallet order exists; one placed before a change of provider cannot be charged.
      if (!context.payments.wallet) throw orderState('The mobile wallet is not offered');
      // The token is charged for this order's own wallet payment: another order's token charges nothing.
      const paymentId = await openPaymentOf(context.db, order.id, 'wallet');
      if (!paymentId) throw orderState();
      await context.limits.consume('paymentAttempt', countedOf(context, requireCaller(context)));
      const charge = await context.payments.wallet.charge(paymentId, input.paymentToken, order.total);
      if (charge.outcome === 'INVALID_TOKEN')
        throw badUserInput({ paymentToken: 'payments:errors.walletToken' }, 'The wallet token is not valid');
      const outcome = await context.lifecycle.walletOutcome(order.id, charge.paymentId, charge.outcome);
      if (outcome === 'INSUFFICIENT_FUNDS') throw insufficientFunds();
      if (outcome === 'LATE') throw holdExpired();
      if (outcome === 'NOT_PENDING') throw orderState();
      return { returnUrl: order.return_url };
    },

    /** SPEC 9.2: four interest-free payments within the provider's range, every ticket allowing instalments. */
    async tabbyPrescoring(
      _: unknown,
      args: { input: { cartId: string; eventId: string; email?: string | null; phoneNumber?: string | null } },
      context: CommerceContext,
    ) {
      const caller = requireCaller(context);
      const cart = await context.cartsForOrders(context.db, caller.customerId, args.input.cartId, args.input.eventId);
      if (!cart || cart.customerId !== caller.customerId) throw notFound('Cart');
      const notEligibleTickets = [
        ...new Set(cart.items.filter((item) => !item.paymentMethods.includes('INSTALMENTS')).map((item) => item.ticketId)),
      ];
      const eventAllows = cart.eventPaymentMethods.includes('INSTALMENTS');
      const { instalments } = context.payments;
      if (
        !instalments ||
        !eventAllows ||
        notEligibleTickets.length > 0 ||
        !cartPaymentMethods(cart, context.payments).includes('INSTALMENTS')
      ) {
        return {
          isCustomerEligible: false,
          notEligibleTickets: eventAllows ? notEligibleTickets : [...new Set(cart.items.map((item) => item.ticketId))],
          rejectionReason: 'NOT_AVAILABLE',
          instalmentAmount: null,
        };
      }
      await context.limits.consume('paymentAttempt', countedOf(context, caller));
      const answer = await instalments.prescore({
        amount: cart.total,
        email: args.input.email ?? cart.customerEmail ?? caller.email,
        phoneNumber: args.input.phoneNumber ?? undefined,
      });
      // The provider's range decides: Tabby sets one per merchant (decision 0042), the sandbox has its own.
      if (!answer.eligible)
        return { isCustomerEligible: false, notEligibleTickets: [], rejectionReason: answer.reason, instalmentAmount: null };
      // The first three payments; the last one takes the remainder (decision 0028).
      return { isCustomerEligible: true, notEligibleTickets: [], rejectionReason: null, instalmentAmount: money(answer.instalments[0]!) };
    },
  },
};
