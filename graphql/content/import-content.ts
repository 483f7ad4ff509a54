import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import { syncAssets } from './assets.ts';
import { imagePathsIn, readContentFolder } from './content-files.ts';
import { rebuildSearchDocuments } from './search-documents.ts';
import { entries, imports } from './tables.ts';

export interface ImportResult {
  read: number;
  written: number;
  removed: number;
  /** Pictures measured for their size and placeholder, and those whose file is missing. */
  assets: { measured: number; missing: string[] };
}

export interface ImportOptions {
  environment?: string;
  /** Where the pictures content refers to live (public/media); without it pictures are not measured. */
  mediaDir?: string | undefined;
}

/**
 * Makes an environment's entries what the content files say. Idempotent: an entry whose file has
 * not changed is left alone (its source hash matches), a changed file updates it, and entries
 * whose file (or draft part) is gone are removed.
 */
export async function importContent(db: Database, folder: string, options: ImportOptions = {}): Promise<ImportResult> {
  const environment = options.environment ?? 'main';
  const { records } = await readContentFolder(folder);
  const keys = records.map((record) => `${record.id}|${record.locale}|${record.version}`);
  const assetResult = options.mediaDir
    ? await syncAssets(db, options.mediaDir, imagePathsIn(records.map((record) => record.fields)))
    : { measured: 0, missing: [] };
  const changes = await db.transaction(async (tx) => {
    const written = records.length
      ? await tx
          .insert(entries)
          .values(records.map((record) => ({ ...record, environment })))
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
          .returning({ id: entries.id })
      : [];
    const removed = await tx
      .delete(entries)
      .where(
        and(
          eq(entries.environment, environment),
          keys.length ? notInArray(sql`${entries.id} || '|' || ${entries.locale} || '|' || ${entries.version}`, keys) : undefined,
        ),
      )
      .returning({ id: entries.id });
    if (written.length || removed.length) {
      await tx.insert(imports).values({ environment, written: written.length, removed: removed.length });
      await rebuildSearchDocuments(tx, environment);
    }
    return { read: records.length, written: written.length, removed: removed.length };
  });
  return { ...changes, assets: assetResult };
}

/** Changes whenever an import changes an environment's content (the web tier's cache follows it). */
export async function contentVersion(db: Database, environment: string): Promise<string> {
  const [latest] = await db.select({ id: imports.id }).from(imports).where(eq(imports.environment, environment)).orderBy(desc(imports.id)).limit(1);
  return String(latest?.id ?? 0);
}

export async function hasContent(db: Database, environment = 'main'): Promise<boolean> {
  const rows = await db.select({ id: entries.id }).from(entries).where(eq(entries.environment, environment)).limit(1);
  return rows.length > 0;
}
