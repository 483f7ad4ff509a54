import type { Request, Response } from 'express';
import { isDependencyUnavailable } from '#platform/dependency-errors.ts';
import type { SocialProvider } from '#platform/social-providers.ts';
import type { Locale } from '#views/format.ts';
import type { Viewer } from '#views/site-context.tsx';
import { ServiceError } from '../services/service-client.ts';
import { destroySession, regenerateSession, reloadSession, saveSession } from '../session/session-promises.ts';
import type { SignedInSession } from '../session/session-data.ts';
import type { ReadCurrentUser } from './current-user.ts';
import type { UserPoolApi } from './user-pool-api.ts';
import { clearSignInCookie, readPendingSignIn, savePendingSignIn, saveSignInFailure } from './sign-in-cookie.ts';
import { isNetworkError, isNotAuthorized, type RelyingParty, type SignInOptions } from './relying-party.ts';

/** SPEC 4.1, 9.3: tokens are refreshed when they expire within 5 seconds. */
export const TOKEN_TOLERANCE_SECONDS = 5;

const nowInSeconds = () => Math.floor(Date.now() / 1000);

export function needsRefresh(tokens: SignedInSession['tokens'], now = nowInSeconds()): boolean {
  return Math.min(tokens.accessTokenExpiresAt, tokens.idTokenExpiresAt) - TOKEN_TOLERANCE_SECONDS <= now;
}

const SAME_SITE = 'http://site.invalid';

/**
 * Only paths of this site: a `returnTo` can never send a visitor elsewhere. Browsers drop tabs and
 * line breaks from URLs and read `\` as `/`, so `/\t/evil.example` is `//evil.example` to them:
 * such characters refuse the value, and what is left must resolve on our own origin.
 */
export function safeReturnTo(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || !value.startsWith('/') || /[\u0000-\u0020\u007f\\]/.test(value)) return fallback;
  const url = URL.parse(value, SAME_SITE);
  return url && url.origin === SAME_SITE ? `${url.pathname}${url.search}${url.hash}` : fallback;
}

export type SignInFailure = (reason: string) => void;

/**
 * The user or commerce service refused the signed-in visitor's access token (401): its sign-in has
 * ended elsewhere, at the provider's end-session page, by a password reset or the account's
 * deletion on another device (decision 0040), before the token's own expiry.
 */
export function isSignInEnded(error: unknown): boolean {
  const refusal = error instanceof ServiceError ? error : (error as { cause?: unknown } | undefined)?.cause;
  if (!(refusal instanceof ServiceError) || (refusal.service !== 'user' && refusal.service !== 'commerce')) return false;
  // Over GraphQL the refusal arrives as its code; the HTTP status stays with the transport.
  return refusal.status === 401 || refusal.code === 'UNAUTHENTICATED';
}

/** The identity service ends the sign-in of this refresh token (the user-pool API's `signOut`). */
export type EndSignIn = UserPoolApi['signOut'];

/**
 * Sign-in state kept in the server session (SPEC 4.1): who is signed in, their tokens, refreshing
 * them when near expiry, and sign-out. Nothing here ever reaches the browser but the session cookie.
 */
export class SessionAuth {
  constructor(
    private readonly relyingParty: RelyingParty,
    /** SPEC 4.1: who signed in, read from the user service with the new access token. */
    private readonly readCurrentUser: ReadCurrentUser,
    private readonly endSignIn: EndSignIn,
  ) {}

  viewer(req: Request): Viewer | null {
    const auth = req.session?.auth;
    return auth ? { firstName: auth.profile.firstName, lastName: auth.profile.lastName } : null;
  }

  /**
   * The URL to send the visitor to; see RelyingParty.startSignIn for the ticket and the provider.
   * What the callback will check is kept in a cookie: starting a sign-in creates no session.
   */
  async beginSignIn(req: Request, res: Response, options: SignInOptions): Promise<string> {
    const { url, pending } = await this.relyingParty.startSignIn(options);
    savePendingSignIn(req, res, pending);
    return url;
  }

