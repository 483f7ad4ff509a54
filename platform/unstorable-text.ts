import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Text that no visitor types and PostgreSQL cannot keep: the NUL character (refused by `text` and
 * `jsonb`) and half of a UTF-16 surrogate pair (no UTF-8 encoding exists for it). Such input is
 * refused where it enters, with a 400, rather than failing deep down in a query.
 */
export function isUnstorableText(value: string): boolean {
  return value.includes('\u0000') || !value.isWellFormed();
}

/** Whether any string in a parsed body or query (nested objects and arrays too) is unstorable. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnstorableText(value);
  // Parsers bound how deep input nests; a deeper value is refused rather than walked.
  if (depth > 32) return true;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => isUnstorableText(key) || hasUnstorableText(item, depth + 1));
  }
  return false;
}

/** The path as the router will decode it, or undefined when it does not decode at all. */
function decodedPath(req: Request): string | undefined {
  try {
    return decodeURIComponent(req.path);
  } catch {
    return undefined;
  }
}

/** 400: what the request carries cannot be stored (http-errors' shape, so every error handler reads it). */
export class UnstorableTextRefused extends Error {
  override name = 'UnstorableTextRefused';
  readonly status = 400;
  readonly statusCode = 400;
  readonly expose = true;
  constructor() {
    super('The request carries characters that cannot be accepted (NUL or an unpaired surrogate)');
  }
}

/**
 * Refuses a request whose path, query or parsed body carries unstorable text, passing
 * `UnstorableTextRefused` to the error handler of the part of the site it reached (each answers in
 * its own way: a page, GraphQL errors, OAuth's `invalid_request`). Mounted before the body parsers
 * it checks the path and query; after one, the body too.
 */
export const refuseUnstorableText: RequestHandler = (req: Request, _res: Response, next: NextFunction) => {
  const path = decodedPath(req);
  if (path === undefined || isUnstorableText(path) || hasUnstorableText(req.query) || hasUnstorableText(req.body)) {
    return next(new UnstorableTextRefused());
  }
  next();
};

/** A body parser followed by the check, as one handler (for routes that parse their own body). */
// Typed for any route's parameters: it reads only the body.
export function parsedAndChecked(parser: RequestHandler): RequestHandler<any> {
  return (req: Request, res: Response, next: NextFunction) =>
    parser(req, res, (error?: unknown) => (error ? next(error) : refuseUnstorableText(req, res, next)));
}
