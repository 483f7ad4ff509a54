import express from 'express';
import * as oidc from 'openid-client';
import type { DatabaseHandle } from '#platform/database.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import { createLogger } from '#platform/logger.ts';
import { createMailer, DEFAULT_MAIL_FROM, type Mailer, type OutboxMessage } from '#platform/mail/mailer.ts';
import { createRateLimits, type RateLimits } from '#platform/rate-limits.ts';
import { createIdentityService, DEMO_USER, type IdentityService } from '../service.ts';
import { Browser, fieldValue, formAction, type Page } from '#test/support/browser.ts';

export const SITE = 'http://localhost:3000';
export const ISSUER = `${SITE}/oidc`;
export const API_AUDIENCE = 'urn:nabd:api';
export const CALLBACK = `${SITE}/account/redirecting`;
export const SIGNED_OUT = `${SITE}/account/login`;
export const WEBSITE = {
  clientId: 'website',
  clientSecret: 'test-website-client-secret',
  redirectUris: [CALLBACK],
  postLogoutRedirectUris: [SIGNED_OUT, `${SITE}/ar/account/login`],
};

export interface RunningIdentity {
  service: IdentityService;
  mailer: Mailer & { outbox?: OutboxMessage[] };
  rateLimits: RateLimits;
  /** A fetch into the site (identity mounted at /oidc), as the web tier's openid-client uses it. */
  fetch: typeof fetch;
  /** The web tier's openid-client configuration, discovered in process. */
  client: oidc.Configuration;
  /** A browser; `address` is the visitor's IP address the service sees (X-Forwarded-For). */
  browser(options?: { address?: string }): Browser;
  close(): Promise<void>;
}

export interface IdentityOverrides {
  production?: boolean;
  /** SMTP relay for the messages (a test's mail catcher); the in-memory outbox otherwise. */
  smtpUrl?: string | undefined;
  /** Rate limits in Redis (shared between instances) instead of this process's memory. */
  redisUrl?: string | undefined;
  /** Key prefix of the rate limits; random by default, so test files never share counts. */
  rateLimitPrefix?: string;
}

/** The identity service mounted at /oidc as the site mounts it, with the website registered. */
export async function startIdentity(database: DatabaseHandle, overrides: IdentityOverrides = {}): Promise<RunningIdentity> {
  const logger = createLogger({ level: 'silent' });
  const mailer = createMailer({ smtpUrl: overrides.smtpUrl, from: DEFAULT_MAIL_FROM, dataDir: 'memory://', logger });
  const rateLimits = await createRateLimits({
    redisUrl: overrides.redisUrl,
    prefix: overrides.rateLimitPrefix ?? `test-${crypto.randomUUID()}`,
    logger,
  });
  const service = await createIdentityService({
    database,
    issuer: ISSUER,
    secret: 'test-identity-secret-of-some-length',
    clients: [WEBSITE],
    apiAudience: API_AUDIENCE,
    production: overrides.production ?? false,
    logger,
    seedDemoUser: !overrides.production,
    stylesheetHref: '/assets/site.css',
    mailer,
    rateLimits,
  });
  // As behind the site's proxy: the visitor's address comes in X-Forwarded-For.
  const site = express().set('trust proxy', true).use('/oidc', service.app);
  const fetch = createInProcessFetch(site);
  const client = await oidc.discovery(new URL(ISSUER), WEBSITE.clientId, undefined, oidc.ClientSecretPost(WEBSITE.clientSecret), {
    execute: [oidc.allowInsecureRequests],
    [oidc.customFetch]: fetch as oidc.CustomFetch,
  });
  const fromAddress =
    (address: string): typeof fetch =>
    (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', address);
      return fetch(input, { ...init, headers });
    };
  return {
    service,
    mailer,
    rateLimits,
    fetch,
    client,
    browser: (options = {}) => new Browser(options.address ? fromAddress(options.address) : fetch),
    async close() {
      await service.close();
      await rateLimits.close();
      mailer.close();
    },
  };
}

export interface SignInAttempt {
  codeVerifier: string;
  state: string;
  nonce: string;
  /** The hosted login page the browser was sent to. */
  loginPage: Page;
}

/** What the web tier does on "Sign in": an authorization request with PKCE S256, followed to the login page. */
export async function startSignIn(
  identity: RunningIdentity,
  browser: Browser,
  params: Record<string, string> = {},
): Promise<SignInAttempt> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(identity.client, {
    redirect_uri: CALLBACK,
    scope: 'openid email profile offline_access',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...params,
  });
  const loginPage = await browser.follow(await browser.get(url), ISSUER);
  return { codeVerifier, state, nonce, loginPage };
}

/** Posts the hosted login form as a visitor would, with the page's CSRF token (`null`: none at all). */
export function submitLogin(
  browser: Browser,
  loginPage: Page,
  credentials: { email: string; password: string },
  token: string | null = fieldValue(loginPage.html, '_csrf') ?? null,
) {
  const action = formAction(loginPage.html, '/login');
  if (!action) throw new Error(`No login form in:\n${loginPage.html}`);
  return browser.post(new URL(action, loginPage.url), { ...(token === null ? {} : { _csrf: token }), ...credentials });
}

/** A complete sign-in as the demo user, returning the tokens the web tier would keep. */
export async function signInAsDemoUser(identity: RunningIdentity, browser = identity.browser()) {
  const attempt = await startSignIn(identity, browser);
  const callback = await browser.follow(await submitLogin(browser, attempt.loginPage, DEMO_USER), ISSUER);
  return oidc.authorizationCodeGrant(identity.client, new URL(callback.url), {
    pkceCodeVerifier: attempt.codeVerifier,
    expectedState: attempt.state,
    expectedNonce: attempt.nonce,
  });
}

/**
 * A confirmed account made the way visitors make theirs, through the user-pool API, reading the
 * code from the in-memory outbox (identities started without an SMTP relay).
 */
export async function createAccount(identity: RunningIdentity, email: string, password = DEMO_USER.password): Promise<void> {
  const authorization = `Basic ${Buffer.from(`${WEBSITE.clientId}:${WEBSITE.clientSecret}`).toString('base64')}`;
  const post = async (path: string, body: object) => {
    const response = await identity.fetch(`${ISSUER}/api${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, clientIp: `fixture-${crypto.randomUUID()}` }),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  };
  await post('/sign-up', { email, password, givenName: 'Test', familyName: 'Visitor', locale: 'en' });
  const message = identity.mailer.outbox?.filter((sent) => sent.to === email).at(-1);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`No code in the outbox for ${email}`);
  await post('/confirm-sign-up', { email, code });
}
