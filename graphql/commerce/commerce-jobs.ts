/**
 * The commerce service's queued work (`commerce.jobs`, decision 0032): each kind and the key that
 * makes it happen once per order or payment.
 */

/** Issue a paid order's tickets and queue its confirmation e-mail (fulfilment.ts). */
export const FULFIL_ORDER = 'fulfil-order';
export const fulfilKey = (orderId: string) => `fulfil:${orderId}`;

/** Send a paid order's confirmation e-mail and record it (fulfilment.ts). */
export const SEND_ORDER_CONFIRMATION = 'send-order-confirmation';
export const confirmationKey = (orderId: string) => `confirmation:${orderId}`;

/** Ask the provider about a payment and act on its answer (payment-reconciler.ts). */
export const RECONCILE_PAYMENT = 'reconcile-payment';
export const reconcileKey = (paymentId: string) => `reconcile:${paymentId}`;

/** Take the money of an approved instalment payment once its order is paid (payment-reconciler.ts, decision 0042). */
export const CAPTURE_PAYMENT = 'capture-payment';
export const captureKey = (paymentId: string) => `capture:${paymentId}`;

export interface OrderJob {
  orderId: string;
}

export interface PaymentJob {
  paymentId: string;
}
