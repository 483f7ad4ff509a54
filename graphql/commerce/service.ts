import express, { type Router } from 'express';
import { errors as joseErrors } from 'jose';
import { bearerToken } from '#platform/bearer-token.ts';
import type { DatabaseHandle } from '#platform/database.ts';
import { createGraphQLService, httpError } from '#platform/graphql-service.ts';
import { JobQueue, type JobStats } from '#platform/job-queue.ts';
import type { Logger } from '#platform/logger.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import type { LoyaltyProgramme } from '#platform/loyalty/loyalty-programme.ts';
import { LoyaltySandbox } from '#platform/loyalty/loyalty-sandbox.ts';
import { migrate } from '#platform/migrations.ts';
import { createRateLimits, type RateLimits } from '#platform/rate-limits.ts';
import { createAccessTokenVerifier, type AccessTokenVerifierOptions } from '#graphql/user/access-tokens.ts';
import { cartReaderOf } from './cart-for-order.ts';
import { CartStore } from './carts.ts';
import { Catalogue, CatalogueReader } from './catalogue.ts';
import { ConfirmationEmails } from './confirmation-email.tsx';
import { loadOrderEmailTranslations } from './order-translations.ts';
import type { CommerceCaller, CommerceContext, CommerceParts } from './context.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { unauthenticated } from './errors.ts';
import { commerceHttpRouter } from './http/index.ts';
import { Fulfilment, type OrderPaidHook } from './fulfilment.ts';
import { seedDemoClaimPeriods } from './loyalty/demo-claim-periods.ts';
import { CartPoints } from './loyalty/cart-points.ts';
import { LoyaltyClaims } from './loyalty/loyalty-claims.ts';
import { LoyaltyLedger } from './loyalty/loyalty-ledger.ts';
import type { LoyaltyMembers } from './loyalty/loyalty-members.ts';
import { COMMERCE_SCHEMA, commerceMigrations } from './migrations.ts';
import { OrderQueries } from './order-queries.ts';
import { OrderLifecycle, type OrderLifecycleOptions } from './order-lifecycle.ts';
import { OrderDesk, offeredPaymentMethods } from './orders.ts';
import { PaymentReconciler } from './payment-reconciler.ts';
import type { PaymentProviders } from './payments/payment-gateway.ts';
import { MoyasarGateway, type MoyasarSettings } from './payments/moyasar.ts';
import { PaymentSandbox } from './payments/sandbox.ts';
import { TabbyInstalments, type TabbySettings } from './payments/tabby.ts';
import { callbackSecret } from './payments/signature.ts';
import { resolvers } from './resolvers/index.ts';
import { readSalesFigures, type SalesFigures } from './sales-figures.ts';
import { ShopLimits } from './shop-limits.ts';
import { visitorAddressReader } from './visitor-address.ts';
import typeDefs from './schema.graphql';

