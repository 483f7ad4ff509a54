import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { SOCIAL_PROVIDERS } from '#platform/social-providers.ts';
import type { SocialProviderSettings } from '#identity/social/social-settings.ts';
import { MOYASAR_API_URL, type MoyasarSettings } from '#graphql/commerce/payments/moyasar.ts';
import { TABBY_API_URL, TABBY_WEBHOOK_HEADER, type TabbySettings } from '#graphql/commerce/payments/tabby.ts';

/**
 * Every setting the site reads from its environment, validated once at start. A bad value stops
 * the process with a message naming the variable; production refuses the development secrets.
 */

export const DEVELOPMENT_SECRETS = {
  SESSION_SECRET: 'development-session-secret-change-me',
  CONTENT_API_TOKEN: 'dev-content-token',
  CONTENT_PREVIEW_TOKEN: 'dev-content-preview-token',
  OIDC_CLIENT_SECRET: 'development-oidc-client-secret',
  IDENTITY_SECRET: 'development-identity-secret-change-me',
  PREVIEW_SECRET: 'development-preview-secret',
  COMMERCE_SECRET: 'development-commerce-secret-change-me',
} as const;

/** More processes than this on one machine is a typo, not a plan (decision 0043). */
export const MAX_WEB_CONCURRENCY = 64;
/**
 * A healthy process's loop runs late by a few milliseconds, tens while rendering uncached pages (3–8 ms
 * each, docs/benchmarks.md); a quarter second late, every request waits that long before its work starts.
 */
export const DEFAULT_SHED_EVENT_LOOP_DELAY_MS = 250;
/**
 * An uncached page takes 3–8 ms of CPU (docs/benchmarks.md): a hundred requests at once is under a
 * second of queue for the last, while a checkout waiting seconds on a payment provider (I/O) keeps room.
 */
export const DEFAULT_SHED_MAX_IN_FLIGHT = 100;

