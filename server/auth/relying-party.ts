import * as oidc from 'openid-client';
import type { SocialProvider } from '#platform/social-providers.ts';
import type { Locale } from '#views/format.ts';
import type { SignedInSession } from '../session/session-data.ts';
import type { PendingSignIn } from './sign-in-cookie.ts';

export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** SPEC 2.1: the sign-in redirect lands on /account/redirecting. */
  redirectUri: string;
  /** In process when the identity service is co-located; the network otherwise. */
  fetch?: typeof fetch | undefined;
}

/** SPEC 7.3: scopes email and openid; profile for the name, offline_access for refresh tokens. */
const SCOPES = 'openid email profile offline_access';

type Tokens = SignedInSession['tokens'];

export interface SignInOptions {
  locale: Locale;
  returnTo: string;
  /** The single-use ticket of a just-confirmed sign-up (user-pool API `confirmSignUp`). */
  loginTicket?: string | undefined;
  /** A social provider (`google`, `apple`) to sign in with instead of the password form. */
  identityProvider?: string | undefined;
}

/**
 * The web tier's side of OpenID Connect (openid-client): authorization code with PKCE S256 and
 * refresh. Signing out is a call of the user-pool API (decision 0040), not a redirect. Discovery
 * happens on first use and is retried after a failure, so the site starts even while the identity
 * service is still coming up.
 */
export class RelyingParty {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly options: RelyingPartyOptions) {}

  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(new URL(this.options.issuer), this.options.clientId, undefined, oidc.ClientSecretPost(this.options.clientSecret), {
        ...(this.options.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
        ...(this.options.fetch ? { [oidc.customFetch]: this.options.fetch as oidc.CustomFetch } : {}),
        timeout: 10,
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  /**
   * The authorization request. With a `loginTicket` (the "done" state of sign-up) it is pushed to
   * the provider first (PAR), so the ticket travels server to server and never in a URL;
   * `identityProvider` names the social provider to sign in with.
   */
  async startSignIn(options: SignInOptions): Promise<{ url: string; pending: PendingSignIn }> {
    const configuration = await this.discover();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const pending: PendingSignIn = {
      codeVerifier,
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      returnTo: options.returnTo,
      locale: options.locale,
    };
    const parameters: Record<string, string> = {
      redirect_uri: this.options.redirectUri,
      scope: SCOPES,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
      ui_locales: options.locale,
      // Consent is needed for refresh tokens; the provider grants it itself for this first-party client.
      // With a ticket, `login` too: whoever was signed in at the provider before is replaced by the new user.
      prompt: options.loginTicket ? 'login consent' : 'consent',
    };
    if (options.identityProvider) parameters.identity_provider = options.identityProvider;
    if (options.loginTicket) {
      parameters.login_ticket = options.loginTicket;
      const url = await oidc.buildAuthorizationUrlWithPAR(configuration, parameters);
      return { url: url.href, pending };
    }
    return { url: oidc.buildAuthorizationUrl(configuration, parameters).href, pending };
  }

  /** Exchanges the code the provider sent back for tokens, checking state, nonce and PKCE. */
  async completeSignIn(
    callbackUrl: URL,
    pending: PendingSignIn,
  ): Promise<{ sub: string; profile: SignedInSession['profile']; tokens: Tokens }> {
    const configuration = await this.discover();
    const response = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = response.claims()!;
    return {
      sub: claims.sub,
      profile: {
        firstName: String(claims.given_name ?? ''),
        lastName: String(claims.family_name ?? ''),
        email: String(claims.email ?? ''),
      },
      tokens: tokensOf(response),
    };
  }

  async refresh(previous: Tokens & { refreshToken: string }): Promise<Tokens> {
    const configuration = await this.discover();
    return tokensOf(await oidc.refreshTokenGrant(configuration, previous.refreshToken), previous);
  }
}

/**
 * Expiry times are kept on our clock: the ID token's `iat` tells how far the provider's clock is
 * from ours (SPEC 4.1: adjusted for clock drift), and `expires_in` is relative anyway.
 */
function tokensOf(response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers, previous?: Tokens): Tokens {
  const now = Math.floor(Date.now() / 1000);
  const claims = response.claims();
  const clockDrift = claims ? claims.iat - now : (previous?.clockDrift ?? 0);
  return {
    accessToken: response.access_token,
    // Providers that do not rotate refresh tokens keep the previous one valid.
    refreshToken: response.refresh_token ?? previous?.refreshToken,
    idToken: response.id_token ?? previous!.idToken,
    accessTokenExpiresAt: now + (response.expiresIn() ?? 0),
    idTokenExpiresAt: claims ? claims.exp - clockDrift : previous!.idTokenExpiresAt,
    clockDrift,
  };
}

/** SPEC 4.1: the provider refused the refresh token (expired, revoked, reused). */
export function isNotAuthorized(error: unknown): boolean {
  return error instanceof oidc.ResponseBodyError && (error.error === 'invalid_grant' || error.status === 401);
}

/** The provider could not be reached at all; the tokens may still be good. */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'TimeoutError' ||
    error.name === 'AbortError' ||
    (error instanceof TypeError && /fetch failed|network/i.test(error.message)) ||
    (error as { code?: string }).code === 'OAUTH_TIMEOUT'
  );
}