export interface CommerceServiceOptions {
  database: DatabaseHandle;
  /** The identity service whose access tokens and guest credentials are callers here. */
  identity: Omit<AccessTokenVerifierOptions, 'acceptGuests'>;
  production: boolean;
  logger: Logger;
  /** The service's "now" (waves, coupons, holds); tests fix it. */
  clock?: () => Date;
  /** The site's public origin. */
  baseUrl: string;
  /** COMMERCE_SECRET: signs download links and ticket references. */
  secret: string;
  mailer?: Mailer | undefined;
  /** The demo catalogue (never in production). */
  seedDemoCatalogue?: boolean;
  /** The outside payment providers; without them (and without `moyasar`), the sandboxes of decision 0028 (served at /sandbox). */
  payments?: PaymentProviders;
  /**
   * Moyasar's account (PAYMENT_PROVIDER=moyasar, decision 0036): the card gateway is Moyasar, its
   * webhooks are taken at /commerce/payments/moyasar/webhook, and no sandbox exists.
   */
  moyasar?: MoyasarSettings | undefined;
  /**
   * Tabby's account (INSTALMENT_PROVIDER=tabby, decision 0042): the instalment provider is Tabby, its
   * webhooks are taken at /commerce/payments/tabby/webhook, and the instalment sandbox is not used.
   */
  tabby?: TabbySettings | undefined;
  /** How long a call to Tabby may take (tests of a slow provider shorten it). */
  tabbyTimeoutMs?: number;
  /** Payments take no real money on this production site (a staging site): order e-mails say TEST MODE. */
  testMode?: boolean;
  /** How long a call to Moyasar may take (tests of a slow gateway shorten it). */
  moyasarTimeoutMs?: number;
  /**
   * The work of a paid order's fulfil-order job; by default it issues the tickets and queues the
   * confirmation e-mail (fulfilment.ts). Tests that only watch payments replace it.
   */
  onOrderPaid?: OrderPaidHook;
  /** How often expired holds are swept (decision 0027); 0 turns the sweeper off (tests move the clock). */
  holdSweepIntervalMs?: number;
  /**
   * How often this process looks for queued jobs of the service and its sandboxes (decision 0032);
   * 0 leaves them to `runDue` (tests). Jobs recorded by this process still run at once.
   */
  jobPollIntervalMs?: number;
  /** How long a claimed job is a runner's before another process may take it. */
  jobLeaseMs?: number;
  /** Told of each payment settled here, after its commit (operators' metrics). */
  onPaymentSettled?: OrderLifecycleOptions['onSettled'];
  /** The loyalty programme (decision 0039); without it, its sandbox. */
  loyalty?: LoyaltyProgramme | undefined;
  /** Who a caller's loyalty member is (the user service); without it, loyalty operations answer LOYALTY_UNAVAILABLE. */
  loyaltyMembers?: LoyaltyMembers | undefined;
  /**
   * The site's rate limits, shared with the other services of the process (Redis, else the cluster's
   * primary or memory); without them the service counts its shop limits in its own memory.
   */
  rateLimits?: RateLimits | undefined;
}

/** SPEC 4.3: expired holds go back on sale within this long, even if nobody reads the order. */
export const HOLD_SWEEP_INTERVAL_MS = 30_000;
/** Work left by a process that died is picked up by the others within this long (plus its lease). */
export const JOB_POLL_INTERVAL_MS = 5_000;
/** Short: a dead process's job runs again soon. A running job renews its lease. */
export const JOB_LEASE_MS = 20_000;

/** The queues' numbers for the readiness report: informational, never a reason to be unready. */
export interface QueueStats {
  commerce: JobStats;
  paymentSandbox?: JobStats;
}

export interface CommerceService {
  /** The GraphQL API, mounted at `/graphql/commerce`. */
  router: Router;
  /** Plain HTTP routes (payment callbacks, downloads), mounted at `/commerce`. */
  http: Router;
  parts: CommerceParts;
  /** The payment sandboxes' hosted pages, mounted at `/sandbox` (absent with real providers). */
  sandbox: Router | undefined;
  /** The payment sandboxes themselves (absent with real providers). */
  paymentSandbox: PaymentSandbox | undefined;
  queueStats(): Promise<QueueStats>;
  /** Each queue's numbers per kind of job (`commerce`, `payment_sandbox`): operators' metrics. */
  queueStatsByKind(): Promise<Record<string, Record<string, JobStats>>>;
  /** Orders by state, tickets sold and held per event, active holds, from the service's own tables. */
  salesFigures(): Promise<SalesFigures>;
  /** Stops the sweeper and the queues at a safe point (the jobs in progress finish). */
  stop(): Promise<void>;
}