const SERVICE_NAMES = ['web', 'content', 'user', 'identity', 'commerce'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const optionalUrl = z
  .string()
  .url()
  .transform((value) => value.replace(/\/+$/, ''))
  .optional();

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  BASE_URL: optionalUrl,
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEVELOPMENT_SECRETS.SESSION_SECRET),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Which parts this process serves: `all`, or a comma-separated list of web, content, user, identity, commerce. */
  SERVICES: z
    .string()
    .default('all')
    .transform((value, context) => {
      if (value.trim() === 'all') return [...SERVICE_NAMES];
      const names = value.split(',').map((name) => name.trim());
      const unknown = names.filter((name) => !SERVICE_NAMES.includes(name as ServiceName));
      if (unknown.length) context.addIssue({ code: 'custom', message: `unknown service ${unknown.join(', ')}` });
      return names as ServiceName[];
    }),
  CONTENT_API_URL: optionalUrl,
  CONTENT_API_TOKEN: z.string().min(8).default(DEVELOPMENT_SECRETS.CONTENT_API_TOKEN),
  /** SPEC 1, 6: the credential for which the content service includes drafts (preview mode). */
  CONTENT_PREVIEW_TOKEN: z.string().min(8).default(DEVELOPMENT_SECRETS.CONTENT_PREVIEW_TOKEN),
  /** SPEC 1, 6: what editors give `/api/preview` to see drafts; it also signs the preview cookie. */
  PREVIEW_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEVELOPMENT_SECRETS.PREVIEW_SECRET),
  /** SPEC 9.2: the main domain the affiliate cookie is shared on (e.g. `nabd.example`); the host when unset. */
  AFFILIATE_COOKIE_DOMAIN: z
    .string()
    .regex(/^\.?[a-z0-9.-]+$/i, 'must be a domain name')
    .optional(),
  USER_API_URL: optionalUrl,
  /** The commerce service (SPEC 3.4) when another process runs it; in process otherwise. */
  COMMERCE_SERVICE_URL: optionalUrl,
  /** Signs the commerce service's download links and ticket references. */
  COMMERCE_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEVELOPMENT_SECRETS.COMMERCE_SECRET),
  IDENTITY_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: z.string().min(1).default('website'),
  OIDC_CLIENT_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.OIDC_CLIENT_SECRET),
  IDENTITY_SECRET: z.string().min(16).default(DEVELOPMENT_SECRETS.IDENTITY_SECRET),
  /** SPEC 5: in non-production strict mode a tracking event that breaks its schema throws. */
  ANALYTICS_STRICT: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /**
   * SPEC 7.4 user_country: the header in which the CDN or load balancer in front states the visitor's
   * country (`CF-IPCountry`, `CloudFront-Viewer-Country`); unset, no header is believed.
   */
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name, e.g. CF-IPCountry')
    .optional(),
  /** How many proxies stand before the site (`1`), `true`/`false`, or their addresses and subnets (decision 0038). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined) return false;
      const setting = trustProxySetting(value);
      if (setting === undefined) context.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
      return setting ?? false;
    }),
  /**
   * The social sign-in providers of SPEC 4.1 (decision 0021): any OpenID Connect provider found by
   * discovery at its issuer. A provider is configured when all three of its settings are set.
   */
  SOCIAL_GOOGLE_ISSUER: optionalUrl,
  SOCIAL_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  SOCIAL_APPLE_ISSUER: optionalUrl,
  SOCIAL_APPLE_CLIENT_ID: z.string().min(1).optional(),
  SOCIAL_APPLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** SMTP relay for the account e-mails (`smtp://user:pass@host:587`); without it they go to the local outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of the account e-mails. */
  MAIL_FROM: z.string().min(3).default('Nabd <no-reply@nabd.example>'),
  /** Starts every rate-limit key, so several sites can share one Redis (decision 0020). */
  RATE_LIMIT_PREFIX: z
    .string()
    .regex(/^[\w.-]+$/, 'letters, digits, dots, dashes and underscores only')
    .default('nabd'),
  /**
   * Who takes the shop's payments (decision 0036): `sandbox` (the default outside production) or
   * `moyasar`. Production names it; the sandbox runs there only with ALLOW_SANDBOX_PAYMENTS=true.
   */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'moyasar']).optional(),
  /**
   * The loyalty programme (decision 0039): its `sandbox`, the default outside production, or `none`,
   * production's default. Production runs the sandbox only on a staging site (ALLOW_SANDBOX_PAYMENTS).
   */
  LOYALTY_PROGRAMME: z.enum(['sandbox', 'none']).optional(),
  /** A staging site in production mode may run the payment sandbox; every page then says TEST MODE. */
  ALLOW_SANDBOX_PAYMENTS: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** Moyasar's account, from its dashboard: required together when PAYMENT_PROVIDER=moyasar. */
  MOYASAR_SECRET_KEY: z
    .string()
    .regex(/^sk_(live|test)_\S+$/, 'must be a Moyasar secret key (sk_live_… or sk_test_…)')
    .optional(),
  MOYASAR_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(live|test)_\S+$/, 'must be a Moyasar publishable key (pk_live_… or pk_test_…)')
    .optional(),
  MOYASAR_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Moyasar's API; tests point it at their emulator. */
  MOYASAR_API_URL: z
    .string()
    .url()
    .transform((value) => value.replace(/\/+$/, ''))
    .default(MOYASAR_API_URL),
  /**
   * Who takes instalments (decision 0042): `sandbox` (the default with the payment sandbox), `tabby`,
   * or `none` (the default with Moyasar: the method is then not offered).
   */
  INSTALMENT_PROVIDER: z.enum(['sandbox', 'tabby', 'none']).optional(),
  /** Tabby's account, from its merchant dashboard: required together when INSTALMENT_PROVIDER=tabby. */
  TABBY_SECRET_KEY: z
    .string()
    .regex(/^sk_(test_)?\S+$/, 'must be a Tabby secret key (sk_… or sk_test_…)')
    .optional(),
  TABBY_PUBLIC_KEY: z
    .string()
    .regex(/^pk_(test_)?\S+$/, 'must be a Tabby public key (pk_… or pk_test_…)')
    .optional(),
  TABBY_MERCHANT_CODE: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'letters, digits, dots, dashes and underscores only')
    .optional(),
  /** The value of the header Tabby's webhooks carry, as registered with them (`npm run tabby:webhook`). */
  TABBY_WEBHOOK_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  /** That header's name. */
  TABBY_WEBHOOK_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be an HTTP header name')
    .default(TABBY_WEBHOOK_HEADER),
  /** Tabby's API for Saudi merchants; tests point it at their emulator. */
  TABBY_API_URL: z
    .string()
    .url()
    .transform((value) => value.replace(/\/+$/, ''))
    .default(TABBY_API_URL),
  /** Origins pages may frame besides the video and map providers (the shop's embed, say): `https://a.example,https://b.example`. */
  FRAME_ORIGINS: z
    .string()
    .default('')
    .transform((value, context) => {
      const origins = value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean);
      for (const origin of origins) {
        const parsed = URL.parse(origin);
        if (!parsed || parsed.protocol !== 'https:' || parsed.origin !== origin) {
          context.addIssue({ code: 'custom', message: `${origin} is not an https origin (https://host, nothing after it)` });
        }
      }
      return origins;
    }),
  /**
   * How many processes serve the site (decision 0043): a cluster primary forks this many workers on
   * the one port. Production's default is one per available core, elsewhere 1 (no primary at all).
   */
  WEB_CONCURRENCY: z.coerce
    .number({ error: `must be a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY}` })
    .int(`must be a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY}`)
    .min(1, `must be a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY}`)
    .max(MAX_WEB_CONCURRENCY, `must be a whole number of processes from 1 to ${MAX_WEB_CONCURRENCY}`)
    .optional(),
  /**
   * Load shedding (decision 0043): past this event-loop delay (p99 of the last second, in ms) a
   * process refuses new page requests with 503 instead of queueing them; 0 turns the check off.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ error: 'must be a number of milliseconds from 0 to 10000' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be a number of milliseconds from 0 to 10000')
    .max(10_000, 'must be a number of milliseconds from 0 to 10000')
    .default(DEFAULT_SHED_EVENT_LOOP_DELAY_MS),
  /** ... and past this many requests in flight in the process; 0 turns the check off. */
  SHED_MAX_IN_FLIGHT: z.coerce
    .number({ error: 'must be a number of requests from 0 to 100000' })
    .int('must be a whole number of requests')
    .min(0, 'must be a number of requests from 0 to 100000')
    .max(100_000, 'must be a number of requests from 0 to 100000')
    .default(DEFAULT_SHED_MAX_IN_FLIGHT),
  /** How many rendered anonymous pages each web process keeps (decision 0014); 0 turns the cache off. */
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(1000),
  /**
   * Decision 0044: a sale's waiting room opens by itself for an event whose checkouts in flight
   * (pending orders still holding stock) reach this many; 0 turns that off. Rooms the catalogue
   * sets open whatever this says.
   */
  WAITING_ROOM_AUTO_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** Visitors a room opened by a rush lets into the shop per minute. */
  WAITING_ROOM_AUTO_RATE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  /** Minutes a visitor admitted by a room opened by a rush has to check out. */
  WAITING_ROOM_CHECKOUT_MINUTES: z.coerce.number().int().min(5).max(240).default(15),
  /** Places in one room's line that one address may hold: generous, for shared Wi-Fi and mobile carriers' NAT. */
  WAITING_ROOM_PLACES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /** A production site without SMTP_URL refuses to start unless the operator says the outbox is meant (a staging site). */
  MAIL_OUTBOX_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  /** The bearer token Prometheus sends to `/metrics`; without it the route does not exist (decision 0038). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Where unexpected errors are reported (SPEC 9.3); without it they are only logged. */
  SENTRY_DSN: z.string().url().optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).optional(),
  SENTRY_RELEASE: z.string().min(1).optional(),
});

