import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { isSocialProvider, type SocialProvider } from '#platform/social-providers.ts';
import type { UpstreamRequest } from './upstream-clients.ts';

/** A social sign-in on its way to the upstream provider and back, bound to our interaction. */
export interface PendingSocialSignIn extends UpstreamRequest {
  uid: string;
  provider: SocialProvider;
  /** Epoch milliseconds after which the attempt is refused. */
  expiresAt: number;
}

const COOKIE = 'nabd_identity_social';
const LIFETIME_MS = 10 * 60 * 1000;

/**
 * Keeps the upstream request's secrets (state, nonce, PKCE verifier) in a short-lived, signed,
 * httpOnly cookie under the issuer's path: nothing to store server-side, nothing a script can read,
 * and nothing another visitor's browser holds. SameSite=Lax lets the upstream's redirect (a
 * top-level GET) bring it back.
 */
export class PendingSignIns {
  constructor(
    private readonly options: { secret: string; path: string; secure: boolean },
    private readonly now: () => number = Date.now,
  ) {}

  keep(res: Response, pending: Omit<PendingSocialSignIn, 'expiresAt'>): void {
    const payload = Buffer.from(JSON.stringify({ ...pending, expiresAt: this.now() + LIFETIME_MS })).toString('base64url');
    res.cookie(COOKIE, `${payload}.${this.#sign(payload)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      path: this.options.path,
      maxAge: LIFETIME_MS,
    });
  }

  /** The pending sign-in this browser holds, if its signature and lifetime are good. */
  read(req: Request): PendingSocialSignIn | undefined {
    const value = (req.cookies as Record<string, unknown> | undefined)?.[COOKIE];
    if (typeof value !== 'string') return undefined;
    const [payload = '', signature = ''] = value.split('.');
    const expected = Buffer.from(this.#sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const pending = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PendingSocialSignIn;
      const valid =
        typeof pending.uid === 'string' &&
        isSocialProvider(pending.provider) &&
        [pending.state, pending.nonce, pending.codeVerifier].every((part) => typeof part === 'string') &&
        typeof pending.expiresAt === 'number' &&
        pending.expiresAt > this.now();
      return valid ? pending : undefined;
    } catch {
      return undefined;
    }
  }

  /** Used once: cleared whatever the outcome. */
  clear(res: Response): void {
    res.clearCookie(COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.options.secure, path: this.options.path });
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.options.secret).update(payload).digest('base64url');
  }
}
