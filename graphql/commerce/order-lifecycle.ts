import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import type { Logger } from '#platform/logger.ts';
import { convertHolds, releaseHolds } from './inventory.ts';
import type { CallbackStatus, PaymentCallback, PaymentProvider, PaymentProviders } from './payments/payment-gateway.ts';

/**
 * The states of an order after it is placed (decision 0027):
 *
 *   PENDING_PAYMENT ──paid──▶ PAID            holds converted to sold, cart COMPLETED
 *          ├──declined────▶ PAYMENT_FAILED  holds released, cart ACTIVE again
 *          ├──cancelled───▶ CANCELLED       holds released, cart ACTIVE again
 *          └──hold over───▶ EXPIRED         holds released, cart ACTIVE again
 *
 * Every transition is one update guarded by `state = 'PENDING_PAYMENT'`; only the caller whose
 * update returned the row goes on to move stock, so a transition happens once however many
 * callbacks, sweepers and visitors race for it. Locks are taken order → cart → stock rows (sorted),
 * one order per transaction, the same order `orderCreate` uses (cart → stock), so nothing deadlocks.
 */

export type EndState = 'PAYMENT_FAILED' | 'CANCELLED' | 'EXPIRED';

/** Called after an order is paid and committed: issues the tickets and sends the e-mail. */
export type OrderPaidHook = (orderId: string) => Promise<void>;

export interface OrderLifecycleOptions {
  db: Database;
  clock: () => Date;
  providers: PaymentProviders;
  onOrderPaid: OrderPaidHook;
  logger: Logger;
}

export type CallbackOutcome = 'applied' | 'replayed' | 'ignored';

const TERMINAL_PAYMENT_STATES = ['SUCCEEDED', 'DECLINED', 'VOIDED'];

