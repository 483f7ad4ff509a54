import type { DatabaseHandle } from '#platform/database.ts';
import { bearerToken } from '#platform/bearer-token.ts';
import { errors as joseErrors } from 'jose';
import { createGraphQLService, httpError, unauthorized, type GraphQLService } from '#platform/graphql-service.ts';
import type { Logger } from '#platform/logger.ts';
import type { LoyaltyProgramme } from '#platform/loyalty/loyalty-programme.ts';
import { LoyaltySandbox } from '#platform/loyalty/loyalty-sandbox.ts';
import { migrate } from '#platform/migrations.ts';
import type { RateLimits } from '#platform/rate-limits.ts';
import { createAccessTokenVerifier, type AccessTokenVerifierOptions } from './access-tokens.ts';
import { AddressBook } from './address-book.ts';
import { LoyaltyLinks } from './loyalty-links.ts';
import { USER_SCHEMA, userMigrations } from './migrations.ts';
import { NotificationCatalogue } from './notification-preferences.ts';
import { resolvers, type UserContext } from './resolvers.ts';
import typeDefs from './schema.graphql';
import { UserStore } from './user-store.ts';

export interface UserServiceOptions {
  database: DatabaseHandle;
  identity: AccessTokenVerifierOptions;
  production: boolean;
  logger: Logger;
  /** The shared limits (decision 0020); `userExistencePerCaller` applies here. */
  rateLimits: RateLimits;
  /** The loyalty programme (decision 0039); the sandbox when none is given. */
  loyalty?: LoyaltyProgramme;
}

/**
 * The user service (SPEC 3.3, 7.2): profiles, addresses, newsletters, schedules and loyalty links. A request either
 * carries a valid access token from the identity service or none (a guest); a bad token is 401.
 */
export async function createUserService(options: UserServiceOptions): Promise<GraphQLService> {
  await migrate(options.database, USER_SCHEMA, userMigrations);
  const store = new UserStore(options.database.db);
  const programme =
    options.loyalty ??
    (await LoyaltySandbox.create({ database: options.database, logger: options.logger.child({ component: 'loyalty-sandbox' }) }));
  const parts = {
    store,
    addressBook: new AddressBook(options.database.db),
    notifications: new NotificationCatalogue(options.database.db),
    rateLimits: options.rateLimits,
    loyalty: new LoyaltyLinks(options.database.db, programme, options.rateLimits),
  };
  const verify = createAccessTokenVerifier({ ...options.identity, logger: options.logger });

  const service = await createGraphQLService<UserContext>({
    name: 'user',
    typeDefs,
    resolvers,
    production: options.production,
    logger: options.logger,
    async context(req) {
      // Express's `trust proxy` of the app the router is mounted in decides what req.ip is; a call
      // from the web tier in the same process has no address of its own.
      const clientAddress = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      const token = bearerToken(req.headers.authorization);
      if (!token) return { ...parts, clientAddress, caller: undefined };
      try {
        return { ...parts, clientAddress, caller: await verify(token) };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError && !(error instanceof joseErrors.JWKSTimeout)) {
          throw unauthorized('Invalid or expired access token');
        }
        options.logger.error({ err: error }, 'Access tokens cannot be verified: identity keys unavailable');
        throw httpError(503, 'The identity service is unavailable', 'SERVICE_UNAVAILABLE');
      }
    },
  });
  return {
    ...service,
    async stop() {
      await verify.stop();
      await service.stop();
    },
  };
}
