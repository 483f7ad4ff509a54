import express from 'express';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '#platform/database.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import { JobQueue } from '#platform/job-queue.ts';
import { createLogger } from '#platform/logger.ts';
import { migrate } from '#platform/migrations.ts';
import { Fulfilment } from '../fulfilment.ts';
import { HOLD_MINUTES, takeHolds } from '../inventory.ts';
import { COMMERCE_SCHEMA, commerceMigrations } from '../migrations.ts';
import { newOrderId } from '../order-ids.ts';
import { OrderLifecycle } from '../order-lifecycle.ts';
import { PaymentReconciler } from '../payment-reconciler.ts';
import { createCallbackRouter } from '../payments/callback-router.ts';
import { callbackSecret } from '../payments/signature.ts';
import { PaymentSandbox } from '../payments/sandbox.ts';

export const BASE_URL = 'https://nabd.test';
export const PAYMENTS_NOW = new Date('2026-11-21T12:00:00Z');

/**
 * The payment path on its own database: the commerce tables, the sandboxes, the callback
 * endpoint and the commerce queue wired as the service wires them (the fulfil-order job only
 * notes the paid order), an order placed straight into the tables, and a clock the test moves.
 * Stands beside the full service fixture for the state machine's own tests.
 */
export interface PaymentsFixture {
  database: DatabaseHandle;
  db: Database;
  sandbox: PaymentSandbox;
  lifecycle: OrderLifecycle;
  /** The commerce queue (`commerce.jobs`); the sandbox's is `sandbox.callbacks`. */
  jobs: JobQueue;
  /** The site's handlers: /sandbox/* and /commerce/payments/*. */
  app: express.Express;
  secret: Buffer;
  /** Orders whose fulfil-order job ran, once per run. */
  paidOrders: string[];
  clock: { now: Date };
  /** The callback endpoint answers 503 to the next `count` callbacks (a deploy, an outage). */
  refuseCallbacks(count: number): void;
  /** A ticket with `capacity`, its event and category. */
  ticket(capacity: number): Promise<string>;
  /** An order of `quantity` tickets, holding its stock, with a card payment at the sandbox. */
  placeOrder(ticketId: string, quantity: number): Promise<{ orderId: string; cartId: string; paymentId: string; paymentLink: string }>;
  stock(ticketId: string): Promise<{ held: number; sold: number; capacity: number }>;
  order(orderId: string): Promise<{ state: string; cart_state: string; payment_state: string; failure_reason: string | null }>;
  close(): Promise<void>;
}