/** Builds every part of the service once; each area adds its own here. */
export function createCommerceParts(
  options: CommerceServiceOptions & { payments: PaymentProviders; loyalty: LoyaltyProgramme; rateLimits: RateLimits },
): CommerceParts {
  const db = options.database.db;
  const clock = options.clock ?? (() => new Date());
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const catalogue = new Catalogue(db, offeredPaymentMethods(options.payments));
  const verify = createAccessTokenVerifier({ ...options.identity, acceptGuests: true, logger: options.logger });
  const confirmationEmails = options.mailer
    ? new ConfirmationEmails({
        db,
        mailer: options.mailer,
        translations: loadOrderEmailTranslations(),
        secret: options.secret,
        baseUrl,
        clock,
        testMode: options.testMode === true,
      })
    : undefined;
  const carts = new CartStore(db, catalogue);
  const cartsForOrders = cartReaderOf({ carts, catalogue, clock });
  const jobs = new JobQueue({
    db,
    schema: COMMERCE_SCHEMA,
    clock,
    logger: options.logger.child({ component: 'jobs' }),
    leaseMs: options.jobLeaseMs ?? JOB_LEASE_MS,
  });
  const loyalty = new LoyaltyLedger({
    db,
    jobs,
    programme: options.loyalty,
    clock,
    logger: options.logger.child({ component: 'loyalty' }),
  });
  const lifecycle = new OrderLifecycle({
    db,
    clock,
    providers: options.payments,
    jobs,
    logger: options.logger.child({ component: 'orders' }),
    ...(options.onPaymentSettled ? { onSettled: options.onPaymentSettled } : {}),
    loyalty,
  });
  const fulfilment = new Fulfilment({
    db,
    jobs,
    emails: confirmationEmails,
    clock,
    logger: options.logger.child({ component: 'fulfilment' }),
    onOrderPaid: options.onOrderPaid,
  });
  const reconciler = new PaymentReconciler({
    db,
    jobs,
    lifecycle,
    providers: options.payments,
    clock,
    logger: options.logger.child({ component: 'payment-reconciler' }),
  });
  return {
    db,
    database: options.database,
    clock,
    logger: options.logger,
    production: options.production,
    baseUrl,
    secret: options.secret,
    mailer: options.mailer,
    catalogue,
    carts,
    async verifyCaller(token) {
      const claims = await verify(token);
      const kind = claims.guest === true ? 'guest' : 'user';
      return { customerId: claims.sub, kind, ...(kind === 'user' && claims.email ? { email: claims.email } : {}) };
    },
    stopVerifying: () => verify.stop(),
    payments: options.payments,
    callbackSecret: callbackSecret(options.secret),
    moyasarWebhookSecret: options.moyasar?.webhookSecret,
    tabbyWebhook: options.tabby ? { header: options.tabby.webhookHeader, secret: options.tabby.webhookSecret } : undefined,
    lifecycle,
    jobs,
    fulfilment,
    reconciler,
    cartsForOrders,
    orders: new OrderDesk({
      db,
      clock,
      baseUrl,
      providers: options.payments,
      lifecycle,
      reconciler,
      readCart: cartsForOrders,
      logger: options.logger.child({ component: 'orders' }),
      loyalty,
    }),
    orderQueries: new OrderQueries({ db, clock, secret: options.secret, baseUrl }),
    confirmationEmails,
    loyalty,
    loyaltyClaims: new LoyaltyClaims(db, loyalty, clock),
    cartPoints: new CartPoints(db, carts, catalogue, options.loyalty),
    loyaltyMembers: options.loyaltyMembers,
    limits: new ShopLimits(options.rateLimits),
  };
}

/**
 * The commerce service (SPEC 3.4, 7.2): the catalogue is open to anyone; carts and orders belong
 * to the caller, a signed-in user or a guest with credentials from the identity service. A bad or
 * expired token is 401, never taken for no token.
 */