/** Every secret production refuses below 32 characters: each one signs, derives keys or opens an API. */
const PRODUCTION_SECRETS = [
  'SESSION_SECRET',
  'CONTENT_API_TOKEN',
  'CONTENT_PREVIEW_TOKEN',
  'OIDC_CLIENT_SECRET',
  'IDENTITY_SECRET',
  'PREVIEW_SECRET',
  'COMMERCE_SECRET',
  'METRICS_TOKEN',
  // The payment providers' webhook secrets are ours to choose (a dashboard's token, a header's value).
  'MOYASAR_WEBHOOK_SECRET',
  'TABBY_WEBHOOK_SECRET',
] as const;
const SECRET_MIN_LENGTH_IN_PRODUCTION = 32;

/** The services that send e-mail: identity (codes) and commerce (order confirmations). */
const MAILING_SERVICES: readonly ServiceName[] = ['identity', 'commerce'];

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  /** The public origin (SPEC 2.1): absolute links, canonical URLs and the OpenID issuer derive from it. */
  baseUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  sessionSecret: string;
  logLevel: string;
  services: ServiceName[];
  content: { url: string | undefined; token: string; previewToken: string };
  /** Editors' preview mode (SPEC 1, 6): the secret that turns it on. */
  previewSecret: string;
  /** SPEC 9.2: the affiliate cookie's domain, when it is shared beyond this host. */
  affiliateCookieDomain: string | undefined;
  user: { url: string | undefined };
  commerce: { url: string | undefined; secret: string };
  identity: {
    issuerUrl: string | undefined;
    secret: string;
    clientId: string;
    clientSecret: string;
    /** SPEC 4.1: the configured social providers only; an absent one shows its "unavailable" message. */
    social: SocialProviderSettings;
  };
  analyticsStrict: boolean;
  /** Express's `trust proxy`: a hop count, all or nothing, or the proxies' addresses and subnets. */
  trustProxy: TrustProxy;
  /** SPEC 7.4: the trusted header that names the visitor's country; none when unset. */
  countryHeader: string | undefined;
  /** Origins pages may frame besides the embed providers (views/embed-origins.ts). */
  frameOrigins: string[];
  pageCacheEntries: number;
  /** Sale waiting rooms (decision 0044): when a rush opens one, and how many places an address may hold. */
  waitingRoom: { autoThreshold: number; autoPerMinute: number; autoCheckoutMinutes: number; placesPerAddress: number };
  /** How many worker processes serve the site; 1 runs no cluster primary (decision 0043). */
  webConcurrency: number;
  /** When a process refuses new requests rather than queueing them (decision 0043); 0 turns a check off. */
  shedding: { eventLoopDelayMs: number; maxInFlight: number };
  mail: { smtpUrl: string | undefined; from: string };
  rateLimitPrefix: string;
  /** Who takes payments (decision 0036). */
  payments: PaymentSettings;
  /** The loyalty programme the site talks to (decision 0039): its sandbox, or none. */
  loyaltyProgramme: 'sandbox' | 'none';
  /** Production that moves no real money or points (a staging site): every page says TEST MODE. */
  testMode: boolean;
  /** The token `/metrics` answers to; the route is off without it. */
  metricsToken: string | undefined;
  /** Error reporting (SPEC 9.3), when a DSN is set. */
  errorReports: ErrorReportSettings | undefined;
}

