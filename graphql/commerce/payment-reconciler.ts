import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { exponentialBackoff, type JobQueue, type JobResult } from '#platform/job-queue.ts';
import type { Logger } from '#platform/logger.ts';
import { CAPTURE_PAYMENT, RECONCILE_PAYMENT, reconcileKey, type PaymentJob } from './commerce-jobs.ts';
import type { OrderLifecycle } from './order-lifecycle.ts';
import { providerOf, type PaymentProvider, type PaymentProviders } from './payments/payment-gateway.ts';

/** The provider is asked this long before the hold ends, while a lost success can still pay the order. */
export const RECONCILE_BEFORE_HOLD_ENDS_MS = 60_000;
/** The buyer's return asks the provider at most this often per payment (the page refreshes every 4 s). */
export const RETURN_CHECK_INTERVAL_MS = 3_000;
/** ... and waits this long at most for its answer before showing the order as it stands. */
export const RETURN_CHECK_TIMEOUT_MS = 3_000;
/** A provider that is down is asked again with backoff up to 10 minutes, for about four and a half hours. */
const RECONCILE_ATTEMPTS = 30;

export interface PaymentReconcilerOptions {
  db: Database;
  jobs: JobQueue;
  lifecycle: OrderLifecycle;
  providers: PaymentProviders;
  clock: () => Date;
  logger: Logger;
}

/** What the reconciler did, as logged and kept on the payment (`reconciliation`). */
export type Reconciliation =
  'paid' | 'failed' | 'voided_late_success' | 'voided_open' | 'void_confirmed' | 'voided_at_provider' | 'unknown' | 'mismatch';

type PaymentToReconcile = {
  id: string;
  order_id: string;
  provider: PaymentProvider;
  state: string;
  amount: number;
  order_state: string;
  hold_expires_at: Date | string | null;
};

/**
 * Asks the payment provider what became of a payment whose callback may have been lost (a process
 * killed, the database out, the provider's retries over) and acts as its answer says (decision
 * 0032). One `reconcile-payment` job per payment, recorded with the payment row, due a minute
 * before the hold ends, brought forward when the order ends without the payment and at every
 * start. Every outcome that changes something is logged once, with the order, payment and outcome.
 *
 * | provider says            | the order here                      | then                                            |
 * | ------------------------ | ----------------------------------- | ----------------------------------------------- |
 * | SUCCEEDED                | pending, success inside the hold    | paid as a callback would pay it                 |
 * | SUCCEEDED                | ended, or success after the hold    | voided at the provider, payment VOIDED          |
 * | DECLINED, INSUF._FUNDS   | pending                             | payment failed, holds released                  |
 * | OPEN, CHALLENGE          | pending, hold running               | asked again when the hold ends                  |
 * | OPEN, CHALLENGE          | hold over, or ended                 | expired if due, voided at the provider          |
 * | VOIDED                   | any                                 | payment VOIDED; a pending order CANCELLED       |
 * | does not know it         | any                                 | recorded, nothing else                          |
 * | (no answer)              | any                                 | asked again with backoff (the queue's)          |
 */
export class PaymentReconciler {
  /** When each payment was last asked about on a buyer's return, in this process. */
  private readonly askedOnReturn = new Map<string, number>();

  constructor(private readonly options: PaymentReconcilerOptions) {
    options.jobs.define<PaymentJob>(RECONCILE_PAYMENT, ({ paymentId }) => this.reconcile(paymentId), {
      backoff: exponentialBackoff({ baseMs: 5_000, maxMs: 10 * 60_000 }),
      maxAttempts: RECONCILE_ATTEMPTS,
    });
    options.jobs.define<PaymentJob>(CAPTURE_PAYMENT, ({ paymentId }) => this.capture(paymentId), {
      backoff: exponentialBackoff({ baseMs: 5_000, maxMs: 10 * 60_000 }),
      maxAttempts: RECONCILE_ATTEMPTS,
    });
  }