export class OrderLifecycle {
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: OrderLifecycleOptions) {}

  private get db() {
    return this.options.db;
  }

  /** Ends a pending order inside `tx`: true when this call made the transition. */
  async endIn(tx: Database, orderId: string, to: EndState, now: Date): Promise<boolean> {
    const [order] = await queryRows<{ cart_id: string; coupon_codes: { code: string }[] }>(
      tx,
      sql`update commerce.orders set state = ${to}, hold_expires_at = null
          where id = ${orderId} and state = 'PENDING_PAYMENT' returning cart_id, coupon_codes`,
    );
    if (!order) return false;
    // The visitor can change the cart and try again (a new order).
    await tx.execute(
      sql`update commerce.carts set state = 'ACTIVE', version = version + 1, updated_at = ${now.toISOString()}
          where id = ${order.cart_id} and state = 'ORDERED'`,
    );
    const codes = order.coupon_codes.map((coupon) => coupon.code);
    if (codes.length > 0) {
      await tx.execute(sql`update commerce.coupons set redemptions = greatest(redemptions - 1, 0) where code in ${codes}`);
    }
    await releaseHolds(tx, orderId, now);
    return true;
  }

  /** Pays a pending order inside `tx`: 'PAID', or 'LATE' when its hold had run out (it is expired now). */
  async payIn(tx: Database, orderId: string, now: Date): Promise<'PAID' | 'LATE' | 'NOT_PENDING'> {
    const [order] = await queryRows<{ cart_id: string }>(
      tx,
      sql`update commerce.orders set state = 'PAID', completed_at = ${now.toISOString()}, hold_expires_at = null
          where id = ${orderId} and state = 'PENDING_PAYMENT' and hold_expires_at > ${now.toISOString()}
          returning cart_id`,
    );
    if (order) {
      await tx.execute(
        sql`update commerce.carts set state = 'COMPLETED', version = version + 1, updated_at = ${now.toISOString()} where id = ${order.cart_id}`,
      );
      await convertHolds(tx, orderId, now);
      return 'PAID';
    }
    if (await this.endIn(tx, orderId, 'EXPIRED', now)) return 'LATE';
    const [current] = await queryRows<{ state: string }>(tx, sql`select state from commerce.orders where id = ${orderId}`);
    return current?.state === 'EXPIRED' ? 'LATE' : 'NOT_PENDING';
  }

  /** Gives up a pending order (orderCancel, a failed payment). False when it was not pending. */
  async end(orderId: string, to: EndState): Promise<boolean> {
    const now = this.options.clock();
    return this.db.transaction((tx) => this.endIn(tx as unknown as Database, orderId, to, now));
  }

  /** The lazy half of expiry: an order read or paid after its hold ran out is expired first. */
  async expireIfDue(orderId: string): Promise<boolean> {
    const now = this.options.clock();
    const [due] = await queryRows<{ id: string }>(
      this.db,
      sql`select id from commerce.orders where id = ${orderId} and state = 'PENDING_PAYMENT' and hold_expires_at <= ${now.toISOString()}`,
    );
    return due ? this.end(orderId, 'EXPIRED') : false;
  }

  /**
   * Expires orders whose hold ran out, one per transaction, skipping rows another process is
   * expiring or paying right now (`skip locked`): several processes can sweep at once.
   */
  async expireDue(limit = 500): Promise<number> {
    let expired = 0;
    for (; expired < limit; expired++) {
      const now = this.options.clock();
      const done = await this.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const [due] = await queryRows<{ id: string }>(
          tx,
          sql`select id from commerce.orders where state = 'PENDING_PAYMENT' and hold_expires_at <= ${now.toISOString()}
              order by hold_expires_at limit 1 for update skip locked`,
        );
        return due ? this.endIn(tx, due.id, 'EXPIRED', now) : undefined;
      });
      if (done === undefined) break;
    }
    return expired;
  }

  startSweeper(intervalMs: number): void {
    this.sweeper = setInterval(() => {
      this.sweeping = this.expireDue().catch((error) => this.options.logger.error({ err: error }, 'Expiring holds failed'));
    }, intervalMs);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.sweeping;
  }

  /**
   * A provider's verified callback. Recorded once by its event id (a replay changes nothing); an
   * event older than one already applied to the payment, or any event after the payment ended, is
   * recorded and ignored. The payment row is locked first so that two callbacks of one payment are
   * decided one after the other.
   */
  async applyCallback(callback: PaymentCallback): Promise<CallbackOutcome> {
    const now = this.options.clock();
    let paid = false;
    let voidPayment: { provider: PaymentProvider; paymentId: string } | undefined;
    const outcome = await this.db.transaction(async (transaction): Promise<CallbackOutcome> => {
      const tx = transaction as unknown as Database;
      const [payment] = await queryRows<{ order_id: string; state: string; amount: number; provider: PaymentProvider }>(
        tx,
        sql`select order_id, state, amount, provider from commerce.payments where id = ${callback.paymentId} for update`,
      );
      const [recorded] = await queryRows<{ event_id: string }>(
        tx,
        sql`insert into commerce.payment_callbacks (event_id, payment_id, status, sequence, received_at, payload)
            values (${callback.eventId}, ${callback.paymentId}, ${callback.status}, ${callback.sequence}, ${now.toISOString()}, ${JSON.stringify(callback)})
            on conflict (event_id) do nothing returning event_id`,
      );
      if (!recorded) return 'replayed';
      if (!payment || payment.order_id !== callback.orderId || payment.amount !== callback.amount) {
        this.options.logger.warn({ paymentId: callback.paymentId, orderId: callback.orderId }, 'Payment callback does not match a payment');
        return 'ignored';
      }
      const [newer] = await queryRows<{ sequence: number }>(
        tx,
        sql`select sequence from commerce.payment_callbacks
            where payment_id = ${callback.paymentId} and event_id <> ${callback.eventId} and sequence >= ${callback.sequence} limit 1`,
      );
      if (newer || TERMINAL_PAYMENT_STATES.includes(payment.state)) return 'ignored';

      const setPayment = (state: string, reason: string | null = null) =>
        tx.execute(
          sql`update commerce.payments set state = ${state}, failure_reason = ${reason}, updated_at = ${now.toISOString()} where id = ${callback.paymentId}`,
        );
      const status: CallbackStatus = callback.status;
      if (status === 'PENDING' || status === 'CHALLENGE') {
        await setPayment(status);
      } else if (status === 'SUCCEEDED') {
        const result = await this.payIn(tx, payment.order_id, now);
        if (result === 'PAID') {
          await setPayment('SUCCEEDED');
          paid = true;
        } else {
          // The money came after the hold ended (or the order was given up): it goes back.
          await setPayment('VOIDED', result === 'LATE' ? 'hold_expired' : 'order_not_pending');
          voidPayment = { provider: payment.provider, paymentId: callback.paymentId };
        }
      } else if (status === 'DECLINED' || status === 'INSUFFICIENT_FUNDS') {
        await setPayment('DECLINED', status === 'DECLINED' ? 'declined' : 'insufficient_funds');
        await this.endIn(tx, payment.order_id, 'PAYMENT_FAILED', now);
      } else {
        await setPayment('VOIDED');
      }
      return 'applied';
    });
    if (voidPayment) await this.void(voidPayment.provider, voidPayment.paymentId);
    if (paid) await this.paid(callback.orderId);
    return outcome;
  }

  /**
   * A wallet charge's outcome (applePayCheckout): the wallet answers synchronously instead of by
   * callback, and the same transitions apply. 'NOT_PENDING' also covers a token of another order.
   */
  async walletOutcome(
    orderId: string,
    paymentId: string,
    outcome: 'SUCCEEDED' | 'INSUFFICIENT_FUNDS',
  ): Promise<'PAID' | 'INSUFFICIENT_FUNDS' | 'LATE' | 'NOT_PENDING'> {
    const now = this.options.clock();
    let paid = false;
    let late = false;
    const result = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [payment] = await queryRows<{ order_id: string; state: string }>(
        tx,
        sql`select order_id, state from commerce.payments where id = ${paymentId} for update`,
      );
      if (!payment || payment.order_id !== orderId || TERMINAL_PAYMENT_STATES.includes(payment.state)) return 'NOT_PENDING' as const;
      const setPayment = (state: string, reason: string | null = null) =>
        tx.execute(
          sql`update commerce.payments set state = ${state}, failure_reason = ${reason}, updated_at = ${now.toISOString()} where id = ${paymentId}`,
        );
      if (outcome === 'INSUFFICIENT_FUNDS') {
        await setPayment('DECLINED', 'insufficient_funds');
        await this.endIn(tx, orderId, 'PAYMENT_FAILED', now);
        return 'INSUFFICIENT_FUNDS' as const;
      }
      const settled = await this.payIn(tx, orderId, now);
      if (settled === 'PAID') {
        await setPayment('SUCCEEDED');
        paid = true;
        return 'PAID' as const;
      }
      await setPayment('VOIDED', settled === 'LATE' ? 'hold_expired' : 'order_not_pending');
      late = true;
      return settled;
    });
    if (late) await this.void('wallet', paymentId);
    if (paid) await this.paid(orderId);
    return result;
  }

  async void(provider: PaymentProvider, paymentId: string): Promise<void> {
    try {
      await this.options.providers[provider].voidPayment(paymentId);
    } catch (error) {
      // Logged for the finance team's reconciliation; the order's state is already right.
      this.options.logger.error({ err: error, paymentId }, 'Voiding a late payment failed');
    }
  }

  /** After the commit: the tickets are issued by the hook; its failure does not undo the payment. */
  async paid(orderId: string): Promise<void> {
    try {
      await this.options.onOrderPaid(orderId);
    } catch (error) {
      this.options.logger.error({ err: error, orderId }, 'Issuing the tickets of a paid order failed');
    }
  }
}
