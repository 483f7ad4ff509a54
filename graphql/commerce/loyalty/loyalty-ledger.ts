import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import type { JobQueue } from '#platform/job-queue.ts';
import type { Logger } from '#platform/logger.ts';
import { loyaltyPointsEarnedFor, LoyaltyRefusal, type LoyaltyProgramme } from '#platform/loyalty/loyalty-programme.ts';

/**
 * The commerce service's side of the loyalty programme (decision 0039): an order's burn, its
 * reversal, and the points an order earns, each recorded in the transaction of the change that
 * calls for it and carried to the programme by a queued job (decision 0032) or, for the burn, at
 * once after the commit. The programme is idempotent by the order's reference, so a job that runs
 * twice changes nothing twice.
 */

/** Ask the programme to accrue an order's points (earned with the purchase, or claimed later). */
export const ACCRUE_LOYALTY_POINTS = 'accrue-loyalty-points';
export const accrualKey = (orderId: string) => `loyalty-accrual:${orderId}`;

/** Give an ended order's burned points back (failed, expired, cancelled). */
export const REVERSE_LOYALTY_BURN = 'reverse-loyalty-burn';
export const reversalKey = (orderId: string) => `loyalty-reversal:${orderId}`;

/** The partner reference of everything about one order at the programme. */
export const orderReference = (orderId: string) => `order:${orderId}`;

export interface LoyaltyLedgerOptions {
  db: Database;
  jobs: JobQueue;
  programme: LoyaltyProgramme;
  clock: () => Date;
  logger: Logger;
}

export class LoyaltyLedger {
  constructor(private readonly options: LoyaltyLedgerOptions) {
    options.jobs.define<{ orderId: string }>(ACCRUE_LOYALTY_POINTS, ({ orderId }) => this.accrue(orderId));
    options.jobs.define<{ orderId: string }>(REVERSE_LOYALTY_BURN, ({ orderId }) => this.reverse(orderId));
  }

  get programme(): LoyaltyProgramme {
    return this.options.programme;
  }

  // ---- Earning and claims ----

  /**
   * Records what a paid order earns for the member it was placed by, with its job, inside the
   * transaction that paid it. Nothing for an order without a member or without money paid.
   */
  async recordEarningIn(tx: Database, orderId: string, now: Date): Promise<boolean> {
    const [order] = await queryRows<{ loyalty_member_id: string | null; total: number }>(
      tx,
      sql`select loyalty_member_id, total from commerce.orders where id = ${orderId}`,
    );
    const points = order ? loyaltyPointsEarnedFor(order.total) : 0;
    if (!order?.loyalty_member_id || points === 0) return false;
    return this.recordAccrualIn(tx, { orderId, memberId: order.loyalty_member_id, points, source: 'PURCHASE', claimedBy: null }, now);
  }

  /** One accrual per order, ever: false when the order's points were earned or claimed already. */
  async recordAccrualIn(
    tx: Database,
    accrual: { orderId: string; memberId: string; points: number; source: 'PURCHASE' | 'CLAIM'; claimedBy: string | null },
    now: Date,
  ): Promise<boolean> {
    const recorded = await queryRows<{ order_id: string }>(
      tx,
      sql`insert into commerce.loyalty_accruals (order_id, member_id, points, source, claimed_by, created_at)
          values (${accrual.orderId}, ${accrual.memberId}, ${accrual.points}, ${accrual.source}, ${accrual.claimedBy}, ${now.toISOString()})
          on conflict (order_id) do nothing returning order_id`,
    );
    if (recorded.length === 0) return false;
    await this.options.jobs.enqueueIn(tx, ACCRUE_LOYALTY_POINTS, { orderId: accrual.orderId }, { key: accrualKey(accrual.orderId) });
    return true;
  }

