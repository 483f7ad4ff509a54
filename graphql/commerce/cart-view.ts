import { cartTotals, lineAmounts, lineState, type CouponRow, type DraftCart } from './cart-rules.ts';
import { onSale, remainingOf, type EventData } from './catalogue.ts';
import { localized, ticketCustomView, timeslotView } from './catalogue-views.ts';
import { money } from './money.ts';

/** A cart in the schema's shape (type Cart), with every amount and state computed at `now`. */
export function cartView(cart: DraftCart, data: EventData, coupons: readonly CouponRow[], now: Date) {
  const applied = coupons.filter((coupon) => cart.coupons.includes(coupon.code));
  const totals = cartTotals(cart, data, applied, now, cart.loyalty?.points ?? 0);
  const items = cart.lines.map((line) => {
    const ticket = data.tickets.find((candidate) => candidate.id === line.ticketId)!;
    const amounts = lineAmounts(line, data);
    const slot = line.timeslotId ? data.timeslots.find((candidate) => candidate.id === line.timeslotId) : undefined;
    const subItem = (extraId: string, name: ReturnType<typeof localized>, quantity: number, prices: [number, number]) => ({
      id: `${line.id}:${extraId}`,
      parentLineItemId: line.id,
      catalogueItemId: extraId,
      name: name!,
      quantity,
      originalPrice: money(prices[0]),
      discountedPrice: money(prices[1]),
      subtotal: money(prices[0] * quantity),
      total: money(prices[1] * quantity),
    });
    return {
      id: line.id,
      catalogueItemId: ticket.id,
      coverImage: ticket.coverImage,
      name: localized(ticket.nameEn, ticket.nameAr)!,
      quantity: line.quantity,
      originalPrice: money(amounts.unitOriginal),
      discountedPrice: money(amounts.unitDiscounted),
      subtotal: money(amounts.subtotal),
      total: money(amounts.total),
      timeslot: slot ? timeslotView(slot, remainingOf(slot) > 0) : null,
      subItems: amounts.subItems.map((sub) =>
        subItem(sub.extra.id, localized(sub.extra.nameEn, sub.extra.nameAr), sub.quantity, [sub.unitOriginal, sub.unitDiscounted]),
      ),
      // Given with each ticket, at no charge.
      freeItems: data.extraItems
        .filter((extra) => extra.ticketId === ticket.id && extra.isFree && onSale(extra))
        .map((extra) => subItem(extra.id, localized(extra.nameEn, extra.nameAr), line.quantity, [extra.price, 0])),
      custom: ticketCustomView(ticket),
      version: line.version,
      state: lineState(cart, line, data, now),
    };
  });
  return {
    id: cart.id,
    eventId: cart.eventId,
    customerEmail: cart.customerEmail,
    cartState: cart.state,
    couponCodes: totals.coupons.map((coupon) => ({
      code: coupon.code,
      discountValue: money(coupon.discount),
      couponType: coupon.couponType,
    })),
    subtotalPrice: money(totals.subtotal),
    totalPrice: money(totals.total),
    totalPriceExcluding: money(totals.totalExcluding),
    vatAmount: money(totals.vat),
    cartDiscountPrice: money(totals.productsDiscount + totals.couponsDiscount + totals.loyaltyDiscount),
    productsDiscountValue: money(totals.productsDiscount),
    couponCodesDiscountValue: money(totals.couponsDiscount),
    // Decision 0039: the cart's points, what they take off, and the most it can take.
    loyaltyDiscount: cart.loyalty
      ? {
          memberId: cart.loyalty.memberId,
          points: cart.loyalty.points,
          pointsUsed: totals.loyaltyPointsUsed,
          discountValue: money(totals.loyaltyDiscount),
        }
      : null,
    loyaltyDiscountValue: money(totals.loyaltyDiscount),
    loyaltyPointsLimit: totals.loyaltyPointsLimit,
    items,
    version: cart.version,
    ticketQuantity: cart.lines.reduce((sum, line) => sum + line.quantity, 0),
    isShippingRequired: items.some((item) => item.custom.isShippingRequired),
    // SPEC 4.3: an item out of stock or not on sale blocks checkout until removed.
    canCheckout: cart.state === 'ACTIVE' && items.length > 0 && items.every((item) => item.state === 'AVAILABLE'),
  };
}
