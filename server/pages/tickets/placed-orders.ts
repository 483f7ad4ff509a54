import type { Request } from 'express';

/**
 * The orders placed from this browser (decision 0031): per event the last one, which the
 * confirmation shows when the payment page comes back without naming it, and each guest order's
 * secret, so that the visitor's own confirmation needs no secret in the URL. The e-mailed link
 * carries the secret for other devices.
 */
export interface PlacedOrders {
  lastByEvent: Record<string, string>;
  secrets: Record<string, string>;
}

declare module 'express-session' {
  interface SessionData {
    placedOrders?: PlacedOrders;
  }
}

/** At most this many guest secrets are kept; older ones are still reachable through the e-mail link. */
const KEPT_SECRETS = 20;

export function rememberPlacedOrder(req: Request, eventId: string, orderId: string, secret: string | null): void {
  const placed = (req.session.placedOrders ??= { lastByEvent: {}, secrets: {} });
  placed.lastByEvent[eventId] = orderId;
  if (secret) {
    placed.secrets[orderId] = secret;
    const ids = Object.keys(placed.secrets);
    for (const old of ids.slice(0, Math.max(0, ids.length - KEPT_SECRETS))) delete placed.secrets[old];
  }
}

export const lastPlacedOrder = (req: Request, eventId: string): string | undefined => req.session.placedOrders?.lastByEvent[eventId];

export const placedOrderSecret = (req: Request, orderId: string): string | undefined => req.session.placedOrders?.secrets[orderId];
