import path from 'node:path';
import express, { type Express } from 'express';
import { userServiceMembers } from '#graphql/commerce/loyalty/loyalty-members.ts';
import { createCommerceService, type QueueStats } from '#graphql/commerce/service.ts';
import { visitorAddressHeaders } from '#graphql/commerce/visitor-address.ts';
import { CONTENT_HEADERS, createContentService } from '#graphql/content/service.ts';
import { createUserService } from '#graphql/user/service.ts';
import { createIdentityService } from '#identity/service.ts';
import type { SignInRefusedListener } from '#identity/interaction-router.ts';
import { embeddedDatabaseDir, openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { createInProcessFetch } from '#platform/in-process-fetch.ts';
import { createLogger, type Logger } from '#platform/logger.ts';
import { LoadShedder } from './middleware/load-shedding.ts';
import { LoyaltySandbox } from '#platform/loyalty/loyalty-sandbox.ts';
import { UnconnectedLoyaltyProgramme } from '#platform/loyalty/unconnected-programme.ts';
import { fromRoot } from '#platform/paths.ts';
import { consentInCookieHeader } from '#platform/privacy-consent.ts';
import { createMailer } from '#platform/mail/mailer.ts';
import { SiteMetrics } from '#platform/metrics.ts';
import { createRateLimits, RATE_LIMITS } from '#platform/rate-limits.ts';
import { BufferedAnalyticsSink, createSandboxAnalyticsSink, type SandboxAnalyticsSink } from './analytics/analytics-sink.ts';
import { createAnalyticsEndpoint } from './analytics/analytics-endpoint.ts';
import { Tracker } from './analytics/tracker.ts';
import { createPurchaseLedger } from './analytics/purchase-ledger.ts';
import { createApp, type AppParts, type Readiness } from './app.ts';
import { RelyingParty } from './auth/relying-party.ts';
import { SessionAuth } from './auth/session-auth.ts';
import { currentUserReader } from './auth/current-user.ts';
import { HttpUserPoolClient } from './auth/user-pool-client.ts';
import type { Config } from './config.ts';
import { createI18n } from './i18n.ts';
import { createCsrf } from './middleware/csrf.ts';
import { loadAssetManifest } from './render/asset-manifest.ts';
import { PageCache } from './render/page-cache.ts';
import { ContentFreshness } from './services/content-freshness.ts';
import { QueryCache } from './services/query-cache.ts';
import { EventSales } from './commerce/event-sales.ts';
import { ServiceClient } from './services/service-client.ts';
import { PreviewMode } from './preview/preview-mode.ts';
import { runProbes, withinDeadline, type Probe } from './readiness-probes.ts';
import { ContentRedirects } from './redirects/content-redirects.ts';
import { seoFiles } from './seo/seo-files.ts';
import { Sitemap } from './seo/sitemap.ts';
import { openSessionStore } from './session/session-store.ts';
import { SiteRenderer } from './site-renderer.tsx';
import { localizePath } from './urls.ts';
import { openLineStore } from './waiting-room/line-store.ts';
import { WaitingRoom } from './waiting-room/waiting-room.ts';

/** How often the web tier asks whether content changed (and drops its cached answers if so). */
const CONTENT_VERSION_CHECK_MS = 5000;

/** The audience of the access tokens the identity service issues for the product's APIs. */
export const API_AUDIENCE = 'urn:nabd:api';

export interface Site {
  app: Express;
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  /** What the analytics sandbox received (tests and developers read it). */
  analytics: SandboxAnalyticsSink | undefined;
  /** The web tier's content cache watch: `check()` makes it notice an import at once. */
  contentFreshness: ContentFreshness | undefined;
  /** Rendered anonymous pages (decision 0014), when this process serves pages. */
  pageCache: PageCache | undefined;
  readiness(): Promise<Readiness>;
  /** Shutdown has begun (decision 0034): from now on the site says it is not ready. */
  drain(): void;
  /** Stops background work, flushes analytics and closes every connection. */
  close(): Promise<void>;
}

export interface SiteOptions {
  logger?: Logger;
  /** The content and commerce services' clock, for tests that need "upcoming" and "on sale" fixed. */
  clock?: () => Date;
  /**
   * The embedded in-memory database's starting data (PGlite's `dumpDataDir` of a site after its first
   * start), so that tests start many sites without migrating and importing for each (decision 0024).
   */
  initialData?: Blob;
  /**
   * Where rendered picture variants are kept across starts: `DATA_DIR/image-cache` by default, in
   * memory only for a `memory://` data folder. Test sites of one run share one, so each variant is rendered once.
   */
  imageCacheDir?: string;
  /** How long `/metrics` reuses the figures it reads from the database (15 s); tests watching them move pass 0. */
  metricsFiguresMaxAgeMs?: number;
  /** Told of each statement sent to the database: tests count what a page costs with it. */
  onQuery?: (sql: string) => void;
}

/**
 * The composition root. By default one process runs everything; SERVICES and the service URLs
 * split the same code into a web tier and separate service processes. Co-located services are
 * called in process through the same HTTP interface they offer over the network.
 */
export async function createSite(config: Config, options: SiteOptions = {}): Promise<Site> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, pretty: config.env === 'development' && process.stdout.isTTY });
  const runs = new Set(config.services);
  // Every part of this process counts into one set of figures (decision 0038).
  const metrics = new SiteMetrics(options.metricsFiguresMaxAgeMs === undefined ? {} : { figuresMaxAgeMs: options.metricsFiguresMaxAgeMs });
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: embeddedDatabaseDir(config.dataDir),
    initialData: options.initialData,
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
    onConnectionWait: (seconds) => metrics.connectionWaited(seconds),
  });
  metrics.watchDatabase(database.engine, () => database.pool());
  const closers: (() => Promise<void> | void)[] = [];
  const services: AppParts['services'] = [];

  const publicDir = fromRoot('public');
  const manifest = runs.has('web') ? loadAssetManifest(publicDir) : undefined;
  const identityIssuer = config.identity.issuerUrl ?? `${config.baseUrl}/oidc`;
  const identityPath = new URL(identityIssuer).pathname;
  const production = config.isProduction;

  // One set of rate limits for the identity, user and commerce services of this process (decisions 0020, 0043).
  const rateLimits =
    runs.has('identity') || runs.has('user') || runs.has('commerce')
      ? await createRateLimits({
          redisUrl: config.redisUrl,
          prefix: config.rateLimitPrefix,
          logger: logger.child({ component: 'rate-limits' }),
          onRefused: (name) => metrics.rateLimitRefused(name),
          onRedisError: (kind) => metrics.redisFailed('rate_limits', kind),
        })
      : undefined;
  if (rateLimits) {
    closers.push(() => rateLimits.close());
    metrics.knowRateLimits(Object.keys(RATE_LIMITS));
  }

  // The loyalty programme the user and commerce services of this process share (decision 0039).
  const loyalty =
    !runs.has('user') && !runs.has('commerce')
      ? undefined
      : config.loyaltyProgramme === 'sandbox'
        ? await LoyaltySandbox.create({
            database,
            logger: logger.child({ component: 'loyalty-sandbox' }),
            ...(options.clock ? { clock: options.clock } : {}),
          })
        : new UnconnectedLoyaltyProgramme();

  let identityFetch: typeof fetch | undefined;
  // The hosted login page's refusals reach the site's analytics when both run in this process.
  let signInRefused: SignInRefusedListener | undefined;
  if (runs.has('identity') && rateLimits) {
    const identityLogger = logger.child({ service: 'identity' });
    const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger: identityLogger });
    closers.push(() => mailer.close());
    const identity = await createIdentityService({
      database,
      issuer: identityIssuer,
      secret: config.identity.secret,
      clients: [
        {
          clientId: config.identity.clientId,
          clientSecret: config.identity.clientSecret,
          redirectUris: [`${config.baseUrl}/account/redirecting`],
          postLogoutRedirectUris: ['en', 'ar'].map((locale) => `${config.baseUrl}${localizePath('/account/login', locale as 'en')}`),
        },
      ],
      apiAudience: API_AUDIENCE,
      production,
      logger: identityLogger,
      seedDemoUser: !production,
      socialProviders: config.identity.social,
      onSignInRefused: (refusal) => signInRefused?.(refusal),
      mailer,
      rateLimits,
      ...(manifest?.stylesheet ? { stylesheetHref: manifest.stylesheet } : {}),
    });
    services.push({ path: identityPath, handler: identity.app });
    identityFetch = createInProcessFetch(express().use(identityPath, identity.app));
    closers.push(() => identity.close());
  }

  let contentFetch: typeof fetch | undefined;
  if (runs.has('content')) {
    const content = await createContentService({
      database,
      token: config.content.token,
      previewToken: config.content.previewToken,
      production,
      logger: logger.child({ service: 'content' }),
      contentFolder: fromRoot('content'),
      mediaDir: path.join(publicDir, 'media'),
      imageCacheDir:
        options.imageCacheDir ?? (config.dataDir.startsWith('memory://') ? undefined : path.join(config.dataDir, 'image-cache')),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    services.push({ path: '/graphql/content', handler: content.router }, { path: '/images', handler: content.images });
    contentFetch = createInProcessFetch(express().use('/graphql/content', content.router));
    closers.push(() => content.stop());
  }

  let userFetch: typeof fetch | undefined;
  if (runs.has('user') && rateLimits) {
    const user = await createUserService({
      database,
      identity: { issuer: identityIssuer, audience: API_AUDIENCE, fetch: identityFetch },
      production,
      logger: logger.child({ service: 'user' }),
      rateLimits,
      loyalty,
    });
    services.push({ path: '/graphql/user', handler: user.router });
    userFetch = createInProcessFetch(express().use('/graphql/user', user.router));
    closers.push(() => user.stop());
  }

  let commerceFetch: typeof fetch | undefined;
  let queueStats: (() => Promise<QueueStats>) | undefined;
  if (runs.has('commerce')) {
    const commerceLogger = logger.child({ service: 'commerce' });
    const mailer = createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, dataDir: config.dataDir, logger: commerceLogger });
    closers.push(() => mailer.close());
    const commerce = await createCommerceService({
      database,
      identity: { issuer: identityIssuer, audience: API_AUDIENCE, fetch: identityFetch },
      production,
      logger: commerceLogger,
      baseUrl: config.baseUrl,
      secret: config.commerce.secret,
      mailer,
      seedDemoCatalogue: !production,
      ...(config.payments.provider === 'moyasar' ? { moyasar: config.payments.moyasar } : {}),
      ...(config.payments.tabby ? { tabby: config.payments.tabby } : {}),
      testMode: config.testMode,
      ...(options.clock ? { clock: options.clock } : {}),
      onPaymentSettled: (settlement, source) => metrics.paymentSettled(settlement.outcome, source),
      loyalty,
      rateLimits,
      // Who a caller's loyalty member is: the user service's answer, asked with the caller's token.
      loyaltyMembers: userServiceMembers({ url: config.user.url ?? `${config.baseUrl}/graphql/user`, fetch: userFetch ?? fetch }),
    });
    metrics.watchSales(() => commerce.salesFigures());
    metrics.watchJobQueues(() => commerce.queueStatsByKind());
    services.push({ path: '/graphql/commerce', handler: commerce.router }, { path: '/commerce', handler: commerce.http });
    if (commerce.sandbox) services.push({ path: '/sandbox', handler: commerce.sandbox });
    commerceFetch = createInProcessFetch(express().use('/graphql/commerce', commerce.router));
    queueStats = () => commerce.queueStats();
    closers.push(() => commerce.stop());
  }

  let web: AppParts['web'];
  let contentFreshness: ContentFreshness | undefined;
  let pageCache: PageCache | undefined;
  let analytics: SandboxAnalyticsSink | undefined;
  let sessionPing: (() => Promise<void>) | undefined;
  if (runs.has('web')) {
    const sessions = await openSessionStore({
      redisUrl: config.redisUrl,
      database,
      onRedisError: (kind) => metrics.redisFailed('sessions', kind),
    });
    closers.push(() => sessions.close());
    sessionPing = () => sessions.ping();
    analytics = await createSandboxAnalyticsSink(database);
    const sink = new BufferedAnalyticsSink(analytics, logger);
    closers.push(() => sink.close());

    const tracker = new Tracker({ sink, logger, strict: config.analyticsStrict, production });
    signInRefused = ({ reason, locale, cookieHeader }) =>
      // SPEC 7.4: version 1.1, provider Default and a reason code; the page is the site's login page.
      tracker.track(
        'user_login_failed',
        {
          page: { page_type: 'login', module_name: 'account', submodule_name: 'login' },
          language: locale,
          pageName: localizePath('/account/login', locale),
          // The hosted page is on the site's own origin: the visitor's choice arrives with its request.
          analyticsConsent: consentInCookieHeader(cookieHeader)?.analytics === true,
        },
        { provider: 'Default', reason_code: reason },
        '1.1',
      );
    const relyingParty = new RelyingParty({
      issuer: identityIssuer,
      clientId: config.identity.clientId,
      clientSecret: config.identity.clientSecret,
      redirectUri: `${config.baseUrl}/account/redirecting`,
      fetch: identityFetch,
    });
    // SPEC 9.3: the shortest stale time; kept 24 hours, so pages outlive a content outage.
    const contentCache = new QueryCache({ maxEntries: 2000, keepMs: 24 * 60 * 60 * 1000 });
    const content = new ServiceClient({
      name: 'content',
      url: config.content.url ?? `${config.baseUrl}/graphql/content`,
      fetch: contentFetch ?? fetch,
      // Pages leave out what a broken reference would break rather than failing (SPEC 7.1).
      headers: { authorization: `Bearer ${config.content.token}`, [CONTENT_HEADERS.excludeInvalid]: 'true' },
      previewHeaders: { authorization: `Bearer ${config.content.previewToken}`, [CONTENT_HEADERS.includeDrafts]: 'true' },
      cache: { store: contentCache, staleMs: 30_000 },
    });
    pageCache = new PageCache({ maxEntries: config.pageCacheEntries });
    contentFreshness = new ContentFreshness(content, contentCache, logger);
    const redirects = new ContentRedirects(content, logger);
    const sitemap = new Sitemap(content, config.baseUrl);
    const renderedPages = pageCache;
    contentFreshness.onChange(() => {
      renderedPages.clear();
      redirects.invalidate();
      sitemap.invalidate();
    });
    contentFreshness.start(CONTENT_VERSION_CHECK_MS);
    closers.push(() => contentFreshness!.stop());
    const users = new ServiceClient({ name: 'user', url: config.user.url ?? `${config.baseUrl}/graphql/user`, fetch: userFetch ?? fetch });
    const userPool = new HttpUserPoolClient({
      baseUrl: `${identityIssuer}/api`,
      clientId: config.identity.clientId,
      clientSecret: config.identity.clientSecret,
      fetch: identityFetch,
    });
    const commerce = new ServiceClient({
      name: 'commerce',
      url: config.commerce.url ?? `${config.baseUrl}/graphql/commerce`,
      fetch: commerceFetch ?? fetch,
      // The shop's limits count per visitor address (decision 0043): the web tier vouches for it.
      visitorAddressHeaders: visitorAddressHeaders(config.commerce.secret),
    });
    const siteServices = {
      content,
      user: users,
      commerce,
      eventSales: new EventSales(commerce, logger.child({ component: 'event-sales' })),
      auth: new SessionAuth(relyingParty, currentUserReader(users), (refreshToken) => userPool.signOut(refreshToken)),
      userPool,
      tracker,
      purchases: await createPurchaseLedger(database),
      preview: new PreviewMode({ secret: config.previewSecret, secure: config.baseUrl.startsWith('https:') }),
      waitingRoom: new WaitingRoom({
        store: await openLineStore(database),
        commerce,
        logger: logger.child({ component: 'waiting-room' }),
        clock: options.clock ?? (() => new Date()),
        secret: config.sessionSecret,
        secure: config.baseUrl.startsWith('https:'),
        ...config.waitingRoom,
        onPlace: (eventId, outcome) => metrics.waitingRoomPlace(eventId, outcome),
      }),
    };
    const csrf = createCsrf({
      secret: config.sessionSecret,
      secure: config.baseUrl.startsWith('https:'),
      origin: new URL(config.baseUrl).origin,
    });
    web = {
      renderer: new SiteRenderer({
        services: siteServices,
        i18n: await createI18n(),
        csrf,
        manifest: manifest!,
        baseUrl: config.baseUrl,
        showErrorDetails: config.env === 'development',
        pageCache,
        testMode: config.testMode,
        frameOrigins: config.frameOrigins,
      }),
      csrf,
      analytics: createAnalyticsEndpoint(tracker, new URL(config.baseUrl).origin),
      sessionStore: sessions.store,
      publicDir,
      seoFiles: seoFiles({ sitemap, baseUrl: config.baseUrl }),
      redirects: redirects.middleware,
    };
  }

  // Every probe bounded and run at once (server/readiness-probes.ts): /readyz always answers within a second.
  const probes: Record<string, Probe> = { database: () => database.ping() };
  if (sessionPing) probes.sessions = sessionPing;
  /** Decision 0032: the job queues' backlog, shown with readiness for operators; never a reason to be unready. */
  const queues = async (): Promise<{ queues?: QueueStats | 'unavailable' }> => {
    if (!queueStats) return {};
    const backlog = await withinDeadline(queueStats).catch(() => 'unavailable' as const);
    return { queues: backlog === 'timed out' ? 'unavailable' : backlog };
  };

  let draining = false;
  const readiness = async (): Promise<Readiness & { queues?: QueueStats | 'unavailable' }> => {
    // Shutting down: not ready whatever the probes say, and at once (decision 0034).
    if (draining) return { ready: false, draining: true, checks: {} };
    const [probed, backlog] = await Promise.all([runProbes(probes), queues()]);
    return { ...probed, ...backlog };
  };

  // Started last: the work of starting would read as load (decision 0043).
  const shedder = new LoadShedder({
    ...config.shedding,
    isCheap: (req) => pageCache?.holds(req) ?? false,
    onShed: (reason) => metrics.requestShed(reason),
  });
  shedder.start();
  closers.unshift(() => shedder.stop());
  metrics.watchLoad(() => ({ inFlight: shedder.inFlight, eventLoopDelayMs: shedder.delayMs }));

  const app = createApp({ config, logger, readiness, services, web, metrics, shedder });
  return {
    app,
    config,
    logger,
    database,
    analytics,
    contentFreshness,
    pageCache,
    readiness,
    drain: () => void (draining = true),
    async close() {
      for (const close of closers.reverse()) await close();
      await database.close();
    },
  };
}