export type TrustProxy = number | boolean | string[];

export interface ErrorReportSettings {
  dsn: string;
  /** `SENTRY_ENVIRONMENT`, else NODE_ENV. */
  environment: string;
  /** `SENTRY_RELEASE` (the deployed commit, say); the package's version otherwise. */
  release: string | undefined;
}

export type PaymentSettings = {
  /**
   * No real money moves (the sandbox, or Moyasar's or Tabby's test keys): in production every page
   * and order e-mail then says TEST MODE.
   */
  testMode: boolean;
  /** Tabby takes instalments (INSTALMENT_PROVIDER=tabby, decision 0042); otherwise the sandbox's, or none with Moyasar. */
  tabby?: TabbySettings | undefined;
} & ({ provider: 'sandbox' } | { provider: 'moyasar'; moyasar: MoyasarSettings });

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(stripEmpty(environment));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';

  if (isProduction) {
    const reused = Object.entries(DEVELOPMENT_SECRETS)
      .filter(([name, developmentValue]) => values[name as keyof typeof DEVELOPMENT_SECRETS] === developmentValue)
      .map(([name]) => name);
    if (reused.length) {
      throw new ConfigError(
        `Invalid environment:\n${reused.map((name) => `  ${name}: must be set to a secret of its own in production`).join('\n')}`,
      );
    }
    const short = PRODUCTION_SECRETS.filter((name) => {
      const value = values[name];
      return value !== undefined && value.length < SECRET_MIN_LENGTH_IN_PRODUCTION;
    });
    if (short.length) {
      throw new ConfigError(
        `Invalid environment:\n${short.map((name) => `  ${name}: must be at least ${SECRET_MIN_LENGTH_IN_PRODUCTION} characters in production`).join('\n')}`,
      );
    }
    if (!values.BASE_URL) throw new ConfigError('Invalid environment:\n  BASE_URL: is required in production');
    // Order confirmations and sign-up codes written to a folder nobody reads look, to the operator,
    // exactly like e-mails sent: only a staging site that means it may do without a relay.
    const sendsMail = values.SERVICES.some((name) => MAILING_SERVICES.includes(name));
    if (sendsMail && !values.SMTP_URL && !values.MAIL_OUTBOX_IN_PRODUCTION) {
      throw new ConfigError(
        'Invalid environment:\n  SMTP_URL: is required in production (order and account e-mails); ' +
          'set MAIL_OUTBOX_IN_PRODUCTION=true to keep them in DATA_DIR/outbox instead',
      );
    }
  }
  const webConcurrency = webConcurrencyOf(values, isProduction);
  const social = socialProviders(values, isProduction);
  const payments = paymentSettings(values, isProduction);
  const loyaltyProgramme = values.LOYALTY_PROGRAMME ?? (isProduction ? 'none' : 'sandbox');
  if (isProduction && loyaltyProgramme === 'sandbox' && !values.ALLOW_SANDBOX_PAYMENTS) {
    // Its test members hold points that do not exist: spent on real tickets, they would give them away.
    throw new ConfigError(
      'Invalid environment:\n  LOYALTY_PROGRAMME: the loyalty sandbox is refused in production; set ALLOW_SANDBOX_PAYMENTS=true for a staging site',
    );
  }

  return {
    env: values.NODE_ENV,
    isProduction,
    port: values.PORT,
    baseUrl: values.BASE_URL ?? `http://localhost:${values.PORT}`,
    // `memory://` keeps the embedded database in memory (tests, throw-away demos).
    dataDir: values.DATA_DIR.startsWith('memory://') ? values.DATA_DIR : path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    redisUrl: values.REDIS_URL,
    sessionSecret: values.SESSION_SECRET,
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === 'test' ? 'silent' : 'info'),
    services: values.SERVICES,
    content: { url: values.CONTENT_API_URL, token: values.CONTENT_API_TOKEN, previewToken: values.CONTENT_PREVIEW_TOKEN },
    previewSecret: values.PREVIEW_SECRET,
    affiliateCookieDomain: values.AFFILIATE_COOKIE_DOMAIN,
    user: { url: values.USER_API_URL },
    commerce: { url: values.COMMERCE_SERVICE_URL, secret: values.COMMERCE_SECRET },
    identity: {
      issuerUrl: values.IDENTITY_ISSUER_URL,
      secret: values.IDENTITY_SECRET,
      clientId: values.OIDC_CLIENT_ID,
      clientSecret: values.OIDC_CLIENT_SECRET,
      social,
    },
    analyticsStrict: values.ANALYTICS_STRICT,
    trustProxy: values.TRUST_PROXY,
    countryHeader: values.COUNTRY_HEADER,
    frameOrigins: values.FRAME_ORIGINS,
    pageCacheEntries: values.PAGE_CACHE_ENTRIES,
    waitingRoom: {
      autoThreshold: values.WAITING_ROOM_AUTO_THRESHOLD,
      autoPerMinute: values.WAITING_ROOM_AUTO_RATE,
      autoCheckoutMinutes: values.WAITING_ROOM_CHECKOUT_MINUTES,
      placesPerAddress: values.WAITING_ROOM_PLACES_PER_ADDRESS,
    },
    webConcurrency,
    shedding: { eventLoopDelayMs: values.SHED_EVENT_LOOP_DELAY_MS, maxInFlight: values.SHED_MAX_IN_FLIGHT },
    mail: { smtpUrl: values.SMTP_URL, from: values.MAIL_FROM },
    rateLimitPrefix: values.RATE_LIMIT_PREFIX,
    payments,
    loyaltyProgramme,
    testMode: isProduction && (payments.testMode || loyaltyProgramme === 'sandbox'),
    metricsToken: values.METRICS_TOKEN,
    errorReports: values.SENTRY_DSN
      ? { dsn: values.SENTRY_DSN, environment: values.SENTRY_ENVIRONMENT ?? values.NODE_ENV, release: values.SENTRY_RELEASE }
      : undefined,
  };
}

