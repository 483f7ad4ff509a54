import type { Request, Response } from 'express';
import { z } from 'zod';
import { isLocale, type Locale } from '#views/format.ts';

/**
 * A sign-in under way, or the failure of the last one (SPEC 4.1: shown once on the login page),
 * kept in a signed, httpOnly cookie rather than the server session: opening the login page, as
 * every crawler following the header's "Sign in" link does, stores nothing (decision 0034). The
 * session is made when the sign-in succeeds. The signature (cookie-parser's, with the session
 * secret) keeps the state, nonce and return path from being changed; httpOnly keeps the PKCE
 * verifier from scripts, and it is worthless without the code the provider sends back.
 */
export const SIGN_IN_COOKIE = 'nabd.signin';

/** Long enough to read the hosted login page, reset a password or create an account on the way. */
const SIGN_IN_MAX_AGE_MS = 60 * 60 * 1000;

/** A sign-in in progress: what the callback checks (PKCE, state, nonce) and where to go after. */
export interface PendingSignIn {
  codeVerifier: string;
  state: string;
  nonce: string;
  returnTo: string;
  locale: Locale;
}

const pendingSchema = z.object({
  codeVerifier: z.string().max(200),
  state: z.string().max(200),
  nonce: z.string().max(200),
  returnTo: z.string().startsWith('/').max(2000),
  locale: z.string().refine(isLocale),
});

const cookieSchema = z.union([z.object({ pending: pendingSchema }), z.object({ failed: z.string().max(200) })]);

function read(req: Request): z.infer<typeof cookieSchema> | undefined {
  const raw: unknown = req.signedCookies?.[SIGN_IN_COOKIE];
  if (typeof raw !== 'string') return undefined;
  try {
    const parsed = cookieSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function write(req: Request, res: Response, value: z.infer<typeof cookieSchema>): void {
  res.cookie(SIGN_IN_COOKIE, JSON.stringify(value), {
    signed: true,
    httpOnly: true,
    // Lax: the provider sends the visitor back with a top-level GET, which carries it.
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: SIGN_IN_MAX_AGE_MS,
  });
}

export function readPendingSignIn(req: Request): PendingSignIn | undefined {
  const cookie = read(req);
  return cookie && 'pending' in cookie ? (cookie.pending as PendingSignIn) : undefined;
}

/** A new sign-in replaces one left unfinished (another tab's, or an abandoned one). */
export function savePendingSignIn(req: Request, res: Response, pending: PendingSignIn): void {
  write(req, res, { pending });
}

export function saveSignInFailure(req: Request, res: Response, reason: string): void {
  write(req, res, { failed: reason.slice(0, 200) });
}

export function readSignInFailure(req: Request): string | undefined {
  const cookie = read(req);
  return cookie && 'failed' in cookie ? cookie.failed : undefined;
}

export function clearSignInCookie(res: Response): void {
  res.clearCookie(SIGN_IN_COOKIE, { path: '/' });
}