  /** The accrual job: the programme accepts (points post later) or refuses (recorded, not retried); no answer is retried. */
  private async accrue(orderId: string): Promise<void> {
    const { db, programme, logger } = this.options;
    const [accrual] = await queryRows<{ member_id: string; points: number }>(
      db,
      sql`select member_id, points from commerce.loyalty_accruals where order_id = ${orderId} and state = 'QUEUED'`,
    );
    if (!accrual) return;
    try {
      const accepted = await programme.accrue({ reference: orderReference(orderId), memberId: accrual.member_id, points: accrual.points });
      await db.execute(
        sql`update commerce.loyalty_accruals set state = 'ACCRUED', transaction_id = ${accepted.transactionId},
              posts_at = ${accepted.postsAt.toISOString()}
            where order_id = ${orderId} and state = 'QUEUED'`,
      );
    } catch (error) {
      if (!(error instanceof LoyaltyRefusal)) throw error;
      logger.warn({ orderId, reason: error.code }, 'The loyalty programme refused an order’s points');
      await db.execute(
        sql`update commerce.loyalty_accruals set state = 'REFUSED', refusal = ${error.code} where order_id = ${orderId} and state = 'QUEUED'`,
      );
    }
  }

  // ---- Burns ----

  /** Records the burn an order is about to make, inside the transaction that places it. */
  async recordBurnIn(tx: Database, orderId: string, memberId: string, points: number, now: Date): Promise<void> {
    await tx.execute(
      sql`insert into commerce.loyalty_burns (order_id, member_id, points, created_at)
          values (${orderId}, ${memberId}, ${points}, ${now.toISOString()})`,
    );
  }

  /**
   * Burns a placed order's points at the programme, after the order's commit; throws the
   * programme's refusal or unavailability. Recording the answer is best effort: if this process
   * dies first, the order expires and its reversal gives the points back.
   */
  async burn(orderId: string, memberId: string, verificationToken: string, points: number): Promise<void> {
    const burned = await this.options.programme.burn({ reference: orderReference(orderId), memberId, verificationToken, points });
    await this.options.db.execute(
      sql`update commerce.loyalty_burns set state = 'BURNED', transaction_id = ${burned.transactionId},
            burned_at = ${this.options.clock().toISOString()}
          where order_id = ${orderId} and state = 'PENDING'`,
    );
  }

  /** Whether the order's burn was accepted by the programme (and not reversed). */
  async burned(tx: Database, orderId: string): Promise<boolean> {
    const [burn] = await queryRows<{ state: string }>(tx, sql`select state from commerce.loyalty_burns where order_id = ${orderId}`);
    return burn?.state === 'BURNED';
  }

  /**
   * Inside the transaction that ends an unpaid order: queues the reversal of its burn, once, when
   * it has one not reversed yet (a PENDING burn too: the programme may have burned without us
   * hearing, and its reversal of a reference without a burn makes that burn impossible).
   */
  async reverseBurnIn(tx: Database, orderId: string): Promise<boolean> {
    const [burn] = await queryRows<{ state: string }>(
      tx,
      sql`select state from commerce.loyalty_burns where order_id = ${orderId} and state in ('PENDING', 'BURNED')`,
    );
    if (!burn) return false;
    return this.options.jobs.enqueueIn(tx, REVERSE_LOYALTY_BURN, { orderId }, { key: reversalKey(orderId) });
  }

  /** The reversal job: retried until the programme answers; the programme gives points back once. */
  private async reverse(orderId: string): Promise<void> {
    const outcome = await this.options.programme.reverseBurn(orderReference(orderId));
    await this.options.db.execute(
      sql`update commerce.loyalty_burns set state = 'REVERSED', reversed_at = ${this.options.clock().toISOString()}
          where order_id = ${orderId} and state in ('PENDING', 'BURNED')`,
    );
    this.options.logger.info({ orderId, outcome }, 'An ended order’s loyalty points were given back');
  }

  /** After a commit that queued loyalty work: run it now rather than at the next poll. */
  async runNow(key: string): Promise<void> {
    try {
      await this.options.jobs.runNow(key);
    } catch (error) {
      this.options.logger.warn({ err: error, key }, 'A queued loyalty job could not be run at once');
    }
  }
}
