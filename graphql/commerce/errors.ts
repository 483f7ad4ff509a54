import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { fieldMessages } from '#platform/profile-rules.ts';

/** The schema's `CommerceErrorCode`: every refusal of the service carries one in `extensions.code`. */
export type CommerceErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'CART_LIMIT_EXCEEDED'
  | 'INSUFFICIENT_STOCK'
  | 'OUT_OF_STOCK'
  | 'INVENTORY_ERROR'
  | 'NOT_ON_SALE'
  | 'CART_NOT_ACTIVE'
  | 'CART_BLOCKED'
  | 'COUPON_NOT_FOUND'
  | 'COUPON_EXPIRED'
  | 'COUPON_NOT_APPLICABLE'
  | 'COUPON_ALREADY_APPLIED'
  | 'INSUFFICIENT_FUNDS'
  | 'PAYMENT_DECLINED'
  | 'ORDER_STATE'
  | 'HOLD_EXPIRED'
  | 'LOYALTY_NOT_LINKED'
  | 'LOYALTY_VERIFICATION_REQUIRED'
  | 'LOYALTY_BURN_FAILED'
  | 'LOYALTY_POINTS_LIMIT'
  | 'LOYALTY_EMAIL_MISMATCH'
  | 'LOYALTY_ALREADY_CLAIMED'
  | 'LOYALTY_CLAIM_PERIOD_CLOSED'
  | 'LOYALTY_NO_POINTS'
  | 'LOYALTY_UNAVAILABLE'
  | 'TOO_MANY_REQUESTS';

/**
 * A refusal. `fields` maps input fields to locale keys of SPEC 5 and 8 (`validation:required`,
 * `shop:errors.outOfStock`), which the site's forms show in the visitor's language.
 */
export function commerceError(
  code: CommerceErrorCode,
  status: number,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status }, ...(fields ? { fields } : {}), ...details } });
}

/** True when `error` is a refusal with that code (for callers that turn some into messages). */
export const hasCode = (error: unknown, code: CommerceErrorCode) => error instanceof GraphQLError && error.extensions.code === code;

export const unauthenticated = (message = 'Guest credentials or a sign-in are needed') => commerceError('UNAUTHENTICATED', 401, message);
export const forbidden = (message = 'Sign in to use this operation') => commerceError('FORBIDDEN', 403, message);
/** Something the caller does not have, whether it does not exist or belongs to someone else. */
export const notFound = (what: string) => commerceError('NOT_FOUND', 404, `${what} not found`);
export const badUserInput = (fields: Record<string, string>, message = 'Invalid input') =>
  commerceError('BAD_USER_INPUT', 400, message, fields);
export const conflict = (message = 'The cart changed meanwhile; read it again') =>
  commerceError('CONFLICT', 409, message, { version: 'commerce:errors.conflict' });
export const cartLimitExceeded = (message: string, fields?: Record<string, string>) =>
  commerceError('CART_LIMIT_EXCEEDED', 422, message, fields ?? { quantity: 'commerce:errors.cartLimit' });
export const insufficientStock = (message = 'Fewer are left than asked for', fields?: Record<string, string>) =>
  commerceError('INSUFFICIENT_STOCK', 409, message, fields ?? { quantity: 'commerce:errors.insufficientStock' });
export const outOfStock = (message = 'None are left', fields?: Record<string, string>) =>
  commerceError('OUT_OF_STOCK', 409, message, fields ?? { quantity: 'commerce:errors.outOfStock' });
export const inventoryError = (message = 'The stock could not be held or released') => commerceError('INVENTORY_ERROR', 503, message);
export const notOnSale = (message = 'Not on sale now', fields?: Record<string, string>) =>
  commerceError('NOT_ON_SALE', 422, message, fields ?? { catalogueItemId: 'commerce:errors.notOnSale' });
export const cartNotActive = (message = 'The cart can no longer change') =>
  commerceError('CART_NOT_ACTIVE', 409, message, { cart: 'commerce:errors.cartNotActive' });
export const cartBlocked = (message = 'An item that is out of stock or not on sale blocks checkout') =>
  commerceError('CART_BLOCKED', 409, message, { items: 'commerce:errors.cartBlocked' });
export const couponNotFound = (message = 'No such coupon') =>
  commerceError('COUPON_NOT_FOUND', 422, message, { code: 'commerce:errors.couponNotFound' });
export const couponExpired = (message = 'The coupon has expired') =>
  commerceError('COUPON_EXPIRED', 422, message, { code: 'commerce:errors.couponExpired' });
