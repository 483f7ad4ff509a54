import { shopperFor } from '../../commerce/shopper.ts';
import type { PageContext } from '../../page.ts';

/** How a ticket screen calls the commerce service: the shopper's token and the event's cart, if any. */
export interface CommerceAccess {
  accessToken: string;
  cartId: string | undefined;
}

export async function commerceAccess(context: PageContext, eventId: string): Promise<CommerceAccess> {
  const shopper = shopperFor(context);
  const accessToken = await shopper.token();
  return { accessToken, cartId: await shopper.cartIdFor(eventId) };
}
