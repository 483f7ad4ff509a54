import Provider, { errors, type Adapter, type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';
import type { JWK } from 'jose';
import { RETRY_AFTER_SECONDS, unavailableDependency } from '#platform/dependency-errors.ts';
import { reportError } from '#platform/error-reports.ts';
import type { Logger } from '#platform/logger.ts';
import type { OutageLog } from '#platform/outage-log.ts';
import { loadGrantWithAutomaticConsent } from './automatic-consent.ts';
import { deriveSecret } from './derive-secret.ts';
import type { HostedPages } from './hosted-pages.tsx';
import { LOCALES, pickLocale } from './locale.ts';
import { CLAIMS_BY_SCOPE, profileClaims } from './profile-claims.ts';
import type { RevokedGrants } from './revoked-grants.ts';
import { SIGNING_ALGORITHM } from './signing-keys.ts';
import type { UserPool } from './user-pool.ts';

export interface RegisteredClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /**
   * How the client authenticates at the token endpoint. openid-client 6 posts the secret in the
   * body unless told otherwise, hence the default.
   */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
}

export interface ProviderOptions {
  issuer: string;
  secret: string;
  clients: RegisteredClient[];
  apiAudience: string;
  signingKeys: JWK[];
  adapter: (model: string) => Adapter;
  userPool: UserPool;
  pages: HostedPages;
  logger: Logger;
  /** Where failures of an unavailable database are reported, once a minute. */
  outages: OutageLog;
  /** Grants whose sign-in ended, published for the services (decision 0040). */
  revokedGrants: RevokedGrants;
}

/**
 * The access tokens' claim naming their grant, the sign-in they belong to: the services refuse a
 * token whose grant the identity service lists as revoked (decision 0040).
 */
const GRANT_CLAIM = 'grant_id';

/** Where the revoked grants are published, under the issuer (named in the discovery document). */
export const REVOKED_GRANTS_PATH = '/revoked-grants';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/**
 * Lifetimes, in seconds. Access tokens are short (SPEC 4.1: the web tier refreshes them near
 * expiry). A sign-in (the provider session, its grant and refresh tokens) lasts 14 days from the
 * visitor's last visit to the provider, or until they sign out.
 */
export const LIFETIMES = {
  AccessToken: 5 * MINUTE,
  AuthorizationCode: MINUTE,
  IdToken: 60 * MINUTE,
  Interaction: 60 * MINUTE,
  RefreshToken: 14 * DAY,
  Session: 14 * DAY,
  Grant: 14 * DAY,
};