export const couponNotApplicable = (message = 'The coupon does not apply to this cart') =>
  commerceError('COUPON_NOT_APPLICABLE', 422, message, { code: 'commerce:errors.couponNotApplicable' });
export const couponAlreadyApplied = (message = 'The cart already has a coupon') =>
  commerceError('COUPON_ALREADY_APPLIED', 422, message, { code: 'commerce:errors.couponAlreadyApplied' });
export const insufficientFunds = (message = 'The wallet has insufficient funds') =>
  commerceError('INSUFFICIENT_FUNDS', 402, message, { paymentToken: 'payments:errors.insufficientFunds' });
export const paymentDeclined = (message = 'The payment was declined') =>
  commerceError('PAYMENT_DECLINED', 402, message, { paymentMethod: 'payments:errors.paymentDeclined' });
export const orderState = (message = 'The order is not in a state that allows this') =>
  commerceError('ORDER_STATE', 409, message, { orderId: 'payments:errors.orderState' });
export const holdExpired = (message = 'The hold expired before the order was paid') =>
  commerceError('HOLD_EXPIRED', 409, message, { orderId: 'payments:errors.holdExpired' });

/**
 * A shop limit reached (decision 0043): 429 with Retry-After, and the locale key of what the
 * visitor reads for the form field it concerns. Nothing was changed.
 */
export const tooManyRequests = (retryAfterSeconds: number, fields: Record<string, string>) =>
  new GraphQLError('Too many requests, try again in a few minutes', {
    extensions: {
      code: 'TOO_MANY_REQUESTS' satisfies CommerceErrorCode,
      retryAfterSeconds,
      fields,
      http: { status: 429, headers: new Map([['retry-after', String(retryAfterSeconds)]]) },
    },
  });

// ---- Loyalty (decision 0039) ----

export const loyaltyNotLinked = (message = 'No loyalty member is linked to the caller') =>
  commerceError('LOYALTY_NOT_LINKED', 409, message, { form: 'loyalty:errors.notLinked' });
export const loyaltyVerificationRequired = (message = 'The member must give the PIN again') =>
  commerceError('LOYALTY_VERIFICATION_REQUIRED', 409, message, { memberPin: 'loyalty:errors.pinRequired' });
/** SPEC 8: "Burn points failed", with the programme's reason. */
export function loyaltyBurnFailed(reason: string) {
  const keys: Record<string, string> = {
    INSUFFICIENT_POINTS: 'loyalty:errors.insufficientPoints',
    MEMBER_INACTIVE: 'loyalty:errors.memberInactive',
    MEMBER_NOT_VERIFIED: 'loyalty:errors.memberNotVerified',
  };
  return commerceError(
    'LOYALTY_BURN_FAILED',
    422,
    'Burn points failed',
    { points: keys[reason] ?? 'loyalty:errors.burnFailed' },
    { reason },
  );
}
export const loyaltyPointsLimit = (limit: number) =>
  commerceError('LOYALTY_POINTS_LIMIT', 422, `The cart takes at most ${limit} points`, { points: 'loyalty:errors.pointsLimit' }, { limit });
export const loyaltyEmailMismatch = (orderId: string) =>
  commerceError(
    'LOYALTY_EMAIL_MISMATCH',
    403,
    'The order was bought with another e-mail',
    { orderId: 'loyalty:errors.emailMismatch' },
    { orderId },
  );
export const loyaltyAlreadyClaimed = (orderId: string) =>
  commerceError(
    'LOYALTY_ALREADY_CLAIMED',
    409,
    'The order’s points were claimed already',
    { orderId: 'loyalty:errors.alreadyClaimed' },
    { orderId },
  );
export const loyaltyClaimPeriodClosed = (orderId: string) =>
  commerceError(
    'LOYALTY_CLAIM_PERIOD_CLOSED',
    422,
    'Claims for the order’s event are closed',
    { orderId: 'loyalty:errors.claimPeriodClosed' },
    { orderId },
  );
export const loyaltyNoPoints = (orderId: string) =>
  commerceError('LOYALTY_NO_POINTS', 422, 'The order earns no points', { orderId: 'loyalty:errors.noPoints' }, { orderId });
export const loyaltyUnavailable = (message = 'The loyalty programme is not answering') =>
  commerceError('LOYALTY_UNAVAILABLE', 503, message, { form: 'loyalty:errors.unavailable' });

/** Parses with a zod schema whose messages are locale keys, or refuses with each field's key. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (!result.success) throw badUserInput(fieldMessages(result.error));
  return result.data;
}
