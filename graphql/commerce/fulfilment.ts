import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import type { JobQueue } from '#platform/job-queue.ts';
import type { Logger } from '#platform/logger.ts';
import { confirmationKey, FULFIL_ORDER, SEND_ORDER_CONFIRMATION, type OrderJob } from './commerce-jobs.ts';
import type { ConfirmationEmails } from './confirmation-email.tsx';
import { issueTickets } from './issued-tickets.ts';

/** What the fulfil-order job does with a paid order; the default issues its tickets and queues its e-mail. */
export type OrderPaidHook = (orderId: string) => Promise<void>;

export interface FulfilmentOptions {
  db: Database;
  jobs: JobQueue;
  /** None without a mailer: then no e-mail is queued. */
  emails: ConfirmationEmails | undefined;
  clock: () => Date;
  logger: Logger;
  /** Replaces the fulfil-order job's work (tests that only watch payments). */
  onOrderPaid?: OrderPaidHook | undefined;
}

/**
 * A paid order's fulfilment (decision 0032), as two queued jobs that any process may run, and run
 * again, without harm:
 *
 * - `fulfil-order` (queued by the payment's own transaction) issues the tickets and queues the
 *   confirmation e-mail in one transaction: tickets exactly once (`issueTickets`), the e-mail job
 *   once per order (its key).
 * - `send-order-confirmation` sends the e-mail and records `confirmation_sent_at`; a run that finds
 *   it recorded sends nothing. A crash between sending and recording sends it again, with the same
 *   Message-ID: at least once, recognisably one message.
 */
export class Fulfilment {
  constructor(private readonly options: FulfilmentOptions) {
    const fulfil = options.onOrderPaid ?? ((orderId: string) => this.fulfil(orderId).then(() => undefined));
    options.jobs.define<OrderJob>(FULFIL_ORDER, ({ orderId }) => fulfil(orderId));
    options.jobs.define<OrderJob>(SEND_ORDER_CONFIRMATION, ({ orderId }) => this.sendConfirmation(orderId));
  }

  /**
   * Issues the paid order's tickets and queues its confirmation, in one transaction, then sends
   * the e-mail at once. Answers how many tickets this call issued (0 when they already were).
   */
  async fulfil(orderId: string): Promise<number> {
    const { db, jobs, emails } = this.options;
    const issued = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Database;
      const [order] = await queryRows<{ state: string }>(tx, sql`select state from commerce.orders where id = ${orderId}`);
      if (order?.state !== 'PAID') return undefined;
      const count = await issueTickets(tx, orderId);
      if (emails) await jobs.enqueueIn(tx, SEND_ORDER_CONFIRMATION, { orderId }, { key: confirmationKey(orderId) });
      return count;
    });
    if (issued === undefined) {
      this.options.logger.warn({ orderId }, 'An order to fulfil is not paid; nothing was issued');
      return 0;
    }
    if (emails) await jobs.runNow(confirmationKey(orderId));
    return issued;
  }

  /** The e-mail job: sends the confirmation unless it was recorded as sent, then records it. */
  async sendConfirmation(orderId: string): Promise<void> {
    const { db, emails } = this.options;
    if (!emails) return;
    const [order] = await queryRows<{ state: string; confirmation_sent_at: Date | string | null }>(
      db,
      sql`select state, confirmation_sent_at from commerce.orders where id = ${orderId}`,
    );
    if (order?.state !== 'PAID' || order.confirmation_sent_at) return;
    if (!(await emails.sendConfirmation(orderId))) return;
    await db.execute(
      sql`update commerce.orders set confirmation_sent_at = ${this.options.clock().toISOString()}
          where id = ${orderId} and confirmation_sent_at is null`,
    );
  }
}
