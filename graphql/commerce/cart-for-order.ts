import type { Database } from '#platform/database.ts';
import { cartTotals, lineAmounts, type CouponRow } from './cart-rules.ts';
import { cartView } from './cart-view.ts';
import type { CartStore } from './carts.ts';
import { onSale, ticketPaymentMethods, type Catalogue } from './catalogue.ts';
import type { CartForOrder, CartReader } from './orders.ts';

/**
 * A cart priced by the cart rules (SPEC 9.2), as `orderCreate` freezes it into an order: the same
 * totals and states the visitor saw, read on the order's own transaction.
 */
export function cartReaderOf(parts: { carts: CartStore; catalogue: Catalogue; clock: () => Date }): CartReader {
  return async (db: Database, customerId: string, cartId: string, eventId: string): Promise<CartForOrder | undefined> => {
    const cart = await parts.carts.find({ customerId, kind: 'guest' }, cartId, eventId, db);
    if (!cart) return undefined;
    // On the caller's transaction: PGlite has one connection, which the open transaction holds.
    const data = await parts.catalogue.load(eventId, db);
    if (!data) return undefined;
    const coupons: CouponRow[] = [...(await parts.carts.coupons(cart.coupons, db)).values()];
    const now = parts.clock();
    const view = cartView(cart, data, coupons, now);
    const totals = cartTotals(
      cart,
      data,
      coupons.filter((coupon) => cart.coupons.includes(coupon.code)),
      now,
      cart.loyalty?.points ?? 0,
    );
    return {
      id: cart.id,
      eventId: cart.eventId,
      customerId: cart.customerId,
      customerEmail: cart.customerEmail,
      state: cart.state,
      version: cart.version,
      canCheckout: view.canCheckout,
      blockedBy: view.canCheckout
        ? null
        : view.items.length === 0
          ? 'EMPTY'
          : view.items.some((item) => item.state === 'OUT_OF_STOCK')
            ? 'OUT_OF_STOCK'
            : 'NOT_ON_SALE',
      isShippingRequired: view.isShippingRequired,
      eventPaymentMethods: data.event.paymentMethods,
      items: cart.lines.map((line) => {
        const ticket = data.tickets.find((candidate) => candidate.id === line.ticketId)!;
        const amounts = lineAmounts(line, data);
        // Free extras come with each ticket: they are stock too when they have a capacity.
        const free = data.extraItems.filter((extra) => extra.ticketId === ticket.id && extra.isFree && onSale(extra));
        return {
          id: line.id,
          ticketId: ticket.id,
          timeslotId: line.timeslotId,
          nameEn: ticket.nameEn,
          nameAr: ticket.nameAr,
          quantity: line.quantity,
          originalPrice: amounts.unitOriginal,
          discountedPrice: amounts.unitDiscounted,
          total: amounts.total,
          paymentMethods: ticketPaymentMethods(data, ticket),
          subItems: [
            ...amounts.subItems.map((sub) => ({
              id: `${line.id}:${sub.extra.id}`,
              extraItemId: sub.extra.id,
              nameEn: sub.extra.nameEn,
              nameAr: sub.extra.nameAr,
              quantity: sub.quantity,
              originalPrice: sub.unitOriginal,
              discountedPrice: sub.unitDiscounted,
            })),
            ...free.map((extra) => ({
              id: `${line.id}:${extra.id}`,
              extraItemId: extra.id,
              nameEn: extra.nameEn,
              nameAr: extra.nameAr,
              quantity: line.quantity,
              originalPrice: extra.price,
              discountedPrice: 0,
            })),
          ],
        };
      }),
      couponCodes: totals.coupons.map((coupon) => ({ code: coupon.code, couponType: coupon.couponType, discountValue: coupon.discount })),
      subtotal: totals.subtotal,
      productsDiscount: totals.productsDiscount,
      couponsDiscount: totals.couponsDiscount,
      // Decision 0039: the points the order burns (no more than it needs) and what they take off.
      loyalty:
        cart.loyalty && totals.loyaltyPointsUsed > 0
          ? {
              memberId: cart.loyalty.memberId,
              points: totals.loyaltyPointsUsed,
              discount: totals.loyaltyDiscount,
              verificationToken: cart.loyalty.verificationToken,
            }
          : null,
      total: totals.total,
      totalExcluding: totals.totalExcluding,
      vat: totals.vat,
    };
  };
}
