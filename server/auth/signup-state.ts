import type { Request, Response } from 'express';
import { z } from 'zod';
import { isLocale, type Locale } from '#views/format.ts';

/**
 * What the sign-up and password-reset pages remember between steps without a server session:
 * signed, httpOnly cookies (cookie-parser's signature with the session secret), so a visitor can
 * neither read them from script nor change the e-mail they name.
 */

/** Set when the account is created (end of step 2), read by step 3 and by /account/verification. */
export const SIGNUP_COOKIE = 'nabd.signup';
/** Set by forgot-password, read by reset-password to prefill the e-mail. */
export const RESET_COOKIE = 'nabd.reset';

const SIGNUP_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const RESET_MAX_AGE_MS = 60 * 60 * 1000;

export interface SignupState {
  email: string;
  locale: Locale;
  /** Where the new user goes once signed in: a path of ours. */
  returnTo: string;
  /** SPEC 2.4: after a resend the page says a new code was sent (and to check the spam folder). */
  resent: boolean;
  /**
   * The identity service's secret for this browser's sign-up: the code confirms only with it (or
   * with the password), so nobody else's sign-up of the same e-mail can be confirmed here.
   */
  registration?: string | undefined;
}

const signupSchema = z.object({
  email: z.string().max(254),
  locale: z.string().refine(isLocale),
  returnTo: z.string().startsWith('/'),
  resent: z.boolean(),
  registration: z.string().max(128).optional(),
});

const resetSchema = z.object({ email: z.string().max(254) });

function cookieOptions(req: Request, maxAge: number) {
  return { signed: true, httpOnly: true, sameSite: 'lax' as const, secure: req.secure, path: '/', maxAge };
}

function readSigned(req: Request, name: string): unknown {
  const raw: unknown = req.signedCookies?.[name];
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function readSignupState(req: Request): SignupState | undefined {
  const parsed = signupSchema.safeParse(readSigned(req, SIGNUP_COOKIE));
  return parsed.success ? (parsed.data as SignupState) : undefined;
}

export function saveSignupState(req: Request, res: Response, state: SignupState): void {
  res.cookie(SIGNUP_COOKIE, JSON.stringify(state), cookieOptions(req, SIGNUP_MAX_AGE_MS));
}

export function clearSignupState(res: Response): void {
  res.clearCookie(SIGNUP_COOKIE, { path: '/' });
}

export function readResetEmail(req: Request): string | undefined {
  const parsed = resetSchema.safeParse(readSigned(req, RESET_COOKIE));
  return parsed.success ? parsed.data.email : undefined;
}

export function saveResetEmail(req: Request, res: Response, email: string): void {
  res.cookie(RESET_COOKIE, JSON.stringify({ email }), cookieOptions(req, RESET_MAX_AGE_MS));
}

export function clearResetEmail(res: Response): void {
  res.clearCookie(RESET_COOKIE, { path: '/' });
}
