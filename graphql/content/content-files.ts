import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Locale } from './tables.ts';

/**
 * Content lives in the repository as JSON files, one folder per type, both locales side by side:
 *
 *   { "id": "...", "type": "event", "slug": "...", "shared": {...}, "en": {...}, "ar": {...} }
 *
 * `shared` holds the fields that do not change with the language (dates, colours, links); each
 * locale's fields are laid over it.
 */
const contentFileSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  slug: z.string().min(1).optional(),
  publishedAt: z.string().datetime({ offset: true }).optional(),
  shared: z.record(z.string(), z.unknown()).default({}),
  en: z.record(z.string(), z.unknown()),
  ar: z.record(z.string(), z.unknown()),
});

export interface EntryRecord {
  id: string;
  type: string;
  slug: string | null;
  locale: Locale;
  fields: Record<string, unknown>;
  sourceHash: string;
  publishedAt: string | null;
}

export async function readContentFolder(folder: string): Promise<EntryRecord[]> {
  const files = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith('.json')).sort();
  const records: EntryRecord[] = [];
  const seen = new Map<string, string>();
  for (const file of files) {
    const parsed = contentFileSchema.safeParse(JSON.parse(await readFile(path.join(folder, file), 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
    const { id, type, slug, publishedAt, shared } = parsed.data;
    if (seen.has(id)) throw new Error(`${file}: id ${id} is already used by ${seen.get(id)}`);
    seen.set(id, file);
    for (const locale of ['en', 'ar'] as const) {
      const fields = mergeFields(shared, parsed.data[locale]);
      records.push({
        id,
        type,
        slug: slug ?? null,
        locale,
        fields,
        publishedAt: publishedAt ?? null,
        sourceHash: createHash('sha256').update(JSON.stringify([type, slug, publishedAt, fields])).digest('hex'),
      });
    }
  }
  return records;
}

type Fields = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Locale fields win over shared ones; nested objects (an event's config) are merged key by key. */
export function mergeFields(shared: Fields, localized: Fields): Fields {
  const merged: Fields = { ...shared };
  for (const [key, value] of Object.entries(localized)) {
    const base = merged[key];
    merged[key] = isPlainObject(base) && isPlainObject(value) ? mergeFields(base, value) : value;
  }
  return merged;
}
