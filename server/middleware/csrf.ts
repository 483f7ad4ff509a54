import type { NextFunction, Request, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';

export interface CsrfOptions {
  secret: string;
  /** Secure cookie (and the `__Host-` prefix) when the site is served over https. */
  secure: boolean;
  /** The site's own origin: the only one its forms may be posted from. */
  origin: string;
}

export interface Csrf {
  /**
   * The token to put in a form's `_csrf` field, setting the cookie it pairs with when missing; empty
   * for anonymous visitors, whose pages are shared and so carry nothing personal.
   */
  token(req: Request, res: Response): string;
  /** Rejects unsafe requests (POST, PUT, PATCH, DELETE) from other sites, or without a signed-in visitor's token. */
  protect(req: Request, res: Response, next: NextFunction): void;
}

export class CsrfRejected extends Error {
  override name = 'CsrfRejected';
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Two layers (decisions 0005 and 0014):
 * - Every unsafe request must come from our own pages. Browsers say where a request comes from
 *   (`Sec-Fetch-Site`, or else `Origin`); anything from another site, even a sibling subdomain, is
 *   refused. This is what protects anonymous visitors' forms (newsletter, my schedule), whose pages
 *   every visitor shares, so they cannot carry a personal token.
 * - A signed-in visitor's requests must also carry the double-submit token (csrf-csrf: an
 *   HMAC-signed cookie plus the same value in the form) bound to their session, so a token from
 *   before sign-in or from someone else is refused. Their pages are private, so they can carry it.
 */
export function createCsrf({ secret, secure, origin }: CsrfOptions): Csrf {
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => req.sessionID,
    cookieName: secure ? '__Host-nabd.csrf' : 'nabd.csrf',
    cookieOptions: { sameSite: 'lax', path: '/', secure, httpOnly: true },
    getCsrfTokenFromRequest: (req) => (req.body as Record<string, string> | undefined)?._csrf ?? req.get('x-csrf-token'),
  });
  const signedIn = (req: Request) => Boolean(req.session?.auth);
  return {
    token: (req, res) => (signedIn(req) ? generateCsrfToken(req, res, { overwrite: false, validateOnReuse: false }) : ''),
    protect(req, _res, next) {
      if (SAFE_METHODS.has(req.method)) return next();
      if (!fromOwnPages(req, origin)) return next(new CsrfRejected('Cross-site request refused'));
      if (signedIn(req) && !validateRequest(req)) return next(new CsrfRejected('Missing or invalid CSRF token'));
      next();
    },
  };
}

/**
 * Fetch Metadata first (every current browser sends it), then the Origin header. A request with
 * neither did not come from a browser's page, which is the only way a forged request can carry a
 * visitor's cookies, so it passes this layer.
 */
function fromOwnPages(req: Request, origin: string): boolean {
  const site = req.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin' || site === 'none';
  const from = req.get('Origin');
  return from === undefined || from === origin;
}
