import type { RateLimitName, RateLimits } from '#platform/rate-limits.ts';
import type { CommerceCaller } from './context.ts';
import { tooManyRequests } from './errors.ts';

/**
 * The shop's abuse limits (decision 0043, `RATE_LIMITS` in platform/rate-limits.ts), enforced by the
 * service whoever calls it: each counts per customer and per address, and a refusal changes nothing.
 */

export type ShopAction = 'cartChange' | 'order' | 'paymentAttempt';

const LIMITS: Record<ShopAction | 'couponFailure', { customer: RateLimitName; address: RateLimitName; field: Record<string, string> }> = {
  cartChange: {
    customer: 'cartChangesPerCustomer',
    address: 'cartChangesPerAddress',
    field: { cart: 'commerce:errors.tooManyCartChanges' },
  },
  order: { customer: 'ordersPerCustomer', address: 'ordersPerAddress', field: { cartId: 'commerce:errors.tooManyOrders' } },
  paymentAttempt: {
    customer: 'paymentAttemptsPerCustomer',
    address: 'paymentAttemptsPerAddress',
    field: { paymentMethod: 'commerce:errors.tooManyPaymentAttempts' },
  },
  couponFailure: {
    customer: 'couponFailuresPerCustomer',
    address: 'couponFailuresPerAddress',
    field: { code: 'commerce:errors.tooManyCouponAttempts' },
  },
};

/** Who is counted: the caller, and the visitor's address when the service knows it. */
export interface Counted {
  caller: CommerceCaller;
  address: string | undefined;
}

/**
 * The site's own machine: a load test, a tool, the fault suite's balancer. Behind a proxy that
 * TRUST_PROXY names, a visitor's address is never one of these; without a proxy, no visitor has one.
 */
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** The address to count, if any. */
const countedAddress = (who: Counted): string | undefined => (who.address && !LOOPBACK.test(who.address) ? who.address : undefined);

export class ShopLimits {
  constructor(private readonly rateLimits: RateLimits) {}

  /** Counts one `action`; throws TOO_MANY_REQUESTS (429) when the customer or the address is past its limit. */
  async consume(action: ShopAction, who: Counted): Promise<void> {
    const limit = LIMITS[action];
    this.#refuseUnless(await this.rateLimits.consume(limit.customer, `customer:${who.caller.customerId}`), limit.field);
    const address = countedAddress(who);
    if (address) this.#refuseUnless(await this.rateLimits.consume(limit.address, `address:${address}`), limit.field);
  }

  /** Before a coupon is tried: refused when too many wrong codes were given already; counts nothing. */
  async checkCoupon(who: Counted): Promise<void> {
    const limit = LIMITS.couponFailure;
    this.#refuseUnless(await this.rateLimits.check(limit.customer, `customer:${who.caller.customerId}`), limit.field);
    const address = countedAddress(who);
    if (address) this.#refuseUnless(await this.rateLimits.check(limit.address, `address:${address}`), limit.field);
  }

  /** A wrong coupon code was given: counted for the customer and the address. */
  async couponFailed(who: Counted): Promise<void> {
    const limit = LIMITS.couponFailure;
    await this.rateLimits.consume(limit.customer, `customer:${who.caller.customerId}`);
    const address = countedAddress(who);
    if (address) await this.rateLimits.consume(limit.address, `address:${address}`);
  }

  #refuseUnless(decision: { allowed: boolean; retryAfterSeconds: number }, field: Record<string, string>): void {
    if (!decision.allowed) throw tooManyRequests(Math.max(1, decision.retryAfterSeconds), field);
  }
}
