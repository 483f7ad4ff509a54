import type { ErrorRequestHandler } from 'express';

/**
 * A request refused for what the visitor sent, by the body parsers or anything raising
 * http-errors: too large or too many fields (413), a character set or encoding we do not read
 * (415), malformed (400). Their own status says which; anything else is not the visitor's doing.
 */
export function refusedRequestStatus(error: unknown): 400 | 413 | 415 | undefined {
  const { status, expose } = (error ?? {}) as { status?: unknown; expose?: unknown };
  if (status === 400) return 400;
  if (expose !== true || typeof status !== 'number') return undefined;
  return status === 413 || status === 415 ? status : status >= 400 && status < 500 ? 400 : undefined;
}

const GRAPHQL_REFUSALS = {
  400: 'The request is malformed or carries characters that cannot be accepted.',
  413: 'The request is larger than accepted.',
  415: 'The request body must be JSON in UTF-8.',
} as const;

/** For a GraphQL endpoint: a refused request answered as GraphQL errors (`BAD_REQUEST`), never a page or a 500. */
export const graphqlRefusals: ErrorRequestHandler = (error, _req, res, next) => {
  const status = refusedRequestStatus(error);
  if (!status || res.headersSent) return next(error);
  res.status(status).json({ errors: [{ message: GRAPHQL_REFUSALS[status], extensions: { code: 'BAD_REQUEST' } }] });
};
