import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { embeddedDatabaseDir, openDatabase, queryRows, type DatabaseHandle } from '#platform/database.ts';
import { fromRoot } from '#platform/paths.ts';
import { EVERY_SCHEMA } from '#server/every-schema.ts';
import { databaseBackends } from './support/backends.ts';
import { startTestSite } from './support/test-site.ts';

/**
 * The migration job (decision 0038): `node dist/server/migrate.js`, as the image runs it before a
 * release starts, brings an empty database to what a started site has, and does nothing the second
 * time. Needs `npm run build` first.
 */

const MIGRATE = fromRoot('dist', 'server', 'migrate.js');

/** Every applied migration of every schema, as `schema/name`. */
async function appliedMigrations(database: DatabaseHandle): Promise<string[]> {
  const schemas = await queryRows<{ schema: string }>(
    database.db,
    sql`select table_schema as schema from information_schema.tables where table_name = 'schema_migrations' order by 1`,
  );
  const applied: string[] = [];
  for (const { schema } of schemas) {
    const rows = await queryRows<{ name: string }>(database.db, sql.raw(`select name from "${schema}".schema_migrations order by name`));
    applied.push(...rows.map((row) => `${schema}/${row.name}`));
  }
  return applied;
}

function runMigrate(
  environment: Record<string, string>,
): Promise<{ code: number | null; lines: { msg: string; schema?: string; applied?: string[] }[]; stderr: string }> {
  const child = spawn(process.execPath, [MIGRATE], {
    cwd: fromRoot(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) =>
    child.once('close', (code) =>
      resolve({
        code,
        stderr,
        lines: stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      }),
    ),
  );
}

beforeAll(() => {
  if (!existsSync(MIGRATE)) throw new Error(`${MIGRATE} is missing: run \`npm run build\` before these tests.`);
});

test('the job knows every schema a started site migrates, but the sandboxes’, which only a sandbox site has', async () => {
  const site = await startTestSite();
  try {
    // The sandboxes stand in for outside parties and create their own tables where they run.
    const started = (await appliedMigrations(site.database)).filter(
      (name) => !name.startsWith('payment_sandbox/') && !name.startsWith('loyalty_sandbox/'),
    );
    const known = EVERY_SCHEMA.flatMap(({ schema, migrations }) => migrations.map((migration) => `${schema}/${migration.name}`));
    expect(known.sort()).toEqual(started.sort());
  } finally {
    await site.close();
  }
});

describe.each(databaseBackends)('node dist/server/migrate.js on $name', (backend) => {
  let target: Awaited<ReturnType<typeof backend.create>>;
  let dataDir: string;
  beforeAll(async () => {
    target = await backend.create();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nabd-migrate-'));
  });
  afterAll(async () => {
    await target.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('migrates an empty database to every schema and exits 0; run again, it applies nothing', async () => {
    // The job needs the database and nothing else: none of production's secrets or addresses.
    const production = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      ...(target.url ? { DATABASE_URL: target.url } : {}),
    };
    const first = await runMigrate(production);
    expect({ code: first.code, stderr: first.stderr }).toEqual({ code: 0, stderr: '' });
    const perSchema = first.lines.filter((line) => line.schema);
    expect(perSchema.map((line) => line.schema)).toEqual(EVERY_SCHEMA.map((entry) => entry.schema));
    for (const { schema, migrations } of EVERY_SCHEMA) {
      expect(perSchema.find((line) => line.schema === schema)!.applied).toEqual(migrations.map((migration) => migration.name));
    }
    expect(first.lines.at(-1)!.msg).toBe('Every schema is up to date');

    const again = await runMigrate(production);
    expect(again.code).toBe(0);
    expect(again.lines.filter((line) => line.schema).every((line) => line.applied!.length === 0)).toBe(true);

    const database = await openDatabase({ url: target.url, dataDir: embeddedDatabaseDir(dataDir) });
    try {
      const applied = await appliedMigrations(database);
      expect(applied).toEqual(
        expect.arrayContaining(
          EVERY_SCHEMA.flatMap(({ schema, migrations }) => migrations.map((migration) => `${schema}/${migration.name}`)),
        ),
      );
      expect(applied.some((name) => name.startsWith('payment_sandbox/'))).toBe(false);
    } finally {
      await database.close();
    }
  });
});
