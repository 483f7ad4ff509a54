import { ResponseBodyError } from 'openid-client';
import {
  ClientClosedError,
  ClientOfflineError,
  ConnectionTimeoutError,
  ReconnectStrategyError,
  SocketClosedUnexpectedlyError,
  SocketTimeoutError,
  TimeoutError,
} from 'redis';

/**
 * Which failures mean "something we depend on is unavailable" (decision 0033): the visitor gets
 * 503 with Retry-After and "try again in a moment" instead of 500, and the operator one warning
 * a minute instead of one error per request. Everything else stays an unexpected failure.
 */

/**
 * How long a client should wait before asking again, in seconds: a PostgreSQL restart or a Redis
 * reconnection takes a few seconds, and a crawler or the app coming back sooner only adds load.
 */
export const RETRY_AFTER_SECONDS = 10;

/** The GraphQL error code (and HTTP status 503) a service answers when its database is unavailable. */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';

/** A socket that could not reach, or lost, the other end. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that is going away or cannot take the connection: class 08 (connection
 * exception), 57P01 admin shutdown (`pg_ctl stop -m fast`, `pg_terminate_backend`), 57P02 crash
 * shutdown, 57P03 cannot connect now (starting up, shutting down), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres's own words for a connection it lost or could not make. */
const POSTGRES_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

/** node-redis: the client is reconnecting, closed, lost its socket, or the command found no answer in time. */
const REDIS_UNAVAILABLE = [
  ClientOfflineError,
  ClientClosedError,
  SocketClosedUnexpectedlyError,
  ConnectionTimeoutError,
  SocketTimeoutError,
  ReconnectStrategyError,
  TimeoutError,
];

const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/**
 * The dependency the error says is unavailable (`database`, `redis`, `user service`, or the
 * address of a connection that failed), or undefined for any other failure. Looks through the
 * causes that drizzle, GraphQL and fetch wrap errors in.
 */
export function unavailableDependency(error: unknown): string | undefined {
  return search(error, 0);
}

export const isDependencyUnavailable = (error: unknown): boolean => unavailableDependency(error) !== undefined;

function search(error: unknown, depth: number): string | undefined {
  if (!error || typeof error !== 'object' || depth > 6) return undefined;
  const own = classify(error);
  if (own !== null) return own;
  // `thrownValue`: graphql-js wraps what a resolver threw that is not an Error (of its realm) in a NonErrorThrown.
  const wrapped = error as { cause?: unknown; originalError?: unknown; thrownValue?: unknown; errors?: unknown };
  const inner = [
    wrapped.cause,
    wrapped.originalError,
    wrapped.thrownValue,
    // An AggregateError's (a connection tried on several addresses), whatever realm it comes from.
    ...(Array.isArray(wrapped.errors) ? (wrapped.errors as unknown[]) : []),
  ];
  for (const candidate of inner) {
    const found = search(candidate, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** A verdict on this error alone: a dependency, undefined for "another failure, look no further", null for "look at its cause". */
function classify(error: object): string | undefined | null {
  // The web tier's ServiceError (server/services/service-client.ts), known by its fields because
  // the platform sits below the web tier. Its own status and code decide, not what it wraps.
  if (isServiceError(error)) {
    const { service, status, code } = error;
    const unreachable = status === undefined && code === undefined;
    return unreachable || code === SERVICE_UNAVAILABLE || (status !== undefined && UNAVAILABLE_STATUSES.has(status))
      ? `${service} service`
      : undefined;
  }
  // The identity service, answering the web tier's OpenID Connect calls.
  if (error instanceof ResponseBodyError) return UNAVAILABLE_STATUSES.has(error.status) ? 'identity service' : undefined;
  if (REDIS_UNAVAILABLE.some((type) => error instanceof type)) return 'redis';

  const { code, message, address, port } = error as { code?: unknown; message?: unknown; address?: unknown; port?: unknown };
  if (typeof code === 'string' && NETWORK_CODES.has(code)) {
    return typeof address === 'string' && port !== undefined ? `${address}:${String(port)}` : 'network';
  }
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    return code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) ? 'database' : undefined;
  }
  if (typeof message === 'string' && POSTGRES_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return 'database';
  return null;
}

interface ServiceErrorFields {
  name: 'ServiceError';
  service: string;
  status: number | undefined;
  code: string | undefined;
}

const isServiceError = (error: object): error is ServiceErrorFields =>
  (error as { name?: unknown }).name === 'ServiceError' && typeof (error as { service?: unknown }).service === 'string';
