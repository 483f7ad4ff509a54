import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/** The cookie that marks an editor's browser as previewing drafts (SPEC 1, 6). */
export const PREVIEW_COOKIE = 'nabd.preview';
/** An editor's preview lasts a working day; then the secret is asked again. */
const PREVIEW_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export interface PreviewModeOptions {
  /** `PREVIEW_SECRET`: what editors give to enter preview, and the key the cookie is signed with. */
  secret: string;
  /** Cookies only over https when the site is served over https. */
  secure: boolean;
  now?: () => number;
}

/**
 * Editors' preview mode: entering needs the preview secret; the browser then carries a cookie
 * holding its start time, signed with that secret, so changing the secret ends every preview.
 */
export class PreviewMode {
  private readonly now: () => number;

  constructor(private readonly options: PreviewModeOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Compares in constant time (over digests, so the length leaks nothing either). */
  isSecret(candidate: unknown): boolean {
    if (typeof candidate !== 'string' || !candidate) return false;
    return timingSafeEqual(digest(candidate), digest(this.options.secret));
  }

  enter(res: Response): void {
    const issuedAt = String(this.now());
    res.cookie(PREVIEW_COOKIE, `${issuedAt}.${this.sign(issuedAt)}`, { ...this.cookieOptions(), maxAge: PREVIEW_MAX_AGE_MS });
  }

  exit(res: Response): void {
    res.clearCookie(PREVIEW_COOKIE, this.cookieOptions());
  }

  /** Whether this request comes from a browser in preview mode: a cookie we signed, not expired. */
  isActive(req: Request): boolean {
    const value: unknown = req.cookies?.[PREVIEW_COOKIE];
    if (typeof value !== 'string') return false;
    const [issuedAt = '', signature = ''] = value.split('.');
    const expected = this.sign(issuedAt);
    if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return false;
    const age = this.now() - Number(issuedAt);
    return age >= 0 && age < PREVIEW_MAX_AGE_MS;
  }

  private sign(value: string): string {
    return createHmac('sha256', this.options.secret).update(`preview:${value}`).digest('base64url');
  }

  private cookieOptions() {
    return { httpOnly: true, sameSite: 'lax', secure: this.options.secure, path: '/' } as const;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Where to go after entering or leaving preview: a path of this site only (query kept), so the
 * link cannot send an editor elsewhere; anything else goes home.
 */
export function ownPath(candidate: unknown): string | undefined {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\'))
    return undefined;
  const base = 'http://own.invalid';
  try {
    const url = new URL(candidate, base);
    return url.origin === base ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}
