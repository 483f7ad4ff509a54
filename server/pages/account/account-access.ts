import type { PageProperties } from '../../analytics/tracker.ts';
import type { EventName } from '../../analytics/event-schemas.ts';
import { redirect, type FormOutcome, type Loaded, type PageContext } from '../../page.ts';
import { ServiceError } from '../../services/service-client.ts';
import { trackingContext } from '../../site-renderer.tsx';

/** SPEC 9.4: every account page describes itself the same way, by its section. */
export const accountAnalytics = (section: string): PageProperties => ({
  page_type: 'account',
  module_name: 'account',
  submodule_name: section,
});

/** The login page, bringing the visitor back here once signed in again. */
export function signInAgainUrl({ urls, req }: Pick<PageContext, 'urls' | 'req'>): string {
  return `${urls.route('accountLogin')}?returnTo=${encodeURIComponent(req.originalUrl)}`;
}

/**
 * The signed-in visitor's access token, or the way back to the login page when the provider
 * refused to refresh it (SPEC 4.1: the visitor is signed out).
 */
export async function accessTokenOrSignIn(context: PageContext): Promise<{ token: string } | { signIn: Loaded<never> }> {
  const token = await context.accessToken();
  return token ? { token } : { signIn: redirect(signInAgainUrl(context)) };
}

/** For a form sent after the sign-in ran out: to the login page, then back to the form's page. */
export const signInAgainOutcome = (context: PageContext): FormOutcome => ({ kind: 'succeeded', redirectTo: signInAgainUrl(context) });

/** A SPEC 9.4 event of the account area, on the section the visitor is in. */
export function trackAccount(context: PageContext, section: string, name: EventName, properties: Record<string, unknown> = {}): void {
  context.services.tracker.track(name, trackingContext(context.req, accountAnalytics(section)), properties);
}

/**
 * The service refused what the visitor asked (not found, over a limit, too many tries): their
 * doing, answered 4xx with `message`, never as the site failing.
 */
export class AccountRefusal extends Error {
  override name = 'AccountRefusal';
  constructor(
    message: string,
    readonly status?: 409 | 429,
  ) {
    super(message);
  }
}

/** The user service's codes for refusals of the caller's input, with the status the page answers. */
const SERVICE_REFUSALS: Record<string, 409 | 422 | 429> = {
  BAD_USER_INPUT: 422,
  NOT_FOUND: 422,
  ADDRESS_LIMIT_REACHED: 409,
  TOO_MANY_REQUESTS: 429,
};

/**
 * A service call failed: a refusal of the visitor's request is answered as such (4xx, with
 * `refusals[code]` or `message`); anything else is logged and answered with the page's SPEC 8
 * message (503).
 */
export function serviceFailure(
  context: PageContext,
  error: unknown,
  what: string,
  values: Record<string, string>,
  message: string,
  refusals: Record<string, string> = {},
): FormOutcome {
  if (error instanceof AccountRefusal) return refused(values, error.message, error.status);
  const code = error instanceof ServiceError ? error.code : undefined;
  const status = code ? SERVICE_REFUSALS[code] : undefined;
  if (code && status) return refused(values, refusals[code] ?? message, status === 422 ? undefined : status);
  context.req.log.warn({ err: error }, what);
  return { kind: 'failed', values, message, cause: error };
}

const refused = (values: Record<string, string>, message: string, status?: 409 | 429): FormOutcome => ({
  kind: 'invalid',
  values,
  errors: {},
  message,
  ...(status ? { status } : {}),
});
