import type { Router } from 'express';
import { errors as joseErrors } from 'jose';
import { bearerToken } from '#platform/bearer-token.ts';
import type { DatabaseHandle } from '#platform/database.ts';
import { createGraphQLService, httpError } from '#platform/graphql-service.ts';
import type { Logger } from '#platform/logger.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import { migrate } from '#platform/migrations.ts';
import { createAccessTokenVerifier, type AccessTokenVerifierOptions } from '#graphql/user/access-tokens.ts';
import { Catalogue, CatalogueReader } from './catalogue.ts';
import type { CommerceCaller, CommerceContext, CommerceParts } from './context.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { unauthenticated } from './errors.ts';
import { commerceHttpRouter } from './http/index.ts';
import { COMMERCE_SCHEMA, commerceMigrations } from './migrations.ts';
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
}

export interface CommerceService {
  /** The GraphQL API, mounted at `/graphql/commerce`. */
  router: Router;
  /** Plain HTTP routes (payment callbacks, downloads), mounted at `/commerce`. */
  http: Router;
  parts: CommerceParts;
  stop(): Promise<void>;
}

/** Builds every part of the service once; each area adds its own here. */
export function createCommerceParts(options: CommerceServiceOptions): CommerceParts {
  return {
    db: options.database.db,
    database: options.database,
    clock: options.clock ?? (() => new Date()),
    logger: options.logger,
    production: options.production,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    secret: options.secret,
    mailer: options.mailer,
    catalogue: new Catalogue(options.database.db),
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
  const parts = createCommerceParts(options);
  const verify = createAccessTokenVerifier({ ...options.identity, acceptGuests: true });

  async function callerOf(token: string | undefined): Promise<CommerceCaller | undefined> {
    if (!token) return undefined;
    try {
      const claims = await verify(token);
      const kind = claims.guest === true ? 'guest' : 'user';
      return { customerId: claims.sub, kind, ...(kind === 'user' && claims.email ? { email: claims.email } : {}) };
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

  return { router: graphql.router, http: commerceHttpRouter(parts), parts, stop: () => graphql.stop() };
}
