import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { importCatalogue } from '#graphql/commerce/catalogue-import.ts';
import { queryRows } from '#platform/database.ts';
import { fromRoot } from '#platform/paths.ts';
import { databaseBackends } from './support/backends.ts';
import { decoded } from './support/html.ts';
import { startTestSite, type TestSite } from './support/test-site.ts';
import { productionSecrets } from './support/production-secrets.ts';

/*
 * Decision 0037: production never seeds a catalogue. Its tickets pages are 404 until an operator
 * runs `npm run catalogue:import` against its database (on PostgreSQL, the built command itself,
 * as an operator runs it with DATABASE_URL; the embedded database lives in this process, so there
 * the same importer is called here), and then they sell, without the demo's made-up sales.
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  ...productionSecrets('catalogue-import'),
  MAIL_OUTBOX_IN_PRODUCTION: 'true',
  // A staging site's payments: the sandbox, allowed in production only this way (decision 0036).
  PAYMENT_PROVIDER: 'sandbox',
  ALLOW_SANDBOX_PAYMENTS: 'true',
};

const TICKETS = '/events/nabd-festival-2026/tickets';

describe.each(databaseBackends)('a production site on $name', (backend) => {
  let site: TestSite;
  let database: { url: string | undefined; drop(): Promise<void> };

  beforeAll(async () => {
    database = await backend.create();
    site = await startTestSite({ ...PRODUCTION, DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await site?.close();
    await database?.drop();
  });

  /** `npm run catalogue:import` as an operator runs it in production. */
  async function importTheCatalogue(): Promise<string> {
    if (!database.url) {
      const report = await importCatalogue(site.database.db, fromRoot('catalogue'));
      return report.sections.map((section) => `${section.name}: ${section.created.length} created`).join('\n');
    }
    const { stdout } = await promisify(execFile)(process.execPath, [fromRoot('dist', 'server', 'catalogue-cli.js'), 'import'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        ...PRODUCTION,
        BASE_URL: 'https://nabd.example',
        DATABASE_URL: database.url,
      },
    });
    return stdout;
  }

  it('answers 404 for the tickets pages until the catalogue is imported, then sells', async () => {
    // The content says the festival has a shop; the commerce service has no catalogue yet.
    expect((await request(site.app).get(TICKETS)).status).toBe(404);
    expect((await request(site.app).get(`/ar${TICKETS}`)).status).toBe(404);

    expect(await importTheCatalogue()).toMatch(/evt_nabd_2026.*: 35 created/);

    const english = await request(site.app).get(TICKETS);
    expect(english.status).toBe(200);
    const page = decoded(english.text);
    expect(page).toContain('General admission – 3 days');
    expect(page).toContain('595.00');
    const arabic = await request(site.app).get(`/ar${TICKETS}`);
    expect(arabic.status).toBe(200);
    expect(decoded(arabic.text)).toContain('دخول عام – 3 أيام');

    // Only the demo starts with made-up sales: the friends' presale is on sale in production.
    const sold = await queryRows<{ id: string; sold: number }>(site.database.db, sql`select id, sold from commerce.tickets where sold > 0`);
    expect(sold).toEqual([]);
    expect(page).toMatch(/Friends presale – 3 days(<[^>]+>|\s)*Available now/);
  });
});
