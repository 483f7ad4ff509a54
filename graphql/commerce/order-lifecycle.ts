import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import type { JobQueue } from '#platform/job-queue.ts';
import type { Logger } from '#platform/logger.ts';
import { CAPTURE_PAYMENT, captureKey, FULFIL_ORDER, fulfilKey, RECONCILE_PAYMENT, reconcileKey } from './commerce-jobs.ts';
import { convertHolds, releaseHolds } from './inventory.ts';
import { accrualKey, type LoyaltyLedger } from './loyalty/loyalty-ledger.ts';
import type {
  CallbackStatus,
  PaymentCallback,
  PaymentProvider,
  PaymentProviders,
  ProviderPayment,
  ProviderPaymentStatus,
} from './payments/payment-gateway.ts';
import { providerOf } from './payments/payment-gateway.ts';

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
 * callbacks, sweepers, reconcilers and visitors race for it. Locks are taken order → cart → stock
 * rows (sorted), one order per transaction, the same order `orderCreate` uses (cart → stock), so
 * nothing deadlocks.
 *
 * What must follow a transition is queued in its transaction (decision 0032): paying queues the
 * order's fulfilment, ending an order brings its open payments' reconciliation forward, giving back
 * a late success queues its void. Only the queue's jobs touch the network.
 */

export type EndState = 'PAYMENT_FAILED' | 'CANCELLED' | 'EXPIRED';

export interface OrderLifecycleOptions {
  db: Database;
  clock: () => Date;
  providers: PaymentProviders;
  /** The service's queue (`commerce.jobs`): fulfilment and reconciliation are recorded there. */
  jobs: JobQueue;
  logger: Logger;
  /** How long expiry waits for a provider's answer before expiring an order anyway. */
  providerTimeoutMs?: number;
  /** Told of each settlement after its commit, and of what brought the provider's word (metrics). */
  onSettled?: (settlement: Settlement, source: SettlementSource) => void;
  /** Loyalty points follow the order like its holds (decision 0039): burned points back on an end, earning on payment. */
  loyalty?: LoyaltyLedger | undefined;
}

/** What brought the provider's word: its callback, our question to it (reconciliation, expiry), a wallet's answer. */
export type SettlementSource = 'callback' | 'provider_check' | 'wallet';

export type CallbackOutcome = 'applied' | 'replayed' | 'ignored';

/** What a provider's word did to a payment and its order. */
export interface Settlement {
  paymentId: string;
  orderId: string;
  /** paid: the order is paid; voided: a success came too late and goes back; failed: declined; recorded: nothing else. */
  outcome: 'paid' | 'voided' | 'failed' | 'recorded';
  /** Why a late success is given back: the hold ran out, or the order ended otherwise. */
  reason?: 'hold_expired' | 'order_not_pending';
}

const TERMINAL_PAYMENT_STATES = ['SUCCEEDED', 'DECLINED', 'VOIDED'];
const OPEN_PAYMENT_STATES = ['PENDING', 'CHALLENGE'];

/** The provider's refusals: each fails the order, and the payment keeps why (decision 0048). */
const FAILURE_REASONS = {
  DECLINED: 'declined',
  INSUFFICIENT_FUNDS: 'insufficient_funds',
  AUTHENTICATION_FAILED: 'challenge_failed',
} as const;

const isRefusal = (status: string): status is keyof typeof FAILURE_REASONS => Object.hasOwn(FAILURE_REASONS, status);

/** Expiry asks the provider this long at most (decision 0032). */
export const PROVIDER_TIMEOUT_MS = 5_000;

type LockedPayment = { id: string; order_id: string; state: string; amount: number; provider: PaymentProvider };

