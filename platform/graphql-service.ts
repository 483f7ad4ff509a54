import express, { type Request, type Router } from 'express';
import { ApolloServer, HeaderMap, type ApolloServerPlugin, type BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { GraphQLError, type ASTVisitor, type ValidationContext, type ValidationRule } from 'graphql';
import type { ApolloServerOptionsWithTypeDefs } from '@apollo/server';
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE, unavailableDependency } from './dependency-errors.ts';
import { reportError } from './error-reports.ts';
import type { Logger } from './logger.ts';
import { OutageLog } from './outage-log.ts';
import { costLimit, depthLimit, rootFieldLimit } from './query-limits.ts';
import { graphqlRefusals } from './request-refusals.ts';
import { isUnstorableText, refuseUnstorableText } from './unstorable-text.ts';

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
  /** How much one operation may ask for; every service is bounded, by default with QUERY_LIMITS. */
  limits?: Partial<QueryLimits>;
}

export interface QueryLimits {
  /** Fields nested in fields, fragments followed. */
  depth: number;
  /** Top-level fields, aliases counted: no fan-out into many lookups in one request. */
  rootFields: number;
  /** The estimated cost: a field 1, a page of `first: n` n times its children. */
  cost: number;
}

/**
 * Bounds for the user and commerce services: the site's heaviest operation (the shop's catalogue
 * with every category, ticket, wave, perk and extra) stays well under them.
 */
export const QUERY_LIMITS: QueryLimits = { depth: 10, rootFields: 12, cost: 2_000 };

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

const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';

/**
 * One GraphQL service behind an Express router: JSON body, Apollo Server, the service's own
 * authentication in its context function. Stack traces never leave a production process, and the
 * schema is only introspectable outside production. A failure because the database (or another
 * dependency) is unavailable answers `SERVICE_UNAVAILABLE` with HTTP 503 (decision 0033).
 */
export async function createGraphQLService<Context extends BaseContext>(options: GraphQLServiceOptions<Context>): Promise<GraphQLService> {
  const limits = { ...QUERY_LIMITS, ...options.limits };
  const logger = options.logger.child({ service: options.name });
  const outages = new OutageLog(logger);
  const server = new ApolloServer<Context>({
    typeDefs: options.typeDefs,
    resolvers: options.resolvers,
    introspection: !options.production,
    // The process's own shutdown (server/lifecycle.ts) stops the services; Apollo must not
    // install signal handlers that re-raise SIGTERM halfway through it.
    stopOnTerminationSignals: false,
    includeStacktraceInErrorResponses: !options.production,
    plugins: [
      reportUnexpectedErrors(options.name, logger, outages),
      answerUnavailableWith503(),
      // Answers are cached by the web tier, not by HTTP caches: no per-field cache hints to compute.
      ApolloServerPluginCacheControlDisabled(),
      costLimit(limits.cost),
      ...(options.plugins ?? []),
    ],
    validationRules: [depthLimit(limits.depth), rootFieldLimit(limits.rootFields), noUnstorableStrings, ...(options.validationRules ?? [])],
    formatError(formatted, error) {
      if (unavailableDependency(error)) {
        // Masked like any unexpected failure in production; the code tells the caller to retry,
        // and the status travels in the body too, where the web tier's ServiceClient reads it.
        const message = options.production ? UNAVAILABLE_MESSAGE : formatted.message;
        const extensions = { ...(options.production ? {} : formatted.extensions), code: SERVICE_UNAVAILABLE, http: { status: 503 } };
        return { ...formatted, message, extensions };
      }
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
  router.use(refuseUnstorableText);
  router.use(expressMiddleware(server, { context: ({ req }) => contextOrUnavailable(options.context, req) }));
  router.use(graphqlRefusals);
  return { router, stop: () => server.stop() };
}

/**
 * A context that could not be built because a dependency is unavailable (the caller's account is
 * looked up in the database, say) is a 503 too; Apollo Server answers context failures itself,
 * from the error's own status.
 */
async function contextOrUnavailable<Context>(context: (req: Request) => Promise<Context>, req: Request): Promise<Context> {
  try {
    return await context(req);
  } catch (error) {
    if (!unavailableDependency(error)) throw error;
    const http = { status: 503, headers: new HeaderMap([['retry-after', String(RETRY_AFTER_SECONDS)]]) };
    throw new GraphQLError(UNAVAILABLE_MESSAGE, { originalError: error as Error, extensions: { code: SERVICE_UNAVAILABLE, http } });
  }
}

/** Strings written into the query itself are held to the same rule as variables (platform/unstorable-text.ts). */
function noUnstorableStrings(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (isUnstorableText(node.value)) {
        context.reportError(new GraphQLError('Strings may not carry NUL characters or unpaired surrogates', { nodes: [node] }));
      }
    },
  };
}

function reportUnexpectedErrors<Context extends BaseContext>(
  service: string,
  logger: Logger,
  outages: OutageLog,
): ApolloServerPlugin<Context> {
  return {
    async contextCreationDidFail({ error }) {
      const dependency = unavailableDependency(error);
      if (dependency) outages.report(dependency, error);
    },
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, operationName }) {
          for (const error of errors) {
            const dependency = unavailableDependency(error);
            if (dependency) outages.report(dependency, error.originalError ?? error, { operationName });
            else if (error.originalError && !(error.originalError instanceof GraphQLError)) {
              logger.error({ err: error.originalError, operationName }, 'GraphQL resolver failed');
              reportError(error.originalError, {
                component: 'graphql',
                tags: { service, operation: operationName ?? 'anonymous' },
                details: { path: error.path?.join('.') },
              });
            }
          }
        },
      };
    },
  };
}

/** A resolver that failed because a dependency is unavailable makes the whole answer a 503. */
function answerUnavailableWith503<Context extends BaseContext>(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, errors }) {
          if (!errors?.some((error) => unavailableDependency(error))) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
        },
      };
    },
  };
}
