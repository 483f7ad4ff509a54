import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

export interface SecurityOptions {
  /** Origins that forms may post to besides our own (a separately hosted identity provider). */
  formActionOrigins: string[];
  /** Send HSTS and upgrade insecure requests: only when served over https. */
  https: boolean;
}

/** A fresh nonce per response: the only inline scripts that run are the ones we wrote. */
function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

export function securityHeaders(options: SecurityOptions): RequestHandler[] {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;
  return [
    cspNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonce],
          styleSrc: ["'self'"],
          // Accent colours of events arrive from content as custom properties on elements.
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'"],
          mediaSrc: ["'self'"],
          connectSrc: ["'self'"],
          // Page blocks frame other sites' pages (maps, the shop) and performers' videos play in
          // privacy-enhanced players: https only (SPEC 3.2).
          frameSrc: ["'self'", 'https:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...options.formActionOrigins],
          frameAncestors: ["'self'"],
          ...(options.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.https ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  ];
}
