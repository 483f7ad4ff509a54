import express, { type Router } from 'express';
import type { Logger } from '#platform/logger.ts';

/** Where browsers send what the content security policy blocked (`report-to csp`, `report-uri`). */
export const CSP_REPORTS_PATH = '/api/csp-reports';

/** A browser sends one report per blocked load: enough to notice, never a flood in the logs. */
const REPORTS_LOGGED_PER_MINUTE = 30;

/** The fields of a report worth reading, from either format (Reporting API or the older `csp-report`). */
function violationsOf(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) {
    return body
      .filter((report) => report && typeof report === 'object' && (report as { type?: unknown }).type === 'csp-violation')
      .map((report) => (report as { body?: Record<string, unknown> }).body ?? {});
  }
  const legacy = (body as { 'csp-report'?: Record<string, unknown> } | undefined)?.['csp-report'];
  return legacy && typeof legacy === 'object' ? [legacy] : [];
}

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 300) : undefined);

/**
 * `POST /api/csp-reports`: violations are logged as warnings (the directive, what was blocked, on
 * which page), at most `REPORTS_LOGGED_PER_MINUTE` a minute; nothing is stored. Anyone can post
 * here, as browsers do without cookies, so it answers 204 to anything and keeps nothing else.
 */
export function cspReports(logger: Logger): Router {
  const router = express.Router();
  let windowStart = 0;
  let logged = 0;
  let dropped = 0;
  router.post(
    '/',
    express.json({ limit: '16kb', type: ['application/reports+json', 'application/csp-report', 'application/json'] }),
    (req, res) => {
      const now = Date.now();
      if (now - windowStart > 60_000) {
        if (dropped > 0) logger.warn({ dropped }, 'Content security policy reports not logged last minute');
        windowStart = now;
        logged = 0;
        dropped = 0;
      }
      for (const violation of violationsOf(req.body)) {
        if (logged >= REPORTS_LOGGED_PER_MINUTE) {
          dropped += 1;
          continue;
        }
        logged += 1;
        logger.warn(
          {
            directive: text(violation.effectiveDirective ?? violation['effective-directive'] ?? violation['violated-directive']),
            blocked: text(violation.blockedURL ?? violation['blocked-uri']),
            page: text(violation.documentURL ?? violation['document-uri']),
          },
          'Content security policy violation',
        );
      }
      res.status(204).end();
    },
  );
  // A body too large or not JSON: still nothing to say back.
  router.use(((_error, _req, res, _next) => void res.status(204).end()) as express.ErrorRequestHandler);
  return router;
}
