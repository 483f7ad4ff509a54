import express, { type Router } from 'express';
import { z } from 'zod';
import type { Logger } from '#platform/logger.ts';
import type { OrderLifecycle } from '../order-lifecycle.ts';
import { CALLBACK_STATUSES, type PaymentCallback } from './payment-gateway.ts';
import { SIGNATURE_HEADER, verifyCallbackSignature } from './signature.ts';

const callbackShape = z.object({
  eventId: z.string().min(1).max(100),
  paymentId: z.string().min(1).max(100),
  orderId: z.string().min(1).max(40),
  provider: z.enum(['card', 'wallet', 'instalments']),
  status: z.enum(CALLBACK_STATUSES),
  sequence: z.number().int().min(1),
  amount: z.number().int().min(0),
  currency: z.literal('SAR'),
});

export interface CallbackRouterOptions {
  secret: Buffer;
  lifecycle: OrderLifecycle;
  clock: () => Date;
  logger: Logger;
}

/**
 * `POST /commerce/payments/callback`: the providers' server-to-server callbacks (decision 0028).
 * The signature covers the raw bytes, so the body is read raw and parsed only once it is verified.
 * 401 for a bad or stale signature; 200 for a callback recorded (applied, replayed or ignored) so
 * that the provider stops retrying it.
 */
export function createCallbackRouter(options: CallbackRouterOptions): Router {
  const router = express.Router();
  router.post('/callback', express.raw({ type: '*/*', limit: '16kb' }), async (req, res, next) => {
    try {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const check = verifyCallbackSignature(options.secret, raw, req.get(SIGNATURE_HEADER), options.clock());
      if (!check.ok) {
        options.logger.warn({ reason: check.reason }, 'Payment callback refused: signature');
        return void res.status(401).json({ error: 'invalid signature' });
      }
      let parsed: ReturnType<typeof callbackShape.safeParse>;
      try {
        parsed = callbackShape.safeParse(JSON.parse(raw.toString('utf8')));
      } catch {
        return void res.status(400).json({ error: 'malformed callback' });
      }
      if (!parsed.success) return void res.status(400).json({ error: 'malformed callback' });
      const outcome = await options.lifecycle.applyCallback(parsed.data as PaymentCallback);
      res.json({ outcome });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
