import path from 'node:path';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type ErrorRequestHandler, type Express, type Handler, type Router } from 'express';
import session from 'express-session';
import { RETRY_AFTER_SECONDS, unavailableDependency } from '#platform/dependency-errors.ts';
import { reportError } from '#platform/error-reports.ts';
import type { Logger } from '#platform/logger.ts';
import { refusedRequestStatus } from '#platform/request-refusals.ts';
import { refuseUnstorableText } from '#platform/unstorable-text.ts';
import type { SiteMetrics } from '#platform/metrics.ts';
import { OutageLog } from '#platform/outage-log.ts';
import type { Config } from './config.ts';
import { affiliateCapture } from './middleware/affiliate.ts';
import { readPrivacyConsent } from './privacy/consent.ts';
import { visitorCountry } from './middleware/visitor-country.ts';
import { CsrfRejected, type Csrf } from './middleware/csrf.ts';
import { newSessionId } from './session/session-id.ts';
import { firstVisitLanguage, localeFromPath } from './middleware/locale.ts';
import { requestLogging } from './middleware/request-logging.ts';
import { moyasarPageOrigins } from '#graphql/commerce/payments/moyasar.ts';
import { tabbyPageOrigins } from '#graphql/commerce/payments/tabby.ts';
import { CSP_REPORTS_PATH, cspReports } from './middleware/csp-reports.ts';
import { answeredBy, requestMetrics, routeLabel } from './middleware/request-metrics.ts';
import { ProcessOverloaded, SHED_RETRY_AFTER_SECONDS, type LoadShedder } from './middleware/load-shedding.ts';
import { metricsEndpoint } from './metrics-endpoint.ts';
import { precompressedAssets } from './middleware/precompressed-assets.ts';
import { permissionsPolicy, securityHeaders } from './middleware/security.ts';
import { createPageRouter, pageRouteOf } from './page-router.ts';
import type { SiteRenderer } from './site-renderer.tsx';
import { waitingRoomGate } from './waiting-room/gate.ts';

export interface Readiness {
  ready: boolean;
  /** Shutting down: the load balancer should send this process nothing new. */
  draining?: boolean;
  /** Each dependency probed, by name (`database`, `sessions`), and how it answered. */
  checks: Record<string, 'ok' | 'failed' | 'timed out'>;
}

/** The web tier: what serves pages, present when this process runs it. */
export interface WebTier {
  renderer: SiteRenderer;
  /** Browser analytics events (`POST /api/analytics`), checked by origin instead of a form token. */
  analytics: Router;
  csrf: Csrf;
  sessionStore: session.Store;
  publicDir: string;
  /** `/robots.txt` and `/sitemap.xml`. */
  seoFiles: Router;
  /** Editors' redirects (SPEC 3.1), answered before any page. */
  redirects: Handler;
}

export interface AppParts {
  config: Config;
  logger: Logger;
  readiness(): Promise<Readiness>;
  /** Services served by this process, each at its public path (`/graphql/content`, `/oidc`...). */
  services: { path: string; handler: Handler | Router | Express }[];
  web?: WebTier | undefined;
  /** This process's figures, served at `/metrics` when METRICS_TOKEN is set (decision 0038). */
  metrics: SiteMetrics;
  /** Refuses requests fast past the process's capacity (decision 0043). */
  shedder?: LoadShedder | undefined;
}

