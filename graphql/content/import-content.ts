import { sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import { readContentFolder } from './content-files.ts';
import { entries } from './tables.ts';

export interface ImportResult {
  read: number;
  written: number;
}

/**
 * Loads the content files into the published versions of the entries. Idempotent: a record whose
 * file has not changed is left alone (its source hash matches), a changed file updates it.
 */
export async function importContent(db: Database, folder: string, environment = 'main'): Promise<ImportResult> {
  const records = await readContentFolder(folder);
  if (records.length === 0) return { read: 0, written: 0 };
  const written = await db
    .insert(entries)
    .values(records.map((record) => ({ ...record, environment, version: 'published' as const })))
    .onConflictDoUpdate({
      target: [entries.environment, entries.id, entries.locale, entries.version],
      set: {
        type: sql`excluded.type`,
        slug: sql`excluded.slug`,
        fields: sql`excluded.fields`,
        sourceHash: sql`excluded.source_hash`,
        publishedAt: sql`excluded.published_at`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${entries.sourceHash} <> excluded.source_hash`,
    })
    .returning({ id: entries.id });
  return { read: records.length, written: written.length };
}

export async function hasContent(db: Database): Promise<boolean> {
  const rows = await db.select({ id: entries.id }).from(entries).limit(1);
  return rows.length > 0;
}
