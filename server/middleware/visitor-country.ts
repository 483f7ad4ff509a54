import type { NextFunction, Request, Response } from 'express';

/**
 * SPEC 7.4, 9.4 `user_country`: the visitor's country as the CDN or load balancer in front of the
 * site states it in a header (`CF-IPCountry`, `CloudFront-Viewer-Country`...), read only when the
 * operator names that header (COUNTRY_HEADER): without it any visitor could send one. Nothing is
 * asked of an outside service. A value other than an ISO 3166-1 alpha-2 code, or a CDN's "unknown"
 * (`XX`) and "Tor" (`T1`), is no country.
 */
const COUNTRY = /^[A-Z]{2}$/;
const NOT_A_COUNTRY = new Set(['XX', 'T1', 'ZZ']);

export function countryFromHeader(value: string | undefined): string | null {
  const code = value?.trim().toUpperCase();
  return code && COUNTRY.test(code) && !NOT_A_COUNTRY.has(code) ? code : null;
}

export function visitorCountry(header: string | undefined) {
  return (req: Request, _res: Response, next: NextFunction) => {
    req.visitorCountry = header ? countryFromHeader(req.get(header)) : null;
    next();
  };
}
