import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { EntryVersion, Locale } from './tables.ts';

/**
 * Content lives in the repository as JSON files, one folder per type, both locales side by side
 * (content/README.md describes the format). Each file becomes one entry per locale, published
 * and, when it has draft changes or is a draft only, a draft version too.
 */
const fields = z.record(z.string(), z.unknown());

const contentFileSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, 'lowercase letters, digits, dots and dashes'),
  type: z.string().min(1),
  slug: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'lowercase letters, digits and dashes')
    .optional(),
  status: z.enum(['published', 'draft']).default('published'),
  publishedAt: z.iso.datetime({ offset: true }).optional(),
  shared: fields.default({}),
  en: fields,
  ar: fields,
  draft: z.object({ shared: fields.optional(), en: fields.optional(), ar: fields.optional() }).optional(),
});

export type ContentFile = z.infer<typeof contentFileSchema>;

export interface EntryRecord {
  id: string;
  type: string;
  slug: string | null;
  locale: Locale;
  version: EntryVersion;
  fields: Record<string, unknown>;
  sourceHash: string;
  publishedAt: string | null;
}

export interface ContentFolder {
  files: { file: string; content: ContentFile }[];
  records: EntryRecord[];
}

export class ContentFileError extends Error {
  override name = 'ContentFileError';
}

export async function readContentFolder(folder: string): Promise<ContentFolder> {
  const names = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith('.json')).sort();
  const files: ContentFolder['files'] = [];
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const file of names) {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path.join(folder, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = contentFileSchema.safeParse(raw);
    if (!parsed.success) {
      problems.push(...parsed.error.issues.map((issue) => `${file}: ${issue.path.join('.') || '(file)'} ${issue.message}`));
      continue;
    }
    const { id } = parsed.data;
    if (seen.has(id)) problems.push(`${file}: id ${id} is already used by ${seen.get(id)}`);
    seen.set(id, file);
    files.push({ file, content: parsed.data });
  }
  if (problems.length) throw new ContentFileError(`Content files are invalid:\n  ${problems.join('\n  ')}`);
  return { files, records: files.flatMap(({ content }) => entriesOf(content)) };
}

/** SPEC 9.1: Arabic falls back to English for radio, podcast and performance content. */
export const FALLBACK_TYPES = ['radioStation', 'radioShow', 'presenter', 'podcast', 'performance'];

/** Drops what says nothing (empty text), so that a fallback can fill it. */
function withoutEmpty(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => !(typeof value === 'string' && value.trim() === '')));
}

/**
 * The entries a file makes: per locale, its published version and its draft version if any. For
 * the types of SPEC 9.1's fallback, the Arabic entry takes the English field wherever the Arabic
 * one is missing or empty.
 */
export function entriesOf(content: ContentFile): EntryRecord[] {
  const records: EntryRecord[] = [];
  const fallback = FALLBACK_TYPES.includes(content.type);
  for (const locale of ['en', 'ar'] as const) {
    const localized = fallback && locale === 'ar' ? mergeFields(content.en, withoutEmpty(content.ar)) : content[locale];
    const published = mergeFields(content.shared, localized);
    const versions: [EntryVersion, Record<string, unknown>][] = [];
    if (content.status === 'published') versions.push(['published', published]);
    if (content.status === 'draft' || content.draft) {
      const draftLocale = fallback && locale === 'ar' ? mergeFields(content.draft?.en ?? {}, content.draft?.ar ?? {}) : (content.draft?.[locale] ?? {});
      const draft = mergeFields(published, mergeFields(content.draft?.shared ?? {}, draftLocale));
      versions.push(['draft', draft]);
    }
    for (const [version, fields] of versions) {
      records.push({
        id: content.id,
        type: content.type,
        slug: content.slug ?? null,
        locale,
        version,
        fields,
        publishedAt: content.publishedAt ?? null,
        sourceHash: createHash('sha256')
          .update(JSON.stringify([content.type, content.slug, content.publishedAt, fields]))
          .digest('hex'),
      });
    }
  }
  return records;
}

type Fields = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const hasIds = (value: unknown): value is Fields[] => Array.isArray(value) && value.length > 0 && value.every((item) => isPlainObject(item) && 'id' in item);

/**
 * Lays `over` on `base`: nested objects merge key by key, arrays of objects with ids merge item by
 * item (so a list's shared and translated parts can live apart), anything else is replaced.
 */
export function mergeFields(base: Fields, over: Fields): Fields {
  const merged: Fields = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    if (isPlainObject(current) && isPlainObject(value)) merged[key] = mergeFields(current, value);
    else if (hasIds(current) && hasIds(value)) merged[key] = mergeById(current, value);
    else merged[key] = value;
  }
  return merged;
}

function mergeById(base: Fields[], over: Fields[]): Fields[] {
  const overById = new Map(over.map((item) => [item.id, item]));
  const merged = base.map((item) => (overById.has(item.id) ? mergeFields(item, overById.get(item.id)!) : item));
  const baseIds = new Set(base.map((item) => item.id));
  return [...merged, ...over.filter((item) => !baseIds.has(item.id))];
}

/** Every `{ "ref": id }` inside a value, wherever it sits. */
export function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, found);
  else if (isPlainObject(value)) {
    if (typeof value.ref === 'string' && Object.keys(value).length === 1) found.push(value.ref);
    else for (const item of Object.values(value)) referencesIn(item, found);
  }
  return found;
}

/** Every image path (`{ "image": path }`, rich text images, video posters) inside a value. */
export function imagePathsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) imagePathsIn(item, found);
  else if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'image' || key === 'poster') && typeof item === 'string') found.add(item);
      else imagePathsIn(item, found);
    }
  }
  return found;
}

/**
 * What would break the site: references to records that do not exist, drafts referenced from
 * published records, slugs used twice within a type, and records without their required titles.
 */
export function checkContent(folder: ContentFolder): string[] {
  const problems: string[] = [];
  const byId = new Map(folder.files.map(({ file, content }) => [content.id, { file, content }]));
  const slugs = new Map<string, string>();
  for (const { file, content } of folder.files) {
    if (content.slug) {
      const key = `${content.type}:${'event' in content.shared ? JSON.stringify(content.shared.event) : ''}:${content.slug}`;
      if (slugs.has(key)) problems.push(`${file}: slug ${content.slug} is also used by ${slugs.get(key)}`);
      slugs.set(key, file);
    }
    for (const ref of new Set(referencesIn([content.shared, content.en, content.ar, content.draft]))) {
      const target = byId.get(ref);
      if (!target) problems.push(`${file}: refers to ${ref}, which no file defines`);
      else if (content.status === 'published' && target.content.status === 'draft' && referencesIn([content.shared, content.en, content.ar]).includes(ref)) {
        problems.push(`${file}: a published record refers to the draft ${ref}`);
      }
    }
    for (const locale of ['en', 'ar'] as const) {
      for (const [key, value] of Object.entries(content[locale])) {
        const mayFallBack = locale === 'ar' && FALLBACK_TYPES.includes(content.type);
        if (typeof value === 'string' && value.trim() === '' && !mayFallBack) problems.push(`${file}: ${locale}.${key} is empty`);
      }
    }
  }
  return problems;
}