/**
 * WEB_CONCURRENCY (decision 0043): production's default is a process per available core, anywhere
 * else 1. The embedded database belongs to one process (PGlite opens its folder alone, and
 * `memory://` is each process's own), so without DATABASE_URL the default is 1 and more is refused.
 */
function webConcurrencyOf(values: z.output<typeof environmentSchema>, isProduction: boolean): number {
  if (values.WEB_CONCURRENCY !== undefined && values.WEB_CONCURRENCY > 1 && !values.DATABASE_URL) {
    throw new ConfigError(
      "Invalid environment:\n  WEB_CONCURRENCY: more than 1 process needs DATABASE_URL (PostgreSQL): the embedded database is one process's",
    );
  }
  if (values.WEB_CONCURRENCY !== undefined) return values.WEB_CONCURRENCY;
  if (!isProduction || !values.DATABASE_URL) return 1;
  return Math.min(os.availableParallelism(), MAX_WEB_CONCURRENCY);
}

/** Who takes payments: the card gateway (PAYMENT_PROVIDER) and the instalment provider beside it. */
function paymentSettings(values: z.output<typeof environmentSchema>, isProduction: boolean): PaymentSettings {
  const card = cardSettings(values, isProduction);
  const tabby = tabbySettings(values, card.provider);
  if (!tabby) return card;
  return { ...card, testMode: card.testMode || tabby.secretKey.startsWith('sk_test_'), tabby };
}