export class OrderLifecycle {
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> = Promise.resolve();
  /** Set by stop(): a sweep in progress ends after the order it is on (a safe point). */
  private stopping = false;

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
    // Points it burned go back, once, by a queued reversal (decision 0039).
    await this.options.loyalty?.reverseBurnIn(tx, orderId);
    // Its open payments could still be paid at the provider: the reconciler closes them now.
    const open = await queryRows<{ id: string }>(
      tx,
      sql`select id from commerce.payments where order_id = ${orderId} and state in ${OPEN_PAYMENT_STATES}`,
    );
    await this.options.jobs.bringForwardIn(tx, { keys: open.map((payment) => reconcileKey(payment.id)) }, now);
    return true;
  }

  /**
   * Pays a pending order inside `tx`, and queues its fulfilment in the same transaction: 'PAID', or
   * 'LATE' when its hold had run out by `paidAt` (it is expired now). `paidAt` is when the
   * provider took the money, when it says (the reconciler), else now.
   */
  async payIn(tx: Database, orderId: string, now: Date, paidAt: Date = now): Promise<'PAID' | 'LATE' | 'NOT_PENDING'> {
    const [order] = await queryRows<{ cart_id: string }>(
      tx,
      sql`update commerce.orders set state = 'PAID', completed_at = ${now.toISOString()}, hold_expires_at = null
          where id = ${orderId} and state = 'PENDING_PAYMENT' and hold_expires_at > ${paidAt.toISOString()}
          returning cart_id`,
    );
    if (order) {
      await tx.execute(
        sql`update commerce.carts set state = 'COMPLETED', version = version + 1, updated_at = ${now.toISOString()} where id = ${order.cart_id}`,
      );
      await convertHolds(tx, orderId, now);
      await this.options.jobs.enqueueIn(tx, FULFIL_ORDER, { orderId }, { key: fulfilKey(orderId) });
      // The points it earns its member, queued with the payment (decision 0039).
      await this.options.loyalty?.recordEarningIn(tx, orderId, now);
      return 'PAID';
    }
    if (await this.endIn(tx, orderId, 'EXPIRED', now)) return 'LATE';
    const [current] = await queryRows<{ state: string }>(tx, sql`select state from commerce.orders where id = ${orderId}`);
    return current?.state === 'EXPIRED' ? 'LATE' : 'NOT_PENDING';
  }

  /**
   * Decision 0039: pays an order whose total its loyalty points cover, once the programme accepted
   * the burn: the same transition as a provider's success. False when its burn is not accepted or
   * the order is no longer pending (its hold ran out meanwhile: then it expires, points go back).
   */
  async payWithPoints(orderId: string): Promise<boolean> {
    const now = this.options.clock();
    const paid = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [order] = await queryRows<{ total: number }>(
        tx,
        sql`select total from commerce.orders where id = ${orderId} and state = 'PENDING_PAYMENT' and payment_method = 'LOYALTY_POINTS' for update`,
      );
      if (!order || order.total !== 0 || !(await this.options.loyalty?.burned(tx, orderId))) return false;
      return (await this.payIn(tx, orderId, now)) === 'PAID';
    });
    if (paid) await this.paid(orderId);
    return paid;
  }

  /** Gives up a pending order (orderCancel, a failed payment). False when it was not pending. */
  async end(orderId: string, to: EndState): Promise<boolean> {
    const now = this.options.clock();
    return this.db.transaction((tx) => this.endIn(tx as unknown as Database, orderId, to, now));
  }

  /**
   * The lazy half of expiry: an order read or paid after its hold ran out is expired first, unless
   * its provider says the payment went through (then it is settled as the provider says).
   */
  async expireIfDue(orderId: string): Promise<boolean> {
    const [due] = await this.dueOrders(sql`and o.id = ${orderId}`, 1);
    return due ? this.expireChecked(due) : false;
  }

  /**
   * Expires orders whose hold ran out. Before expiring one with a payment still open, the provider
   * is asked (a callback may have been lost): a success inside the hold pays it, a decline fails
   * it; no answer in time, and it expires, leaving the payment to the reconciler (which voids a
   * late success). Each order is its own transaction, skipping rows another process holds
   * (`skip locked`), so several processes can sweep at once. Answers how many orders it ended.
   */
  async expireDue(limit = 500): Promise<number> {
    let ended = 0;
    for (const due of await this.dueOrders(sql``, limit)) {
      if (this.stopping) break;
      if (await this.expireChecked(due)) ended++;
    }
    return ended;
  }

  private dueOrders(filter: ReturnType<typeof sql>, limit: number) {
    const now = this.options.clock().toISOString();
    return queryRows<{ id: string; payment_id: string | null; provider: PaymentProvider | null }>(
      this.db,
      sql`select o.id, p.id as payment_id, p.provider from commerce.orders o
          left join lateral (select id, provider from commerce.payments where order_id = o.id and state in ${OPEN_PAYMENT_STATES}
                             order by created_at desc limit 1) p on true
          where o.state = 'PENDING_PAYMENT' and o.hold_expires_at <= ${now} ${filter}
          order by o.hold_expires_at limit ${limit}`,
    );
  }

  private async expireChecked(due: { id: string; payment_id: string | null; provider: PaymentProvider | null }): Promise<boolean> {
    if (due.payment_id && due.provider) {
      const answer = await this.askProvider(due.provider, due.payment_id);
      if (answer && (answer.status === 'SUCCEEDED' || isRefusal(answer.status))) {
        const settled = await this.applyProviderAnswer(due.payment_id, answer);
        if (settled && settled.outcome !== 'recorded') {
          this.options.logger.info(
            { orderId: settled.orderId, paymentId: settled.paymentId, outcome: settled.outcome },
            'An order due to expire was settled as its payment provider says',
          );
          return true;
        }
      }
    }
    const expired = await this.expireOverdue(due.id);
    // The open payment is the reconciler's now: it runs soon rather than at the next poll.
    if (expired && due.payment_id) this.options.jobs.kick();
    return expired;
  }

  /** Expires a pending order whose hold has run out, without asking anyone; false when it was not (or another process has it). */
  async expireOverdue(orderId: string): Promise<boolean> {
    const now = this.options.clock();
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [locked] = await queryRows<{ id: string }>(
        tx,
        sql`select id from commerce.orders where id = ${orderId} and state = 'PENDING_PAYMENT' and hold_expires_at <= ${now.toISOString()}
            for update skip locked`,
      );
      return locked ? this.endIn(tx, orderId, 'EXPIRED', now) : false;
    });
  }

  /** The provider's view within `providerTimeoutMs`; undefined when it does not answer in time (or at all). */
  private async askProvider(provider: PaymentProvider, paymentId: string): Promise<ProviderPayment | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('The payment provider did not answer in time')),
        this.options.providerTimeoutMs ?? PROVIDER_TIMEOUT_MS,
      );
      timer.unref();
    });
    try {
      return await Promise.race([providerOf(this.options.providers, provider).fetchPayment(paymentId), timeout]);
    } catch (error) {
      this.options.logger.warn({ err: error, paymentId }, 'The payment provider could not be asked before expiring an order');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  startSweeper(intervalMs: number): void {
    this.stopping = false;
    let busy = false;
    this.sweeper = setInterval(() => {
      // A sweep that asks slow providers may outlast the interval: the next one waits its turn.
      if (busy) return;
      busy = true;
      this.sweeping = this.expireDue()
        .catch((error) => this.options.logger.error({ err: error }, 'Expiring holds failed'))
        .finally(() => void (busy = false));
    }, intervalMs);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.sweeper);
    await this.sweeping;
  }

  /**
   * A provider's verified callback. Recorded once by its event id (a replay changes nothing); an
   * event older than one already applied to the payment, or any event after the payment ended, is
   * recorded and ignored. The payment row is locked first so that two callbacks of one payment
   * (or a callback and the reconciler) are decided one after the other.
   */
  async applyCallback(callback: PaymentCallback): Promise<CallbackOutcome> {
    const now = this.options.clock();
    let settled: Settlement | undefined;
    const outcome = await this.db.transaction(async (transaction): Promise<CallbackOutcome> => {
      const tx = transaction as unknown as Database;
      const payment = await this.lockPayment(tx, callback.paymentId);
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
      settled = await this.settleIn(tx, payment, callback.status, now, now);
      return 'applied';
    });
    if (settled) await this.afterSettlement(settled, 'callback');
    return outcome;
  }

  /**
   * What the provider answered when asked about a payment (the reconciler, expiry), applied the
   * way a callback with that status would be, under the same payment lock: undefined when the
   * payment had already ended here (a callback came first) or is not ours. A success counts from
   * the moment the provider took the money, so one inside the hold pays the order even when the
   * answer comes after it.
   */
  async applyProviderAnswer(paymentId: string, answer: ProviderPayment): Promise<Settlement | undefined> {
    const now = this.options.clock();
    const paidAt = answer.succeededAt && answer.succeededAt < now ? answer.succeededAt : now;
    const settled = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const payment = await this.lockPayment(tx, paymentId);
      if (!payment || TERMINAL_PAYMENT_STATES.includes(payment.state)) return undefined;
      // Whoever asked (the sweeper, the reconciler, a webhook's check), a payment of another amount
      // or currency never settles an order: the reconciler logs and leaves it to an operator.
      if (answer.amount !== payment.amount || answer.currency !== 'SAR') {
        this.options.logger.error(
          { paymentId, orderId: payment.order_id, expected: payment.amount, answered: answer.amount, currency: answer.currency },
          'The payment provider answered another amount than the order has: not applied',
        );
        return undefined;
      }
      return this.settleIn(tx, payment, callbackStatusOf(answer.status), now, paidAt, 'voided_at_provider');
    });
    if (settled) await this.afterSettlement(settled, 'provider_check');
    return settled;
  }

  /**
   * Records an open payment whose order ended without it as VOIDED (the reconciler then closes it
   * at the provider), under the payment's lock, so that a callback arriving meanwhile either came
   * first (then nothing is closed) or finds the payment ended. Answers the reason, or undefined when
   * the payment is no longer open or its order is still pending.
   */
  async closeOpenPayment(paymentId: string): Promise<'hold_expired' | 'order_not_pending' | undefined> {
    const now = this.options.clock();
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const payment = await this.lockPayment(tx, paymentId);
      if (!payment || !OPEN_PAYMENT_STATES.includes(payment.state)) return undefined;
      const [order] = await queryRows<{ state: string }>(tx, sql`select state from commerce.orders where id = ${payment.order_id}`);
      if (!order || order.state === 'PENDING_PAYMENT') return undefined;
      const reason = order.state === 'EXPIRED' ? 'hold_expired' : 'order_not_pending';
      await tx.execute(
        sql`update commerce.payments set state = 'VOIDED', failure_reason = ${reason}, updated_at = ${now.toISOString()} where id = ${paymentId}`,
      );
      return reason;
    });
  }

  private async lockPayment(tx: Database, paymentId: string): Promise<LockedPayment | undefined> {
    const [payment] = await queryRows<LockedPayment>(
      tx,
      sql`select id, order_id, state, amount, provider from commerce.payments where id = ${paymentId} for update`,
    );
    return payment;
  }

  /** One provider status applied to a locked, still open payment and its order, inside `tx`. */
  private async settleIn(
    tx: Database,
    payment: LockedPayment,
    status: CallbackStatus,
    now: Date,
    paidAt: Date,
    voidedReason: string | null = null,
  ): Promise<Settlement> {
    const setPayment = (state: string, reason: string | null = null) =>
      tx.execute(
        sql`update commerce.payments set state = ${state}, failure_reason = ${reason}, updated_at = ${now.toISOString()} where id = ${payment.id}`,
      );
    const settlement = { paymentId: payment.id, orderId: payment.order_id };
    if (status === 'PENDING' || status === 'CHALLENGE') {
      await setPayment(status);
      return { ...settlement, outcome: 'recorded' };
    }
    if (status === 'SUCCEEDED') {
      const result = await this.payIn(tx, payment.order_id, now, paidAt);
      if (result === 'PAID') {
        await setPayment('SUCCEEDED');
        // A provider that only authorized is told to take the money, durably (decision 0042).
        if (this.capturesOnPaid(payment.provider)) {
          await this.options.jobs.enqueueIn(tx, CAPTURE_PAYMENT, { paymentId: payment.id }, { key: captureKey(payment.id) });
        }
        return { ...settlement, outcome: 'paid' };
      }
      // The money came after the hold ended (or the order was given up): it goes back, through the
      // reconciler's job, which retries until the provider confirms the void.
      const reason = result === 'LATE' ? 'hold_expired' : 'order_not_pending';
      await setPayment('VOIDED', reason);
      await this.options.jobs.enqueueIn(tx, RECONCILE_PAYMENT, { paymentId: payment.id }, { key: reconcileKey(payment.id), rearm: true });
      return { ...settlement, outcome: 'voided', reason };
    }
    if (isRefusal(status)) {
      await setPayment('DECLINED', FAILURE_REASONS[status]);
      await this.endIn(tx, payment.order_id, 'PAYMENT_FAILED', now);
      return { ...settlement, outcome: 'failed' };
    }
    await setPayment('VOIDED', voidedReason);
    // Cancelled or expired at the provider (Tabby's page left with "cancel"): that order can no
    // longer be paid, so its tickets go back now rather than when the hold ends (decision 0042).
    if (voidedReason === 'voided_at_provider') await this.endIn(tx, payment.order_id, 'CANCELLED', now);
    return { ...settlement, outcome: 'recorded' };
  }

  private capturesOnPaid(provider: PaymentProvider): boolean {
    const chosen = this.options.providers[provider];
    return chosen !== undefined && 'capturePayment' in chosen && typeof chosen.capturePayment === 'function';
  }

  /** After the commit: a paid order is fulfilled at once, a late success voided at once (both queued already). */
  private async afterSettlement(settled: Settlement, source: SettlementSource): Promise<void> {
    this.options.onSettled?.(settled, source);
    if (settled.outcome === 'paid') {
      await this.paid(settled.orderId);
      await this.runQueued(captureKey(settled.paymentId), settled);
    }
    if (settled.outcome === 'voided') await this.runQueued(reconcileKey(settled.paymentId), settled);
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
    const settled = await this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const payment = await this.lockPayment(tx, paymentId);
      if (!payment || payment.order_id !== orderId || TERMINAL_PAYMENT_STATES.includes(payment.state)) return undefined;
      return this.settleIn(tx, payment, outcome, now, now);
    });
    if (!settled) return 'NOT_PENDING';
    await this.afterSettlement(settled, 'wallet');
    if (settled.outcome === 'paid') return 'PAID';
    if (settled.outcome === 'failed') return 'INSUFFICIENT_FUNDS';
    return settled.reason === 'hold_expired' ? 'LATE' : 'NOT_PENDING';
  }

  /**
   * After the commit that paid the order: its fulfilment job runs here at once, so tickets are
   * there when the visitor lands on the confirmation. Should this process die first, or the job
   * fail, any process's queue runs it later.
   */
  async paid(orderId: string): Promise<void> {
    await this.runQueued(fulfilKey(orderId), { orderId });
    if (this.options.loyalty) await this.runQueued(accrualKey(orderId), { orderId });
  }

  private async runQueued(key: string, context: object): Promise<void> {
    try {
      await this.options.jobs.runNow(key);
    } catch (error) {
      // Recorded already: the queue's poll runs it.
      this.options.logger.warn({ err: error, ...context }, 'A queued job could not be run at once');
    }
  }
}

/** A provider's view of a payment in the words of its callbacks. */
function callbackStatusOf(status: ProviderPaymentStatus): CallbackStatus {
  return status === 'OPEN' ? 'PENDING' : status;
}
