/**
 * Moves content between content/ and the content service's tables, on the database the
 * environment configures (DATABASE_URL, or the embedded one in DATA_DIR):
 *
 *   npm run content:import [-- --environment staging]
 *   npm run content:export [-- --environment staging] [-- --out some/folder]
 *
 * Bundled by scripts/build.ts (it imports SQL migrations), so the npm scripts build first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { exportContent } from '#graphql/content/export-content.ts';
import { importContent } from '#graphql/content/import-content.ts';
import { CONTENT_SCHEMA, contentMigrations } from '#graphql/content/migrations.ts';
import { CONTENT_ENVIRONMENTS } from '#graphql/content/service.ts';
import { openDatabase } from '#platform/database.ts';
import { migrate } from '#platform/migrations.ts';
import { fromRoot } from '#platform/paths.ts';
import { loadConfig } from '#server/config.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { environment: { type: 'string', default: 'main' }, out: { type: 'string' } },
});
const command = positionals[0];
if (command !== 'import' && command !== 'export') {
  console.error('Usage: content-cli import|export [--environment main|staging] [--out folder]');
  process.exit(2);
}
if (!CONTENT_ENVIRONMENTS.includes(values.environment)) {
  console.error(`Unknown environment ${values.environment}; known: ${CONTENT_ENVIRONMENTS.join(', ')}`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir.startsWith('memory://') ? config.dataDir : path.join(config.dataDir, 'pglite'),
});
try {
  await migrate(database, CONTENT_SCHEMA, contentMigrations);
  if (command === 'import') {
    const result = await importContent(database.db, fromRoot('content'), {
      environment: values.environment,
      mediaDir: fromRoot('public', 'media'),
    });
    console.log(
      `Imported into ${values.environment}: ${result.read} entries read, ${result.written} written, ${result.removed} removed; ` +
        `${result.assets.measured} pictures measured${result.assets.missing.length ? `, ${result.assets.missing.length} missing` : ''}.`,
    );
  } else {
    const folder = path.resolve(values.out ?? fromRoot('content'));
    const result = await exportContent(database.db, folder, values.environment);
    console.log(`Exported ${result.written} records of ${values.environment} to ${folder}.`);
  }
} finally {
  await database.close();
}