  /**
   * The `capture-payment` job, queued with the payment of a paid order whose provider only
   * authorized it (Tabby, decision 0042): the whole amount is captured, once (the provider keys the
   * capture by payment). A payment that is no longer ours to keep (voided since) is left alone.
   * Throws while the provider cannot be asked, or refuses; the queue retries, then keeps it for an operator.
   */
  async capture(paymentId: string): Promise<JobResult> {
    const payment = await this.load(paymentId);
    if (!payment || payment.state !== 'SUCCEEDED') return undefined;
    const provider = providerOf(this.options.providers, payment.provider);
    if (!('capturePayment' in provider) || !provider.capturePayment) return undefined;
    await provider.capturePayment(paymentId, payment.amount);
    this.options.logger.info(
      { orderId: payment.order_id, paymentId, provider: payment.provider, amount: payment.amount },
      'Payment captured at the provider',
    );
    return undefined;
  }

  /** Inside the transaction that records the payment: its check, due shortly before the hold ends. */
  async scheduleIn(tx: Database, paymentId: string, holdExpiresAt: Date): Promise<void> {
    const runAt = new Date(holdExpiresAt.getTime() - RECONCILE_BEFORE_HOLD_ENDS_MS);
    await this.options.jobs.enqueueIn(tx, RECONCILE_PAYMENT, { paymentId }, { key: reconcileKey(paymentId), runAt });
  }

  /** At start: a callback lost while no process ran is looked for now, not at the hold's end. */
  bringForward(): Promise<number> {
    return this.options.jobs.bringForwardIn(this.options.db, { kind: RECONCILE_PAYMENT }, this.options.clock());
  }

  /** The job. Throws when the provider cannot answer (the queue retries); idempotent. */
  async reconcile(paymentId: string): Promise<JobResult> {
    const { runAgainAt } = await this.inspect(paymentId, true);
    return runAgainAt ? { runAgainAt } : undefined;
  }

  /**
   * Asks the provider now and applies its answer, as the job would: for a provider's webhook, which
   * is only a hint, and for the buyer's return from a hosted page (decision 0036). Answers what
   * changed, or 'unchanged'. Throws when the provider cannot answer.
   */
  async check(paymentId: string): Promise<Reconciliation | 'unchanged'> {
    return (await this.inspect(paymentId, true)).outcome ?? 'unchanged';
  }

  /**
   * A pending order is being read (the buyer is back from a hosted page, or its confirmation looks
   * again): when its open payment is with a provider whose return carries nothing signed (Moyasar),
   * the provider is asked now, so that a redirect whose webhook never came pays the order
   * (decision 0036). At most every 3 s per payment, for 3 s at most; a failure only leaves the order
   * as it stands for the next look. Answers whether the provider was asked.
   */
  async checkOnReturn(orderId: string): Promise<boolean> {
    const [payment] = await queryRows<{ id: string; provider: PaymentProvider }>(
      this.options.db,
      sql`select id, provider from commerce.payments where order_id = ${orderId} and state in ('PENDING', 'CHALLENGE')
          order by created_at desc limit 1`,
    );
    const provider = payment ? this.options.providers[payment.provider] : undefined;
    if (!payment || !provider || !('asksOnReturn' in provider) || !provider.asksOnReturn) return false;
    const now = Date.now();
    if (now - (this.askedOnReturn.get(payment.id) ?? 0) < RETURN_CHECK_INTERVAL_MS) return false;
    this.askedOnReturn.set(payment.id, now);
    for (const [id, at] of this.askedOnReturn) if (now - at > 60_000) this.askedOnReturn.delete(id);
    let timer: NodeJS.Timeout | undefined;
    const check = this.check(payment.id);
    try {
      await Promise.race([
        check,
        new Promise((resolve) => {
          timer = setTimeout(resolve, RETURN_CHECK_TIMEOUT_MS);
          timer.unref();
        }),
      ]);
    } catch (error) {
      this.options.logger.warn(
        { err: error, orderId, paymentId: payment.id },
        "The payment provider could not be asked on the buyer's return",
      );
    } finally {
      clearTimeout(timer);
      // Still running past the deadline: it finishes (or fails) on its own, safely, under the payment's lock.
      check.catch(() => undefined);
    }
    return true;
  }

