import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import type { Logger } from '#platform/logger.ts';
import { LoyaltyRefusal } from '#platform/loyalty/loyalty-programme.ts';
import {
  cartBlocked,
  cartNotActive,
  conflict,
  couponExpired,
  holdExpired,
  insufficientStock,
  loyaltyBurnFailed,
  loyaltyNotLinked,
  loyaltyUnavailable,
  loyaltyVerificationRequired,
  notFound,
  outOfStock,
  paymentDeclined,
} from './errors.ts';
import { HOLD_MINUTES, StockShortage, takeHolds, type StockNeed } from './inventory.ts';
import { newOrderId } from './order-ids.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import type { PaymentReconciler } from './payment-reconciler.ts';
import { reversalKey, type LoyaltyLedger } from './loyalty/loyalty-ledger.ts';
import {
  checkOrderDetails,
  LOYALTY_POINTS_METHOD,
  PAYMENT_METHODS,
  type OrderDetails,
  type OrderPaymentMethod,
  type PaymentMethod,
  type ValidationProblem,
} from './order-rules.ts';
import { providerOf, type PaymentGateway, type PaymentProvider, type PaymentProviders } from './payments/payment-gateway.ts';

/** A cart as `orderCreate` needs it: its owner and state, its lines with their current prices (halalas). */
export interface CartForOrder {
  id: string;
  eventId: string;
  customerId: string;
  customerEmail: string | null;
  state: 'ACTIVE' | 'ORDERED' | 'COMPLETED';
  version: number;
  canCheckout: boolean;
  /** Why checkout is blocked: an item sold out meanwhile (OUT_OF_STOCK), not on sale, or nothing in the cart. */
  blockedBy: 'OUT_OF_STOCK' | 'NOT_ON_SALE' | 'EMPTY' | null;
  isShippingRequired: boolean;
  /** The methods the event accepts. */
  eventPaymentMethods: readonly string[];
  items: {
    id: string;
    ticketId: string;
    timeslotId: string | null;
    nameEn: string;
    nameAr: string;
    quantity: number;
    originalPrice: number;
    discountedPrice: number;
    total: number;
    paymentMethods: readonly string[];
    subItems: {
      id: string;
      extraItemId: string;
      nameEn: string;
      nameAr: string;
      quantity: number;
      originalPrice: number;
      discountedPrice: number;
    }[];
  }[];
  couponCodes: { code: string; couponType: string; discountValue: number }[];
  subtotal: number;
  productsDiscount: number;
  couponsDiscount: number;
  /** Loyalty points the order burns, of the member whose verification the cart holds (decision 0039). */
  loyalty: { memberId: string; points: number; discount: number; verificationToken: string } | null;
  total: number;
  totalExcluding: number;
  vat: number;
}

/** Reads and prices a cart with the catalogue's rules, on the given connection or transaction. */
export type CartReader = (db: Database, customerId: string, cartId: string, eventId: string) => Promise<CartForOrder | undefined>;

export interface OrderCheckoutResult {
  orderId: string | null;
  paymentLink: string | null;
  secretUuid: string | null;
  validationResult: { isValid: boolean; problems: ValidationProblem[] };
}

export interface OrderDeskOptions {
  db: Database;
  clock: () => Date;
  baseUrl: string;
  providers: PaymentProviders;
  lifecycle: OrderLifecycle;
  reconciler: PaymentReconciler;
  readCart: CartReader;
  logger: Logger;
  /** Loyalty burns (decision 0039). */
  loyalty: LoyaltyLedger;
}

/**
 * Who earns and who spends (decision 0039): the member linked to the caller when the order is
 * placed (the user service's answer), undefined when it could not be asked (a guest, or no answer).
 */
export interface OrderLoyalty {
  memberId: string | null;
}

const PROVIDER_OF: Record<PaymentMethod, PaymentProvider> = { CREDIT_CARD: 'card', MOBILE_WALLET: 'wallet', INSTALMENTS: 'instalments' };

/** The methods whose provider is in use (decision 0036: Moyasar alone takes cards, mada, Apple Pay and STC Pay). */
export function offeredPaymentMethods(providers: PaymentProviders): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => providers[PROVIDER_OF[method]] !== undefined);
}

