import os from 'node:os';
import { ConfigError, DEVELOPMENT_SECRETS, loadConfig, loadDatabaseConfig } from './config.ts';
import { restartDelayMs } from './cluster.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  BASE_URL: 'https://nabd.example',
  SMTP_URL: 'smtps://user:pass@mail.example:465',
  SESSION_SECRET: 'x'.repeat(40),
  CONTENT_API_TOKEN: 'a-real-content-token-of-32-characters',
  CONTENT_PREVIEW_TOKEN: 'a-real-content-preview-token-of-32-characters',
  OIDC_CLIENT_SECRET: 'a-real-oidc-client-secret-of-32-characters',
  IDENTITY_SECRET: 'y'.repeat(40),
  PREVIEW_SECRET: 'z'.repeat(40),
  COMMERCE_SECRET: 'c'.repeat(40),
  PAYMENT_PROVIDER: 'moyasar',
  MOYASAR_SECRET_KEY: 'sk_live_aRealSecretKey',
  MOYASAR_PUBLISHABLE_KEY: 'pk_live_aRealPublishableKey',
  MOYASAR_WEBHOOK_SECRET: 'a-webhook-secret-token-from-the-dashboard',
};

describe('configuration from the environment', () => {
  test('embedded defaults need nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      baseUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      redisUrl: undefined,
    });
    expect(config.services).toEqual(['web', 'content', 'user', 'identity', 'commerce']);
    expect(config.commerce).toEqual({ url: undefined, secret: DEVELOPMENT_SECRETS.COMMERCE_SECRET });
  });

  test('WEB_CONCURRENCY: a process per core in production on PostgreSQL, one elsewhere; 1 to 64 when set', () => {
    const postgres = { DATABASE_URL: 'postgres://nabd@db.example/nabd' };
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig(postgres).webConcurrency).toBe(1);
    expect(loadConfig({ ...PRODUCTION, ...postgres }).webConcurrency).toBe(Math.min(os.availableParallelism(), 64));
    // The embedded database is one process's: one worker, and more refused.
    expect(loadConfig(PRODUCTION).webConcurrency).toBe(1);
    expect(() => loadConfig({ ...PRODUCTION, WEB_CONCURRENCY: '4' })).toThrow(/WEB_CONCURRENCY: more than 1 process needs DATABASE_URL/);
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(loadConfig({ ...PRODUCTION, ...postgres, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    for (const value of ['0', '65', '2.5', 'many', '-1']) {
      expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...postgres, WEB_CONCURRENCY: value })).toThrow(
        /WEB_CONCURRENCY: must be a whole number of processes from 1 to 64/,
      );
    }
  });

  test('load shedding: on by default, each check off at 0, bad values refused by name', () => {
    expect(loadConfig({}).shedding).toEqual({ eventLoopDelayMs: 250, maxInFlight: 100 });
    expect(loadConfig({ SHED_EVENT_LOOP_DELAY_MS: '0', SHED_MAX_IN_FLIGHT: '0' }).shedding).toEqual({
      eventLoopDelayMs: 0,
      maxInFlight: 0,
    });
    expect(() => loadConfig({ SHED_EVENT_LOOP_DELAY_MS: '-5' })).toThrow(/SHED_EVENT_LOOP_DELAY_MS: must be a number of milliseconds/);
    expect(() => loadConfig({ SHED_EVENT_LOOP_DELAY_MS: 'fast' })).toThrow(/SHED_EVENT_LOOP_DELAY_MS/);
    expect(() => loadConfig({ SHED_MAX_IN_FLIGHT: '1.5' })).toThrow(/SHED_MAX_IN_FLIGHT: must be a whole number of requests/);
  });

  test('a worker that keeps dying at start is replaced ever more slowly, up to twice a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 20].map(restartDelayMs)).toEqual([0, 500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  test('mail and rate limits: the local outbox and the `nabd` prefix by default, validated when set', () => {
    expect(loadConfig({})).toMatchObject({ mail: { smtpUrl: undefined, from: 'Nabd <no-reply@nabd.example>' }, rateLimitPrefix: 'nabd' });
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@mail.example:465', MAIL_FROM: 'Tickets <t@nabd.example>' }).mail).toEqual({
      smtpUrl: 'smtps://user:pass@mail.example:465',
      from: 'Tickets <t@nabd.example>',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ RATE_LIMIT_PREFIX: 'a b' })).toThrow(/RATE_LIMIT_PREFIX/);
  });

  test('a bad value stops the start with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ SERVICES: 'web,payments' })).toThrow(/SERVICES: unknown service payments/);
    expect(() => loadConfig({ COUNTRY_HEADER: 'CF IPCountry' })).toThrow(/COUNTRY_HEADER: must be a header name/);
    expect(loadConfig({ COUNTRY_HEADER: 'CloudFront-Viewer-Country' }).countryHeader).toBe('CloudFront-Viewer-Country');
    expect(loadConfig({}).countryHeader).toBeUndefined();
  });

  test('production refuses the development secrets, naming each', () => {
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: DEVELOPMENT_SECRETS.SESSION_SECRET })).toThrow(
      /SESSION_SECRET: must be set to a secret of its own in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', BASE_URL: 'https://nabd.example' })).toThrow(
      /SESSION_SECRET[\s\S]*CONTENT_API_TOKEN[\s\S]*CONTENT_PREVIEW_TOKEN[\s\S]*OIDC_CLIENT_SECRET[\s\S]*IDENTITY_SECRET[\s\S]*PREVIEW_SECRET[\s\S]*COMMERCE_SECRET/,
    );
    expect(() => loadConfig({ ...PRODUCTION, SESSION_SECRET: 'short-but-16-chars' })).toThrow(
      /SESSION_SECRET: must be at least 32 characters/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PREVIEW_SECRET: 'short-but-16-chars' })).toThrow(
      /PREVIEW_SECRET: must be at least 32 characters/,
    );
    expect(() => loadConfig({ ...PRODUCTION, COMMERCE_SECRET: 'short-but-16-chars' })).toThrow(
      /COMMERCE_SECRET: must be at least 32 characters/,
    );
    expect(loadConfig(PRODUCTION).isProduction).toBe(true);
  });

  test('production refuses every secret shorter than 32 characters, naming each, and METRICS_TOKEN when it is set', () => {
    const shortButValid = {
      CONTENT_API_TOKEN: 'content-token-8+',
      CONTENT_PREVIEW_TOKEN: 'preview-token-8+',
      OIDC_CLIENT_SECRET: 'a-16-char-secret',
      METRICS_TOKEN: 'a-16-char-metric',
    };
    // Long enough for development: only production asks for more.
    expect(() => loadConfig(shortButValid)).not.toThrow();
    expect(() => loadConfig({ ...PRODUCTION, ...shortButValid })).toThrow(
      /CONTENT_API_TOKEN: must be at least 32[\s\S]*CONTENT_PREVIEW_TOKEN: must be at least 32[\s\S]*OIDC_CLIENT_SECRET: must be at least 32[\s\S]*METRICS_TOKEN: must be at least 32/,
    );
    expect(loadConfig(PRODUCTION).metricsToken).toBeUndefined();
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: 'm'.repeat(32) }).metricsToken).toBe('m'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  test('production needs an SMTP relay for order and account e-mails, unless the operator keeps the outbox on purpose', () => {
    const { SMTP_URL: _relay, ...withoutRelay } = PRODUCTION;
    expect(() => loadConfig(withoutRelay)).toThrow(/SMTP_URL: is required in production[\s\S]*MAIL_OUTBOX_IN_PRODUCTION=true/);
    expect(loadConfig({ ...withoutRelay, MAIL_OUTBOX_IN_PRODUCTION: 'true' }).mail.smtpUrl).toBeUndefined();
    expect(() => loadConfig({ ...withoutRelay, MAIL_OUTBOX_IN_PRODUCTION: 'false' })).toThrow(/SMTP_URL: is required/);
    // A process that serves neither identity nor commerce sends no e-mail.
    expect(loadConfig({ ...withoutRelay, SERVICES: 'web,content' }).services).toEqual(['web', 'content']);
    expect(() => loadConfig({ ...withoutRelay, SERVICES: 'web,commerce' })).toThrow(/SMTP_URL/);
    // Development keeps writing to the outbox.
    expect(loadConfig({}).mail.smtpUrl).toBeUndefined();
  });

  test.each([
    ['', false],
    ['1', 1],
    ['2', 2],
    [' 1 ', 1],
    ['0', false],
    ['true', true],
    ['false', false],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 172.16.0.0/12', ['10.0.0.0/8', '172.16.0.0/12']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    ['linklocal, fd00::/8, ::1', ['linklocal', 'fd00::/8', '::1']],
  ])('TRUST_PROXY=%j is %j for Express (a hop count is a number, never the address 0.0.0.1)', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  test.each(['yes', '1.5', '-1', '10.0.0.0/33', 'fd00::/129', 'load-balancer', '10.0.0.1,', '10.0.0.0/8/1', '999'])(
    'TRUST_PROXY=%j stops the start with what it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a number of proxies \(1, 2\), true or false/);
    },
  );

  test('the migration job reads the database settings only: production secrets are not its business', () => {
    expect(loadDatabaseConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://nabd@db/nabd' })).toEqual({
      dataDir: expect.stringMatching(/data$/),
      databaseUrl: 'postgres://nabd@db/nabd',
      logLevel: 'info',
    });
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
  });

  test('error reporting is on with a DSN, with the environment and release it is given or their defaults', () => {
    expect(loadConfig({}).errorReports).toBeUndefined();
    expect(loadConfig({ SENTRY_DSN: 'https://public@errors.example/7' }).errorReports).toEqual({
      dsn: 'https://public@errors.example/7',
      environment: 'development',
      release: undefined,
    });
    expect(
      loadConfig({ ...PRODUCTION, SENTRY_DSN: 'https://public@errors.example/7', SENTRY_ENVIRONMENT: 'staging', SENTRY_RELEASE: 'abc123' })
        .errorReports,
    ).toEqual({ dsn: 'https://public@errors.example/7', environment: 'staging', release: 'abc123' });
    expect(() => loadConfig({ SENTRY_DSN: 'not a url' })).toThrow(/SENTRY_DSN/);
  });

  test('service URLs lose their trailing slash and empty values count as unset', () => {
    const config = loadConfig({ CONTENT_API_URL: 'http://content:4000/graphql/content/', REDIS_URL: '' });
    expect(config.content.url).toBe('http://content:4000/graphql/content');
    expect(config.redisUrl).toBeUndefined();
  });

  test('the payment sandbox is the default outside production and takes no real money', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', testMode: true });
  });

  test('production names its payment provider; the sandbox only as a staging site that says TEST MODE', () => {
    const { PAYMENT_PROVIDER: _provider, ...withoutProvider } = PRODUCTION;
    expect(() => loadConfig(withoutProvider)).toThrow(/PAYMENT_PROVIDER: is required in production/);
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER: the payment sandbox takes no real money[\s\S]*ALLOW_SANDBOX_PAYMENTS=true/,
    );
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'false' })).toThrow(
      /ALLOW_SANDBOX_PAYMENTS/,
    );
    expect(loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' }).payments).toEqual({
      provider: 'sandbox',
      testMode: true,
    });
    expect(() => loadConfig({ ...PRODUCTION, PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
  });

  test('the loyalty sandbox is the default outside production; production talks to no programme unless a staging site', () => {
    expect(loadConfig({}).loyaltyProgramme).toBe('sandbox');
    expect(loadConfig(PRODUCTION)).toMatchObject({ loyaltyProgramme: 'none', testMode: false });
    expect(() => loadConfig({ ...PRODUCTION, LOYALTY_PROGRAMME: 'sandbox' })).toThrow(
      /LOYALTY_PROGRAMME[\s\S]*ALLOW_SANDBOX_PAYMENTS=true/,
    );
    expect(loadConfig({ ...PRODUCTION, LOYALTY_PROGRAMME: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' })).toMatchObject({
      loyaltyProgramme: 'sandbox',
      testMode: true,
    });
  });

  test('Moyasar takes its three settings together, its API over https, and calls nothing at start', () => {
    expect(loadConfig(PRODUCTION).payments).toEqual({
      provider: 'moyasar',
      testMode: false,
      moyasar: {
        secretKey: 'sk_live_aRealSecretKey',
        publishableKey: 'pk_live_aRealPublishableKey',
        webhookSecret: 'a-webhook-secret-token-from-the-dashboard',
        apiUrl: 'https://api.moyasar.com/v1',
      },
    });
    const { MOYASAR_PUBLISHABLE_KEY: _key, MOYASAR_WEBHOOK_SECRET: _secret, ...partial } = PRODUCTION;
    expect(() => loadConfig(partial)).toThrow(/MOYASAR_PUBLISHABLE_KEY: is required[\s\S]*MOYASAR_WEBHOOK_SECRET: is required/);
    expect(() => loadConfig({ ...PRODUCTION, MOYASAR_SECRET_KEY: 'pk_live_wrongKind' })).toThrow(
      /MOYASAR_SECRET_KEY: must be a Moyasar secret key/,
    );
    expect(() => loadConfig({ ...PRODUCTION, MOYASAR_API_URL: 'http://api.moyasar.example/v1' })).toThrow(
      /MOYASAR_API_URL: must be an https:\/\/ URL/,
    );
    // The tests' emulator on this machine.
    expect(loadConfig({ ...PRODUCTION, MOYASAR_API_URL: 'http://127.0.0.1:4010/v1/' }).payments).toMatchObject({
      moyasar: { apiUrl: 'http://127.0.0.1:4010/v1' },
    });
    // Moyasar's test keys move no real money: the site says TEST MODE.
    expect(loadConfig({ ...PRODUCTION, MOYASAR_SECRET_KEY: 'sk_test_aTestKey' }).payments.testMode).toBe(true);
  });

  test('instalments: the sandbox beside the payment sandbox, none beside Moyasar, Tabby when named with its settings', () => {
    const TABBY = {
      INSTALMENT_PROVIDER: 'tabby',
      TABBY_SECRET_KEY: 'sk_aLiveTabbySecretKey',
      TABBY_PUBLIC_KEY: 'pk_aLiveTabbyPublicKey',
      TABBY_MERCHANT_CODE: 'NABD_KSA',
      TABBY_WEBHOOK_SECRET: 'a-webhook-header-value-of-our-own',
    };
    // Without Tabby, Moyasar's shop offers no instalments; the development default keeps the sandbox's.
    expect(loadConfig(PRODUCTION).payments.tabby).toBeUndefined();
    expect(loadConfig({}).payments.tabby).toBeUndefined();
    expect(() => loadConfig({ ...PRODUCTION, INSTALMENT_PROVIDER: 'sandbox' })).toThrow(
      /INSTALMENT_PROVIDER: the instalment sandbox runs only with PAYMENT_PROVIDER=sandbox/,
    );
    expect(loadConfig({ ...PRODUCTION, ...TABBY }).payments).toEqual({
      provider: 'moyasar',
      testMode: false,
      moyasar: expect.objectContaining({ secretKey: 'sk_live_aRealSecretKey' }),
      tabby: {
        secretKey: 'sk_aLiveTabbySecretKey',
        publicKey: 'pk_aLiveTabbyPublicKey',
        merchantCode: 'NABD_KSA',
        apiUrl: 'https://api.tabby.sa',
        webhookHeader: 'X-Nabd-Webhook-Token',
        webhookSecret: 'a-webhook-header-value-of-our-own',
      },
    });
    const { TABBY_MERCHANT_CODE: _code, TABBY_WEBHOOK_SECRET: _secret, ...partial } = TABBY;
    expect(() => loadConfig({ ...PRODUCTION, ...partial })).toThrow(
      /TABBY_MERCHANT_CODE: is required with INSTALMENT_PROVIDER=tabby[\s\S]*TABBY_WEBHOOK_SECRET: is required/,
    );
    expect(() => loadConfig({ ...PRODUCTION, ...TABBY, TABBY_SECRET_KEY: 'pk_wrongKind' })).toThrow(
      /TABBY_SECRET_KEY: must be a Tabby secret key/,
    );
    expect(() => loadConfig({ ...PRODUCTION, ...TABBY, TABBY_WEBHOOK_SECRET: 'short' })).toThrow(
      /TABBY_WEBHOOK_SECRET: must be at least 24/,
    );
    expect(() => loadConfig({ ...PRODUCTION, ...TABBY, TABBY_PUBLIC_KEY: 'pk_test_aTestKey' })).toThrow(
      /TABBY_PUBLIC_KEY: must be of the same environment as TABBY_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...PRODUCTION, ...TABBY, TABBY_API_URL: 'http://api.tabby.example' })).toThrow(
      /TABBY_API_URL: must be an https:\/\/ URL/,
    );
    expect(
      loadConfig({ ...PRODUCTION, ...TABBY, TABBY_API_URL: 'http://127.0.0.1:4020/', TABBY_WEBHOOK_HEADER: 'X-Tabby-Token' }).payments
        .tabby,
    ).toMatchObject({
      apiUrl: 'http://127.0.0.1:4020',
      webhookHeader: 'X-Tabby-Token',
    });
    expect(() => loadConfig({ ...PRODUCTION, ...TABBY, TABBY_WEBHOOK_HEADER: 'X Tabby: token' })).toThrow(/TABBY_WEBHOOK_HEADER/);
    // Tabby's test keys move no real money: the site says TEST MODE, whatever the card gateway's keys.
    expect(
      loadConfig({ ...PRODUCTION, ...TABBY, TABBY_SECRET_KEY: 'sk_test_aTestKey', TABBY_PUBLIC_KEY: 'pk_test_aTestKey' }).payments.testMode,
    ).toBe(true);
    // Tabby beside the payment sandbox, for a developer with Tabby's test account.
    expect(loadConfig({ ...TABBY, TABBY_SECRET_KEY: 'sk_test_aTestKey', TABBY_PUBLIC_KEY: 'pk_test_aTestKey' }).payments).toMatchObject({
      provider: 'sandbox',
      tabby: { merchantCode: 'NABD_KSA' },
    });
  });

  test('a social provider is configured when its issuer, client id and secret are all set; some of them is refused', () => {
    const google = {
      SOCIAL_GOOGLE_ISSUER: 'https://accounts.google.com/',
      SOCIAL_GOOGLE_CLIENT_ID: 'id',
      SOCIAL_GOOGLE_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig({}).identity.social).toEqual({});
    expect(loadConfig(google).identity.social).toEqual({
      google: { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' },
    });
    expect(() => loadConfig({ SOCIAL_APPLE_CLIENT_ID: 'id' })).toThrow(/SOCIAL_APPLE_\*: set all of SOCIAL_APPLE_ISSUER/);
    expect(() => loadConfig({ ...PRODUCTION, ...google, SOCIAL_GOOGLE_ISSUER: 'http://accounts.example' })).toThrow(
      /SOCIAL_GOOGLE_ISSUER: must be an https:\/\/ URL in production/,
    );
  });
});
