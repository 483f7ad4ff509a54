import express, { type Request, type Router } from 'express';
import { ApolloServer, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { GraphQLError, type ValidationRule } from 'graphql';
import type { ApolloServerOptionsWithTypeDefs } from '@apollo/server';
import type { Logger } from './logger.ts';

export interface GraphQLServiceOptions<Context extends BaseContext> {
  name: string;
  typeDefs: string | string[];
  resolvers: ApolloServerOptionsWithTypeDefs<Context>['resolvers'];
  /** Builds the per-request context; throw `unauthorized()` to answer 401. */
  context: (req: Request) => Promise<Context>;
  production: boolean;
  logger: Logger;
  plugins?: ApolloServerPlugin<Context>[];
  validationRules?: ValidationRule[];
}

export interface GraphQLService {
  router: Router;
  stop(): Promise<void>;
}

/** A GraphQL error that Apollo Server answers with the given HTTP status (401, 403, 404...). */
export function httpError(status: number, message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status } } });
}

export const unauthorized = (message = 'Authentication required') => httpError(401, message, 'UNAUTHENTICATED');
export const forbidden = (message = 'Not allowed') => httpError(403, message, 'FORBIDDEN');

/**
 * One GraphQL service behind an Express router: JSON body, Apollo Server, the service's own
 * authentication in its context function. Stack traces never leave a production process, and the
 * schema is only introspectable outside production.
 */
export async function createGraphQLService<Context extends BaseContext>(options: GraphQLServiceOptions<Context>): Promise<GraphQLService> {
  const server = new ApolloServer<Context>({
    typeDefs: options.typeDefs,
    resolvers: options.resolvers,
    introspection: !options.production,
    // The process's own shutdown (server/lifecycle.ts) stops the services; Apollo must not
    // install signal handlers that re-raise SIGTERM halfway through it.
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: !options.production,
    plugins: [
      reportUnexpectedErrors(options.logger.child({ service: options.name })),
      // Answers are cached by the web tier, not by HTTP caches: no per-field cache hints to compute.
      ApolloServerPluginCacheControlDisabled(),
      ...(options.plugins ?? []),
    ],
    validationRules: options.validationRules ?? [],
    formatError(formatted, error) {
      const original = (error as GraphQLError | undefined)?.originalError;
      // Unexpected failures are logged in full by the plugin below and reach the caller masked.
      if (options.production && original && !(original instanceof GraphQLError)) {
        return { message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
      }
      return formatted;
    },
  });
  await server.start();

  const router = express.Router();
  router.use(express.json({ limit: '100kb' }));
  router.use(expressMiddleware(server, { context: ({ req }) => options.context(req) }));
  return { router, stop: () => server.stop() };
}

function reportUnexpectedErrors<Context extends BaseContext>(logger: Logger): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, operationName }) {
          for (const error of errors) {
            if (error.originalError && !(error.originalError instanceof GraphQLError)) {
              logger.error({ err: error.originalError, operationName }, 'GraphQL resolver failed');
            }
          }
        },
      };
    },
  };
}