/** The methods every ticket of the cart and the event allow (SPEC 3.4), among those offered. */
export function cartPaymentMethods(cart: CartForOrder, providers: PaymentProviders): PaymentMethod[] {
  const offered = offeredPaymentMethods(providers);
  return offered.filter(
    (method) => cart.eventPaymentMethods.includes(method) && cart.items.every((item) => item.paymentMethods.includes(method)),
  );
}

/**
 * SPEC 4.3, 8: a cart whose tickets sold out since it was filled is refused as OUT_OF_STOCK, the
 * answer a buyer who lost the race needs; anything else that blocks checkout is CART_BLOCKED.
 */
const blocked = (cart: CartForOrder) => (cart.blockedBy === 'OUT_OF_STOCK' ? outOfStock() : cartBlocked());

/**
 * `orderCreate` (SPEC 4.3, 5; decision 0027): validates the details, then in one transaction locks
 * the cart, holds every stock row, writes the order with its prices frozen and marks the cart
 * ORDERED; then asks the provider for the payment page, and records the payment with its
 * reconciliation (decision 0032) in one more.
 */
export class OrderDesk {
  constructor(private readonly options: OrderDeskOptions) {}

  async create(
    customerId: string,
    input: Record<string, unknown> & { cartId: string; eventId: string },
    loyalty?: OrderLoyalty,
  ): Promise<OrderCheckoutResult> {
    const { db, readCart, lifecycle } = this.options;
    let cart = await readCart(db, customerId, input.cartId, input.eventId);
    if (!cart || cart.customerId !== customerId) throw notFound('Cart');
    if (cart.state === 'ORDERED') {
      // The cart's pending order may have run out meanwhile: expire it now and let the visitor retry.
      const pending = await queryRows<{ id: string }>(
        db,
        sql`select id from commerce.orders where cart_id = ${cart.id} and state = 'PENDING_PAYMENT'`,
      );
      for (const order of pending) await lifecycle.expireIfDue(order.id);
      cart = (await readCart(db, customerId, input.cartId, input.eventId))!;
    }
    if (cart.state !== 'ACTIVE') throw cartNotActive();
    if (!cart.canCheckout) throw blocked(cart);
    // The cart's points must still be the caller's linked member's.
    if (cart.loyalty && !loyalty) throw loyaltyUnavailable('The user service did not say who the member is');
    if (cart.loyalty && loyalty?.memberId !== cart.loyalty.memberId)
      throw loyaltyNotLinked('The cart’s points are of a member no longer linked');

    // Decision 0039: a total the points cover is paid with them, and needs no card.
    let allowed: OrderPaymentMethod[] =
      cart.loyalty && cart.total === 0 ? [LOYALTY_POINTS_METHOD] : cartPaymentMethods(cart, this.options.providers);
    const { instalments } = this.options.providers;
    // Asked only of a buyer who chose instalments: a card checkout never waits for the instalment provider.
    if (instalments && allowed.includes('INSTALMENTS') && input.paymentMethod === 'INSTALMENTS') {
      const customer = input.customer as { email?: unknown; phoneNumber?: unknown } | undefined;
      const answer = await instalments
        .prescore({
          amount: cart.total,
          email: typeof customer?.email === 'string' ? customer.email : undefined,
          phoneNumber: typeof customer?.phoneNumber === 'string' ? customer.phoneNumber : undefined,
        })
        .catch((error: unknown) => {
          // Nothing is held yet: the buyer is asked to try again, or to pay another way.
          this.options.logger.warn({ err: error }, 'The instalment provider could not pre-score an order');
          throw paymentDeclined('Instalments could not be checked; try again or choose another way to pay');
        });
      if (!answer.eligible) allowed = allowed.filter((method) => method !== 'INSTALMENTS');
    }
    const checked = checkOrderDetails(input, {
      isShippingRequired: cart.isShippingRequired,
      allowedPaymentMethods: allowed,
      baseUrl: this.options.baseUrl,
    });
    if (!checked.ok)
      return { orderId: null, paymentLink: null, secretUuid: null, validationResult: { isValid: false, problems: checked.problems } };

    const placed = await this.place(customerId, checked.details, cart.version, loyalty?.memberId ?? null);
    if (placed.burn) await this.burnPoints(placed.orderId, placed.burn);
    const method = checked.details.paymentMethod;
    if (method === LOYALTY_POINTS_METHOD) {
      // Paid at once, through the same transition (and fulfilment) as any paid order.
      if (!(await this.options.lifecycle.payWithPoints(placed.orderId))) throw holdExpired();
      return {
        orderId: placed.orderId,
        paymentLink: null,
        secretUuid: placed.secretUuid,
        validationResult: { isValid: true, problems: [] },
      };
    }
    const provider = PROVIDER_OF[method];
    try {
      const request = {
        orderId: placed.orderId,
        amount: placed.total,
        currency: 'SAR' as const,
        description: `Nabd order ${placed.orderId}`,
        locale: checked.details.locale,
        returnUrl: checked.details.returnUrl,
        callbackUrl: `${this.options.baseUrl}/commerce/payments/callback`,
      };
      const { customer, billingAddress } = checked.details;
      const payment =
        provider === 'instalments' && instalments
          ? await instalments.createPayment({
              ...request,
              email: customer.email,
              // The provider scores the buyer and the order again (Tabby, decision 0042).
              buyer: {
                name: `${customer.firstName} ${customer.lastName}`,
                phoneNumber: customer.phoneNumber,
                city: billingAddress.city,
                address: [billingAddress.address1, billingAddress.address2].filter(Boolean).join(', '),
                postalCode: billingAddress.postalCode ?? undefined,
              },
              lines: cart.items.map((item) => ({
                reference: item.ticketId,
                title: checked.details.locale === 'ar' ? item.nameAr : item.nameEn,
                quantity: item.quantity,
                unitPrice: item.discountedPrice,
              })),
              vat: cart.vat,
              discount: cart.couponsDiscount,
            })
          : await (providerOf(this.options.providers, provider) as PaymentGateway).createPayment(request);
      // The payment and the check that finds its outcome should its callback never come, together.
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const now = this.options.clock().toISOString();
        await tx.execute(
          sql`insert into commerce.payments (id, order_id, provider, state, amount, payment_link, created_at, updated_at)
              values (${payment.paymentId}, ${placed.orderId}, ${provider}, 'PENDING', ${placed.total}, ${payment.paymentLink}, ${now}, ${now})`,
        );
        await this.options.reconciler.scheduleIn(tx, payment.paymentId, placed.holdExpiresAt);
      });
      return {
        orderId: placed.orderId,
        paymentLink: payment.paymentLink,
        secretUuid: placed.secretUuid,
        validationResult: { isValid: true, problems: [] },
      };
    } catch (error) {
      // Without a payment page the order cannot be paid: give the stock back at once.
      this.options.logger.error({ err: error, orderId: placed.orderId }, 'The payment provider did not open a payment');
      await lifecycle.end(placed.orderId, 'PAYMENT_FAILED');
      throw paymentDeclined('The payment could not be started; try again');
    }
  }

  /**
   * Burns the placed order's points (decision 0039). Refused or unanswered, the order ends at once
   * (holds released, cart active again) and its reversal is queued, which also makes a burn that
   * reached the programme unheard impossible or gives it back.
   */
  private async burnPoints(orderId: string, burn: NonNullable<CartForOrder['loyalty']>): Promise<void> {
    try {
      await this.options.loyalty.burn(orderId, burn.memberId, burn.verificationToken, burn.points);
    } catch (error) {
      await this.options.lifecycle.end(orderId, 'PAYMENT_FAILED');
      await this.options.loyalty.runNow(reversalKey(orderId));
      if (error instanceof LoyaltyRefusal) {
        this.options.logger.info({ orderId, reason: error.code }, 'The loyalty programme refused an order’s burn');
        throw error.code === 'VERIFICATION_EXPIRED' ? loyaltyVerificationRequired() : loyaltyBurnFailed(error.code);
      }
      this.options.logger.warn({ err: error, orderId }, 'The loyalty programme did not answer an order’s burn');
      throw loyaltyUnavailable();
    }
  }

  private async place(
    customerId: string,
    details: OrderDetails,
    version: number,
    memberId: string | null,
  ): Promise<{ orderId: string; secretUuid: string; total: number; holdExpiresAt: Date; burn: CartForOrder['loyalty'] }> {
    const now = this.options.clock();
    const orderId = newOrderId();
    try {
      return await this.options.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const [locked] = await queryRows<{ state: string; version: number }>(
          tx,
          sql`select state, version from commerce.carts where id = ${details.cartId} and customer_id = ${customerId} for update`,
        );
        if (!locked) throw notFound('Cart');
        if (locked.state !== 'ACTIVE') throw cartNotActive();
        if (locked.version !== version) throw conflict();
        const cart = await this.options.readCart(tx, customerId, details.cartId, details.eventId);
        if (!cart) throw notFound('Cart');
        if (!cart.canCheckout) throw blocked(cart);

        const needs: StockNeed[] = [];
        for (const item of cart.items) {
          needs.push({ kind: 'ticket', id: item.ticketId, quantity: item.quantity });
          if (item.timeslotId) needs.push({ kind: 'timeslot', id: item.timeslotId, quantity: item.quantity });
          for (const sub of item.subItems) needs.push({ kind: 'extra_item', id: sub.extraItemId, quantity: sub.quantity });
        }
        const expires = new Date(now.getTime() + HOLD_MINUTES * 60_000);
        const { customer } = details;
        const [order] = await queryRows<{ secret_uuid: string }>(
          tx,
          sql`insert into commerce.orders (id, event_id, cart_id, customer_id, payment_method, customer, billing_address, shipping_address,
                coupon_codes, subtotal, products_discount, coupons_discount, total, total_excluding, vat, whatsapp_consent, locale,
                return_url, hold_expires_at, created_at, loyalty_member_id, loyalty_points, loyalty_discount, affiliate_code)
              values (${orderId}, ${cart.eventId}, ${cart.id}, ${customerId}, ${details.paymentMethod},
                ${JSON.stringify({ email: customer.email, firstName: customer.firstName, middleName: customer.middleName ?? null, lastName: customer.lastName, gender: customer.gender ?? null, phoneNumber: customer.phoneNumber, birthDate: customer.birthDate ?? null })},
                ${JSON.stringify(details.billingAddress)}, ${details.shippingAddress ? JSON.stringify(details.shippingAddress) : null},
                ${JSON.stringify(cart.couponCodes)}, ${cart.subtotal}, ${cart.productsDiscount}, ${cart.couponsDiscount}, ${cart.total},
                ${cart.totalExcluding}, ${cart.vat}, ${details.whatsappConsent === true}, ${details.locale}, ${details.returnUrl},
                ${expires.toISOString()}, ${now.toISOString()}, ${memberId}, ${cart.loyalty?.points ?? 0}, ${cart.loyalty?.discount ?? 0},
                ${details.affiliateCode ?? null})
              returning secret_uuid`,
        );
        if (cart.loyalty) await this.options.loyalty.recordBurnIn(tx, orderId, cart.loyalty.memberId, cart.loyalty.points, now);
        for (const [position, item] of cart.items.entries()) {
          await tx.execute(
            sql`insert into commerce.order_items (order_id, ticket_id, timeslot_id, name_en, name_ar, quantity, original_price, discounted_price, total, sub_items, position)
                values (${orderId}, ${item.ticketId}, ${item.timeslotId}, ${item.nameEn}, ${item.nameAr}, ${item.quantity}, ${item.originalPrice},
                        ${item.discountedPrice}, ${item.total}, ${JSON.stringify(item.subItems)}, ${position})`,
          );
        }
        await tx.execute(
          sql`update commerce.carts set state = 'ORDERED', version = version + 1, updated_at = ${now.toISOString()} where id = ${cart.id}`,
        );
        // The stock last: every buyer of a ticket waits for its row's lock, so this transaction
        // holds it only for the guarded updates and the commit (decision 0045). Coupons after the
        // stock, as before, so that locks are always taken in the same order.
        await takeHolds(tx, orderId, needs);
        for (const coupon of cart.couponCodes) {
          const counted = await queryRows<{ code: string }>(
            tx,
            sql`update commerce.coupons set redemptions = redemptions + 1
                where code = ${coupon.code} and (max_redemptions is null or redemptions < max_redemptions) returning code`,
          );
          if (counted.length === 0) throw couponExpired('The coupon has been used up');
        }
        return { orderId, secretUuid: order!.secret_uuid, total: cart.total, holdExpiresAt: expires, burn: cart.loyalty };
      });
    } catch (error) {
      if (error instanceof StockShortage) {
        throw error.code === 'OUT_OF_STOCK' ? outOfStock() : insufficientStock();
      }
      throw error;
    }
  }
}
