import type { NextFunction, Request, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';

export interface CsrfOptions {
  secret: string;
  /** Secure cookie (and the `__Host-` prefix) when the site is served over https. */
  secure: boolean;
}

export interface Csrf {
  /** The token to put in a form's `_csrf` field; sets the cookie it pairs with when missing. */
  token(req: Request, res: Response): string;
  /** Rejects unsafe requests (POST, PUT, PATCH, DELETE) without a matching token. */
  protect(req: Request, res: Response, next: NextFunction): void;
}

export class CsrfRejected extends Error {
  override name = 'CsrfRejected';
}

/**
 * Double-submit CSRF tokens (csrf-csrf): an HMAC-signed cookie and the same value in each form.
 * Stateless, so anonymous visitors get protection without a session; once signed in, tokens are
 * bound to the session, so a token from before sign-in (or from someone else) is refused.
 */
export function createCsrf({ secret, secure }: CsrfOptions): Csrf {
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => (req.session?.auth ? req.sessionID : 'anonymous'),
    cookieName: secure ? '__Host-nabd.csrf' : 'nabd.csrf',
    cookieOptions: { sameSite: 'lax', path: '/', secure, httpOnly: true },
    getCsrfTokenFromRequest: (req) => (req.body as Record<string, string> | undefined)?._csrf ?? req.get('x-csrf-token'),
  });
  return {
    token: (req, res) => generateCsrfToken(req, res, { overwrite: false, validateOnReuse: false }),
    protect(req, _res, next) {
      if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || validateRequest(req)) return next();
      next(new CsrfRejected('Missing or invalid CSRF token'));
    },
  };
}
