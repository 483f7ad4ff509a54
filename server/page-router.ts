import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { createElement } from 'react';
import { matchRoutes } from 'react-router';
import { isDependencyUnavailable, RETRY_AFTER_SECONDS } from '#platform/dependency-errors.ts';
import type { FormState } from '#views/site-context.tsx';
import { NEWSLETTER_INTENT } from '#views/components/NewsletterForm.tsx';
import { isSignInEnded } from './auth/session-auth.ts';
import { setFlash, takeFlash } from './forms/flash-message.ts';
import { newsletterAction } from './forms/newsletter.ts';
import { formStateOf, type FormAction, type PageContext, type PageModule } from './page.ts';
import { ROUTES, type LayoutName, type RouteId } from './route-table.ts';
import type { SiteRenderer } from './site-renderer.tsx';

/** Forms of the layouts themselves, handled on every page that shows them. */
const LAYOUT_ACTIONS: Partial<Record<LayoutName, Record<string, FormAction>>> = {
  default: { [NEWSLETTER_INTENT]: newsletterAction },
  account: { [NEWSLETTER_INTENT]: newsletterAction },
  ticket: { [NEWSLETTER_INTENT]: newsletterAction },
};

/**
 * SPEC 4.1, 6: a signed-in user who has not onboarded sees no page but onboarding. These routes
 * are let through: onboarding itself, the sign-in callback, and files and switches that are not pages.
 */
const OPEN_BEFORE_ONBOARDING = new Set<RouteId>([
  'accountOnboarding',
  'accountRedirecting',
  'eventCalendarFile',
  'lineupMyScheduleFile',
  'performanceCalendarFile',
  'xpFeedRss',
  'enterPreview',
  'exitPreview',
]);

/** Signing out is always possible, onboarded or not (the account page's sign-out form). */
const isSignOut = (req: Request) => req.method === 'POST' && (req.body as Record<string, unknown> | undefined)?.intent === 'sign-out';
const matchable = Object.entries(ROUTES).map(([id, route]) => ({ id, path: route.path }));

type RouteMatch = { id: RouteId; params: Record<string, string> } | null;
const recentMatches = new Map<string, RouteMatch>();

/** matchRoutes ranks the whole table on every call; the paths visitors ask for repeat, so remember them. */
function matchRoute(path: string): RouteMatch {
  let match = recentMatches.get(path);
  if (match === undefined) {
    const found = matchRoutes(matchable, path)?.[0];
    match = found ? { id: found.route.id as RouteId, params: found.params as Record<string, string> } : null;
    if (recentMatches.size >= 1000) recentMatches.delete(recentMatches.keys().next().value!);
    recentMatches.set(path, match);
  }
  return match;
}

/** The route and its parameters for a locale-neutral path, if a route takes it. */
export const matchPageRoute = (path: string): RouteMatch => matchRoute(path);

/** The route table's id for a locale-neutral path, if a route takes it (the request metrics' label). */
export function pageRouteOf(path: string): RouteId | undefined {
  return matchRoute(path)?.id;
}

/** The query parameters the page at a locale-neutral path reads, when its route says which. */
export function pageQueryParameters(path: string): readonly string[] | undefined {
  const match = matchRoute(path);
  return match ? ROUTES[match.id].query : undefined;
}

/**
 * Serves the route table: GET renders a page from its loader and view; POST runs the form action
 * named by the form's `intent`, then redirects (303) or shows the form again with its messages.
 * htmx submissions get just the form back. Unknown URLs and unbuilt routes fall through to 404.
 */
