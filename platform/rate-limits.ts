import cluster from 'node:cluster';
import {
  RateLimiterCluster,
  RateLimiterClusterMaster,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Logger } from './logger.ts';
import { connectRedis, disconnectRedis, withinRedisDeadline } from './redis-client.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Every limit the product enforces, in one place (decision 0020). Each counts `points` events per
 * key within `durationSeconds`; the key is an account (a lower-cased email or a user id) or a
 * visitor's address.
 */
export const RATE_LIMITS = {
  /**
   * Password guessing against one account from one address: five wrong passwords, then a quarter
   * of an hour's pause for that address only, so that nobody can lock the owner out from elsewhere.
   */
  signInFailuresPerAccountAndAddress: { points: 5, durationSeconds: 15 * MINUTE },
  /**
   * Guessing against one account from many addresses: slower, and generous enough that it takes a
   * spread attack (more addresses than the per-address limit allows) before the owner notices it.
   */
  signInFailuresPerAccount: { points: 100, durationSeconds: HOUR },
  /** One address trying many accounts (credential stuffing); generous, since a venue's Wi-Fi shares one address. */
  signInFailuresPerAddress: { points: 50, durationSeconds: HOUR },
  /** Mass account creation from one address; a family signing up together stays far below it. */
  signUpsPerAddress: { points: 10, durationSeconds: HOUR },
  /** E-mails with a code (sign-up, resend, reset) per account: nobody's inbox is flooded through us. */
  codesSentPerAccount: { points: 5, durationSeconds: HOUR },
  /** Codes tried from one address across accounts; one code dies after 5 wrong tries anyway. */
  codeAttemptsPerAddress: { points: 30, durationSeconds: 15 * MINUTE },
  /** Password changes per account: a stolen session cannot guess the current password at leisure. */
  passwordChangesPerAccount: { points: 5, durationSeconds: 15 * MINUTE },
  /** The user service's `userExistence` per caller (a user, else an address): it tells whether an e-mail has an account (decision 0022). */
  userExistencePerCaller: { points: 10, durationSeconds: 15 * MINUTE },
  /** Wrong loyalty PINs and unknown member ids per user (decision 0039); the programme also locks a member after five. */
  loyaltyPinFailuresPerUser: { points: 5, durationSeconds: 15 * MINUTE },

  // ---- The shop (decision 0043): per customer (a user, or a guest's credentials) and per address ----
  // A customer is cheap to renew (new guest credentials), so each limit also counts per address;
  // an address may be a venue's or a mobile carrier's shared one, so its limits are ten times looser.

  /**
   * Cart changes (create, add, quantity, extras, coupon, claim): a buyer weighing options clicks a
   * stepper a few dozen times in ten minutes; a script looking for stock moves faster than 1 every 5 s.
   */
  cartChangesPerCustomer: { points: 120, durationSeconds: 10 * MINUTE },
  /** A family or a group of friends on one Wi-Fi, ten carts at once, each changing as above. */
  cartChangesPerAddress: { points: 1200, durationSeconds: 10 * MINUTE },
  /**
   * Orders placed, each a hold on stock for its payment window (decision 0027): a buyer who changes
   * their mind about the payment method places two or three; ten in a quarter hour is holding stock.
   */
  ordersPerCustomer: { points: 10, durationSeconds: 15 * MINUTE },
  /** A venue's box-office Wi-Fi: about one order every 9 s from one address for a quarter hour. */
  ordersPerAddress: { points: 100, durationSeconds: 15 * MINUTE },
  /**
   * Wrong coupon codes (unknown, expired, not for this cart): a typo or two, not a dictionary. Ten
   * guesses a quarter hour makes guessing a six-character code take centuries.
   */
  couponFailuresPerCustomer: { points: 10, durationSeconds: 15 * MINUTE },
  /** A group trying the code a friend passed on, each mistyping it once or twice. */
  couponFailuresPerAddress: { points: 50, durationSeconds: 15 * MINUTE },
  /**
   * Payment attempts we make with a provider (a wallet charge, an instalment pre-scoring): a declined
   * card tried again a few times, not card testing against the provider through us.
   */
  paymentAttemptsPerCustomer: { points: 15, durationSeconds: 15 * MINUTE },
  /** Ten buyers on one address, each with their few attempts. */
  paymentAttemptsPerAddress: { points: 150, durationSeconds: 15 * MINUTE },
} as const satisfies Record<string, { points: number; durationSeconds: number }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export interface RateLimitDecision {
  allowed: boolean;
  /** When the key may try again, in seconds (0 when allowed). */
  retryAfterSeconds: number;
}

