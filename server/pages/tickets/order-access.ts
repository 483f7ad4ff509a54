import type { OrderView } from '#views/pages/tickets/commerce-data.ts';
import { notFound, type Loaded, type PageContext } from '../../page.ts';
import { restrictCaching } from '../../render/cache-policy.ts';
import { ServiceError } from '../../services/service-client.ts';
import { shopperFor } from '../../commerce/shopper.ts';
import { loadTicketEvent, type TicketEvent } from './common.ts';
import { ORDER, type OrderData } from './checkout-documents.ts';
import { lastPlacedOrder, placedOrderSecret } from './placed-orders.ts';

/** An order a ticket screen shows, reached by its owner or through its secret (SPEC 2.4). */
export interface OrderAccess {
  event: TicketEvent;
  order: OrderData;
  /** The guest's secret, from the link or this session: what the service is asked with. */
  secret: string | null;
  /** The secret as the link gave it: carried on to our links (the session's own is never put in a URL). */
  linkSecret: string | null;
  accessToken: string;
}

/** An order's secret as the commerce service hands it out (a UUID); anything else is no secret. */
const SECRET = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const query = (context: PageContext, name: string): string | undefined => {
  const value = context.req.query[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
};

/**
 * The order of `?order=` (or `?orderId=`, as the payment page returns it; else the last one placed
 * from this browser for the event) with the secret of `?secret=` or of this session. Another
 * visitor's order, without its secret, is not found (404), like an order of another event.
 */
export async function loadOrder(context: PageContext): Promise<{ access: OrderAccess } | { loaded: Loaded<never> }> {
  const event = await loadTicketEvent(context);
  if (!event) return { loaded: notFound() };
  // An order's page is its owner's alone: never kept by any cache, even when reached by a link.
  restrictCaching(context.res, 'no-store');
  const orderId = query(context, 'order') ?? query(context, 'orderId') ?? lastPlacedOrder(context.req, event.commerceEventId);
  if (!orderId) return { loaded: notFound() };
  const linkSecret = query(context, 'secret') ?? null;
  const secret = linkSecret ?? placedOrderSecret(context.req, orderId) ?? null;
  // Decision 0034: the visitor's own token; or, for an e-mailed link opened where the guest never
  // shopped, credentials for this request alone. Without either, no order is anyone's to see.
  const shopper = shopperFor(context);
  const accessToken =
    (await shopper.readToken()) ?? (linkSecret && SECRET.test(linkSecret) ? await shopper.guestTokenForThisRequest() : undefined);
  if (!accessToken) return { loaded: notFound() };
  let order: OrderData | null;
  try {
    ({ order } = await context.services.commerce.query(ORDER, { orderId, secretUuid: secret }, { accessToken, fresh: true }));
  } catch (error) {
    if (error instanceof ServiceError && (error.code === 'NOT_FOUND' || error.code === 'BAD_USER_INPUT' || error.code === 'FORBIDDEN')) {
      return { loaded: notFound() };
    }
    throw error;
  }
  if (!order || order.eventId !== event.commerceEventId) return { loaded: notFound() };
  return { access: { event, order, secret, linkSecret, accessToken } };
}

/** The phone the order was placed with, from this browser's checkout answers. */
export const checkoutPhone = (context: PageContext, eventId: string): string | null =>
  context.req.session.checkout?.[eventId]?.details?.phoneNumber ?? null;

export type { OrderView };
