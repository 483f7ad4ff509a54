import * as oidc from 'openid-client';
import type { SocialProvider } from '#platform/social-providers.ts';
import type { SocialProviderClient, SocialProviderSettings } from './social-settings.ts';

/** What the upstream provider says about the person (OpenID standard claims). */
export interface UpstreamIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

/** A request sent upstream, kept (signed) in the browser until the provider sends the visitor back. */
export interface UpstreamRequest {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * Our side of the upstream OpenID providers (openid-client): authorization code with PKCE S256,
 * state and nonce. Generic discovery serves any compliant provider. Apple would need one more
 * adapter in production: its client secret is a JWT we sign, names arrive only once in a `user`
 * form field, and it answers by `form_post`, a cross-site POST that SameSite=Lax cookies miss.
 */
export class UpstreamClients {
  readonly #configurations = new Map<SocialProvider, Promise<oidc.Configuration>>();

  constructor(
    private readonly settings: SocialProviderSettings,
    /** `${issuer}/social/callback`, registered with every upstream provider. */
    readonly redirectUri: string,
  ) {}

  isConfigured(provider: SocialProvider): boolean {
    return this.settings[provider] !== undefined;
  }

  async authorizationUrl(provider: SocialProvider, locale: string): Promise<{ url: string; request: UpstreamRequest }> {
    const configuration = await this.#discover(provider);
    const request: UpstreamRequest = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      state: request.state,
      nonce: request.nonce,
      ui_locales: locale,
    });
    return { url: url.href, request };
  }

  /** Exchanges the code; any mismatch (state, nonce, PKCE, issuer, signature) or an error answer throws. */
  async complete(provider: SocialProvider, callbackUrl: URL, request: UpstreamRequest): Promise<UpstreamIdentity> {
    const configuration = await this.#discover(provider);
    const response = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    const claims = response.claims()!;
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    return {
      subject: claims.sub,
      email: text(claims.email) || undefined,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      givenName: text(claims.given_name).slice(0, 100),
      familyName: text(claims.family_name).slice(0, 100),
    };
  }

  #discover(provider: SocialProvider): Promise<oidc.Configuration> {
    const settings = this.settings[provider];
    if (!settings) return Promise.reject(new Error(`${provider} sign-in is not configured`));
    let configuration = this.#configurations.get(provider);
    if (!configuration) {
      configuration = discover(settings).catch((error: unknown) => {
        // Retried on the next sign-in: the provider may be back by then.
        this.#configurations.delete(provider);
        throw error;
      });
      this.#configurations.set(provider, configuration);
    }
    return configuration;
  }
}

function discover(settings: SocialProviderClient): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, oidc.ClientSecretPost(settings.clientSecret), {
    // Plain HTTP only reaches here outside production (server/config.ts refuses it there).
    ...(settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
    timeout: 10,
  });
}
