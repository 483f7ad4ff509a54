import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database } from '#platform/database.ts';
import type { Logger } from '#platform/logger.ts';
import type { PaymentReconciler } from '../payment-reconciler.ts';
import { TabbyPaymentStillOpen, TabbyUnavailable } from './tabby.ts';

/** A Tabby webhook (https://docs.tabby.ai/pay-in-4-custom-integration/webhooks): the payment; only its id is read. */
const webhookShape = z.object({ id: z.string().min(1).max(100), status: z.string().max(40).optional() }).passthrough();

export interface TabbyWebhookRouterOptions {
  db: Database;
  /** TABBY_WEBHOOK_HEADER and TABBY_WEBHOOK_SECRET: the header registered with the webhook, and its value. */
  header: string;
  secret: string;
  reconciler: PaymentReconciler;
  logger: Logger;
}

/** Equal in constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length === expected.length;
}

/**
 * `POST /commerce/payments/tabby/webhook` (decision 0042). Tabby authenticates its webhooks with the
 * header registered with them: without it, or with another value, 401 and nothing is read. The body
 * is never believed: it only names a payment, which is fetched from Tabby and applied through the
 * reconciler under the payment's lock, as the reconciliation job and the buyer's return do, so a
 * replay, a webhook twice or in another order than the events changes nothing more. 200 once handled
 * (Tabby stops retrying), 503 while Tabby cannot be asked (it retries; the reconciliation job would
 * find the outcome anyway).
 */
export function createTabbyWebhookRouter(options: TabbyWebhookRouterOptions): Router {
  const router = express.Router();
  // The header first: nothing of a request without it is read, not even its body.
  const authenticated: express.RequestHandler = (req, res, next) => {
    const token = req.get(options.header);
    if (typeof token === 'string' && sameToken(token, options.secret)) return next();
    options.logger.warn({ present: typeof token === 'string' }, 'Tabby webhook refused: wrong or missing header');
    res.status(401).json({ error: 'invalid webhook header' });
  };
  router.post('/webhook', authenticated, express.json({ limit: '64kb', type: () => true }), async (req, res, next) => {
    try {
      const parsed = webhookShape.safeParse(req.body);
      if (!parsed.success) return void res.status(400).json({ error: 'malformed webhook' });
      const paymentId = parsed.data.id;
      const event = parsed.data.status;
      const [payment] = await queryRows<{ id: string; order_id: string }>(
        options.db,
        sql`select id, order_id from commerce.payments where id = ${paymentId} and provider = 'instalments'`,
      );
      if (!payment) {
        // A payment of another shop on the same merchant code, or a pre-scoring session: not ours to act on.
        options.logger.warn({ paymentId, event }, 'Tabby named a payment that is not one of ours');
        return void res.json({ outcome: 'unknown' });
      }
      const outcome = await options.reconciler.check(payment.id);
      options.logger.info({ orderId: payment.order_id, paymentId, event, outcome }, 'Tabby webhook checked');
      res.json({ outcome });
    } catch (error) {
      if (error instanceof TabbyUnavailable) {
        options.logger.warn({ err: error }, 'A Tabby webhook could not be checked: Tabby unavailable');
        return void res.status(503).set('Retry-After', '60').json({ error: 'unavailable' });
      }
      // A payment given up here that the buyer has not finished at Tabby: the reconciliation job closes it later.
      if (error instanceof TabbyPaymentStillOpen) return void res.json({ outcome: 'waiting' });
      next(error);
    }
  });
  return router;
}
