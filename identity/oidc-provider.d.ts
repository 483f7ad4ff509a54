// oidc-provider 9 ships no type declarations. This covers only the parts the identity service
// uses, checked against node_modules/oidc-provider/lib; extend it when you use more.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Awaitable<T> = T | Promise<T>;
  type ProviderEvent = 'server_error' | `${string}.error`;

  /** What oidc-provider stores for each model (session, interaction, token, grant...). */
  export interface AdapterPayload {
    jti?: string;
    grantId?: string;
    userCode?: string;
    uid?: string;
    /** Epoch seconds when a code or refresh token was used. */
    consumed?: number;
    exp?: number;
    [key: string]: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Account {
    accountId: string;
    claims(use: 'id_token' | 'userinfo', scope: string): Awaitable<{ sub: string; [claim: string]: unknown }>;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg: string; kid?: string } };
  }

  export interface ResourceServer {
    readonly scopes: Set<string>;
    identifier(): string;
  }

  export interface Client {
    clientId: string;
    grantTypeAllowed(grantType: string): boolean;
  }

  export interface Session {
    accountId?: string;
    /** Epoch seconds of the sign-in. */
    loginTs?: number;
    /** Set by the end-session endpoint; `secret` is the xsrf value its confirm endpoint checks. */
    state?: { secret?: string };
    /** What each client was granted in this session. */
    authorizations?: Record<string, { grantId?: string; sid?: string; persistsLogout?: boolean }>;
    grantIdFor(clientId: string): string | undefined;
    destroy(): Promise<void>;
  }

  export interface SessionConstructor {
    findByUid(uid: string): Promise<Session | undefined>;
  }

  export interface RefreshToken {
    clientId: string;
    accountId: string;
    grantId: string;
    /** The provider session the sign-in happened in. */
    sessionUid?: string;
  }

  export interface RefreshTokenConstructor {
    find(value: string, options?: { ignoreExpiration?: boolean; ignoreSessionBinding?: boolean }): Promise<RefreshToken | undefined>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  /** The models kept per grant (codes, tokens): what `revokeByGrantId` removes. */
  export interface GrantBoundModel {
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Grant {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
    readonly adapter: Adapter;
  }

  export interface Token {
    accountId?: string;
    grantId?: string;
    kind: string;
    resourceServer?: ResourceServer;
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    exp: number;
    prompt: { name: 'login' | 'consent' | string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id?: string; ui_locales?: string; login_hint?: string };
    session?: { accountId: string; uid?: string };
    grantId?: string;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export interface OIDCContext {
    readonly provider: Provider;
    readonly route: string;
    readonly params?: Record<string, unknown> & { ui_locales?: string; id_token_hint?: string };
    readonly client?: Client;
    readonly session: Session;
    readonly result?: InteractionResults;
    readonly resourceServers: Record<string, ResourceServer>;
    readonly requestParamScopes: Set<string>;
    readonly requestParamOIDCScopes: Set<string>;
    readonly entities: Record<string, unknown>;
    urlFor(name: string, options?: Record<string, string>): string;
  }

  /** The Koa context oidc-provider hands to configuration functions. */
  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    req: IncomingMessage;
    res: ServerResponse & { locals?: Record<string, unknown> };
    status: number;
    type: string;
    body: unknown;
    readonly originalUrl: string;
    get(header: string): string;
    set(header: string, value: string): void;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
    state?: string;
    [key: string]: unknown;
  }

  export interface ClientMetadata {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    post_logout_redirect_uris: string[];
    grant_types: string[];
    response_types: string[];
    token_endpoint_auth_method: string;
  }

  export interface Configuration {
    adapter?: (modelName: string) => Adapter;
    clients?: ClientMetadata[];
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    claims?: Record<string, string[] | null>;
    conformIdTokenClaims?: boolean;
    cookies?: {
      names?: { session?: string; interaction?: string; resume?: string };
      long?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; path?: string };
      short?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; path?: string };
      keys?: string[];
    };
    discovery?: Record<string, unknown>;
    extraTokenClaims?: (ctx: KoaContextWithOIDC, token: Token) => Awaitable<Record<string, unknown> | undefined>;
    extraParams?: string[];
    features?: {
      pushedAuthorizationRequests?: { enabled: boolean; requirePushedAuthorizationRequests?: boolean };
      devInteractions?: { enabled: boolean };
      revocation?: { enabled: boolean };
      userinfo?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => Awaitable<void>;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => Awaitable<void>;
      };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (ctx: KoaContextWithOIDC, client: Client, oneOf?: string[]) => Awaitable<string | string[] | undefined>;
        useGrantedResource?: (ctx: KoaContextWithOIDC, model: unknown) => Awaitable<boolean>;
        getResourceServerInfo?: (ctx: KoaContextWithOIDC, resourceIndicator: string, client: Client) => Awaitable<ResourceServerInfo>;
      };
    };
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: Token) => Awaitable<Account | undefined>;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => Awaitable<string> };
    expiresWithSession?: (ctx: KoaContextWithOIDC, token: Token) => Awaitable<boolean>;
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: Client, code: Token) => Awaitable<boolean>;
    jwks?: { keys: object[] };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => Awaitable<void>;
    rotateRefreshToken?: boolean | ((ctx: KoaContextWithOIDC) => Awaitable<boolean>);
    scopes?: string[];
    ttl?: Record<string, number | ((ctx: KoaContextWithOIDC, token: unknown, client: Client) => number)>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    /** Trust X-Forwarded-* headers (Koa's `proxy`). */
    proxy: boolean;
    readonly Grant: GrantConstructor;
    readonly Session: SessionConstructor;
    readonly RefreshToken: RefreshTokenConstructor;
    readonly AccessToken: GrantBoundModel;
    readonly AuthorizationCode: GrantBoundModel;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    /** Koa middleware run around oidc-provider's own (it keeps itself last). */
    use(middleware: (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>): this;
    on(event: ProviderEvent, listener: (ctx: KoaContextWithOIDC, error: Error) => void): this;
    /** A grant and its tokens were revoked (end-session, a replayed refresh token, the revocation endpoint). */
    on(event: 'grant.revoked', listener: (ctx: KoaContextWithOIDC, grantId: string) => void): this;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      status: number;
      error: string;
      error_description?: string;
    }
    class InvalidTarget extends OIDCProviderError {
      constructor(description?: string);
    }
    class SessionNotFound extends OIDCProviderError {}
  }

  export default Provider;
}
