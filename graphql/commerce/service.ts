import express, { type Router } from 'express';
import { errors as joseErrors } from 'jose';
import { bearerToken } from '#platform/bearer-token.ts';
import type { DatabaseHandle } from '#platform/database.ts';
import { createGraphQLService, httpError } from '#platform/graphql-service.ts';
import type { Logger } from '#platform/logger.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import { migrate } from '#platform/migrations.ts';
import { createAccessTokenVerifier, type AccessTokenVerifierOptions } from '#graphql/user/access-tokens.ts';
import { cartReaderOf } from './cart-for-order.ts';
import { CartStore } from './carts.ts';
import { Catalogue, CatalogueReader } from './catalogue.ts';
import { ConfirmationEmails, loadOrderEmailTranslations } from './confirmation-email.tsx';
import type { CommerceCaller, CommerceContext, CommerceParts } from './context.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { unauthenticated } from './errors.ts';
import { commerceHttpRouter } from './http/index.ts';
import { createOrderPaidHook } from './issued-tickets.ts';
import { COMMERCE_SCHEMA, commerceMigrations } from './migrations.ts';
import { OrderQueries } from './order-queries.ts';
import { OrderLifecycle, type OrderPaidHook } from './order-lifecycle.ts';
import { OrderDesk } from './orders.ts';
import type { PaymentProviders } from './payments/payment-gateway.ts';
import { PaymentSandbox } from './payments/sandbox.ts';
import { callbackSecret } from './payments/signature.ts';
import { resolvers } from './resolvers/index.ts';
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
  /** The outside payment providers; without them, the sandboxes of decision 0028 (served at /sandbox). */
  payments?: PaymentProviders;
  /** Runs once an order is paid and committed; by default issues its tickets and e-mails them (issued-tickets.ts). */
  onOrderPaid?: OrderPaidHook;
  /** How often expired holds are swept (decision 0027); 0 turns the sweeper off (tests move the clock). */
  holdSweepIntervalMs?: number;
}

/** SPEC 4.3: expired holds go back on sale within this long, even if nobody reads the order. */
export const HOLD_SWEEP_INTERVAL_MS = 30_000;

export interface CommerceService {
  /** The GraphQL API, mounted at `/graphql/commerce`. */
  router: Router;
  /** Plain HTTP routes (payment callbacks, downloads), mounted at `/commerce`. */
  http: Router;
  parts: CommerceParts;
  /** The payment sandboxes' hosted pages, mounted at `/sandbox` (absent with real providers). */
  sandbox: Router | undefined;
  stop(): Promise<void>;
}

/** Builds every part of the service once; each area adds its own here. */
export function createCommerceParts(options: CommerceServiceOptions & { payments: PaymentProviders }): CommerceParts {
  const db = options.database.db;
  const clock = options.clock ?? (() => new Date());
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const catalogue = new Catalogue(db);
  const verify = createAccessTokenVerifier({ ...options.identity, acceptGuests: true });
  const confirmationEmails = options.mailer
    ? new ConfirmationEmails({
        db,
        mailer: options.mailer,
        translations: loadOrderEmailTranslations(),
        secret: options.secret,
        baseUrl,
        clock,
      })
    : undefined;
  const onOrderPaid = options.onOrderPaid ?? createOrderPaidHook({ db, emails: confirmationEmails, logger: options.logger });
  const carts = new CartStore(db, catalogue);
  const cartsForOrders = cartReaderOf({ carts, catalogue, clock });
  const lifecycle = new OrderLifecycle({
    db,
    clock,
    providers: options.payments,
    onOrderPaid,
    logger: options.logger.child({ component: 'orders' }),
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
    payments: options.payments,
    callbackSecret: callbackSecret(options.secret),
    lifecycle,
    cartsForOrders,
    orders: new OrderDesk({
      db,
      clock,
      baseUrl,
      providers: options.payments,
      lifecycle,
      readCart: cartsForOrders,
      logger: options.logger.child({ component: 'orders' }),
    }),
    orderQueries: new OrderQueries({ db, clock, secret: options.secret, baseUrl }),
    confirmationEmails,
    onOrderPaid,
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
  if (options.seedDemoCatalogue) await seedDemoCatalogue(options.database.db, options.logger);
  // The sandboxes post their callbacks to this process's own callback route, in process.
  let deliverCallback: typeof fetch = fetch;
  const sandbox = options.payments
    ? undefined
    : await PaymentSandbox.create({
        database: options.database,
        baseUrl: options.baseUrl.replace(/\/+$/, ''),
        secret: callbackSecret(options.secret),
        ...(options.clock ? { clock: options.clock } : {}),
        logger: options.logger.child({ component: 'payment-sandbox' }),
        deliver: (input, init) => deliverCallback(input, init),
      });
  const parts = createCommerceParts({ ...options, payments: options.payments ?? sandbox!.providers });

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
      return {
        ...parts,
        caller: await callerOf(bearerToken(req.headers.authorization)),
        catalogueReader: new CatalogueReader(parts.catalogue),
      };
    },
  });

  const http = commerceHttpRouter(parts);
  deliverCallback = createInProcessFetch(express().use('/commerce', http));
  const sweepEvery = options.holdSweepIntervalMs ?? HOLD_SWEEP_INTERVAL_MS;
  if (sweepEvery > 0) parts.lifecycle.startSweeper(sweepEvery);
  return {
    router: graphql.router,
    http,
    parts,
    sandbox: sandbox?.router,
    async stop() {
      await parts.lifecycle.stop();
      await graphql.stop();
    },
  };
}