/**
 * INSTALMENT_PROVIDER and Tabby's settings (decision 0042): Tabby when named, with its keys, merchant
 * code and webhook secret; the instalment sandbox only beside the payment sandbox. Nothing is called
 * here: a wrong key shows on the first pre-scoring.
 */
function tabbySettings(values: z.output<typeof environmentSchema>, card: 'sandbox' | 'moyasar'): TabbySettings | undefined {
  const provider = values.INSTALMENT_PROVIDER ?? (card === 'sandbox' ? 'sandbox' : 'none');
  if (provider === 'sandbox' && card !== 'sandbox') {
    throw new ConfigError(
      'Invalid environment:\n  INSTALMENT_PROVIDER: the instalment sandbox runs only with PAYMENT_PROVIDER=sandbox; set tabby, or none',
    );
  }
  if (provider !== 'tabby') return undefined;
  const required = ['TABBY_SECRET_KEY', 'TABBY_PUBLIC_KEY', 'TABBY_MERCHANT_CODE', 'TABBY_WEBHOOK_SECRET'] as const;
  const problems = required.filter((name) => !values[name]).map((name) => `  ${name}: is required with INSTALMENT_PROVIDER=tabby`);
  const apiUrl = new URL(values.TABBY_API_URL);
  // The secret key travels over TLS; plain HTTP only to an emulator on this machine.
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(apiUrl.hostname);
  if (apiUrl.protocol !== 'https:' && !loopback) problems.push('  TABBY_API_URL: must be an https:// URL');
  const secretKey = values.TABBY_SECRET_KEY;
  const publicKey = values.TABBY_PUBLIC_KEY;
  if (secretKey && publicKey && secretKey.startsWith('sk_test_') !== publicKey.startsWith('pk_test_')) {
    problems.push('  TABBY_PUBLIC_KEY: must be of the same environment as TABBY_SECRET_KEY (both test keys, or both live)');
  }
  if (problems.length) throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  return {
    secretKey: secretKey!,
    publicKey: publicKey!,
    merchantCode: values.TABBY_MERCHANT_CODE!,
    apiUrl: values.TABBY_API_URL,
    webhookHeader: values.TABBY_WEBHOOK_HEADER,
    webhookSecret: values.TABBY_WEBHOOK_SECRET!,
  };
}

/**
 * PAYMENT_PROVIDER and its settings (decision 0036). Production never falls back to the sandbox: it
 * must name its provider, and runs the sandbox only as a staging site that says so. No call to
 * Moyasar is made here: a wrong key shows on the first payment, not at start.
 */
