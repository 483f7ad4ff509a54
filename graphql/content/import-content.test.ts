import { cp, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '#platform/database.ts';
import { migrate } from '#platform/migrations.ts';
import { fromRoot } from '#platform/paths.ts';
import { contentVersion, importContent } from './import-content.ts';
import { CONTENT_SCHEMA, contentMigrations } from './migrations.ts';

describe('importing the content files', () => {
  let folder: string;
  let database: DatabaseHandle;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'nabd-content-'));
    await cp(fromRoot('content'), folder, { recursive: true });
    database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database, CONTENT_SCHEMA, contentMigrations);
    await importContent(database.db, folder);
  }, 60_000);
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  test('is idempotent: importing again changes nothing and leaves the version alone', async () => {
    const before = await contentVersion(database.db, 'main');
    expect(await importContent(database.db, folder)).toMatchObject({ written: 0, removed: 0 });
    expect(await contentVersion(database.db, 'main')).toBe(before);
  });

  test('a changed file updates just its record, a removed one goes, and the version moves', async () => {
    const before = await contentVersion(database.db, 'main');
    const file = path.join(folder, 'events', 'dunes-sessions-2027.json');
    const event = JSON.parse(await readFile(file, 'utf8'));
    event.ar.title = `${event.ar.title} (محدث)`;
    await writeFile(file, JSON.stringify(event));
    expect(await importContent(database.db, folder)).toMatchObject({ written: 1, removed: 0 });
    await unlink(path.join(folder, 'redirects', (await firstFile(folder, 'redirects'))!));
    expect(await importContent(database.db, folder)).toMatchObject({ written: 0, removed: 2 });
    expect(Number(await contentVersion(database.db, 'main'))).toBeGreaterThan(Number(before));
  });
});

async function firstFile(folder: string, type: string) {
  return (await readdir(path.join(folder, type))).find((name) => name.endsWith('.json'));
}
