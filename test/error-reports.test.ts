import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { installErrorReporter } from '#platform/error-reports.ts';
import { jobsTableSql, JobQueue } from '#platform/job-queue.ts';
import { createLogger } from '#platform/logger.ts';
import { migrate } from '#platform/migrations.ts';
import { fromRoot } from '#platform/paths.ts';
import { MONITORING, startSentry } from '#server/error-reporting/sentry.ts';
import { startErrorService, type ErrorService } from './support/error-service.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';

/**
 * SPEC 9.3, decision 0038: with SENTRY_DSN set, what fails unexpectedly reaches the error-reporting
 * service through the official SDK, pointed here at a stand-in for its ingestion endpoint on
 * 127.0.0.1. Sampling is forced to every event so that the test sees each one; what leaves the
 * process is read byte for byte for secrets and e-mail addresses.
 */

const SECRETS = ['s%3Avisitor-session-id', 'visitor-access-token', 'preview-secret-value', 'layla@example.com', 'omar@example.com'];

function expectNoSecrets(service: ErrorService) {
  const sent = service.requests.map((received) => received.body).join('\n');
  for (const secret of SECRETS) expect([secret, sent.includes(secret)]).toEqual([secret, false]);
}

describe('unexpected failures, reported with the SDK in this process', () => {
  let service: ErrorService;
  let site: TestSite;
  let uninstall: () => void;
  beforeAll(async () => {
    service = await startErrorService();
    const reporter = await startSentry(
      { dsn: service.dsn, environment: 'staging', release: 'nabd-website@test' },
      // Every event, not one in ten: the test must see each.
      { sampleRate: 1 },
    );
    uninstall = installErrorReporter(reporter);
    site = await startTestSite();
  });
  afterAll(async () => {
    uninstall();
    await site.close();
    const sentry = await import('@sentry/node');
    await sentry.close(2000);
    await service.close();
  });

  test('starting reporting sends nothing, and the SDK keeps the rates of SPEC 9.3 but for the forced sampling', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.requests).toEqual([]);
    const sentry = await import('@sentry/node');
    expect(sentry.getClient()!.getOptions()).toMatchObject({
      ...MONITORING,
      sampleRate: 1,
      environment: 'staging',
      release: 'nabd-website@test',
      sendDefaultPii: false,
    });
    expect(MONITORING).toEqual({ sampleRate: 0.1, tracesSampleRate: 0, maxBreadcrumbs: 50, maxValueLength: 10_000 });
  });

  test("a page whose content fails is reported by the web tier and by the content service's resolver, with no cookie, token or e-mail", async () => {
    // Content the service can no longer read: an unexpected failure, not an outage (no 503).
    await site.database.db.execute(sql`alter table content.entries rename to entries_withdrawn`);
    try {
      const response = await request(site.app)
        .get('/about?email=layla@example.com&secret=preview-secret-value')
        .set('Cookie', 'nabd.sid=s%3Avisitor-session-id; locale=en')
        .set('Authorization', 'Bearer visitor-access-token')
        .set('User-Agent', 'error-report-test');
      expect(response.status).toBe(500);
    } finally {
      await site.database.db.execute(sql`alter table content.entries_withdrawn rename to entries`);
    }
    const page = await service.eventArrived((event) => event.tags?.component === 'web');
    expect(page).toMatchObject({
      level: 'error',
      environment: 'staging',
      release: 'nabd-website@test',
      tags: { component: 'web', route: 'about', method: 'GET' },
      contexts: { details: { path: '/about' } },
    });
    expect(page.exception.values.at(-1).stacktrace.frames.length).toBeGreaterThan(0);
    const resolver = await service.eventArrived((event) => event.tags?.component === 'graphql' && event.tags.service === 'content');
    expect(resolver).toMatchObject({ environment: 'staging', tags: { component: 'graphql', service: 'content' } });
    expect(resolver.exception.values.at(-1).value).toMatch(/entries/);
    // What the SDK knows of the visitor's request leaves with its harmless headers only, and no query values.
    expect(page.request).toMatchObject({
      method: 'GET',
      url: expect.stringMatching(/\/about\?email=\[Filtered\]&secret=\[Filtered\]$/),
      headers: { 'user-agent': 'error-report-test' },
    });
    for (const event of [page, resolver]) {
      const headers = Object.keys(event.request?.headers ?? {}).map((name) => name.toLowerCase());
      expect(headers).not.toContain('cookie');
      expect(headers).not.toContain('authorization');
      expect(event.request?.cookies).toBeUndefined();
    }
    expectNoSecrets(service);
  });

  test('a job given up is reported with its queue and kind, the e-mail address in its error masked', async () => {
    await migrate(site.database, 'festival_jobs', [{ name: '0001_jobs', sql: jobsTableSql('festival_jobs') }]);
    const queue = new JobQueue({
      db: site.database.db,
      schema: 'festival_jobs',
      logger: createLogger({ level: 'silent' }),
      maxAttempts: 1,
    });
    queue.define('send-wristband-mail', async () => {
      throw new Error('The relay refused the message for omar@example.com');
    });
    await queue.enqueue('send-wristband-mail', { to: 'omar@example.com' }, { key: 'wristband:o1' });
    expect(await queue.runDue()).toBe(1);
    const job = await service.eventArrived((event) => event.tags?.component === 'jobs');
    expect(job).toMatchObject({
      level: 'error',
      tags: { component: 'jobs', queue: 'festival_jobs', kind: 'send-wristband-mail' },
      contexts: { details: { key: 'wristband:o1', attempts: 1 } },
    });
    expect(job.exception.values.at(-1).value).toBe('The relay refused the message for [email]');
    expectNoSecrets(service);
  });
});

describe('the built server started as the image starts it (--import instrument.js)', () => {
  const instrument = fromRoot('dist', 'server', 'instrument.js');
  beforeAll(() => {
    if (!existsSync(instrument)) throw new Error(`${instrument} is missing: run \`npm run build\` before these tests.`);
  });

  test('a failure while the site starts is reported before the process ends, its stack in the TypeScript sources', async () => {
    const service = await startErrorService();
    try {
      const child = spawn(
        process.execPath,
        [
          '--enable-source-maps',
          '--import',
          instrument,
          // Every event, not one in ten (the option the SDK reads for each event).
          '--import',
          fromRoot('test', 'support', 'report-every-error.mjs'),
          fromRoot('dist', 'server', 'main.js'),
        ],
        {
          cwd: fromRoot(),
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? os.tmpdir(),
            SENTRY_DSN: service.dsn,
            SENTRY_RELEASE: 'nabd-website@start-test',
            // Nothing listens there: the start fails while opening the database.
            DATABASE_URL: 'postgres://postgres@127.0.0.1:9/nabd',
            DATA_DIR: 'memory://',
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.once('close', resolve));

      expect(code).toBe(1);
      // Source maps: the stack names the TypeScript files, not the bundle.
      expect(stderr).toMatch(/platform\/database\.ts:\d+/);
      const [event] = await service.eventsArrived(1);
      // Uncaught: the process ends, and the report says so.
      expect(event).toMatchObject({ level: 'fatal', environment: 'development', release: 'nabd-website@start-test' });
      expect(event.exception.values.at(-1).value).toMatch(/ECONNREFUSED 127\.0\.0\.1:9/);
      const files = event.exception.values.at(-1).stacktrace.frames.map((frame: { filename: string }) => frame.filename);
      expect(files).toEqual(
        expect.arrayContaining([expect.stringMatching(/platform\/database\.ts$/), expect.stringMatching(/server\/site\.ts$/)]),
      );
    } finally {
      await service.close();
    }
  });
});