function cardSettings(values: z.output<typeof environmentSchema>, isProduction: boolean): PaymentSettings {
  const provider = values.PAYMENT_PROVIDER ?? (isProduction ? undefined : 'sandbox');
  if (!provider) {
    throw new ConfigError(
      'Invalid environment:\n  PAYMENT_PROVIDER: is required in production: moyasar, or sandbox with ALLOW_SANDBOX_PAYMENTS=true for a staging site',
    );
  }
  if (provider === 'sandbox') {
    if (isProduction && !values.ALLOW_SANDBOX_PAYMENTS) {
      throw new ConfigError(
        'Invalid environment:\n  PAYMENT_PROVIDER: the payment sandbox takes no real money and is refused in production;' +
          ' set PAYMENT_PROVIDER=moyasar, or ALLOW_SANDBOX_PAYMENTS=true for a staging site (its pages then say TEST MODE)',
      );
    }
    return { provider, testMode: true };
  }
  const required = ['MOYASAR_SECRET_KEY', 'MOYASAR_PUBLISHABLE_KEY', 'MOYASAR_WEBHOOK_SECRET'] as const;
  const missing = required.filter((name) => !values[name]);
  const problems = missing.map((name) => `  ${name}: is required with PAYMENT_PROVIDER=moyasar`);
  const apiUrl = new URL(values.MOYASAR_API_URL);
  // Card data and the secret key travel over TLS; plain HTTP only to an emulator on this machine.
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(apiUrl.hostname);
  if (apiUrl.protocol !== 'https:' && !loopback) problems.push('  MOYASAR_API_URL: must be an https:// URL');
  if (problems.length) throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  return {
    provider,
    testMode: values.MOYASAR_SECRET_KEY!.startsWith('sk_test_'),
    moyasar: {
      secretKey: values.MOYASAR_SECRET_KEY!,
      publishableKey: values.MOYASAR_PUBLISHABLE_KEY!,
      webhookSecret: values.MOYASAR_WEBHOOK_SECRET!,
      apiUrl: values.MOYASAR_API_URL,
    },
  };
}

const TRUST_PROXY_HELP =
  'must be a number of proxies (1, 2), true or false, or comma-separated proxy addresses and subnets ' +
  '(10.0.0.0/8, loopback, linklocal, uniquelocal)';
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY as Express's `trust proxy` wants it. Express reads the string "1" as the address
 * 0.0.0.1, not as one hop: behind a load balancer every visitor would then have the balancer's
 * address, and one visitor's rate limit would be everyone's. A hop count must be a number.
 */
export function trustProxySetting(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (/^\d{1,2}$/.test(text)) return Number(text) === 0 ? false : Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

/** An address, a CIDR subnet, or one of Express's names for the private ranges. */
function isProxyAddress(entry: string): boolean {
  if (TRUST_PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** What the migration job needs: the database, and how much to log. Nothing else is its business. */
export interface DatabaseConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
}

export function loadDatabaseConfig(environment: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const parsed = environmentSchema
    .pick({ NODE_ENV: true, DATA_DIR: true, DATABASE_URL: true, LOG_LEVEL: true })
    .safeParse(stripEmpty(environment));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  }
  const values = parsed.data;
  return {
    dataDir: values.DATA_DIR.startsWith('memory://') ? values.DATA_DIR : path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === 'test' ? 'silent' : 'info'),
  };
}

/**
 * The social providers whose issuer, client id and secret are all set. Some but not all of them
 * set is a mistake worth stopping for; production talks to providers over HTTPS only.
 */
function socialProviders(values: z.output<typeof environmentSchema>, isProduction: boolean): SocialProviderSettings {
  const settings: SocialProviderSettings = {};
  const problems: string[] = [];
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = `SOCIAL_${provider.toUpperCase()}` as 'SOCIAL_GOOGLE' | 'SOCIAL_APPLE';
    const issuer = values[`${prefix}_ISSUER`];
    const clientId = values[`${prefix}_CLIENT_ID`];
    const clientSecret = values[`${prefix}_CLIENT_SECRET`];
    const given = [issuer, clientId, clientSecret].filter(Boolean).length;
    if (given === 0) continue;
    if (given < 3) {
      problems.push(`  ${prefix}_*: set all of ${prefix}_ISSUER, ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET, or none`);
      continue;
    }
    if (isProduction && !issuer!.startsWith('https:')) problems.push(`  ${prefix}_ISSUER: must be an https:// URL in production`);
    settings[provider] = { issuer: issuer!, clientId: clientId!, clientSecret: clientSecret! };
  }
  if (problems.length) throw new ConfigError(`Invalid environment:\n${problems.join('\n')}`);
  return settings;
}

/** `FOO=` in a shell or compose file means "not set", not "set to nothing". */
function stripEmpty(environment: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(environment).filter((entry): entry is [string, string] => Boolean(entry[1])));
}
