/**
 * Loads catalogue/ into the commerce service's tables, on the database the environment configures
 * (DATABASE_URL, or the embedded one in DATA_DIR), production included, migrating first:
 *
 *   npm run catalogue:import [-- --dry-run] [-- --folder some/catalogue]
 *
 * The rules are the importer's (graphql/commerce/catalogue-import.ts, decision 0037); this prints
 * its report and exits 1 when any part was refused. Bundled by scripts/build.ts (it imports SQL
 * migrations), so the npm script builds first.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CatalogueFileError } from '#graphql/commerce/catalogue-files.ts';
import { describeImport, importRefused } from '#graphql/commerce/catalogue-import-report.ts';
import { importCatalogue } from '#graphql/commerce/catalogue-import.ts';
import { COMMERCE_SCHEMA, commerceMigrations } from '#graphql/commerce/migrations.ts';
import { openDatabase } from '#platform/database.ts';
import { migrate } from '#platform/migrations.ts';
import { fromRoot } from '#platform/paths.ts';
import { loadConfig } from '#server/config.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean', default: false }, folder: { type: 'string' } },
});
if (positionals[0] !== 'import') {
  console.error('Usage: catalogue-cli import [--dry-run] [--folder catalogue]');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir.startsWith('memory://') ? config.dataDir : path.join(config.dataDir, 'pglite'),
});
let failed = false;
try {
  await migrate(database, COMMERCE_SCHEMA, commerceMigrations);
  const report = await importCatalogue(database.db, path.resolve(values.folder ?? fromRoot('catalogue')), { dryRun: values['dry-run'] });
  console.log(describeImport(report));
  failed = importRefused(report);
} catch (error) {
  if (!(error instanceof CatalogueFileError)) throw error;
  console.error(`${error.message}\nNothing was imported.`);
  failed = true;
} finally {
  await database.close();
}
process.exitCode = failed ? 1 : 0;
