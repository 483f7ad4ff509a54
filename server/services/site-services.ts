import type { SessionAuth } from '../auth/session-auth.ts';
import type { EventSales } from '../commerce/event-sales.ts';
import type { UserPoolApi } from '../auth/user-pool-api.ts';
import type { PurchaseLedger } from '../analytics/purchase-ledger.ts';
import type { Tracker } from '../analytics/tracker.ts';
import type { PreviewMode } from '../preview/preview-mode.ts';
import type { ServiceClient } from './service-client.ts';
import type { WaitingRoom } from '../waiting-room/waiting-room.ts';

/** What loaders and actions reach the product's services through. */
export interface SiteServices {
  content: ServiceClient;
  user: ServiceClient;
  /** SPEC 3.4: tickets, carts and orders; called with the shopper's token (server/commerce/shopper.ts). */
  commerce: ServiceClient;
  /** Price and availability on the event cards, one cached call per page (decision 0053). */
  eventSales: EventSales;
  auth: SessionAuth;
  /** The identity service's account operations: sign-up, codes, passwords, deletion (decision 0020). */
  userPool: UserPoolApi;
  tracker: Tracker;
  /** Which orders' purchase was tracked already (SPEC 9.4: once per order). */
  purchases: PurchaseLedger;
  /** Editors' preview mode (SPEC 1, 6): who is in it, entering and leaving it. */
  preview: PreviewMode;
  /** Sale waiting rooms in front of the event shops (decision 0044). */
  waitingRoom: WaitingRoom;
}
