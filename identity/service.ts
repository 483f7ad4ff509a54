import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { DatabaseHandle } from '#platform/database.ts';
import { RETRY_AFTER_SECONDS, unavailableDependency } from '#platform/dependency-errors.ts';
import { reportError } from '#platform/error-reports.ts';
import type { Logger } from '#platform/logger.ts';
import type { Mailer } from '#platform/mail/mailer.ts';
import type { RateLimits } from '#platform/rate-limits.ts';
import { migrate } from '#platform/migrations.ts';
import { OutageLog } from '#platform/outage-log.ts';
import { fromRoot } from '#platform/paths.ts';
import { AccountExistsError } from './account-errors.ts';
import { createCsrfGuard } from './csrf-guard.ts';
import { deriveSecret } from './derive-secret.ts';
import { createHostedPages } from './hosted-pages.tsx';
import { createInteractionRouter, type SignInRefusedListener } from './interaction-router.ts';
import { pickLocale } from './locale.ts';
import { IDENTITY_SCHEMA, identityMigrations } from './migrations.ts';
import { PostgresAdapter, removeExpiredPayloads } from './postgres-adapter.ts';
import { createProvider, REVOKED_GRANTS_PATH, type RegisteredClient } from './provider.ts';
import { RevokedGrants } from './revoked-grants.ts';
import { createSignOut } from './sign-out.ts';
import { loadSigningKeys } from './signing-keys.ts';
import { loadTranslations } from './translations.ts';
import { AccountEmails } from './emails/account-emails.tsx';
import { UserPool } from './user-pool.ts';
import { createUserPoolApi } from './user-pool-api.ts';
import { PendingSignIns } from './social/pending-sign-in.ts';
import { SocialAccounts } from './social/social-accounts.ts';
import { socialCallbackRedirect } from './social/social-routes.ts';
import type { SocialProviderSettings } from './social/social-settings.ts';
import { UpstreamClients } from './social/upstream-clients.ts';

export interface IdentityServiceOptions {
  database: DatabaseHandle;
  /** Public URL of the provider, e.g. `http://localhost:3000/oidc`; the returned app is mounted at its path. */
  issuer: string;
  /** Secret from the environment; cookie signing keys are derived from it (never hard-coded). */
  secret: string;
  clients: RegisteredClient[];
  /** Audience of the JWT access tokens the user service verifies, e.g. `urn:nabd:api`. */
  apiAudience: string;
  production: boolean;
  logger: Logger;
  /** Development/test only: creates the demo user if missing. */
  seedDemoUser: boolean;
  /** The site's stylesheet, linked from the hosted pages when co-located; pages must still be usable without it. */
  stylesheetHref?: string;
  /** Origin of the site the hosted pages link back to; defaults to the issuer's origin. */
  siteUrl?: string;
  /** Sends the sign-up, reset and welcome messages. */
  mailer: Mailer;
  /** Brute-force and abuse limits (decision 0020), shared by every node when backed by Redis. */
  rateLimits: RateLimits;
  /** SPEC 4.1: the upstream social providers that are configured (decision 0021); none by default. */
  socialProviders?: SocialProviderSettings;
  /** SPEC 7.4: told of each sign-in the hosted page refuses (the site tracks user_login_failed). */
  onSignInRefused?: SignInRefusedListener;
}

export interface IdentityService {
  /** Express app to mount at the issuer's path (e.g. `app.use('/oidc', identity.app)`). */
  app: express.Express;
  close(): Promise<void>;
}

/** The account anyone can sign in with outside production (README, tests, demos). */
export const DEMO_USER = {
  email: 'demo@nabd.example',
  password: 'Festival-2026!',
  givenName: 'Layla',
  familyName: 'Haddad',
} as const;

/** How often expired provider records are swept from the table (reads ignore them already). */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The identity service (ARCHITECTURE "Services and their seams"): our OpenID provider with its
 * hosted, bilingual sign-in pages, over the user pool. Everything it keeps is in the `identity`
 * schema, so any number of replicas can serve it.
 */
