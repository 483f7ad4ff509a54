import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { EVENT_OWNED_KINDS, searchKindOf, type SearchKind } from './search-kinds.ts';
import { searchDocument } from './search-text.ts';
import { searchDocuments, type EntryVersion, type Locale } from './tables.ts';

interface EntryRow {
  id: string;
  locale: Locale;
  version: EntryVersion;
  type: string;
  fields: Fields;
  published_at: string | Date | null;
}

type Fields = Record<string, any>;

/** Finds a referenced record's fields as a reader of this locale and version would see them. */
type Lookup = (reference: unknown, row: EntryRow) => Fields | undefined;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const texts = (values: unknown): string[] => (Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : []);
const nameOf = (record: Fields | undefined) => text(record?.name) ?? text(record?.title) ?? text(record?.label);

/** What the search finds a record by, and whether it may be found at all. */
export function documentOf(kind: SearchKind, row: EntryRow, lookup: Lookup) {
  const fields = row.fields;
  const event = EVENT_OWNED_KINDS.includes(kind) ? lookup(fields.event, row) : undefined;
  // A line-up is listed as its event's line-up: it has the event's title.
  const title = (kind === 'festivalLineup' ? text(event?.title) : undefined) ?? text(fields.title) ?? text(fields.name) ?? text(fields.header?.title) ?? '';
  const own = [
    fields.summary,
    fields.description,
    fields.config?.description,
    fields.config?.city,
    fields.seo?.title,
    fields.seo?.description,
    fields.header?.title,
    fields.header?.subtitle,
    ...texts(fields.chips),
  ];
  const listOf = (name: string) => (Array.isArray(fields[name]) ? (fields[name] as unknown[]) : []);
  // Names people search by that live on the records this one refers to.
  // A set is not found by its event's name: a festival's name would bring up its every set.
  const ofEvent = kind === 'performance' ? [] : [nameOf(event), text(event?.config?.city)];
  const related = [
    ...ofEvent,
    ...listOf('performers').map((performer) => nameOf(lookup(performer, row))),
    ...listOf('artists').map((artist) => nameOf(lookup(artist, row))),
    ...listOf('categories').map((category) => nameOf(lookup(category, row))),
    nameOf(lookup(fields.category, row)),
    nameOf(lookup(fields.author, row)),
    nameOf(lookup(fields.config?.venue, row)),
  ];
  const listed = kind === 'event' ? !fields.config?.unlistedEvent : EVENT_OWNED_KINDS.includes(kind) ? Boolean(event && !event.config?.unlistedEvent) : true;
  const rankedAt =
    text(kind === 'event' ? fields.config?.startDatetime : undefined) ??
    text(event?.config?.startDatetime) ??
    text(fields.firstPublishedAt) ??
    text(fields.releasedAt) ??
    (row.published_at ? new Date(row.published_at).toISOString() : null);
  return {
    listed,
    rankedAt,
    titleWords: searchDocument(title),
    words: searchDocument(title, ...own.map(text), ...related),
  };
}

/**
 * Rebuilds an environment's search documents from its entries: one per searchable record, locale
 * and version. Run by the import whenever the environment changed, inside its transaction, so
 * that the documents never disagree with the entries (a renamed performer renames the sets that
 * name them). The whole environment is a few thousand rows: rebuilding all of it is simpler and
 * as fast as tracking what each change touches.
 */
export async function rebuildSearchDocuments(db: Database, environment: string): Promise<number> {
  // Replicas starting at once must not interleave their rebuilds (held until the transaction ends).
  await db.execute(sql`lock table content.search_documents in share row exclusive mode`);
  const rows = await queryRows<EntryRow>(
    db,
    sql`select id, locale, version, type, fields, published_at from content.entries where environment = ${environment}`,
  );
  const byKey = new Map(rows.map((row) => [`${row.id}|${row.locale}|${row.version}`, row.fields]));
  const lookup: Lookup = (reference, row) => {
    const id = (reference as { ref?: unknown } | undefined)?.ref;
    if (typeof id !== 'string') return undefined;
    return (
      byKey.get(`${id}|${row.locale}|${row.version}`) ??
      byKey.get(`${id}|${row.locale}|published`) ??
      byKey.get(`${id}|en|${row.version}`) ??
      byKey.get(`${id}|en|published`)
    );
  };
  const documents = rows.flatMap((row) => {
    const kind = searchKindOf(row.type);
    return kind ? [{ environment, id: row.id, locale: row.locale, version: row.version, kind, ...documentOf(kind, row, lookup) }] : [];
  });
  await db.delete(searchDocuments).where(eq(searchDocuments.environment, environment));
  for (let start = 0; start < documents.length; start += 500) await db.insert(searchDocuments).values(documents.slice(start, start + 500));
  return documents.length;
}

/** After the search arrives on a database whose content was imported before it: build what is missing. */
export async function ensureSearchDocuments(db: Database, environment: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table content.search_documents in share row exclusive mode`);
    const [existing] = await queryRows<{ found: boolean }>(
      tx,
      sql`select exists (select 1 from content.search_documents where environment = ${environment}) as found`,
    );
    if (!existing?.found) await rebuildSearchDocuments(tx, environment);
  });
}
