import type { PageContext } from '../../page.ts';
import { trackingContext } from '../../site-renderer.tsx';
import { ticketPageAnalytics, type TicketEvent } from './common.ts';
import type { CartNode } from './shop-commerce.ts';

/**
 * SPEC 9.4 cart_add and cart_remove, tracked on the server by the actions themselves, so that they
 * count without JavaScript: the ticket as a product, and the cart fields of its line.
 */
export function trackCartChange(
  context: PageContext,
  event: TicketEvent,
  name: 'cart_add' | 'cart_remove',
  cart: CartNode,
  ticketId: string,
  quantity: number,
  productCategory: string,
  line?: CartNode['items'][number],
): void {
  const item = line ?? cart.items.find((candidate) => candidate.catalogueItemId === ticketId);
  if (!item) return;
  const extras = item.subItems;
  context.services.tracker.track(name, trackingContext(context.req, ticketPageAnalytics(event, 'cart')), {
    product_category: productCategory,
    product_name: item.name.en,
    product_id: ticketId,
    product_price: item.discountedPrice.amount,
    quantity,
    cart_id: cart.id,
    quantity_number: cart.ticketQuantity,
    single_item_original_price: item.originalPrice.amount,
    single_item_discounted_price: item.discountedPrice.amount,
    item_currency: item.discountedPrice.currency,
    unique_extra_product_quantity: extras.length,
    extra_product_ids: extras.map((extra) => extra.catalogueItemId).join(','),
    free_product_ids: item.freeItems.map((free) => free.catalogueItemId).join(','),
    total_extra_quantity: extras.reduce((sum, extra) => sum + extra.quantity, 0),
  });
}

export function trackShop(
  context: PageContext,
  event: TicketEvent,
  name: 'view_cart' | 'coupon_code_succeeded' | 'coupon_code_failed',
  properties: Record<string, unknown>,
) {
  context.services.tracker.track(name, trackingContext(context.req, ticketPageAnalytics(event, 'cart')), properties);
}
