import type { NextFunction, Request, Response } from 'express';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_MS, formatConsent, parseConsent, type PrivacyConsent } from '#platform/privacy-consent.ts';

/** Reads the visitor's privacy choice (decision 0051) once per request: null until they answer the banner. */
export function readPrivacyConsent(req: Request, _res: Response, next: NextFunction) {
  req.privacyConsent = parseConsent(req.cookies?.[CONSENT_COOKIE]);
  next();
}

/**
 * Stores a choice, itself strictly necessary. Not httpOnly: the browser's analytics script reads it
 * so that it sends nothing without consent (the server drops such events anyway). An affiliate
 * code kept earlier goes on the next request when marketing is refused (server/middleware/affiliate.ts).
 */
export function savePrivacyConsent(res: Response, consent: PrivacyConsent, secure: boolean) {
  res.cookie(CONSENT_COOKIE, formatConsent(consent), {
    maxAge: CONSENT_MAX_AGE_MS,
    sameSite: 'lax',
    secure,
    httpOnly: false,
    path: '/',
    // The value is cookie-safe as it is; the default encoding would only obscure it.
    encode: String,
  });
}

/** Whether events may be recorded for this request's visitor (SPEC 9.4 under decision 0051). */
export const analyticsAllowed = (req: Request): boolean => req.privacyConsent?.analytics === true;