export interface RateLimits {
  /** Counts one event for the key; refused when the limit is already used up. */
  consume(name: RateLimitName, key: string): Promise<RateLimitDecision>;
  /** Whether the key is still within the limit, without counting anything. */
  check(name: RateLimitName, key: string): Promise<RateLimitDecision>;
  /** Forgets the key's count (e.g. the account's failures after a successful sign-in). */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Redis (every node), the cluster's primary (the workers of one node) or this process's memory. */
  readonly engine: 'redis' | 'cluster' | 'memory';
  close(): Promise<void>;
}

export interface RateLimitOptions {
  /** With Redis the counts are shared by every node; without it each process counts alone. */
  redisUrl?: string | undefined;
  /** Starts every key, so several sites (or test files) can share one Redis. */
  prefix: string;
  logger: Logger;
  /** Told of each refusal, by limit (metrics). */
  onRefused?: (name: RateLimitName) => void;
  /** Told of each Redis failure: a lost connection, or a call that failed and was let through (metrics). */
  onRedisError?: (kind: 'connection' | 'command') => void;
}

const ALLOWED: RateLimitDecision = { allowed: true, retryAfterSeconds: 0 };

/** How long a worker waits for the primary's count before letting the request through. */
const CLUSTER_DEADLINE_MS = 1_000;

/**
 * In a cluster's primary (decision 0043): keeps the counts of the workers' limits when no Redis is
 * configured, so that a node's workers count together instead of each allowing the whole limit.
 */
export function serveRateLimitsToWorkers(): void {
  new RateLimiterClusterMaster();
}

/**
 * The limits over rate-limiter-flexible. When the Redis server cannot answer, the limits fail
 * open with a warning: refusing every sign-in on a sale day would hurt more than a few minutes
 * without brute-force protection (decision 0020).
 */
export async function createRateLimits(options: RateLimitOptions): Promise<RateLimits> {
  const { logger, prefix } = options;
  // Calls fail at once while the server is away and within their deadline while it is frozen,
  // instead of holding the visitor's request until it returns (platform/redis-client.ts).
  const redisFailed = options.onRedisError ?? (() => {});
  const refused = (name: RateLimitName, decision: RateLimitDecision) => {
    if (!decision.allowed) options.onRefused?.(name);
    return decision;
  };
  const client = options.redisUrl ? await connectRedis(options.redisUrl, { onError: () => redisFailed('connection') }) : undefined;
  // Without Redis, a cluster's workers count in their primary (serveRateLimitsToWorkers).
  const engine = client ? 'redis' : cluster.isWorker ? 'cluster' : 'memory';
  const limits = Object.entries(RATE_LIMITS) as [RateLimitName, (typeof RATE_LIMITS)[RateLimitName]][];
  // Each worker-side limiter listens to the primary's answers on the process.
  if (engine === 'cluster') process.setMaxListeners(process.getMaxListeners() + limits.length);
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const [name, limit] of limits) {
    const common = { keyPrefix: `${prefix}:rate:${name}`, points: limit.points, duration: limit.durationSeconds };
    limiters.set(
      name,
      engine === 'redis'
        ? new RateLimiterRedis({ ...common, storeClient: client, useRedisPackage: true, rejectIfRedisNotReady: true })
        : engine === 'cluster'
          ? new RateLimiterCluster({ ...common, timeoutMs: CLUSTER_DEADLINE_MS })
          : new RateLimiterMemory(common),
    );
  }
  const limiter = (name: RateLimitName) => limiters.get(name)!;

  let lastWarning = 0;
  function failOpen(name: RateLimitName, error: unknown): RateLimitDecision {
    if (client) redisFailed('command');
    // One warning a minute is enough to page someone; one per request would drown the logs.
    if (Date.now() - lastWarning > 60_000) {
      lastWarning = Date.now();
      logger.warn({ err: error, limit: name }, 'Rate limits unavailable: letting requests through');
    }
    return ALLOWED;
  }

  return {
    engine,
    async consume(name, key) {
      try {
        await withinRedisDeadline(limiter(name).consume(key));
        return ALLOWED;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return refused(name, { allowed: false, retryAfterSeconds: Math.ceil(rejection.msBeforeNext / 1000) });
        }
        return failOpen(name, rejection);
      }
    },
    async check(name, key) {
      try {
        const state = await withinRedisDeadline(limiter(name).get(key));
        if (!state || state.consumedPoints < RATE_LIMITS[name].points) return ALLOWED;
        return refused(name, { allowed: false, retryAfterSeconds: Math.ceil(state.msBeforeNext / 1000) });
      } catch (error) {
        return failOpen(name, error);
      }
    },
    async reset(name, key) {
      try {
        await withinRedisDeadline(limiter(name).delete(key));
      } catch (error) {
        failOpen(name, error);
      }
    },
    async close() {
      if (client) await disconnectRedis(client);
    },
  };
}
