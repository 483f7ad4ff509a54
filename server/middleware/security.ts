import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { EMBED_PROVIDERS } from '#views/embed-origins.ts';
import { CSP_REPORTS_PATH } from './csp-reports.ts';
import { VIDEO_PLAYER_ORIGINS } from '#views/pages/music/external-video.ts';

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

/**
 * What the browser may let pages and the frames in them use. Nothing on the site asks for a camera,
 * a microphone, the visitor's location, payment handlers, USB and the like: they are off, so that no
 * script or framed page can ask either. What the site does use stays on: fullscreen for the frames we
 * delegate it to (videos, page blocks; `allow` on each frame chooses, the header is the ceiling),
 * autoplay for our own players, and protected media and picture-in-picture for the video players.
 */
const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
const videoPlayers = Object.values(VIDEO_PLAYER_ORIGINS)
  .map((origin) => `"${origin}"`)
  .join(' ');

export const PERMISSIONS_POLICY = [
  ...DENIED_FEATURES.map((feature) => `${feature}=()`),
  'fullscreen=*',
  'autoplay=(self)',
  `encrypted-media=(self ${videoPlayers})`,
  `picture-in-picture=(self ${videoPlayers})`,
].join(', ');

/** Set first, so that every answer carries it: pages, service routes, files and probes alike. */
export function permissionsPolicy(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
  next();
}
