import { shopperFor } from '../../commerce/shopper.ts';
import type { PageContext } from '../../page.ts';

/** How a checkout screen calls the commerce service: the visitor's token and the event's cart. */
export interface CommerceAccess {
  accessToken: string;
  cartId: string;
}

/**
 * The visitor's cart for the event and the token it was made with, or null for a visitor without
 * one: checkout starts from a cart, so it never needs credentials the visitor does not have yet.
 */
export async function commerceAccess(context: PageContext, eventId: string): Promise<CommerceAccess | null> {
  const shopper = shopperFor(context);
  const cartId = await shopper.cartIdFor(eventId);
  if (!cartId) return null;
  const accessToken = await shopper.readToken();
  return accessToken ? { accessToken, cartId } : null;
}
