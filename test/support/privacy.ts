import { CONSENT_COOKIE, formatConsent } from '#platform/privacy-consent.ts';

/** A `Cookie` header part for a visitor who accepted everything the privacy banner asks (decision 0051). */
export const ACCEPTED_PRIVACY = `${CONSENT_COOKIE}=${formatConsent({ analytics: true, marketing: true })}`;

/** And for one who refused everything. */
export const REFUSED_PRIVACY = `${CONSENT_COOKIE}=${formatConsent({ analytics: false, marketing: false })}`;
