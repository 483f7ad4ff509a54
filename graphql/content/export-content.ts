import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import { entries, type EntryVersion, type Locale } from './tables.ts';

/** Where a type's records go when they have no file yet (content/README.md). */
const FOLDERS: Record<string, string> = {
  event: 'events',
  lineup: 'lineups',
  stage: 'stages',
  performance: 'performances',
  performanceCategory: 'performance-categories',
  performer: 'performers',
  release: 'releases',
  playlist: 'playlists',
  radioStation: 'radio',
  radioShow: 'radio',
  presenter: 'radio',
  podcast: 'podcasts',
  article: 'articles',
  articleCategory: 'articles',
  author: 'articles',
  partner: 'partners',
  premiumPartner: 'partners',
  newsletter: 'newsletters',
  instagramPost: 'instagram',
  daySession: 'programmes',
  nightSession: 'programmes',
  speaker: 'programmes',
  brand: 'programmes',
  travelPackage: 'travel',
  travelPartner: 'travel',
  travelPackagesConfig: 'travel',
  venue: 'venues',
  translation: 'translations',
  redirect: 'redirects',
};

const folderOf = (type: string) => FOLDERS[type] ?? (type.startsWith('page.') ? 'pages' : 'site');

type Fields = Record<string, unknown>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Splits two locales' fields into what they share and what each says differently. */
function splitLocales(en: Fields, ar: Fields): { shared: Fields; en: Fields; ar: Fields } {
  const shared: Fields = {};
  const onlyEn: Fields = {};
  const onlyAr: Fields = {};
  for (const key of new Set([...Object.keys(en), ...Object.keys(ar)])) {
    if (key in en && key in ar && same(en[key], ar[key])) shared[key] = en[key];
    else {
      if (key in en) onlyEn[key] = en[key];
      if (key in ar) onlyAr[key] = ar[key];
    }
  }
  return { shared, en: onlyEn, ar: onlyAr };
}

/** The files of a folder by the record id they hold, so an export writes each record back in place. */
async function existingFiles(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const names = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
  for (const name of names.filter((file) => file.endsWith('.json'))) {
    try {
      const { id } = JSON.parse(await readFile(path.join(folder, name), 'utf8')) as { id?: string };
      if (id) files.set(id, name);
    } catch {
      // A file that is not a record is left alone.
    }
  }
  return files;
}

/**
 * Writes an environment's entries back as content files (the reverse of the import): each record
 * to the file it came from, or to its type's folder by slug. A draft-only record is exported with
 * `status: "draft"`; draft changes of a published record as its `draft` part.
 */
export async function exportContent(db: Database, folder: string, environment = 'main'): Promise<{ written: number }> {
  const rows = await db.select().from(entries).where(eq(entries.environment, environment)).orderBy(asc(entries.id));
  const byId = new Map<string, typeof rows>();
  for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
  const files = await existingFiles(folder);
  let written = 0;
  for (const [id, versions] of byId) {
    const pick = (locale: Locale, version: EntryVersion) => versions.find((row) => row.locale === locale && row.version === version);
    const published = { en: pick('en', 'published'), ar: pick('ar', 'published') };
    const draft = { en: pick('en', 'draft'), ar: pick('ar', 'draft') };
    const main = published.en ?? draft.en ?? published.ar ?? draft.ar!;
    const base = published.en ? splitLocales(published.en.fields, published.ar?.fields ?? {}) : splitLocales(draft.en?.fields ?? {}, draft.ar?.fields ?? {});
    const record: Fields = {
      id,
      type: main.type,
      ...(main.slug ? { slug: main.slug } : {}),
      ...(published.en ? {} : { status: 'draft' }),
      ...(main.publishedAt ? { publishedAt: new Date(main.publishedAt).toISOString().replace('.000Z', 'Z') } : {}),
      ...base,
    };
    if (published.en && (draft.en || draft.ar)) {
      record.draft = {
        ...(draft.en && !same(draft.en.fields, published.en.fields) ? { en: draft.en.fields } : {}),
        ...(draft.ar && !same(draft.ar.fields, published.ar?.fields) ? { ar: draft.ar.fields } : {}),
      };
    }
    const file = files.get(id) ?? path.join(folderOf(main.type), `${main.slug ?? id}.json`);
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), JSON.stringify(record, null, 2) + '\n');
    written += 1;
  }
  return { written };
}
