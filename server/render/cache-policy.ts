import type { Request, Response } from 'express';
import { AFFILIATE_COOKIE } from '../middleware/affiliate.ts';
import { LOCALE_COOKIE } from '../middleware/locale.ts';
import { CONSENT_COOKIE, consentInCookieHeader } from '#platform/privacy-consent.ts';

/**
 * Who may keep a response (decision 0014). Pages are `shared` unless something in the request made
 * them depend on the visitor (`private`: a signed-in visitor, a flash message, a guest's marks) or
 * made them unfit for any cache (`no-store`: preview mode, form fragments). Whatever runs during a
 * request may only make the policy stricter; the renderer turns it into Cache-Control at the end.
 */
export type CachePolicy = 'shared' | 'private' | 'no-store';

const STRICTNESS: Record<CachePolicy, number> = { shared: 0, private: 1, 'no-store': 2 };

export function restrictCaching(res: Response, policy: Exclude<CachePolicy, 'shared'>): void {
  const current = cachePolicyOf(res);
  if (STRICTNESS[policy] > STRICTNESS[current]) res.locals.cachePolicy = policy;
}

export const cachePolicyOf = (res: Response): CachePolicy => (res.locals.cachePolicy as CachePolicy | undefined) ?? 'shared';

/**
 * Cookies that never change what a page shows: the language last seen (the URL decides the page's
 * language), the affiliate code (read only at checkout), and the anonymous form-token cookie older
 * pages set. The privacy choice shows or hides the banner only, so the page cache keeps a page once
 * per answer (answered or not, `privacyKey`) rather than once per visitor. Any other cookie (a session, a flash message, preview, the embedded app, a guest's
 * schedule marks, and whatever is added later) makes the page the visitor's own: safe by default.
 * A shared cache in front of the site must follow the same rule (decision 0014).
 */
export const neutralCookies = (): ReadonlySet<string> =>
  // Built on first use: the modules naming these cookies also use this one.
  (neutral ??= new Set([LOCALE_COOKIE, AFFILIATE_COOKIE, CONSENT_COOKIE, 'nabd.csrf', '__Host-nabd.csrf']));
let neutral: ReadonlySet<string> | undefined;

/** True when the request carries no cookie that could change the page: it gets the shared page. */
export function carriesOnlyNeutralCookies(req: Request): boolean {
  const header = req.headers.cookie;
  if (!header) return true;
  return header.split(';').every((pair) => {
    const name = pair.split('=', 1)[0]!.trim();
    return name === '' || neutralCookies().has(name);
  });
}

/**
 * What a shared page depends on besides its address: whether it carries the privacy banner
 * (decision 0051). Read from the raw header, since load shedding asks before cookies are parsed.
 * A shared cache in front must key on the same: whether a `consent` cookie of the current notice is sent.
 */
export const privacyKey = (req: Request): 'answered' | 'ask' => (consentInCookieHeader(req.headers.cookie) ? 'answered' : 'ask');

/**
 * Shared pages: browsers revalidate every time (cheap, with the ETag), shared caches keep a page a
 * minute and may serve it up to five minutes stale while they refetch, or a day stale if the site
 * is down. Content changes reach visitors within a minute; a sale-day rush hits the cache.
 */
export const SHARED_PAGE_MAX_AGE_S = 60;
const CACHE_CONTROL: Record<CachePolicy, string> = {
  shared: `public, max-age=0, s-maxage=${SHARED_PAGE_MAX_AGE_S}, stale-while-revalidate=300, stale-if-error=86400`,
  private: 'private, no-cache',
  'no-store': 'no-store',
};

export const cacheControlFor = (policy: CachePolicy): string => CACHE_CONTROL[policy];