export async function createCommerceService(options: CommerceServiceOptions): Promise<CommerceService> {
  if (options.seedDemoCatalogue && options.production) throw new Error('The demo catalogue must never be seeded in production');
  await migrate(options.database, COMMERCE_SCHEMA, commerceMigrations);
  if (options.seedDemoCatalogue) {
    await seedDemoCatalogue(options.database.db, options.logger);
    await seedDemoClaimPeriods(options.database.db);
  }
  // The sandboxes post their callbacks to this process's own callback route, in process.
  let deliverCallback: typeof fetch = fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const moyasar = options.moyasar
    ? new MoyasarGateway({
        secretKey: options.moyasar.secretKey,
        apiUrl: options.moyasar.apiUrl,
        invoiceCallbackUrl: `${baseUrl}/commerce/payments/moyasar/invoice-callback`,
        ...(options.moyasarTimeoutMs ? { timeoutMs: options.moyasarTimeoutMs } : {}),
        ...(options.clock ? { clock: options.clock } : {}),
        logger: options.logger.child({ component: 'moyasar' }),
      })
    : undefined;
  const tabby = options.tabby
    ? new TabbyInstalments({
        secretKey: options.tabby.secretKey,
        merchantCode: options.tabby.merchantCode,
        apiUrl: options.tabby.apiUrl,
        ...(options.tabbyTimeoutMs ? { timeoutMs: options.tabbyTimeoutMs } : {}),
        ...(options.clock ? { clock: options.clock } : {}),
        logger: options.logger.child({ component: 'tabby' }),
      })
    : undefined;
  // With Moyasar, its hosted page takes Apple Pay and STC Pay too (decision 0036); instalments only with Tabby (decision 0042).
  const realProviders: PaymentProviders | undefined =
    options.payments ?? (moyasar ? { card: moyasar, ...(tabby ? { instalments: tabby } : {}) } : undefined);
  const sandbox = realProviders
    ? undefined
    : await PaymentSandbox.create({
        database: options.database,
        baseUrl: options.baseUrl.replace(/\/+$/, ''),
        secret: callbackSecret(options.secret),
        ...(options.clock ? { clock: options.clock } : {}),
        logger: options.logger.child({ component: 'payment-sandbox' }),
        deliver: (input, init) => deliverCallback(input, init),
        jobLeaseMs: options.jobLeaseMs ?? JOB_LEASE_MS,
      });
  // Tabby beside the card sandbox: a developer trying Tabby's test account.
  const sandboxProviders = sandbox ? { ...sandbox.providers, ...(tabby ? { instalments: tabby } : {}) } : undefined;
  const loyalty =
    options.loyalty ??
    (await LoyaltySandbox.create({
      database: options.database,
      ...(options.clock ? { clock: options.clock } : {}),
      logger: options.logger.child({ component: 'loyalty-sandbox' }),
    }));
  const ownRateLimits = options.rateLimits
    ? undefined
    : await createRateLimits({ prefix: 'commerce', logger: options.logger.child({ component: 'rate-limits' }) });
  const rateLimits = options.rateLimits ?? ownRateLimits!;
  const parts = createCommerceParts({ ...options, payments: realProviders ?? sandboxProviders!, loyalty, rateLimits });
  const visitorAddressOf = visitorAddressReader(options.secret);

  async function callerOf(token: string | undefined): Promise<CommerceCaller | undefined> {
    if (!token) return undefined;
    try {
      return await parts.verifyCaller(token);
    } catch (error) {
      if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) {
        throw unauthenticated('Invalid or expired credentials');
      }
      options.logger.error({ err: error }, 'Access tokens cannot be verified: identity keys unavailable');
      throw httpError(503, 'The identity service is unavailable', 'SERVICE_UNAVAILABLE');
    }
  }

  const graphql = await createGraphQLService<CommerceContext>({
    name: 'commerce',
    typeDefs,
    resolvers,
    production: options.production,
    logger: options.logger,
    async context(req) {
      const accessToken = bearerToken(req.headers.authorization);
      return {
        ...parts,
        caller: await callerOf(accessToken),
        accessToken,
        catalogueReader: new CatalogueReader(parts.catalogue),
        visitorAddress: visitorAddressOf(req),
      };
    },
  });

  const http = commerceHttpRouter(parts);
  deliverCallback = createInProcessFetch(express().use('/commerce', http));
  const sweepEvery = options.holdSweepIntervalMs ?? HOLD_SWEEP_INTERVAL_MS;
  if (sweepEvery > 0) parts.lifecycle.startSweeper(sweepEvery);
  // After a restart, callbacks lost while no process ran are looked for now (decision 0032).
  await parts.reconciler.bringForward();
  const pollEvery = options.jobPollIntervalMs ?? JOB_POLL_INTERVAL_MS;
  const queues = [parts.jobs, ...(sandbox ? [sandbox.callbacks] : [])];
  if (pollEvery > 0) {
    for (const queue of queues) {
      queue.start(pollEvery);
      queue.kick();
    }
  }
  return {
    router: graphql.router,
    http,
    parts,
    sandbox: sandbox?.router,
    paymentSandbox: sandbox,
    async queueStats() {
      const [commerce, paymentSandbox] = await Promise.all(queues.map((queue) => queue.stats()));
      return { commerce: commerce!, ...(paymentSandbox ? { paymentSandbox } : {}) };
    },
    async queueStatsByKind() {
      const [commerce, paymentSandbox] = await Promise.all(queues.map((queue) => queue.statsByKind()));
      return { commerce: commerce!, ...(paymentSandbox ? { payment_sandbox: paymentSandbox } : {}) };
    },
    salesFigures: () => readSalesFigures(parts.db, parts.clock()),
    async stop() {
      await parts.stopVerifying();
      await parts.lifecycle.stop();
      // The sandbox's deliveries call into this service: they stop first.
      for (const queue of [...queues].reverse()) await queue.stop();
      await graphql.stop();
      await ownRateLimits?.close();
    },
  };
}
