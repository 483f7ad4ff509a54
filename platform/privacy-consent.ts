/**
 * The visitor's privacy choice (decision 0051), shared by the server and the browser's scripts.
 * Two purposes need consent: `analytics` (the events of SPEC 9.4) and `marketing` (the affiliate
 * cookie of SPEC 7.4). Everything else the site stores is strictly necessary and needs none.
 */
export interface PrivacyConsent {
  analytics: boolean;
  marketing: boolean;
}

export const CONSENT_COOKIE = 'consent';

/**
 * The version of the privacy notice the choice was given for. Raise it when the notice changes
 * what is collected: every earlier choice then reads as unanswered and the banner asks again.
 */
export const CONSENT_POLICY_VERSION = 1;

/** Kept six months: long enough not to nag, short enough that the choice is asked again twice a year. */
export const CONSENT_MAX_AGE_MS = 182 * 24 * 60 * 60 * 1000;

export const NO_CONSENT: PrivacyConsent = { analytics: false, marketing: false };

/** `v1.analytics1.marketing0`: readable in a browser's cookie list, and only cookie-safe characters. */
export function formatConsent(consent: PrivacyConsent): string {
  return `v${CONSENT_POLICY_VERSION}.analytics${consent.analytics ? 1 : 0}.marketing${consent.marketing ? 1 : 0}`;
}

/** The choice a cookie value holds, or null when there is none for the current notice (ask again). */
export function parseConsent(value: unknown): PrivacyConsent | null {
  if (typeof value !== 'string') return null;
  const match = /^v(\d+)\.analytics([01])\.marketing([01])$/.exec(value);
  if (!match || Number(match[1]) !== CONSENT_POLICY_VERSION) return null;
  return { analytics: match[2] === '1', marketing: match[3] === '1' };
}

/** The choice in a raw `Cookie` header, for code that sees the header only (a browser script, the login page). */
export function consentInCookieHeader(header: string | undefined): PrivacyConsent | null {
  for (const pair of (header ?? '').split(';')) {
    const [name, value] = pair.trim().split('=', 2);
    if (name === CONSENT_COOKIE) return parseConsent(value);
  }
  return null;
}