export function createPageRouter(renderer: SiteRenderer): Router {
  const router = express.Router();
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) return next();
    const match = matchRoute(req.path);
    const route = match && ROUTES[match.id];
    if (!match || !route?.page) return next();
    let context: PageContext | undefined;
    res.locals.route = match.id;
    try {
      const module = (await route.page()).default;
      context = renderer.context(req, res, match.params);
      if (module.requiresSignIn && !context.viewer) {
        return res.redirect(302, `${context.urls.route('accountLogin')}?returnTo=${encodeURIComponent(req.originalUrl)}`);
      }
      if (req.session?.auth?.user?.onboarded === false && !OPEN_BEFORE_ONBOARDING.has(match.id) && !isSignOut(req)) {
        return res.redirect(302, `${context.urls.route('accountOnboarding')}?returnTo=${encodeURIComponent(req.originalUrl)}`);
      }
      if (req.method === 'POST') return await submit(renderer, context, module, route.layout);
      await renderer.page(context, module, route.layout, takeFlash(req, res));
    } catch (error) {
      if (context && (await signInEndedElsewhere(context, error))) return;
      next(error);
    }
  });
  return router;
}

async function submit(renderer: SiteRenderer, context: PageContext, module: PageModule, layout: LayoutName): Promise<void> {
  const { req, res } = context;
  const body = singleValuedFields(req.body);
  // Our forms name every field once (a group of checkboxes has a name per box): a field sent twice
  // was not sent by one of them.
  if (!body) return renderer.error(context, 400);
  const action = ownEntry(module.actions, body.intent ?? '') ?? ownEntry(LAYOUT_ACTIONS[layout], body.intent ?? '');
  if (!action) return renderer.error(context, 400);

  const outcome = await action.handle(context, body);
  const htmx = req.get('HX-Request') === 'true' && action.Fragment;
  if (outcome.kind === 'succeeded') {
    const state: FormState = {
      status: 'succeeded',
      values: outcome.values ?? {},
      errors: {},
      ...(outcome.message ? { message: outcome.message } : {}),
    };
    if (htmx && !outcome.redirectTo) return renderer.fragment(context, 200, createElement(action.Fragment!), { [action.form]: state });
    if (outcome.nextStep) return renderer.page(context, module, layout, { [action.form]: state });
    setFlash(res, action.form, outcome.message);
    if (htmx) return void res.set('HX-Redirect', outcome.redirectTo!).status(204).end();
    return res.redirect(303, outcome.redirectTo ?? req.originalUrl);
  }
  if (outcome.kind === 'failed' && (await signInEndedElsewhere(context, outcome.cause))) return;
  const status = outcome.kind === 'invalid' ? (outcome.status ?? 422) : 503;
  if (outcome.kind === 'failed' && isDependencyUnavailable(outcome.cause)) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
  const forms = { [action.form]: formStateOf(outcome) };
  if (htmx) return renderer.fragment(context, status, createElement(action.Fragment!), forms);
  await renderer.page(context, module, layout, forms, status);
}

/** The form's fields, each a single string; undefined when one was sent more than once. */
function singleValuedFields(body: unknown): Record<string, string> | undefined {
  const fields = (body ?? {}) as Record<string, unknown>;
  return Object.values(fields).every((value) => typeof value === 'string') ? (fields as Record<string, string>) : undefined;
}

/** `record[key]` only when the record itself has it: `constructor` or `__proto__` are not form intents. */
function ownEntry<Value>(record: Record<string, Value> | undefined, key: string): Value | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * A service refused the signed-in visitor's access token because their sign-in ended elsewhere
 * (decision 0040): they are signed out here too and sent to sign in again, as when the provider
 * refuses a refresh (SPEC 4.1), rather than shown an error until the token would have expired.
 */
async function signInEndedElsewhere(context: PageContext, error: unknown): Promise<boolean> {
  const { req, res, urls } = context;
  if (!req.session?.auth || !isSignInEnded(error)) return false;
  req.log.info('A service refused the access token: the sign-in has ended');
  await context.services.auth.forget(req);
  // The login page says why once, as after signing out, instead of the bare sign-in form.
  setFlash(res, 'sign-out', 'account:signedOutElsewhere');
  res.redirect(req.method === 'POST' ? 303 : 302, `${urls.route('accountLogin')}?returnTo=${encodeURIComponent(req.originalUrl)}`);
  return true;
}
