import express, { type Router } from 'express';
import type { CommerceParts } from '../context.ts';
import { createCallbackRouter } from '../payments/callback-router.ts';
import { createMoyasarWebhookRouter } from '../payments/moyasar-webhook-router.ts';
import { createTabbyWebhookRouter } from '../payments/tabby-webhook-router.ts';
import { ticketDownloadsRouter } from './ticket-downloads.ts';

/**
 * The service's plain HTTP routes, mounted by the site at `/commerce`: what is not GraphQL, such
 * as the payment gateway's callbacks and ticket PDF downloads. Each area adds a router of its own
 * in `AREAS` (its paths under `/commerce/...`).
 */
const AREAS: ((parts: CommerceParts) => Router)[] = [
  ticketDownloadsRouter,
  // POST /commerce/payments/callback (decision 0028).
  (parts) =>
    express
      .Router()
      .use(
        '/payments',
        createCallbackRouter({ secret: parts.callbackSecret, lifecycle: parts.lifecycle, clock: parts.clock, logger: parts.logger }),
      ),
  ticketDownloadsRouter,
  // POST /commerce/payments/moyasar/webhook and /invoice-callback, with Moyasar only (decision 0036).
  (parts) => {
    const router = express.Router();
    if (parts.moyasarWebhookSecret) {
      router.use(
        '/payments/moyasar',
        createMoyasarWebhookRouter({
          db: parts.db,
          webhookSecret: parts.moyasarWebhookSecret,
          reconciler: parts.reconciler,
          logger: parts.logger.child({ component: 'moyasar-webhooks' }),
        }),
      );
    }
    return router;
  },
  // POST /commerce/payments/tabby/webhook, with Tabby only (decision 0042).
  (parts) => {
    const router = express.Router();
    if (parts.tabbyWebhook) {
      router.use(
        '/payments/tabby',
        createTabbyWebhookRouter({
          db: parts.db,
          header: parts.tabbyWebhook.header,
          secret: parts.tabbyWebhook.secret,
          reconciler: parts.reconciler,
          logger: parts.logger.child({ component: 'tabby-webhooks' }),
        }),
      );
    }
    return router;
  },
];

export function commerceHttpRouter(parts: CommerceParts): Router {
  const router = express.Router();
  router.use((_req, res, next) => {
    // Payment callbacks and signed downloads are never to be kept by a cache.
    res.set('Cache-Control', 'no-store');
    next();
  });
  for (const area of AREAS) router.use(area(parts));
  router.use((_req, res) => void res.status(404).json({ error: 'not_found' }));
  return router;
}
