import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '#platform/paths.ts';
import { currentSnapshotKey } from './snapshot-key.ts';

/**
 * Decision 0024: test sites start from a database prepared once (migrated, demo content imported,
 * demo user and demo catalogue seeded) rather than each doing that work again. Embedded sites load a PGlite data
 * directory kept as a file under the OS temp folder; sites on PostgreSQL get a copy of a template
 * database. Both are named by a key of their inputs (snapshot-key.ts), so a change rebuilds them,
 * and are built by whichever test file needs them first while the others wait.
 */

const FOLDER = path.join(tmpdir(), 'nabd-test-snapshots');
/** A lock older than this belongs to a build that died without cleaning up. */
const STALE_LOCK_MS = 10 * 60 * 1000;
/** Snapshots of other keys (older code, other checkouts) unused for this long are deleted. */
const UNUSED_MS = 3 * 60 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/** The file `${name}-${key}.tar`, built by `build` once across the test files and runs that need it. */
export async function snapshotFile(
  name: string,
  key: string,
  build: () => Promise<Uint8Array<ArrayBuffer>>,
): Promise<Uint8Array<ArrayBuffer>> {
  await mkdir(FOLDER, { recursive: true });
  const file = path.join(FOLDER, `${name}-${key}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    try {
      const data = await readFile(file);
      const now = new Date();
      await utimes(file, now, now).catch(() => {});
      return data;
    } catch (error) {
      if (code(error) !== 'ENOENT') throw error;
    }
    let handle;
    try {
      handle = await open(lock, 'wx');
    } catch (error) {
      if (code(error) !== 'EEXIST') throw error;
      if (await isStale(lock)) await unlink(lock).catch(() => {});
      else await sleep(250);
      continue;
    }
    try {
      await handle.writeFile(String(process.pid));
      await handle.close();
      const data = await build();
      // Readers see the whole file or none: written aside, then renamed into place.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, data);
      await rename(partial, file);
      await removeUnused(name, file);
      return data;
    } finally {
      await unlink(lock).catch(() => {});
    }
  }
}

async function isStale(lock: string): Promise<boolean> {
  try {
    const [info, owner] = await Promise.all([stat(lock), readFile(lock, 'utf8')]);
    if (Date.now() - info.mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(owner);
    if (!pid) return false; // Just created, its owner has not written its id yet.
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      return code(error) === 'ESRCH';
    }
  } catch (error) {
    return code(error) === 'ENOENT';
  }
}

async function removeUnused(name: string, current: string): Promise<void> {
  for (const entry of await readdir(FOLDER)) {
    const file = path.join(FOLDER, entry);
    const snapshot = entry.startsWith(`${name}-`) && entry.endsWith('.tar');
    if (file === current || !(snapshot || entry.startsWith(IMAGES_PREFIX))) continue;
    const info = await stat(file).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > UNUSED_MS) await rm(file, { recursive: true, force: true }).catch(() => {});
  }
}

const IMAGES_PREFIX = 'images-';

/**
 * The folder where test sites of this key keep the picture variants they render (AVIF encoding is
 * the slowest part of a browser test's first visit to a page): a variant is rendered once for
 * every test file and run, not once per site. The key covers the renderer's code and sharp's version.
 */
export async function sharedImageCacheDir(): Promise<string> {
  const folder = path.join(FOLDER, `${IMAGES_PREFIX}${await currentSnapshotKey(projectRoot)}`);
  await mkdir(folder, { recursive: true });
  // Marks it used, for removeUnused.
  const now = new Date();
  await utimes(folder, now, now).catch(() => {});
  return folder;
}

const TEMPLATE_LOCK = 'nabd-test-site-templates';

/** A database URL on the same server as `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The name of the template database `${name}_${key}` on the server of `serverUrl`, built by
 * `build(url)` once; copy it with `create database … template …`. Template databases nobody used
 * for three hours (older code) are dropped when a new one is built.
 */
export async function templateDatabase(
  serverUrl: string,
  name: string,
  key: string,
  build: (url: string) => Promise<void>,
): Promise<string> {
  const template = `${name}_${key}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = async () => ((await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount ?? 0) > 0;
    if (!(await exists())) {
      // Advisory locks are per database: every test connects to the server URL's database for this.
      await admin.query('select pg_advisory_lock(hashtext($1))', [TEMPLATE_LOCK]);
      try {
        if (!(await exists())) {
          const building = `${template}_building`;
          await admin.query(`drop database if exists ${building} with (force)`);
          await admin.query(`create database ${building}`);
          await build(databaseUrl(serverUrl, building));
          await retryWhileInUse(() => admin.query(`alter database ${building} rename to ${template}`));
          await dropUnusedTemplates(admin, name, template);
        }
      } finally {
        await admin.query('select pg_advisory_unlock(hashtext($1))', [TEMPLATE_LOCK]);
      }
    }
    // When it was last used, for dropUnusedTemplates.
    await admin.query(`comment on database ${template} is '${new Date().toISOString()}'`);
    return template;
  } finally {
    await admin.end();
  }
}

/** The connections of a site that just closed can take a moment to leave the server. */
export async function retryWhileInUse<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      // 55006: object_in_use ("database … is being accessed by other users").
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await sleep(100);
    }
  }
}

async function dropUnusedTemplates(admin: pg.Client, name: string, current: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; used: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as used from pg_database where datname like $1 and datname <> $2`,
    [`${name}\\_%`, current],
  );
  for (const row of rows) {
    const used = row.used ? Date.parse(row.used) : NaN;
    if (Number.isNaN(used) || Date.now() - used > UNUSED_MS) {
      await admin.query(`drop database if exists ${row.datname} with (force)`).catch(() => {});
    }
  }
}

/**
 * The embedded database of a test site right after its first start (migrations, demo content with
 * its pictures measured, demo user, signing key, commerce demo catalogue), as PGlite's data directory for `initialData`.
 */
export async function siteDatabaseSnapshot(): Promise<Blob> {
  const data = await snapshotFile('site', await currentSnapshotKey(projectRoot), async () => {
    // Loaded only to build: a test that just reads the snapshot does not load the whole site.
    const { startTestSite } = await import('./test-site.ts');
    const site = await startTestSite({}, { fromSnapshot: false });
    try {
      return new Uint8Array(await (await site.database.dumpDataDir()).arrayBuffer());
    } finally {
      await site.close();
    }
  });
  return new Blob([data]);
}

/**
 * The name of a template database on the PostgreSQL server of `serverUrl` holding what a test
 * site's first start writes: `create database … template <name>` gives a test file its own copy.
 */
export async function siteTemplateDatabase(serverUrl: string): Promise<string> {
  return templateDatabase(serverUrl, 'nabd_test_site', await currentSnapshotKey(projectRoot), async (url) => {
    const { startTestSite } = await import('./test-site.ts');
    const site = await startTestSite({ DATABASE_URL: url });
    await site.close();
  });
}
