import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import DataLoader from 'dataloader';
import { inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '#platform/database.ts';
import { assets } from './tables.ts';

export type AssetRow = typeof assets.$inferSelect;

/** An image value in content: `{ "image": "performers/x.svg", "alt": "…" }` (content/README.md). */
export interface ImageValue {
  image: string;
  alt?: string;
  title?: string;
}

export const isImageValue = (value: unknown): value is ImageValue =>
  typeof value === 'object' && value !== null && typeof (value as ImageValue).image === 'string';

const MIME_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/** A path inside the media folder, never outside it. */
export const isSafeMediaPath = (value: string) => /^[a-z0-9][a-z0-9/_.-]*$/i.test(value) && !value.includes('..') && path.extname(value) in MIME_TYPES;

/** What the GraphQL `Asset` type answers for an image value. */
export function assetOf(value: ImageValue, row: AssetRow | undefined) {
  const version = row?.contentHash.slice(0, 12) ?? 'original';
  return {
    id: value.image,
    url: `/media/${value.image}`,
    responsiveUrl: `/images/${version}/${value.image}`,
    mimeType: row?.mimeType ?? MIME_TYPES[path.extname(value.image)] ?? 'application/octet-stream',
    alt: value.alt ?? null,
    title: value.title ?? null,
    width: row?.width ?? null,
    height: row?.height ?? null,
    blurDataUrl: row?.blurDataUrl ?? null,
  };
}

/** Picture metadata by path, batched per request. */
export function createAssetLoader(db: Database) {
  return new DataLoader<string, AssetRow | undefined>(async (paths) => {
    const rows = await db
      .select()
      .from(assets)
      .where(inArray(assets.path, [...paths]));
    const byPath = new Map(rows.map((row) => [row.path, row]));
    return paths.map((item) => byPath.get(item));
  });
}

export interface AssetSyncResult {
  measured: number;
  missing: string[];
}

/**
 * Measures the pictures content refers to and computes their blur-up placeholders: a picture
 * shrunk to 16 px wide, as a WebP data URL of a few hundred bytes. Unchanged files are skipped by
 * their content hash; a missing file is reported and the picture served without placeholder.
 */
export async function syncAssets(db: Database, mediaDir: string, paths: Iterable<string>): Promise<AssetSyncResult> {
  const wanted = [...new Set(paths)].filter(isSafeMediaPath);
  const known = new Map(
    wanted.length
      ? (
          await db
            .select({ path: assets.path, hash: assets.contentHash })
            .from(assets)
            .where(inArray(assets.path, wanted))
        ).map((row) => [row.path, row.hash])
      : [],
  );
  const missing: string[] = [];
  let measured = 0;
  const rows: (typeof assets.$inferInsert)[] = [];
  await Promise.all(
    wanted.map(async (item) => {
      const file = await readFile(path.join(mediaDir, item)).catch(() => undefined);
      if (!file) return void missing.push(item);
      const contentHash = createHash('sha256').update(file).digest('hex');
      if (known.get(item) === contentHash) return;
      const image = sharp(file);
      const { width, height } = await image.metadata();
      const blur = await sharp(file).resize(16).webp({ quality: 40 }).toBuffer();
      rows.push({
        path: item,
        mimeType: MIME_TYPES[path.extname(item)]!,
        width: width ?? null,
        height: height ?? null,
        blurDataUrl: `data:image/webp;base64,${blur.toString('base64')}`,
        contentHash,
      });
      measured += 1;
    }),
  );
  if (rows.length) {
    await db
      .insert(assets)
      .values(rows)
      .onConflictDoUpdate({
        target: assets.path,
        set: {
          mimeType: sql`excluded.mime_type`,
          width: sql`excluded.width`,
          height: sql`excluded.height`,
          blurDataUrl: sql`excluded.blur_data_url`,
          contentHash: sql`excluded.content_hash`,
          updatedAt: sql`now()`,
        },
      });
  }
  return { measured, missing: missing.sort() };
}