/** SPEC 2.3, 6: the mobile app marks its embedded browser with this cookie. */
export const EMBEDDED_APP_COOKIE = 'embedded-app';
const SESSION_COOKIE = 'nabd.sid';
const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** Builds the Express app without listening, for the entry point and for supertest alike. */
export function createApp(parts: AppParts): Express {
  const { config, logger, web } = parts;
  const app = express();
  app.disable('x-powered-by');
  // A number of hops, all or nothing, or the proxies' addresses (server/config.ts: never the string "1").
  app.set('trust proxy', config.trustProxy);
  const https = config.baseUrl.startsWith('https:');

  app.use(permissionsPolicy);
  app.use(requestMetrics(parts.metrics));
  app.use(requestLogging(logger));
  // Before any work is done for the request: a refusal must cost next to nothing (decision 0043).
  if (parts.shedder) app.use(parts.shedder.middleware());
  // Pages, stylesheets and scripts travel compressed, a sixth of their size: on a phone on a slow
  // network that is most of the time to first paint. A CDN in front may do it instead.
  app.use(compression());
  app.get('/healthz', (_req, res) => void res.set('Cache-Control', 'no-store').json({ status: 'ok' }));
  app.get('/readyz', async (_req, res) => {
    const readiness = await parts.readiness();
    res
      .set('Cache-Control', 'no-store')
      .status(readiness.ready ? 200 : 503)
      .json(readiness);
  });
  // Off without a token: the path is then unknown like any other (404).
  if (config.metricsToken) app.get('/metrics', metricsEndpoint(parts.metrics, config.metricsToken));

  const identityOrigin = config.identity.issuerUrl ? new URL(config.identity.issuerUrl).origin : undefined;
  // The hosted login page's social buttons post to us and are redirected to the provider, which
  // form-action governs too (decision 0021): the providers' origins are allowed, no others.
  const socialOrigins = Object.values(config.identity.social).map((provider) => new URL(provider.issuer).origin);
  const ownOrigin = new URL(config.baseUrl).origin;
  // The checkout's last step is redirected to Moyasar's hosted invoice page (decision 0036).
  const paymentOrigins = config.payments.provider === 'moyasar' ? moyasarPageOrigins(config.payments.moyasar.apiUrl) : [];
  // ... or to Tabby's hosted payment page (decision 0042).
  if (config.payments.tabby) paymentOrigins.push(...tabbyPageOrigins(config.payments.tabby.apiUrl));
  app.use(
    securityHeaders({
      https,
      frameOrigins: config.frameOrigins,
      origin: new URL(config.baseUrl).origin,
      formActionOrigins: [...new Set([identityOrigin, ...socialOrigins, ...paymentOrigins])].filter(
        (origin): origin is string => origin !== undefined && origin !== ownOrigin,
      ),
    }),
  );

  // A NUL or half a surrogate pair in the path or query is refused before anything looks it up (400).
  app.use(refuseUnstorableText);

  if (web) {
    // Only these paths are files, so pages never wait on a disk lookup. Hashed names never change
    // content: cached for a year. Media and the icon revalidate daily.
    const files = (folder: string, cacheControl: string) =>
      express.static(path.join(web.publicDir, folder), { index: false, setHeaders: (res) => res.setHeader('Cache-Control', cacheControl) });
    app.use(
      '/assets',
      routeLabel('assets'),
      precompressedAssets(path.join(web.publicDir, 'assets')),
      files('assets', 'public, max-age=31536000, immutable'),
    );
    app.use('/media', routeLabel('media'), files('media', 'public, max-age=86400'));
    app.get('/favicon.svg', (_req, res) =>
      res.set('Cache-Control', 'public, max-age=86400').sendFile(path.join(web.publicDir, 'favicon.svg')),
    );
  }

  for (const service of parts.services) app.use(service.path, routeLabel(service.path), service.handler);
  if (!web) return app;

  // Browsers send these without cookies: answered before sessions and redirects are looked at.
  app.use(CSP_REPORTS_PATH, cspReports(logger.child({ component: 'csp' })));
  app.use(answeredBy('seo-files', web.seoFiles));
  app.use(answeredBy('redirect', web.redirects));
  app.use(cookieParser(config.sessionSecret));
  app.use(readPrivacyConsent);
  app.use(affiliateCapture({ cookieDomain: config.affiliateCookieDomain }));
  app.use(visitorCountry(config.countryHeader));
  app.use((req, _res, next) => {
    req.embeddedApp = req.cookies?.[EMBEDDED_APP_COOKIE] === 'true';
    next();
  });
  app.use(firstVisitLanguage, localeFromPath);
  app.use(
    session({
      name: SESSION_COOKIE,
      genid: newSessionId,
      secret: config.sessionSecret,
      store: web.sessionStore,
      resave: false,
      saveUninitialized: false,
      proxy: Boolean(config.trustProxy),
      cookie: { httpOnly: true, sameSite: 'lax', secure: https, maxAge: SESSION_MAX_AGE_MS, path: '/' },
    }),
  );
  app.use('/api/analytics', answeredBy('/api/analytics', web.analytics));
  app.use(express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 200 }));
  app.use(refuseUnstorableText);
  app.use(web.csrf.protect);
  app.use(waitingRoomGate(web.renderer));
  app.use(async (req, res, next) => {
    // An admitted visitor's shop pages show their checkout window: never a stored page.
    if (res.locals.shopWindowEndsAt || !(await web.renderer.answerFromCache(req, res))) return next();
    res.locals.route = pageRouteOf(req.path);
  });
  app.use(createPageRouter(web.renderer));
  app.use(async (req, res, next) => {
    res.locals.route = 'not-found';
    try {
      await web.renderer.notFound(web.renderer.context(req, res));
    } catch (error) {
      next(error);
    }
  });
  app.use(errorPage(web.renderer, logger));
  return app;
}

