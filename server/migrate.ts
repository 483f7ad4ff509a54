/**
 * `npm run migrate`, and the image's migration job (`node dist/server/migrate.js`): brings every
 * schema of the database named by the environment up to date, then exits, 0 when done. Run it
 * before a new release starts; the processes also migrate at start, under the same locks, so a
 * site started without it still works (decision 0038).
 */
import { embeddedDatabaseDir, openDatabase } from '#platform/database.ts';
import { createLogger } from '#platform/logger.ts';
import { ConfigError, loadDatabaseConfig } from './config.ts';
import { migrateEverySchema } from './every-schema.ts';

let config;
try {
  // Only the database settings: the job runs with DATABASE_URL alone, none of the site's secrets.
  config = loadDatabaseConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger({ level: config.logLevel === 'silent' ? 'silent' : 'info' });
const database = await openDatabase({ url: config.databaseUrl, dataDir: embeddedDatabaseDir(config.dataDir) });
try {
  const started = performance.now();
  const applied = await migrateEverySchema(database);
  for (const [schema, names] of Object.entries(applied)) {
    logger.info({ schema, applied: names }, names.length ? `Migrated ${schema}: ${names.join(', ')}` : `${schema} is up to date`);
  }
  logger.info({ engine: database.engine, ms: Math.round(performance.now() - started) }, 'Every schema is up to date');
} catch (error) {
  logger.error({ err: error }, 'Migrating failed');
  process.exitCode = 1;
} finally {
  await database.close();
}
