import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { databaseUrl, retryWhileInUse, siteTemplateDatabase } from './site-snapshot.ts';

/**
 * The engines the database and session tests run against: always the embedded defaults, and
 * the PostgreSQL and Redis servers named by TEST_DATABASE_URL and TEST_REDIS_URL when set (CI sets
 * them; a server that is named but unreachable fails the tests rather than skipping them).
 */
export interface DatabaseBackend {
  name: string;
  /**
   * Creates a database for one test file; undefined URL means embedded PGlite. Empty by default;
   * `{ startedSite: true }` gives one holding what a test site's first start writes (migrations,
   * demo content, demo user), for a `startTestSite` on it that should not redo that work
   * (decision 0024; embedded sites get the same from their snapshot).
   */
  create(options?: { startedSite?: boolean }): Promise<{ url: string | undefined; drop(): Promise<void> }>;
}

export const databaseBackends: DatabaseBackend[] = [
  { name: 'PGlite (embedded)', create: async () => ({ url: undefined, drop: async () => {} }) },
  ...(process.env.TEST_DATABASE_URL ? [postgresBackend(process.env.TEST_DATABASE_URL)] : []),
];

export const sessionBackends: { name: string; redisUrl: string | undefined }[] = [
  { name: 'database sessions (embedded)', redisUrl: undefined },
  ...(process.env.TEST_REDIS_URL ? [{ name: 'Redis sessions', redisUrl: process.env.TEST_REDIS_URL }] : []),
];

/** A throw-away database per test file on the server, so files can run in parallel. */
function postgresBackend(serverUrl: string): DatabaseBackend {
  return {
    name: 'PostgreSQL',
    async create(options = {}) {
      const template = options.startedSite ? await siteTemplateDatabase(serverUrl) : undefined;
      const name = `nabd_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        if (template) await retryWhileInUse(() => admin.query(`create database ${name} template ${template}`));
        else await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return {
        url: databaseUrl(serverUrl, name),
        async drop() {
          const client = new pg.Client({ connectionString: serverUrl });
          await client.connect();
          await client.query(`drop database if exists ${name} with (force)`);
          await client.end();
        },
      };
    },
  };
}
