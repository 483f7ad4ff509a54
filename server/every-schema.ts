import { CONTENT_SCHEMA, contentMigrations } from '#graphql/content/migrations.ts';
import { COMMERCE_SCHEMA, commerceMigrations } from '#graphql/commerce/migrations.ts';
import { USER_SCHEMA, userMigrations } from '#graphql/user/migrations.ts';
import { IDENTITY_SCHEMA, identityMigrations } from '#identity/migrations.ts';
import type { DatabaseHandle } from '#platform/database.ts';
import { migrate, type Migration } from '#platform/migrations.ts';
import { ANALYTICS_SCHEMA, analyticsMigrations } from './analytics/analytics-sink.ts';
import { PURCHASE_LEDGER_SCHEMA, purchaseLedgerMigrations } from './analytics/purchase-ledger.ts';
import { WEB_SCHEMA, webMigrations } from './migrations.ts';
import { WAITING_ROOM_SCHEMA, waitingRoomMigrations } from './waiting-room/line-store.ts';

/**
 * Every schema the site's parts keep in PostgreSQL, with its migrations, for `npm run migrate`
 * (decision 0038). Each part still migrates its own schema when it starts, under the same advisory
 * lock, so a site started without the job works as before. The payment and loyalty sandboxes are
 * not here: they stand in for outside parties, exist only where sandboxes are allowed, and create
 * their tables when they start.
 */
export const EVERY_SCHEMA: readonly { schema: string; migrations: readonly Migration[] }[] = [
  { schema: IDENTITY_SCHEMA, migrations: identityMigrations },
  { schema: CONTENT_SCHEMA, migrations: contentMigrations },
  { schema: USER_SCHEMA, migrations: userMigrations },
  { schema: COMMERCE_SCHEMA, migrations: commerceMigrations },
  { schema: WEB_SCHEMA, migrations: webMigrations },
  { schema: ANALYTICS_SCHEMA, migrations: analyticsMigrations },
  { schema: PURCHASE_LEDGER_SCHEMA, migrations: purchaseLedgerMigrations },
  { schema: WAITING_ROOM_SCHEMA, migrations: waitingRoomMigrations },
];

/** Applies what each schema lacks, one schema after the other; answers what was applied, by schema. */
export async function migrateEverySchema(database: DatabaseHandle): Promise<Record<string, string[]>> {
  const applied: Record<string, string[]> = {};
  for (const { schema, migrations } of EVERY_SCHEMA) applied[schema] = await migrate(database, schema, migrations);
  return applied;
}
