import type { Database, DatabaseHandle } from '#platform/database.ts';
import type { JobQueue } from '#platform/job-queue.ts';
import type { Logger } from '#platform/logger.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { CartStore } from './carts.ts';
import type { Catalogue, CatalogueReader } from './catalogue.ts';
import type { ConfirmationEmails } from './confirmation-email.tsx';
import type { OrderQueries } from './order-queries.ts';
import { forbidden, unauthenticated } from './errors.ts';
import type { Fulfilment } from './fulfilment.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import type { CartReader, OrderDesk } from './orders.ts';
import type { PaymentReconciler } from './payment-reconciler.ts';
import type { PaymentProviders } from './payments/payment-gateway.ts';
import type { CartPoints } from './loyalty/cart-points.ts';
import type { LoyaltyClaims } from './loyalty/loyalty-claims.ts';
import type { LoyaltyLedger } from './loyalty/loyalty-ledger.ts';
import type { LoyaltyMembers } from './loyalty/loyalty-members.ts';
import type { Counted, ShopLimits } from './shop-limits.ts';

/** Who calls: a signed-in user, or a guest with credentials from the identity service (SPEC 6, 7.2). */
export interface CommerceCaller {
  /** The token's subject: a user id, or `guest_<uuid>`. Carts and orders belong to it. */
  customerId: string;
  kind: 'user' | 'guest';
  /** A user's e-mail from the token; guests give theirs with the cart or order. */
  email?: string;
}

/**
 * What every request of the service shares. Each area adds its parts here (orders, payments,
 * tickets) and builds them in `createCommerceParts` of service.ts.
 */
export interface CommerceParts {
  db: Database;
  database: DatabaseHandle;
  /** The service's "now": waves, coupons and holds follow it (tests fix it at TEST_NOW). */
  clock: () => Date;
  logger: Logger;
  production: boolean;
  /** The site's public origin, for absolute links (payment return, ticket downloads). */
  baseUrl: string;
  /** Signs what the service hands out and later takes back (download links, QR codes). */
  secret: string;
  mailer: Mailer | undefined;
  catalogue: Catalogue;
  /** The card gateway, wallet and instalment provider (the sandboxes unless others are given: decision 0028). */
  payments: PaymentProviders;
  /** The shared secret of signed payment callbacks, derived from `secret`. */
  callbackSecret: Buffer;
  /** MOYASAR_WEBHOOK_SECRET when Moyasar is the card gateway: its webhooks are then taken (decision 0036). */
  moyasarWebhookSecret: string | undefined;
  /** TABBY_WEBHOOK_HEADER and TABBY_WEBHOOK_SECRET when Tabby takes instalments: its webhooks are then taken (decision 0042). */
  tabbyWebhook?: { header: string; secret: string } | undefined;
  /** Orders after they are placed: paid, failed, cancelled, expired (decision 0027). */
  lifecycle: OrderLifecycle;
  /** The service's queued work, `commerce.jobs` (decision 0032). */
  jobs: JobQueue;
  /** A paid order's tickets and confirmation e-mail, as queued jobs (fulfilment.ts). */
  fulfilment: Fulfilment;
  /** Asks the providers about payments whose callbacks may have been lost (payment-reconciler.ts). */
  reconciler: PaymentReconciler;
  /** orderCreate (decision 0027). */
  orders: OrderDesk;
  /** A cart priced as an order freezes it. */
  cartsForOrders: CartReader;
  carts: CartStore;
  /**
   * Verifies an access token or guest credentials of the identity service (signature, issuer,
   * audience, expiry, a sign-in not ended) and answers whose they are; throws when they are not valid.
   */
  verifyCaller(token: string): Promise<CommerceCaller>;
  /** Stops reading the identity service's revoked grants, which `verifyCaller` checks (at shutdown). */
  stopVerifying(): Promise<void>;
  /** Orders, their tickets and download links (order-queries.ts). */
  orderQueries: OrderQueries;
  /** The order confirmation; none without a mailer. */
  confirmationEmails: ConfirmationEmails | undefined;
  /** Loyalty points (decision 0039): the programme's burns, reversals and accruals, and claims. */
  loyalty: LoyaltyLedger;
  loyaltyClaims: LoyaltyClaims;
  /** A cart's points (loyaltyCreateDiscount, loyaltyDeleteDiscount). */
  cartPoints: CartPoints;
  /** Who the caller's member is, asked of the user service; none when no user service was given. */
  loyaltyMembers: LoyaltyMembers | undefined;
  /** Cart changes, orders, wrong coupons and payment attempts per customer and address (decision 0043). */
  limits: ShopLimits;
}

export interface CommerceContext extends CommerceParts {
  caller: CommerceCaller | undefined;
  /** The caller's own access token, for the calls the service makes on their behalf (the user service's loyalty link). */
  accessToken: string | undefined;
  /** The catalogue as read by this request: one event is loaded once, whatever the query asks. */
  catalogueReader: CatalogueReader;
  /** The visitor's address, vouched for by the web tier or the caller's own (visitor-address.ts). */
  visitorAddress: string | undefined;
}

/** Who a shop limit counts (decision 0043): the caller, and the visitor's address when known. */
export const countedOf = (context: CommerceContext, caller: CommerceCaller): Counted => ({ caller, address: context.visitorAddress });

/** Any caller with credentials, user or guest; none is UNAUTHENTICATED (401). */
export function requireCaller(context: CommerceContext): CommerceCaller {
  if (!context.caller) throw unauthenticated();
  return context.caller;
}

/** A signed-in user; a guest is FORBIDDEN (403), no credentials at all UNAUTHENTICATED (401). */
export function requireUser(context: CommerceContext): CommerceCaller & { kind: 'user' } {
  const caller = requireCaller(context);
  if (caller.kind !== 'user') throw forbidden();
  return caller as CommerceCaller & { kind: 'user' };
}
