import type { NextFunction, Request, Response } from 'express';
import { isAffiliateCode } from '#platform/affiliate-code.ts';
import { restrictCaching } from '../render/cache-policy.ts';

/**
 * SPEC 7.4, 9.2: a partner's link to any page carries `?affiliate=<code>` (or the short `?aff=`,
 * which affiliate networks append); the code is kept five days in a cookie for the ticket shop to
 * credit the order. `ref` is not read: other sites set it for their own purposes.
 */
export const AFFILIATE_PARAMETERS = ['affiliate', 'aff'] as const;
export const AFFILIATE_COOKIE = 'affiliate';
const AFFILIATE_MAX_AGE_MS = 5 * 24 * 60 * 60 * 1000;

/**
 * Stores a valid code from the query in the affiliate cookie: sent cross-site over https only
 * (SameSite=None, Secure), on the main domain when one is configured. httpOnly, because only the
 * server reads it back. An invalid code is ignored. The cookie is marketing (decision 0051): only
 * with the visitor's consent; the banner's answer returns to the same address, so a partner's
 * code is kept when the visitor accepts on the page the link led to.
 */
export function affiliateCapture(options: { cookieDomain?: string | undefined } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const code = AFFILIATE_PARAMETERS.map((name) => req.query[name]).find((value) => value !== undefined);
    const cookie = {
      secure: true,
      sameSite: 'none',
      path: '/',
      ...(options.cookieDomain ? { domain: options.cookieDomain } : {}),
    } as const;
    if (!req.privacyConsent?.marketing) {
      // Marketing consent withdrawn (or never given): a code kept earlier goes at once.
      if (req.cookies?.[AFFILIATE_COOKIE] !== undefined) {
        res.clearCookie(AFFILIATE_COOKIE, cookie);
        restrictCaching(res, 'private');
      }
    } else if (isAffiliateCode(code)) {
      res.cookie(AFFILIATE_COOKIE, code, { ...cookie, maxAge: AFFILIATE_MAX_AGE_MS, httpOnly: true });
      // This response sets a cookie of this visitor's: no shared cache may hand it to another.
      restrictCaching(res, 'private');
    }
    next();
  };
}

/**
 * The affiliate code this visitor arrived with in the last five days, for the ticket shop (SPEC 7.4);
 * none once marketing consent is withdrawn, whatever cookie is left.
 */
export function affiliateCode(req: Request): string | undefined {
  if (!req.privacyConsent?.marketing) return undefined;
  const value: unknown = req.cookies?.[AFFILIATE_COOKIE];
  return isAffiliateCode(value) ? value : undefined;
}
