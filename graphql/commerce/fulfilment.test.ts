import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { createMailer, DEFAULT_MAIL_FROM } from '#platform/mail/mailer.ts';
import { databaseBackends } from '#test/support/backends.ts';
import { startMailCatcher, type MailCatcher } from '#test/support/mail-catcher.ts';
import { fulfilKey } from './commerce-jobs.ts';
import { insertOrder } from './test-support/paid-orders.ts';
import { startCommerceService, type RunningCommerceService, type TestUser } from './test-support/commerce-fixture.ts';

/**
 * Decision 0032: once an order is paid its tickets are issued and its confirmation e-mailed,
 * exactly once, eventually, whichever process dies when. The work is recorded with the payment and
 * run by any process's queue.
 */

const ORDER = `query($orderId: ID!) { order(orderId: $orderId) { id state ticketsIssued pdfTickets { id } } }`;
const GA = { ticketId: 'tkt_nabd_ga', quantity: 2, price: 115000 };

describe.each(databaseBackends)('fulfilment of paid orders on $name', (backend) => {
  let commerce: RunningCommerceService;
  let mail: MailCatcher;
  let owner: TestUser;
  /** While set, the fulfil-order job fails before doing anything (the database is out, say). */
  let fulfilmentFails = false;

  beforeAll(async () => {
    mail = await startMailCatcher();
    const logger = createLogger({ level: 'silent' });
    const mailer = createMailer({ smtpUrl: mail.url, from: DEFAULT_MAIL_FROM, dataDir: 'memory://', logger });
    commerce = await startCommerceService(backend, {
      mailer,
      holdSweepIntervalMs: 0,
      async onOrderPaid(orderId) {
        if (fulfilmentFails) throw new Error('Connection terminated unexpectedly');
        await commerce.service.parts.fulfilment.fulfil(orderId);
      },
    });
    owner = await commerce.signUp('fan@example.com', { givenName: 'Layla', familyName: 'Haddad' });
  });
  afterAll(async () => {
    await commerce.close();
    await mail.close();
  });
  beforeEach(() => {
    fulfilmentFails = false;
    commerce.clock.set('2026-11-21T12:00:00Z');
  });

  const db = () => commerce.database.db;
  const readOrder = async (orderId: string) =>
    (await commerce.call({ query: ORDER, variables: { orderId } }, owner.accessToken)).body.data.order;
  const ticketCount = async (orderId: string) =>
    (await queryRows(db(), sql`select id from commerce.issued_tickets where order_id = ${orderId}`)).length;
  const confirmationSent = async (orderId: string) =>
    (
      await queryRows<{ sent: boolean }>(
        db(),
        sql`select confirmation_sent_at is not null as sent from commerce.orders where id = ${orderId}`,
      )
    )[0]!.sent;

  /** A pending order of the owner's, paid by a committed payment transaction, as the callback pays it. */
  async function paidByCommit(email: string): Promise<string> {
    const { orderId } = await insertOrder(db(), { customerId: owner.customerId, email, lines: [GA], state: 'PENDING_PAYMENT' });
    const { lifecycle } = commerce.service.parts;
    const paid = await db().transaction((tx) => lifecycle.payIn(tx as unknown as Database, orderId, commerce.clock.now()));
    expect(paid).toBe('PAID');
    return orderId;
  }

  it('an order paid by a process that died right after the commit says its tickets are being issued, then any process fulfils it', async () => {
    const orderId = await paidByCommit('died@example.com');
    // The process is gone: nothing ran after the commit. The order says so.
    expect(await readOrder(orderId)).toEqual({ id: orderId, state: 'PAID', ticketsIssued: false, pdfTickets: [] });
    expect(await commerce.service.queueStats()).toMatchObject({ commerce: { waiting: 1, failing: 0 } });

    commerce.clock.advance(5_000);
    // fulfil-order, which queues the e-mail with the tickets and sends it at once.
    expect(await commerce.service.parts.jobs.runDue()).toBe(1);
    const order = await readOrder(orderId);
    expect(order).toMatchObject({ state: 'PAID', ticketsIssued: true });
    expect(order.pdfTickets).toHaveLength(2);
    const message = await mail.nextMessage('died@example.com');
    expect(message.subject).toContain(orderId);
    expect(message.parsed.messageId).toBe(`<order-${orderId.toLowerCase()}.confirmation@localhost>`);
    expect(await confirmationSent(orderId)).toBe(true);

    expect(await commerce.service.parts.jobs.runDue()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.pending('died@example.com')).toHaveLength(0);
    expect(await commerce.service.queueStats()).toMatchObject({ commerce: { waiting: 0, failing: 0, failed: 0 } });
  });

  it('a fulfilment that fails is retried after its backoff and fulfils the order on a later run', async () => {
    fulfilmentFails = true;
    const orderId = await paidByCommit('retried@example.com');
    await commerce.service.parts.lifecycle.paid(orderId); // at once after the commit: it fails
    expect(await readOrder(orderId)).toMatchObject({ state: 'PAID', ticketsIssued: false });
    expect(await commerce.service.queueStats()).toMatchObject({ commerce: { waiting: 0, scheduled: 1, failing: 1 } });

    fulfilmentFails = false;
    commerce.clock.advance(4_000); // the first wait is 5 s, ±10%
    expect(await commerce.service.parts.jobs.runNow(fulfilKey(orderId))).toBe(false);
    expect(await ticketCount(orderId)).toBe(0);
    commerce.clock.advance(2_000);
    expect(await commerce.service.parts.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await readOrder(orderId)).toMatchObject({ state: 'PAID', ticketsIssued: true });
    expect(await ticketCount(orderId)).toBe(2);
    await mail.nextMessage('retried@example.com');
    expect(await commerce.service.queueStats()).toMatchObject({ commerce: { failing: 0, failed: 0 } });
  });

  it('runs twice harmlessly: tickets and the e-mail once', async () => {
    const orderId = await paidByCommit('twice@example.com');
    const { fulfilment } = commerce.service.parts;
    const issued = await Promise.all([fulfilment.fulfil(orderId), fulfilment.fulfil(orderId)]);
    expect(issued.sort()).toEqual([0, 2]);
    await fulfilment.fulfil(orderId);
    await fulfilment.sendConfirmation(orderId);
    expect(await ticketCount(orderId)).toBe(2);
    await mail.nextMessage('twice@example.com');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.pending('twice@example.com')).toHaveLength(0);
  });

  it('an e-mail sent by a process that died before recording it is sent again as the same message', async () => {
    const orderId = await paidByCommit('resent@example.com');
    await commerce.service.parts.fulfilment.fulfil(orderId);
    const first = await mail.nextMessage('resent@example.com');
    // The send went out, the record of it did not.
    await db().execute(sql`update commerce.orders set confirmation_sent_at = null where id = ${orderId}`);
    await commerce.service.parts.fulfilment.sendConfirmation(orderId);
    const again = await mail.nextMessage('resent@example.com');
    expect(again.parsed.messageId).toBe(first.parsed.messageId);
    expect(again.subject).toBe(first.subject);
    expect(await confirmationSent(orderId)).toBe(true);
  });

  it('fulfils nothing for an order that is not paid', async () => {
    const { orderId } = await insertOrder(db(), { customerId: owner.customerId, lines: [GA], state: 'PENDING_PAYMENT' });
    expect(await commerce.service.parts.fulfilment.fulfil(orderId)).toBe(0);
    expect(await readOrder(orderId)).toMatchObject({ state: 'PENDING_PAYMENT', ticketsIssued: false });
    expect(await confirmationSent(orderId)).toBe(false);
  });
});
