import type { Request, RequestHandler, Response } from 'express';
import type { SiteMetrics, StatusClass } from '#platform/metrics.ts';

/**
 * Counts and times every answer by route. The route is what answered, as labelled on the way
 * (`res.locals.route`: a route table id, a service's mount point, `assets`...); otherwise the
 * pattern of the Express route that matched (`/healthz`), or `not-found`. Never the URL itself:
 * every different URL would be a series of its own.
 */
export function requestMetrics(metrics: SiteMetrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('close', () => {
      metrics.requestAnswered(routeOf(req, res), req.method, statusClassOf(res), (performance.now() - started) / 1000);
    });
    next();
  };
}

/** Labels the requests that reach this point with `route`, unless something later labels them better. */
export function routeLabel(route: string): RequestHandler {
  return (_req, res, next) => {
    res.locals.route = route;
    next();
  };
}

/**
 * Runs `handler` with requests labelled `route` when it answers them; those it passes on lose the
 * label again. For plain handlers and routers only: an Express app must be mounted as it is, or it
 * would not inherit the site's settings (`trust proxy`).
 */
export function answeredBy(route: string, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const before = res.locals.route;
    res.locals.route = route;
    handler(req, res, (error?: unknown) => {
      if (error === undefined || error === 'route' || error === 'router') res.locals.route = before;
      next(error as Error | undefined);
    });
  };
}

function routeOf(req: Request, res: Response): string {
  if (res.locals.route) return res.locals.route;
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return pattern;
  return res.statusCode === 404 ? 'not-found' : 'other';
}

/** A connection closed before the answer was sent is an aborted request, whatever status was set. */
function statusClassOf(res: Response): StatusClass {
  if (!res.writableFinished) return 'aborted';
  return `${Math.min(5, Math.max(1, Math.floor(res.statusCode / 100)))}xx` as StatusClass;
}