export async function createIdentityService(options: IdentityServiceOptions): Promise<IdentityService> {
  const { database, logger } = options;
  if (options.seedDemoUser && options.production) {
    throw new Error('The demo user (a published password) must never be seeded in production');
  }

  await migrate(database, IDENTITY_SCHEMA, identityMigrations);
  const [signingKeys, translations] = await Promise.all([loadSigningKeys(database), loadTranslations()]);
  const siteUrl = (options.siteUrl ?? new URL(options.issuer).origin).replace(/\/+$/, '');
  const userPool = new UserPool({
    db: database.db,
    codeKey: deriveSecret(options.secret, 'one-time-codes'),
    mail: new AccountEmails({ mailer: options.mailer, translations, siteUrl }),
    logger,
  });
  if (options.seedDemoUser) await seedDemoUser(userPool, logger);

  const issuerPath = new URL(options.issuer).pathname.replace(/\/+$/, '');
  const pages = createHostedPages({
    translations,
    siteUrl,
    assetsPath: `${issuerPath}/assets`,
    stylesheetHref: options.stylesheetHref,
    production: options.production,
  });
  // One report a minute per unavailable dependency, whichever of the service's routes met it.
  const outages = new OutageLog(logger);
  const revokedGrants = new RevokedGrants(database.db);
  const provider = createProvider({
    issuer: options.issuer,
    secret: options.secret,
    clients: options.clients,
    apiAudience: options.apiAudience,
    signingKeys,
    adapter: (model) => new PostgresAdapter(database.db, model),
    userPool,
    pages,
    logger,
    outages,
    revokedGrants,
  });

  const social = {
    upstream: new UpstreamClients(options.socialProviders ?? {}, `${options.issuer.replace(/\/+$/, '')}/social/callback`),
    accounts: new SocialAccounts(database.db),
    pending: new PendingSignIns({
      secret: deriveSecret(options.secret, 'social-sign-in'),
      path: issuerPath || '/',
      secure: options.production,
    }),
  };
  const sendExpired = (req: Request, res: Response) =>
    res
      .status(400)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(pages.expired(pickLocale({ cookieHeader: req.headers.cookie })));

  const app = express();
  app.disable('x-powered-by');
  app.use('/assets', express.static(fromRoot('identity', 'assets'), { index: false, maxAge: '1h' }));
  // Public like the key set: a grant id names a sign-in that is over, and grants nothing. Revalidated
  // on every read (the ETag makes an unchanged list a 304); the services poll it (decision 0040).
  app.get(REVOKED_GRANTS_PATH, (req, res, next) => {
    revokedGrants.current().then((grants) => void res.set('Cache-Control', 'no-cache').json({ grants }), next);
  });
  app.get(
    '/social/callback',
    cookieParser(),
    socialCallbackRedirect({ pending: social.pending, basePath: `${issuerPath}/interaction`, sendExpired }),
  );
  app.use(
    '/interaction',
    createInteractionRouter({
      provider,
      userPool,
      pages,
      csrf: createCsrfGuard({ secret: deriveSecret(options.secret, 'csrf'), production: options.production }),
      rateLimits: options.rateLimits,
      basePath: `${issuerPath}/interaction`,
      logger,
      social,
      onSignInRefused: options.onSignInRefused,
    }),
  );
  app.use(
    '/api',
    createUserPoolApi({
      userPool,
      rateLimits: options.rateLimits,
      clients: options.clients,
      signingKeys,
      issuer: options.issuer,
      apiAudience: options.apiAudience,
      logger,
      outages,
      signOut: createSignOut(provider, revokedGrants),
    }),
  );
  app.use(provider.callback());
  app.use((error: Error & { status?: number }, req: Request, res: Response, _next: NextFunction) => {
    const locale = pickLocale({ cookieHeader: req.headers.cookie });
    res.set('Cache-Control', 'no-store').type('html');
    // The database is unavailable: "try again in a moment", reported once a minute (decision 0033).
    const dependency = unavailableDependency(error);
    if (dependency) {
      outages.report(dependency, error, { url: req.originalUrl });
      return void res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).send(pages.unavailable(locale));
    }
    // Body parser refusals (too large, malformed) are the visitor's; anything else is ours.
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) {
      logger.error({ err: error, url: req.originalUrl }, 'Identity page failed');
      reportError(error, { component: 'identity', tags: { part: 'pages' }, details: { path: req.path } });
    }
    res.status(status).send(pages.error(locale, { error: status === 500 ? 'server_error' : 'invalid_request' }));
  });

  const sweeper = startSweeping(database, revokedGrants, logger);
  return { app, close: () => sweeper.stop() };
}

async function seedDemoUser(userPool: UserPool, logger: Logger): Promise<void> {
  if (await userPool.findByEmail(DEMO_USER.email)) return;
  try {
    await userPool.create({ ...DEMO_USER, preferredLocale: 'en', emailVerified: true });
    logger.info({ email: DEMO_USER.email }, 'Created the demo user');
  } catch (error) {
    // Another replica created it meanwhile.
    if (!(error instanceof AccountExistsError)) throw error;
  }
}

function startSweeping(database: DatabaseHandle, revokedGrants: RevokedGrants, logger: Logger) {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = Promise.all([removeExpiredPayloads(database.db), revokedGrants.removeExpired()]).catch((error: unknown) =>
      logger.warn({ err: error }, 'Sweeping expired identity records failed'),
    );
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
