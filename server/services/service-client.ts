import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type OperationVariables, type TypedDocumentNode } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { OperationTypeNode, type DocumentNode } from 'graphql';
import type { QueryCache } from './query-cache.ts';
import { VISITOR_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts';
import { serviceFetch } from './service-fetch.ts';

/**
 * How long one attempt of a call may take (decision 0034). The site's services answer in tens of
 * milliseconds, and even at the height of a sale (checkout p95 ~1.2 s, docs/benchmarks.md) well
 * under 5 s; past that a visitor on a phone has given up on the page, so it is better to try once
 * more or show the "unavailable" message than to keep waiting.
 */
export const DEFAULT_TIMEOUT_MS = 5_000;

/** A call to a service failed: unreachable, refused (401, 403) or answered with errors. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  constructor(
    message: string,
    readonly service: string,
    /** The HTTP status, or the one a GraphQL error asked for; undefined when unreachable. */
    readonly status: number | undefined,
    /** The first GraphQL error code, e.g. `UNAUTHENTICATED`, `BAD_USER_INPUT`. */
    readonly code: string | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface ServiceClientOptions {
  name: string;
  /** The service's GraphQL endpoint. */
  url: string;
  /** Over the network, or in process for co-located services (same requests, no socket). */
  fetch: typeof fetch;
  /** Headers on every request, such as the content service's bearer token. */
  headers?: Record<string, string>;
  /** One attempt's time limit, the answer read; `DEFAULT_TIMEOUT_MS` unless said. */
  timeoutMs?: number;
  /** When queries are tried again (SPEC 7.4); `VISITOR_RETRY_POLICY` unless said. Mutations never are. */
  retry?: RetryPolicy;
  /** Answers to anonymous queries are kept here for `staleMs` (SPEC 9.3); none when absent. */
  cache?: { store: QueryCache; staleMs: number };
  /** Headers that replace the usual ones in preview mode (the preview credential, include drafts). */
  previewHeaders?: Record<string, string>;
  /** The headers that tell the service whose address a call is made for (the commerce service's, signed). */
  visitorAddressHeaders?: (address: string) => Record<string, string>;
}

export interface CallOptions {
  /** The signed-in visitor's access token (SPEC 7.2: requests are signed with it). Never cached. */
  accessToken?: string | undefined;
  /** How long this query's answer may be served from the cache, overriding the client's default. */
  staleMs?: number;
  /** Ask the service now, never the cache. */
  fresh?: boolean;
  /** SPEC 1, 6: editors' preview mode: drafts included, nothing cached. */
  preview?: boolean;
  /** The visitor's address, for the service's limits per address (decision 0043). Never cached. */
  visitorAddress?: string | undefined;
}

/** Queries are module constants: their identity names them in cache keys without printing them. */
const documentIds = new WeakMap<DocumentNode, number>();
let lastDocumentId = 0;
const documentId = (document: DocumentNode) => {
  if (!documentIds.has(document)) documentIds.set(document, ++lastDocumentId);
  return documentIds.get(document)!;
};

/**
 * The web tier's client of one GraphQL service (Apollo Client, without its normalized cache).
 * With a cache configured, anonymous queries are answered from it while fresh enough.
 */
export class ServiceClient {
  private readonly apollo: ApolloClient;
  /** Options every call of this client makes (see `scoped`). */
  private callDefaults: CallOptions = {};

  constructor(private readonly options: ServiceClientOptions) {
    const linkFor = (operation: 'query' | 'mutation') =>
      new HttpLink({
        uri: options.url,
        fetch: serviceFetch(options.fetch, {
          service: options.name,
          operation,
          timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          policy: options.retry ?? VISITOR_RETRY_POLICY,
        }),
        headers: options.headers ?? {},
      });
    this.apollo = new ApolloClient({
      // Reads and writes take separate ways so that a write is never sent twice (decision 0034).
      link: ApolloLink.split((operation) => operation.operationType === OperationTypeNode.MUTATION, linkFor('mutation'), linkFor('query')),
      cache: new InMemoryCache(),
      defaultOptions: { query: { fetchPolicy: 'no-cache' }, mutate: { fetchPolicy: 'no-cache' } },
    });
  }

  /**
   * The same client (connection, cache) with options applied to every call: a request in preview
   * mode gets one with `preview: true`, so that loaders ask for drafts without knowing it.
   */
  scoped(defaults: CallOptions): ServiceClient {
    const client = Object.create(this) as ServiceClient;
    client.callDefaults = { ...this.callDefaults, ...defaults };
    return client;
  }

  async query<Data, Variables extends OperationVariables>(
    query: TypedDocumentNode<Data, Variables>,
    variables: Variables,
    callOptions: CallOptions = {},
  ): Promise<Data> {
    const options = { ...this.callDefaults, ...callOptions };
    const cache = this.options.cache;
    if (!cache || options.accessToken || options.fresh || options.preview) return this.fetchQuery(query, variables, options);
    const key = `${documentId(query)}:${JSON.stringify(variables)}`;
    return cache.store.get(key, options.staleMs ?? cache.staleMs, () => this.fetchQuery(query, variables, options));
  }

  private async fetchQuery<Data, Variables extends OperationVariables>(
    query: TypedDocumentNode<Data, Variables>,
    variables: Variables,
    options: CallOptions,
  ): Promise<Data> {
    try {
      const result = await this.apollo.query({ query, variables, context: { headers: this.headersFor(options) } });
      return result.data as Data;
    } catch (error) {
      throw this.toServiceError(error);
    }
  }

  private headersFor(options: CallOptions): Record<string, string> {
    const visitor = options.visitorAddress && this.options.visitorAddressHeaders?.(options.visitorAddress);
    return { ...(options.preview ? this.options.previewHeaders : {}), ...authorization(options), ...visitor };
  }

  async mutate<Data, Variables extends OperationVariables>(
    mutation: TypedDocumentNode<Data, Variables>,
    variables: Variables,
    callOptions: CallOptions = {},
  ): Promise<Data> {
    const options = { ...this.callDefaults, ...callOptions };
    try {
      const result = await this.apollo.mutate({ mutation, variables, context: { headers: this.headersFor(options) } });
      return result.data as Data;
    } catch (error) {
      throw this.toServiceError(error);
    }
  }

  private toServiceError(error: unknown): ServiceError {
    const name = this.options.name;
    if (ServerError.is(error)) {
      return new ServiceError(`${name} service answered ${error.statusCode}`, name, error.statusCode, undefined, { cause: error });
    }
    if (CombinedGraphQLErrors.is(error)) {
      const first = error.errors[0];
      const extensions = (first?.extensions ?? {}) as { code?: string; http?: { status?: number } };
      return new ServiceError(`${name} service: ${first?.message}`, name, extensions.http?.status, extensions.code, { cause: error });
    }
    return new ServiceError(`${name} service unreachable: ${(error as Error)?.message}`, name, undefined, undefined, { cause: error });
  }
}

const authorization = ({ accessToken }: CallOptions): Record<string, string> =>
  accessToken ? { authorization: `Bearer ${accessToken}` } : {};