/** The OpenID provider: authorization code + PKCE, refresh tokens, RP-initiated logout, JWT access tokens. */
export function createProvider(options: ProviderOptions): Provider {
  const { userPool, pages, apiAudience } = options;
  const issuerPath = new URL(options.issuer).pathname.replace(/\/+$/, '');

  const localeOf = (ctx: KoaContextWithOIDC) => pickLocale({ uiLocales: ctx.oidc?.params?.ui_locales, cookieHeader: ctx.get('cookie') });

  const provider = new Provider(options.issuer, {
    adapter: options.adapter,
    clients: options.clients.map(toClientMetadata),
    jwks: { keys: options.signingKeys },
    cookies: {
      names: { session: 'nabd_identity_session', interaction: 'nabd_identity_interaction', resume: 'nabd_identity_resume' },
      // The provider's session concerns its own routes only; the site's pages never receive it.
      long: { httpOnly: true, sameSite: 'lax', path: issuerPath || '/' },
      short: { httpOnly: true, sameSite: 'lax' },
      keys: [deriveSecret(options.secret, 'cookie-signing')],
    },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: CLAIMS_BY_SCOPE,
    // ID tokens carry the profile claims themselves, whatever the access token's audience.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: LIFETIMES,
    discovery: { ui_locales_supported: [...LOCALES], revoked_grants_uri: `${options.issuer.replace(/\/+$/, '')}${REVOKED_GRANTS_PATH}` },
    // Only servers call the token, userinfo and JWKS endpoints; no browser needs CORS.
    clientBasedCORS: () => false,

    async findAccount(_ctx, sub) {
      const user = await userPool.findById(sub);
      return user && { accountId: user.id, claims: () => profileClaims(user) };
    },
    loadExistingGrant: loadGrantWithAutomaticConsent,
    // The web tier keeps visitors signed in by refreshing (SPEC 4.1), offline_access or not...
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // ...but signing out ends every token of the sign-in: none outlives the provider session,
    // which oidc-provider would otherwise allow for offline_access (SPEC 4.1 signedOut).
    expiresWithSession: () => true,
    rotateRefreshToken: true,
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !token.resourceServer || !token.accountId) return undefined;
      const user = await userPool.findById(token.accountId);
      if (!user) return undefined;
      const { email, given_name, family_name, locale, username } = profileClaims(user);
      return { email, given_name, family_name, locale, username, ...(token.grantId ? { [GRANT_CLAIM]: token.grantId } : {}) };
    },

    // `login_ticket`: the single-use ticket of a just-confirmed sign-up (decision 0020), only ever
    // pushed (PAR) so it never appears in a URL; `identity_provider`: the social provider to go to.
    extraParams: ['login_ticket', 'identity_provider'],
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? apiAudience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resource) {
          if (resource !== apiAudience) throw new errors.InvalidTarget();
          return {
            // The access token's scope says which profile claims it carries.
            scope: 'email profile',
            audience: apiAudience,
            accessTokenTTL: LIFETIMES.AccessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: SIGNING_ALGORITHM } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // Signing out unattended needs proof that the request came from the client the visitor
        // signed in to: an ID token it was issued for this very sign-in. Anyone can link to the
        // end-session URL with a client_id; such a link only shows the button (decision 0040).
        logoutSource(ctx) {
          ctx.type = 'html';
          ctx.body = signOutPage(ctx, hintIsOfThisSignIn(ctx));
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = pages.signedOut(localeOf(ctx));
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}` },
    renderError(ctx, out, error) {
      ctx.type = 'html';
      if (unavailableDependency(error)) {
        ctx.body = pages.unavailable(localeOf(ctx));
        return;
      }
      // A sign-in resumed after its cookies or records expired: say so, and offer a fresh start.
      ctx.body = error instanceof errors.SessionNotFound ? pages.expired(localeOf(ctx)) : pages.error(localeOf(ctx), out);
    },
  });
  provider.proxy = true;

  /**
   * oidc-provider has checked the hint's signature, issuer and audience (the client) before this
   * runs, not whose it is: it must name the signed-in account, for a client this session signed in
   * to, and be issued since this sign-in (an older sign-in's token proves nothing about this one).
   */
  function hintIsOfThisSignIn(ctx: KoaContextWithOIDC): boolean {
    const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown; iat?: unknown } } | undefined;
    const { session, client } = ctx.oidc;
    if (!hint?.payload || !client || !session.accountId || !session.grantIdFor(client.clientId)) return false;
    const { sub, iat } = hint.payload;
    return sub === session.accountId && typeof iat === 'number' && session.loginTs !== undefined && iat >= session.loginTs;
  }

  /** Our confirmation form posts what oidc-provider's own would: to its confirm endpoint, with its xsrf value. */
  function signOutPage(ctx: KoaContextWithOIDC, autoSubmit: boolean) {
    return pages.signOut(localeOf(ctx), {
      action: ctx.oidc.urlFor('end_session_confirm'),
      xsrf: ctx.oidc.session.state?.secret ?? '',
      autoSubmit,
      nonce: typeof ctx.res.locals?.cspNonce === 'string' ? ctx.res.locals.cspNonce : undefined,
    });
  }

  // With no account signed in, oidc-provider skips logoutSource and answers with an English page
  // that posts itself by inline script; ours does the same job in the visitor's language.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route === 'end_session' && ctx.status === 200 && !ctx.oidc.session.accountId) {
      ctx.type = 'html';
      ctx.body = signOutPage(ctx, true);
    }
  });

  // Decision 0033: while the database is unavailable every route answers 503 with Retry-After:
  // pages in the visitor's language (renderError above), and `temporarily_unavailable` from the
  // endpoints servers call (token, pushed requests, userinfo). oidc-provider's own error handling
  // has answered 500 by the time its 'server_error' event names the cause; the status is ours.
  const unavailable = new WeakSet<KoaContextWithOIDC>();
  provider.on('server_error', (ctx, error) => {
    const dependency = unavailableDependency(error);
    if (!dependency) {
      options.logger.error({ err: error }, 'OpenID provider failed');
      return reportError(error, { component: 'identity', tags: { part: 'openid-provider' } });
    }
    unavailable.add(ctx);
    options.outages.report(dependency, error, { url: ctx.originalUrl });
  });
  provider.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      // Failed outside any route's own error handling.
      const dependency = unavailableDependency(error);
      if (!dependency) throw error;
      options.outages.report(dependency, error, { url: ctx.originalUrl });
      unavailable.add(ctx);
      ctx.type = 'html';
      ctx.body = pages.unavailable(localeOf(ctx));
    }
    if (!unavailable.has(ctx)) return;
    ctx.status = 503;
    ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
    if (typeof ctx.body !== 'string') ctx.body = { error: 'temporarily_unavailable', error_description: 'Try again in a moment' };
  });
  // However a grant is revoked here (end-session, a replayed refresh token, the revocation
  // endpoint), the services hear of it; the sign-out API records its own before answering.
  provider.on('grant.revoked', (_ctx, grantId) => {
    options.revokedGrants.record([grantId]).catch((error: unknown) => {
      options.logger.error({ err: error }, 'A revoked grant could not be published');
    });
  });
  for (const event of ['authorization.error', 'grant.error', 'end_session.error', 'userinfo.error', 'revocation.error'] as const) {
    provider.on(event, (_ctx, error) => options.logger.info({ event, error: errorSummary(error) }, 'OpenID request refused'));
  }
  return provider;
}

function toClientMetadata(client: RegisteredClient): ClientMetadata {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_post',
  };
}

function errorSummary(error: Error) {
  const { error: code, error_description: description } = error as errors.OIDCProviderError;
  return { code, description };
}
