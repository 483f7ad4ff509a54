import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Everything a site's first start writes into its database follows from these: the migrations and
 * the code that runs at start (services, seeding, import, search documents), the content and
 * catalogue files, the pictures the import measures (by name and size: `npm run build` makes them)
 * and the installed packages. Tests are left out: changing a test does not change what a start writes.
 */
const SOURCES = ['catalogue', 'content', 'graphql', 'identity', 'platform', 'server'];
const FILES = ['package-lock.json', 'test/support/test-site.ts', 'test/support/site-snapshot.ts', 'test/support/snapshot-key.ts'];
const MEASURED = 'public/media';

/** The environment variable the jest global setup hands the key to the test files in. */
export const SNAPSHOT_KEY_VARIABLE = 'NABD_TEST_SNAPSHOT_KEY';

const isTest = (name: string) => /\.test\.tsx?$/.test(name);

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && !isTest(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A short hash of the inputs above: a change to any of them means a new snapshot. */
export async function snapshotKey(root: string): Promise<string> {
  const hash = createHash('sha256');
  const sources = [...(await Promise.all(SOURCES.map((folder) => filesUnder(root, folder)))).flat(), ...FILES];
  const contents = await Promise.all(sources.map((file) => readFile(path.join(root, file)).catch(() => Buffer.alloc(0))));
  sources.forEach((file, index) => hash.update(`${file}\0${contents[index]!.length}\0`).update(contents[index]!));
  const pictures = await filesUnder(root, MEASURED);
  const sizes = await Promise.all(pictures.map((file) => stat(path.join(root, file)).then((info) => info.size)));
  pictures.forEach((file, index) => hash.update(`${file}\0${sizes[index]}\0`));
  return hash.digest('hex').slice(0, 16);
}

/** The key this test run uses: computed once by the global setup, or here when a file runs without it. */
export async function currentSnapshotKey(root: string): Promise<string> {
  return process.env[SNAPSHOT_KEY_VARIABLE] ?? snapshotKey(root);
}
