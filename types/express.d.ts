import type { Locale } from '#views/format.ts';

declare global {
  namespace Express {
    interface Request {
      /** The visitor's language, from the URL (`/ar/...` is Arabic). */
      locale: Locale;
      /** The locale-neutral path and query, e.g. `/events?x=1` for `/ar/events?x=1`. */
      sitePath: string;
      /** SPEC 2.3, 6: the site runs inside the mobile app; header and footer are hidden. */
      embeddedApp: boolean;
      /** SPEC 9.4 user_country: from the trusted COUNTRY_HEADER, null when unknown. */
      visitorCountry: string | null;
      /** Decision 0051: the visitor's privacy choice for the current notice; null until they answer. */
      privacyConsent: import('#platform/privacy-consent.ts').PrivacyConsent | null;
    }
    interface Locals {
      /** The per-response nonce that inline scripts need under the CSP. */
      cspNonce: string;
      /** What answered, for the request metrics: a route table id, a service's mount point (decision 0038). */
      route?: string;
    }
  }
}

export {};