/**
 * The one error handler: a rejected form token is 403, a malformed request 400, a dependency that
 * is unavailable (the database, Redis, a service) 503 with Retry-After (decision 0033), a process
 * past its capacity 503 with a shorter Retry-After (load shedding, decision 0043), anything else 500; each as the error page in the visitor's language. Failures are logged with the request
 * id; outages once a minute per dependency, since every request meets them.
 */
function errorPage(renderer: SiteRenderer, logger: Logger): ErrorRequestHandler {
  const outages = new OutageLog(logger);
  return (error, req, res, _next) => {
    const dependency = unavailableDependency(error);
    const overloaded = error instanceof ProcessOverloaded;
    const status = error instanceof CsrfRejected ? 403 : (refusedRequestStatus(error) ?? (dependency || overloaded ? 503 : 500));
    // A refusal under load is counted in the metrics and shows in the request log: no warning of its own.
    if (dependency) outages.report(dependency, error, { url: req.originalUrl });
    else if (!overloaded)
      (req.log ?? logger)[status === 500 ? 'error' : 'warn']({ err: error }, status === 500 ? 'Request failed' : 'Request refused');
    if (status === 500) {
      reportError(error, {
        component: 'web',
        tags: { route: res.locals.route ?? 'other', method: req.method },
        details: { requestId: String(req.id ?? ''), path: req.path },
      });
    }
    if (res.headersSent) return res.end();
    if (status === 503) res.set('Retry-After', String(overloaded ? SHED_RETRY_AFTER_SECONDS : RETRY_AFTER_SECONDS));
    // Refused before the locale was read (a malformed path, say): the path still says the language.
    req.locale ??= /^\/ar(\/|$)/.test(req.path) ? 'ar' : 'en';
    req.sitePath ??= req.path;
    try {
      renderer.error(renderer.context(req, res), status, error);
    } catch (renderError) {
      logger.error({ err: renderError }, 'The error page could not be rendered');
      res.status(status).type('text').send(PLAIN_ERRORS[status]);
    }
  };
}

/** What the visitor reads when even the error page fails. */
const PLAIN_ERRORS = {
  400: 'Bad request.',
  403: 'This form has expired. Reload the page and try again.',
  413: 'Too much was sent. Go back and try again.',
  415: 'The request could not be read. Reload the page and try again.',
  500: 'Something went wrong. Please try again.',
  503: 'Temporarily unavailable. Please try again in a moment.',
};
