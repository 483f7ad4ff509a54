import DataLoader from 'dataloader';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database } from '#platform/database.ts';
import { FALLBACK_TYPES } from './content-files.ts';
import type { Locale } from './tables.ts';

/** Which content a request sees: an environment, and drafts only in preview (SPEC 1, 6, 7.1). */
export interface ContentScope {
  environment: string;
  preview: boolean;
}


/** A record as resolvers see it: its fields, plus who it is and in which language it was read. */
export type Entry<Fields = Record<string, unknown>> = Fields & {
  id: string;
  slug: string | null;
  publishedAt: string | null;
  __type: string;
  __locale: Locale;
};

export interface ListOptions {
  where?: SQL | undefined;
  orderBy?: SQL | undefined;
  first: number;
  skip: number;
}

interface Row {
  id: string;
  type: string;
  slug: string | null;
  locale: Locale;
  fields: Record<string, unknown>;
  published_at: string | Date | null;
  total?: number | string;
}

/** A PostgreSQL array literal with every element quoted, to pass a list as a single parameter. */
const textArray = (values: string[]) => `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

const PUBLISHED_ONLY = sql.raw(`('published')`);
const WITH_DRAFTS = sql.raw(`('published', 'draft')`);
const ROW_COLUMNS = sql.raw('id, type, slug, locale, fields, published_at');
const KEY_COLUMNS = sql.raw('id, locale, version');
const FALLBACK_LIST = sql.raw(`(${FALLBACK_TYPES.map((type) => `'${type}'`).join(', ')})`);

/** A text field inside an entry's JSON fields (`e.fields -> 'config' ->> 'city'`), for filters and ordering. */
export function field(...path: string[]): SQL<string> {
  const last = path.at(-1)!;
  let expression = sql`e.fields`;
  for (const key of path.slice(0, -1)) expression = sql`${expression} -> ${key}`;
  return sql<string>`(${expression} ->> ${last})`;
}

/** The id an entry's reference field points to (`{ "ref": id }`). */
export const refField = (name: string): SQL<string> => sql<string>`(e.fields -> ${name} ->> 'ref')`;

/** Entries whose reference list `name` contains `id`. */
export const refersTo = (name: string, id: string): SQL => sql`e.fields -> ${name} @> ${JSON.stringify([{ ref: id }])}::jsonb`;

/**
 * Reads the entries one request may see. Every read picks, per record, the version (the draft in
 * preview, else the published one) and the locale (English where SPEC 9.1 allows falling back), in
 * one statement; references are batched per request, so a page's query costs a fixed number of
 * round trips however long its lists are.
 */
export class EntryStore {
  private readonly byId = new Map<Locale, DataLoader<string, Entry | null>>();

  constructor(
    private readonly db: Database,
    readonly scope: ContentScope,
  ) {}

  /** The rows visible to this request, one per record: a subquery aliased `e`. */
  private visible(types: string[] | null, locale: Locale, ids?: string[]): SQL {
    return this.visibleColumns(ROW_COLUMNS, types, locale, ids);
  }

  /**
   * Which version in which locale of each record this request sees (`e.id`, `e.locale`,
   * `e.version`), without the fields: for joining the service's other tables (the search
   * documents) cheaply before reading the few records wanted.
   */
  visibleVersions(types: string[] | null, locale: Locale): SQL {
    return this.visibleColumns(KEY_COLUMNS, types, locale);
  }

  private visibleColumns(columns: SQL, types: string[] | null, locale: Locale, ids?: string[]): SQL {
    const versions = this.scope.preview ? WITH_DRAFTS : PUBLISHED_ONLY;
    // Arrays travel as one parameter each: building SQL is a measurable part of a request.
    const typeFilter = types ? sql`and type = any(${textArray(types)}::text[])` : sql``;
    const idFilter = ids ? sql`and id = any(${textArray(ids)}::text[])` : sql``;
    const fallback = FALLBACK_LIST;
    return sql`(
      select distinct on (id) ${columns}
      from content.entries
      where environment = ${this.scope.environment}
        and version in ${versions}
        and (locale = ${locale} or (locale = 'en' and type in ${fallback}))
        ${typeFilter} ${idFilter}
      order by id, (locale = ${locale}) desc, (version = 'draft') desc
    ) as e`;
  }

  async one<Fields = Record<string, unknown>>(type: string | string[], locale: Locale, where?: SQL): Promise<Entry<Fields> | null> {
    const rows = await queryRows<Row>(
      this.db,
      sql`select e.* from ${this.visible(Array.isArray(type) ? type : [type], locale)} ${where ? sql`where ${where}` : sql``} limit 1`,
    );
    return rows[0] ? toEntry<Fields>(rows[0], locale) : null;
  }

  bySlug<Fields = Record<string, unknown>>(type: string | string[], locale: Locale, slug: string, where?: SQL): Promise<Entry<Fields> | null> {
    return this.one<Fields>(type, locale, where ? sql`e.slug = ${slug} and ${where}` : sql`e.slug = ${slug}`);
  }

  async list<Fields = Record<string, unknown>>(type: string | string[], locale: Locale, options: ListOptions): Promise<{ total: number; items: Entry<Fields>[] }> {
    const where = options.where ? sql`where ${options.where}` : sql``;
    const rows = await queryRows<Row>(
      this.db,
      sql`select e.*, count(*) over () as total from ${this.visible(Array.isArray(type) ? type : [type], locale)} ${where}
          order by ${options.orderBy ?? sql`e.id`}, e.id limit ${options.first} offset ${options.skip}`,
    );
    if (rows.length === 0 && options.skip > 0) {
      const [counted] = await queryRows<{ total: number }>(
        this.db,
        sql`select count(*)::int as total from ${this.visible(Array.isArray(type) ? type : [type], locale)} ${where}`,
      );
      return { total: Number(counted?.total ?? 0), items: [] };
    }
    return { total: Number(rows[0]?.total ?? 0), items: rows.map((row) => toEntry<Fields>(row, locale)) };
  }

  /** Everything of some types, without paging: small sets (stages of an event, categories...). */
  async all<Fields = Record<string, unknown>>(type: string | string[], locale: Locale, where?: SQL, orderBy?: SQL): Promise<Entry<Fields>[]> {
    return (await this.list<Fields>(type, locale, { where, orderBy, first: 10_000, skip: 0 })).items;
  }

  /** Records by id, whatever their type; batched per request and locale. */
  load<Fields = Record<string, unknown>>(id: string, locale: Locale): Promise<Entry<Fields> | null> {
    let loader = this.byId.get(locale);
    if (!loader) {
      loader = new DataLoader<string, Entry | null>(async (ids) => {
        const rows = await queryRows<Row>(this.db, sql`select e.* from ${this.visible(null, locale, [...ids])}`);
        const found = new Map(rows.map((row) => [row.id, toEntry(row, locale)]));
        return ids.map((id) => found.get(id) ?? null);
      });
      this.byId.set(locale, loader);
    }
    return loader.load(id) as Promise<Entry<Fields> | null>;
  }

  async loadMany<Fields = Record<string, unknown>>(ids: string[], locale: Locale): Promise<(Entry<Fields> | null)[]> {
    return Promise.all(ids.map((id) => this.load<Fields>(id, locale)));
  }
}

function toEntry<Fields>(row: Row, locale: Locale): Entry<Fields> {
  const publishedAt = row.published_at ? new Date(row.published_at).toISOString() : null;
  return { ...(row.fields as Fields), id: row.id, slug: row.slug, publishedAt, __type: row.type, __locale: locale };
}
