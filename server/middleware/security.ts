import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { EMBED_PROVIDERS } from '#views/embed-origins.ts';
import { CSP_REPORTS_PATH } from './csp-reports.ts';

export interface SecurityOptions {
  /** Origins that forms may post to besides our own (a separately hosted identity provider). */
  formActionOrigins: string[];
  /** Origins pages may frame besides the embed providers (`FRAME_ORIGINS`). */
  frameOrigins: string[];
  /** The site's public origin: reports are sent to an absolute URL on it. */
  origin: string;
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
    (_req, res, next) => {
      res.set('Reporting-Endpoints', `csp="${options.origin}${CSP_REPORTS_PATH}"`);
      next();
    },
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
          // Performers' videos play in privacy-enhanced players and venues' maps are embeds (SPEC
          // 3.2); the operator names any other page blocks may frame (views/embed-origins.ts).
          frameSrc: ["'self'", ...EMBED_PROVIDERS, ...options.frameOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'", ...options.formActionOrigins],
          frameAncestors: ["'self'"],
          // What the policy blocks is reported (server/middleware/csp-reports.ts): `report-to` for
          // current browsers, `report-uri` for the others.
          reportTo: ['csp'],
          reportUri: [CSP_REPORTS_PATH],
          ...(options.https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: options.https ? { maxAge: 63072000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  ];
}
