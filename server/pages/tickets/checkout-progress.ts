import type { Request } from 'express';
import type { AddressStep, DetailsStep, FinalizeStep } from '../../forms/checkout-forms.ts';

/**
 * SPEC 2.4: checkout in steps (e-mail, details, billing, shipping when a cart item ships,
 * finalize), one step per request so that it works without JavaScript. What the visitor typed is
 * kept in the server session, per event, never in URLs or hidden fields (decision 0031).
 */
export const CHECKOUT_STEPS = ['email', 'details', 'billing', 'shipping', 'finalize'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface CheckoutProgress {
  /** The cart these answers were given for: another cart starts over at its first step. */
  cartId: string;
  email?: string;
  details?: DetailsStep;
  billing?: AddressStep;
  /** `billing` when the visitor chose the billing address again. */
  shipping?: AddressStep | 'billing';
  paymentMethod?: FinalizeStep['paymentMethod'];
}

declare module 'express-session' {
  interface SessionData {
    /** Checkout answers by commerce event id. */
    checkout?: Record<string, CheckoutProgress>;
  }
}

/** The steps this cart goes through: shipping only when an item ships (SPEC 2.4). */
export const stepsFor = (shippingRequired: boolean): CheckoutStep[] =>
  CHECKOUT_STEPS.filter((step) => step !== 'shipping' || shippingRequired);

const answered = (progress: CheckoutProgress, step: CheckoutStep): boolean => (step === 'finalize' ? false : progress[step] !== undefined);

/** The first step not answered yet: where a visitor arriving at checkout starts or resumes. */
export function firstOpenStep(progress: CheckoutProgress, shippingRequired: boolean): CheckoutStep {
  return stepsFor(shippingRequired).find((step) => !answered(progress, step)) ?? 'finalize';
}

/**
 * The step to show: the one asked for (`?step=`, to change an earlier answer) when every step
 * before it is answered, else the first open one. Step names in the URL carry no personal data.
 */
export function stepToShow(progress: CheckoutProgress, shippingRequired: boolean, asked: unknown): CheckoutStep {
  const steps = stepsFor(shippingRequired);
  const open = firstOpenStep(progress, shippingRequired);
  const wanted = steps.find((step) => step === asked);
  if (!wanted) return open;
  return steps.indexOf(wanted) <= steps.indexOf(open) ? wanted : open;
}

/** 1-based, for the progress line and for analytics' step_number (SPEC 9.4). */
export const stepNumber = (step: CheckoutStep, shippingRequired: boolean): number => stepsFor(shippingRequired).indexOf(step) + 1;

/** The session's answers for this event's cart; a new cart starts with none. */
export function progressFor(req: Request, eventId: string, cartId: string): CheckoutProgress {
  const all = (req.session.checkout ??= {});
  const current = all[eventId];
  if (current && current.cartId === cartId) return current;
  const fresh: CheckoutProgress = { cartId };
  all[eventId] = fresh;
  return fresh;
}
