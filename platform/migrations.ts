import type { DatabaseHandle } from './database.ts';

export interface Migration {
  /** Sortable and unique within its service, e.g. `0001_entries`. */
  name: string;
  sql: string;
}

/**
 * Applies a service's migrations that have not run yet, in name order, each in its own
 * transaction. Each service owns a PostgreSQL schema and records its migrations there, so the
 * services can later move to databases of their own without untangling shared bookkeeping.
 */
export async function migrate(database: DatabaseHandle, schema: string, migrations: readonly Migration[]): Promise<string[]> {
  const ordered = [...migrations].sort((a, b) => a.name.localeCompare(b.name));
  return database.withExclusiveConnection(`migrations:${schema}`, async (connection) => {
    await connection.exec(
      `create schema if not exists "${schema}";
       create table if not exists "${schema}".schema_migrations (
         name text primary key,
         applied_at timestamptz not null default now()
       );`,
    );
    const done = new Set(
      (await connection.query<{ name: string }>(`select name from "${schema}".schema_migrations`)).map((row) => row.name),
    );
    const applied: string[] = [];
    for (const migration of ordered) {
      if (done.has(migration.name)) continue;
      await connection.exec('begin');
      try {
        await connection.exec(migration.sql);
        await connection.query(`insert into "${schema}".schema_migrations (name) values ($1)`, [migration.name]);
        await connection.exec('commit');
      } catch (error) {
        await connection.exec('rollback');
        throw new Error(`Migration ${schema}/${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      applied.push(migration.name);
    }
    return applied;
  });
}
