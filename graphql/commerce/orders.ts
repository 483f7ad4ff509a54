import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import type { Logger } from '#platform/logger.ts';
import { cartBlocked, cartNotActive, conflict, couponExpired, insufficientStock, notFound, outOfStock, paymentDeclined } from './errors.ts';
import { HOLD_MINUTES, StockShortage, takeHolds, type StockNeed } from './inventory.ts';
import { newOrderId } from './order-ids.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import type { PaymentReconciler } from './payment-reconciler.ts';
import { checkOrderDetails, PAYMENT_METHODS, type OrderDetails, type PaymentMethod, type ValidationProblem } from './order-rules.ts';
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

  async create(customerId: string, input: Record<string, unknown> & { cartId: string; eventId: string }): Promise<OrderCheckoutResult> {
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

    let allowed = cartPaymentMethods(cart, this.options.providers);
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

    const placed = await this.place(customerId, checked.details, cart.version);
    const provider = PROVIDER_OF[checked.details.paymentMethod];
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

  private async place(
    customerId: string,
    details: OrderDetails,
    version: number,
  ): Promise<{ orderId: string; secretUuid: string; total: number; holdExpiresAt: Date }> {
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
                return_url, hold_expires_at, created_at)
              values (${orderId}, ${cart.eventId}, ${cart.id}, ${customerId}, ${details.paymentMethod},
                ${JSON.stringify({ email: customer.email, firstName: customer.firstName, middleName: customer.middleName ?? null, lastName: customer.lastName, gender: customer.gender ?? null, phoneNumber: customer.phoneNumber, birthDate: customer.birthDate ?? null })},
                ${JSON.stringify(details.billingAddress)}, ${details.shippingAddress ? JSON.stringify(details.shippingAddress) : null},
                ${JSON.stringify(cart.couponCodes)}, ${cart.subtotal}, ${cart.productsDiscount}, ${cart.couponsDiscount}, ${cart.total},
                ${cart.totalExcluding}, ${cart.vat}, ${details.whatsappConsent === true}, ${details.locale}, ${details.returnUrl},
                ${expires.toISOString()}, ${now.toISOString()})
              returning secret_uuid`,
        );
        await takeHolds(tx, orderId, needs);
        for (const [position, item] of cart.items.entries()) {
          await tx.execute(
            sql`insert into commerce.order_items (order_id, ticket_id, timeslot_id, name_en, name_ar, quantity, original_price, discounted_price, total, sub_items, position)
                values (${orderId}, ${item.ticketId}, ${item.timeslotId}, ${item.nameEn}, ${item.nameAr}, ${item.quantity}, ${item.originalPrice},
                        ${item.discountedPrice}, ${item.total}, ${JSON.stringify(item.subItems)}, ${position})`,
          );
        }
        for (const coupon of cart.couponCodes) {
          const counted = await queryRows<{ code: string }>(
            tx,
            sql`update commerce.coupons set redemptions = redemptions + 1
                where code = ${coupon.code} and (max_redemptions is null or redemptions < max_redemptions) returning code`,
          );
          if (counted.length === 0) throw couponExpired('The coupon has been used up');
        }
        await tx.execute(
          sql`update commerce.carts set state = 'ORDERED', version = version + 1, updated_at = ${now.toISOString()} where id = ${cart.id}`,
        );
        return { orderId, secretUuid: order!.secret_uuid, total: cart.total, holdExpiresAt: expires };
      });
    } catch (error) {
      if (error instanceof StockShortage) {
        throw error.code === 'OUT_OF_STOCK' ? outOfStock() : insufficientStock();
      }
      throw error;
    }
  }
}
