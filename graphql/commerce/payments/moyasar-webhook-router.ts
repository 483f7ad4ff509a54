import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type Router } from 'express';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database } from '#platform/database.ts';
import type { Logger } from '#platform/logger.ts';
import type { PaymentReconciler } from '../payment-reconciler.ts';
import { MoyasarUnavailable } from './moyasar.ts';

/** A Moyasar webhook (https://docs.moyasar.com/webhook-reference): the event and the payment it is about. */
const webhookShape = z.object({
  id: z.string().max(100).optional(),
  type: z.string().min(1).max(60),
  secret_token: z.string().max(500),
  data: z.object({ id: z.string().min(1).max(100), invoice_id: z.string().min(1).max(100).nullish() }).passthrough(),
});

/** What Moyasar posts to an invoice's `callback_url`: the invoice; only its id is read. */
const invoiceShape = z.object({ id: z.string().min(1).max(100) }).passthrough();

export interface MoyasarWebhookRouterOptions {
  db: Database;
  /** MOYASAR_WEBHOOK_SECRET: the `secret_token` set for the webhook in Moyasar's dashboard. */
  webhookSecret: string;
  reconciler: PaymentReconciler;
  logger: Logger;
}

/** Equal in constant time whatever the lengths: both sides are hashed to 32 bytes first. */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected)) && given.length === expected.length;
}

/**
 * `POST /commerce/payments/moyasar/webhook` and `POST /commerce/payments/moyasar/invoice-callback`
 * (decision 0036). Neither body is believed: each only names an invoice, which is then fetched from
 * Moyasar and applied through the reconciler, under the payment's lock, exactly as the reconciliation
 * job and the buyer's return do. A webhook whose `secret_token` is wrong is 401 and changes nothing.
 * Answers 200 once handled (Moyasar stops retrying), 503 while Moyasar cannot be asked (it retries;
 * the reconciliation job would find the outcome anyway).
 */
export function createMoyasarWebhookRouter(options: MoyasarWebhookRouterOptions): Router {
  const router = express.Router();
  const json = express.json({ limit: '64kb', type: () => true });

  /** The outcome for our payment `invoiceId`, or 'unknown' for an invoice that is not one of ours. */
  async function apply(invoiceId: string, via: 'webhook' | 'invoice-callback', event?: string): Promise<string> {
    const [payment] = await queryRows<{ id: string; order_id: string }>(
      options.db,
      sql`select id, order_id from commerce.payments where id = ${invoiceId} and provider = 'card'`,
    );
    if (!payment) {
      options.logger.warn({ paymentId: invoiceId, via, event }, 'Moyasar named an invoice that is not one of our payments');
      return 'unknown';
    }
    const outcome = await options.reconciler.check(payment.id);
    options.logger.info({ orderId: payment.order_id, paymentId: payment.id, via, event, outcome }, 'Moyasar notification checked');
    return outcome;
  }

  const handle =
    (
      read: (body: unknown) => { invoiceId: string | undefined; event?: string } | 'forged' | 'malformed',
      via: 'webhook' | 'invoice-callback',
    ) =>
    async (req: express.Request, res: express.Response, next: express.NextFunction) => {
      try {
        const what = read(req.body);
        if (what === 'forged') {
          options.logger.warn({ via }, 'Moyasar webhook refused: wrong secret token');
          return void res.status(401).json({ error: 'invalid secret token' });
        }
        if (what === 'malformed') return void res.status(400).json({ error: 'malformed notification' });
        // A payment outside any invoice is not ours (we only create invoices).
        if (!what.invoiceId) return void res.json({ outcome: 'ignored' });
        res.json({ outcome: await apply(what.invoiceId, via, what.event) });
      } catch (error) {
        if (error instanceof MoyasarUnavailable) {
          options.logger.warn({ err: error, via }, 'A Moyasar notification could not be checked: Moyasar unavailable');
          return void res.status(503).set('Retry-After', '60').json({ error: 'unavailable' });
        }
        next(error);
      }
    };

  router.post(
    '/webhook',
    json,
    handle((body) => {
      const parsed = webhookShape.safeParse(body);
      if (!parsed.success) {
        // Without a token of the right shape nothing else is looked at.
        const token = (body as { secret_token?: unknown } | undefined)?.secret_token;
        return typeof token === 'string' && sameToken(token, options.webhookSecret) ? 'malformed' : 'forged';
      }
      if (!sameToken(parsed.data.secret_token, options.webhookSecret)) return 'forged';
      return { invoiceId: parsed.data.data.invoice_id ?? undefined, event: parsed.data.type };
    }, 'webhook'),
  );

  // The invoice's own callback carries no token; it is harmless: only a fetch from Moyasar decides.
  router.post(
    '/invoice-callback',
    json,
    handle((body) => {
      const parsed = invoiceShape.safeParse(body);
      return parsed.success ? { invoiceId: parsed.data.id, event: 'invoice_callback' } : 'malformed';
    }, 'invoice-callback'),
  );
  return router;
}
