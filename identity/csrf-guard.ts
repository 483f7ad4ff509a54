import type { Request, Response } from 'express';
import { doubleCsrf } from 'csrf-csrf';

export interface CsrfGuard {
  /** A token for the form (reusing the visitor's cookie when it is still valid), setting the cookie. */
  token(req: Request, res: Response): string;
  isValid(req: Request): boolean;
}

/**
 * Double-submit CSRF tokens for the hosted forms: an HMAC bound to the interaction (the
 * sign-in attempt) travels in a cookie of its own and in the form's `_csrf` field.
 */
export function createCsrfGuard({ secret, production }: { secret: string; production: boolean }): CsrfGuard {
  const { generateCsrfToken, validateRequest } = doubleCsrf({
    getSecret: () => secret,
    getSessionIdentifier: (req) => String(req.params.uid ?? ''),
    // `__Host-` pins the cookie to this origin over HTTPS; plain HTTP in development cannot carry it.
    cookieName: production ? '__Host-nabd-identity-csrf' : 'nabd-identity-csrf',
    cookieOptions: { sameSite: 'strict', path: '/', secure: production, httpOnly: true },
    getCsrfTokenFromRequest: (req) => (typeof req.body?._csrf === 'string' ? req.body._csrf : undefined),
  });
  return {
    token: (req, res) => generateCsrfToken(req, res),
    isValid: (req) => validateRequest(req),
  };
}