  private async inspect(paymentId: string, again: boolean): Promise<{ outcome?: Reconciliation; runAgainAt?: Date }> {
    // A callback or the sweeper moved the payment while we looked: look once more, else soon.
    const lookAgain = () => (again ? this.inspect(paymentId, false) : { runAgainAt: new Date(this.options.clock().getTime() + 30_000) });
    const payment = await this.load(paymentId);
    // Settled here already (a callback came): nothing to ask.
    if (!payment || payment.state === 'SUCCEEDED' || payment.state === 'DECLINED') return {};
    const provider = providerOf(this.options.providers, payment.provider);
    const answer = await provider.fetchPayment(paymentId);
    const log = async (outcome: Reconciliation) => {
      await this.record(payment, outcome);
      return { outcome };
    };

    if (!answer) return log('unknown');
    if (payment.state === 'VOIDED') {
      // We gave this payment back; the provider must agree.
      if (answer.status === 'SUCCEEDED' || answer.status === 'OPEN' || answer.status === 'CHALLENGE') {
        await provider.voidPayment(paymentId);
        return log('void_confirmed');
      }
      return {};
    }
    if (answer.amount !== payment.amount || answer.currency !== 'SAR') return log('mismatch');

    if (answer.status === 'OPEN' || answer.status === 'CHALLENGE') {
      const holdEnds = payment.hold_expires_at ? new Date(payment.hold_expires_at) : undefined;
      if (payment.order_state === 'PENDING_PAYMENT' && holdEnds && this.options.clock() < holdEnds) return { runAgainAt: holdEnds };
      if (payment.order_state === 'PENDING_PAYMENT') await this.options.lifecycle.expireOverdue(payment.order_id);
      // The order ended without this payment: recorded closed first (a success arriving now is
      // given back), then closed at the provider, so that it can never be paid late.
      if (!(await this.options.lifecycle.closeOpenPayment(paymentId))) return lookAgain();
      await provider.voidPayment(paymentId);
      return log('voided_open');
    }

    const settled = await this.options.lifecycle.applyProviderAnswer(paymentId, answer);
    if (!settled) return lookAgain();
    if (settled.outcome === 'paid') return log('paid');
    if (settled.outcome === 'failed') return log('failed');
    if (settled.outcome === 'voided') {
      await provider.voidPayment(paymentId);
      return log('voided_late_success');
    }
    return log('voided_at_provider');
  }

  private async load(paymentId: string): Promise<PaymentToReconcile | undefined> {
    const [payment] = await queryRows<PaymentToReconcile>(
      this.options.db,
      sql`select p.id, p.order_id, p.provider, p.state, p.amount, o.state as order_state, o.hold_expires_at
          from commerce.payments p join commerce.orders o on o.id = p.order_id where p.id = ${paymentId}`,
    );
    return payment;
  }

  private async record(payment: PaymentToReconcile, outcome: Reconciliation): Promise<void> {
    await this.options.db.execute(
      sql`update commerce.payments set reconciled_at = ${this.options.clock().toISOString()}, reconciliation = ${outcome}
          where id = ${payment.id}`,
    );
    const entry = { orderId: payment.order_id, paymentId: payment.id, provider: payment.provider, outcome };
    if (outcome === 'unknown' || outcome === 'mismatch') {
      this.options.logger.error(entry, 'Payment reconciliation: the provider does not agree with our record');
    } else {
      this.options.logger.info(entry, 'Payment reconciled with the provider');
    }
  }
}