  /**
   * Completes the sign-in at the callback. The session is regenerated so that an identifier
   * known before sign-in (session fixation) is worthless after it. SPEC 4.1: the current user is
   * read first; when that fails the visitor stays signed out (the caller shows the failure).
   */
  async finishSignIn(req: Request, res: Response, callbackUrl: URL): Promise<{ returnTo: string; locale: Locale }> {
    const pending = readPendingSignIn(req);
    if (!pending) throw new SignInError('no sign-in in progress');
    const signedIn = await this.relyingParty.completeSignIn(callbackUrl, pending);
    clearSignInCookie(res);
    let user;
    try {
      user = await this.readCurrentUser(signedIn.tokens.accessToken);
    } catch (error) {
      throw new SignInError(`the current user could not be read: ${(error as Error).message}`.slice(0, 200), { cause: error });
    }
    // A guest's cart comes along into the signed-in session, to be claimed (server/commerce/shopper.ts).
    const shop = req.session.shop;
    await regenerateSession(req);
    if (shop) req.session.shop = shop;
    req.session.auth = {
      ...signedIn,
      profile: {
        firstName: user.firstName || signedIn.profile.firstName,
        lastName: user.lastName || signedIn.profile.lastName,
        email: user.email || signedIn.profile.email,
      },
      user: { username: user.username, onboarded: user.onboarded },
    };
    await saveSession(req);
    return { returnTo: pending.returnTo, locale: pending.locale };
  }

  /** SPEC 4.1: a failed sign-in drops the user and is shown on the login page (once, from its cookie). */
  async failSignIn(req: Request, res: Response, message: string): Promise<void> {
    saveSignInFailure(req, res, message);
    if (req.session.auth) await this.signOutLocally(req);
  }

  /**
   * The visitor's access token, refreshed first when it is about to expire (SPEC 4.1). A refresh
   * the provider refuses signs the visitor out (undefined); a network failure or an unavailable
   * provider keeps the tokens and is raised; any other failure clears them and is raised.
   */
  async accessToken(req: Request, onRefreshRefused: SignInFailure): Promise<string | undefined> {
    const auth = req.session.auth;
    if (!auth) return undefined;
    if (!needsRefresh(auth.tokens)) return auth.tokens.accessToken;
    const refreshToken = auth.tokens.refreshToken;
    if (!refreshToken) {
      await this.signOutLocally(req);
      onRefreshRefused('no refresh token');
      return undefined;
    }
    try {
      auth.tokens = await this.relyingParty.refresh({ ...auth.tokens, refreshToken });
      await saveSession(req);
      return auth.tokens.accessToken;
    } catch (error) {
      // The provider is out of reach or its database is down: the sign-in is still good afterwards.
      if (isNetworkError(error) || isDependencyUnavailable(error)) throw error;
      if (isNotAuthorized(error)) {
        // A parallel request may have rotated the refresh token a moment ago: use its result.
        await reloadSession(req);
        const current = req.session.auth?.tokens;
        if (current && current.refreshToken !== refreshToken && !needsRefresh(current)) return current.accessToken;
        await this.signOutLocally(req);
        onRefreshRefused((error as Error).message);
        return undefined;
      }
      await this.signOutLocally(req);
      throw error;
    }
  }

  /**
   * Signs out in one step, server to server (decision 0040): the identity service ends this sign-in
   * (its session there, so the next sign-in asks for the password; its grant and refresh tokens;
   * its access tokens, refused by the services within seconds), then the site's session is
   * destroyed. When the identity service cannot do it, this throws and the visitor stays signed in
   * here too, rather than appearing signed out while the provider would sign them straight back in.
   */
  async signOut(req: Request): Promise<void> {
    const refreshToken = req.session.auth?.tokens.refreshToken;
    if (refreshToken) await this.endSignIn(refreshToken);
    await this.forget(req);
  }

  /**
   * Destroys the site's session without asking the identity service: for a sign-in that has ended
   * there already (an erased account, a token the services refuse). Whatever else the session held
   * (a cart of the user's) goes with it.
   */
  async forget(req: Request): Promise<void> {
    await destroySession(req);
  }

  private async signOutLocally(req: Request): Promise<void> {
    delete req.session.auth;
    await saveSession(req);
  }
}

export class SignInError extends Error {
  override name = 'SignInError';
}
