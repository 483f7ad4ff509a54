import request from 'supertest';
import { RETRY_AFTER_SECONDS } from '#platform/dependency-errors.ts';
import { createLogger } from '#platform/logger.ts';
import { listen, type RunningServer } from '#server/lifecycle.ts';
import { decoded } from './support/html.ts';
import { productionSecrets } from './support/production-secrets.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  MAIL_OUTBOX_IN_PRODUCTION: 'true',
  ...productionSecrets('topology'),
  // A staging site: the payment sandbox, allowed in production only this way (decision 0036).
  PAYMENT_PROVIDER: 'sandbox',
  ALLOW_SANDBOX_PAYMENTS: 'true',
};

describe('the content service in its own process', () => {
  let contentSite: TestSite;
  let contentServer: RunningServer;
  let web: TestSite;
  beforeAll(async () => {
    contentSite = await startTestSite({ SERVICES: 'content' });
    contentServer = await listen(contentSite.app, { port: 0, logger: createLogger({ level: 'silent' }), announceMs: 0, idleMs: 100 });
    web = await startTestSite({ SERVICES: 'web,user,identity', CONTENT_API_URL: `http://127.0.0.1:${contentServer.port}/graphql/content` });
  });
  afterAll(async () => {
    await web.close();
    await contentServer.shutdown();
    await contentSite.close();
  });

  test('the web tier renders pages from it over HTTP', async () => {
    const response = await request(web.app).get('/ar/events');
    expect(response.status).toBe(200);
    expect(response.text).toContain('مهرجان نبض 2026');
  });

  test('a process serving only the content service serves no pages', async () => {
    expect((await request(contentSite.app).get('/events')).status).toBe(404);
    expect((await request(contentSite.app).get('/healthz')).status).toBe(200);
  });
});

describe('when a service fails in production', () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite({ ...PRODUCTION, SERVICES: 'web,user,identity', CONTENT_API_URL: 'http://127.0.0.1:9/graphql/content' });
  });
  afterAll(() => site.close());

  // Decision 0033: a service that cannot be reached is unavailable for a moment, not a failure of the page.
  test.each([
    ['/', 'Temporarily unavailable', 'Try again'],
    ['/ar/events', 'الصفحة غير متاحة مؤقتًا', 'حاول مرة أخرى'],
  ])('%s answers 503 with the error page, Retry-After and "try again", without a stack trace', async (path, title, retry) => {
    const response = await request(site.app).get(path);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    const text = decoded(response.text);
    expect(text).toContain(title);
    expect(text).toMatch(new RegExp(`<a class="[^"]*" href="${path}">${retry}</a>`));
    expect(text).toContain(response.headers['x-request-id']);
    expect(text).not.toMatch(/ServiceError|\bat .*\.js:\d+|node_modules/);
  });
});