export async function startPaymentsFixture(databaseUrl: string | undefined): Promise<PaymentsFixture> {
  const database = await openDatabase({ url: databaseUrl, dataDir: 'memory://' });
  await migrate(database, COMMERCE_SCHEMA, commerceMigrations);
  const logger = createLogger({ level: 'silent' });
  const clock = { now: PAYMENTS_NOW };
  const secret = callbackSecret('a-commerce-secret-for-tests');
  const paidOrders: string[] = [];
  let refusals = 0;
  const app = express();
  const sandbox = await PaymentSandbox.create({
    database,
    baseUrl: BASE_URL,
    secret,
    clock: () => clock.now,
    logger,
    deliver: createInProcessFetch(app),
  });
  const jobs = new JobQueue({ db: database.db, schema: COMMERCE_SCHEMA, clock: () => clock.now, logger });
  const lifecycle = new OrderLifecycle({ db: database.db, clock: () => clock.now, providers: sandbox.providers, jobs, logger });
  // Defines the fulfil-order job on the queue: here it only notes the order.
  new Fulfilment({
    db: database.db,
    jobs,
    emails: undefined,
    clock: () => clock.now,
    logger,
    onOrderPaid: async (orderId) => void paidOrders.push(orderId),
  });
  const reconciler = new PaymentReconciler({
    db: database.db,
    jobs,
    lifecycle,
    providers: sandbox.providers,
    clock: () => clock.now,
    logger,
  });
  app.use('/sandbox', sandbox.router);
  app.use('/commerce/payments', (_req, res, next) => {
    if (refusals === 0) return next();
    refusals--;
    res.status(503).json({ error: 'unavailable' });
  });
  app.use('/commerce/payments', createCallbackRouter({ secret, lifecycle, clock: () => clock.now, logger }));
  const db = database.db;
  let tickets = 0;

  return {
    database,
    db,
    sandbox,
    lifecycle,
    jobs,
    app,
    secret,
    paidOrders,
    clock,
    refuseCallbacks: (count) => void (refusals = count),
    async ticket(capacity) {
      const n = ++tickets;
      await db.execute(sql`insert into commerce.events (id, name_en, name_ar) values (${`ev-${n}`}, 'Event', 'فعالية')`);
      await db.execute(
        sql`insert into commerce.categories (id, event_id, name_en, name_ar) values (${`cat-${n}`}, ${`ev-${n}`}, 'Floor', 'الساحة')`,
      );
      await db.execute(
        sql`insert into commerce.tickets (id, event_id, category_id, name_en, name_ar, price, capacity)
            values (${`t-${n}`}, ${`ev-${n}`}, ${`cat-${n}`}, 'General', 'دخول عام', 25000, ${capacity})`,
      );
      return `t-${n}`;
    },
    async placeOrder(ticketId, quantity) {
      const orderId = newOrderId();
      const [{ event_id: eventId }] = (await queryRows<{ event_id: string }>(
        db,
        sql`select event_id from commerce.tickets where id = ${ticketId}`,
      )) as [{ event_id: string }];
      const total = 25000 * quantity;
      const expires = new Date(clock.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
      const cartId = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        const [cart] = await queryRows<{ id: string }>(
          tx,
          sql`insert into commerce.carts (event_id, customer_id, state) values (${eventId}, 'guest_1', 'ORDERED') returning id`,
        );
        await tx.execute(
          sql`insert into commerce.orders (id, event_id, cart_id, customer_id, payment_method, customer, billing_address, subtotal, total, total_excluding, vat, return_url, hold_expires_at, created_at)
              values (${orderId}, ${eventId}, ${cart!.id}, 'guest_1', 'CREDIT_CARD', '{"email":"layla@example.com","firstName":"Layla","lastName":"Haddad"}',
                      '{"address1":"King Fahd Road","city":"Riyadh","countryCode":"SA"}', ${total}, ${total}, ${Math.round(total / 1.15)},
                      ${total - Math.round(total / 1.15)}, ${`${BASE_URL}/tickets/confirmation`}, ${expires}, ${clock.now.toISOString()})`,
        );
        await takeHolds(tx, orderId, [{ kind: 'ticket', id: ticketId, quantity }]);
        return cart!.id;
      });
      const payment = await sandbox.card.createPayment({
        orderId,
        amount: total,
        currency: 'SAR',
        description: `Order ${orderId}`,
        locale: 'en',
        returnUrl: `${BASE_URL}/tickets/confirmation`,
        callbackUrl: `${BASE_URL}/commerce/payments/callback`,
      });
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        await tx.execute(
          sql`insert into commerce.payments (id, order_id, provider, state, amount, payment_link) values (${payment.paymentId}, ${orderId}, 'card', 'PENDING', ${total}, ${payment.paymentLink})`,
        );
        await reconciler.scheduleIn(tx, payment.paymentId, new Date(expires));
      });
      return { orderId, cartId, ...payment };
    },
    async stock(ticketId) {
      const [row] = await queryRows<{ held: number; sold: number; capacity: number }>(
        db,
        sql`select held, sold, capacity from commerce.tickets where id = ${ticketId}`,
      );
      return row!;
    },
    async order(orderId) {
      const [row] = await queryRows<{ state: string; cart_state: string; payment_state: string; failure_reason: string | null }>(
        db,
        sql`select o.state, c.state as cart_state, p.state as payment_state, p.failure_reason
            from commerce.orders o join commerce.carts c on c.id = o.cart_id left join commerce.payments p on p.order_id = o.id
            where o.id = ${orderId}`,
      );
      return row!;
    },
    async close() {
      await lifecycle.stop();
      await sandbox.callbacks.stop();
      await jobs.stop();
      await database.close();
    },
  };
}
