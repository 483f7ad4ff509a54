import type { PageProperties } from '../../analytics/tracker.ts';
import type { EventName } from '../../analytics/event-schemas.ts';
import { redirect, type FormOutcome, type Loaded, type PageContext } from '../../page.ts';
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

/** A service failed: logged with the request, answered with the page's SPEC 8 message (503). */
export function serviceFailure(
  context: PageContext,
  error: unknown,
  what: string,
  values: Record<string, string>,
  message: string,
): FormOutcome {
  context.req.log.warn({ err: error }, what);
  return { kind: 'failed', values, message, cause: error };
}
