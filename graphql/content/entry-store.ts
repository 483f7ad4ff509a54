import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#platform/database.ts';
import { entries, type Locale } from './tables.ts';

export interface Entry<Fields = Record<string, unknown>> {
  id: string;
  type: string;
  slug: string | null;
  locale: Locale;
  fields: Fields;
  publishedAt: string | null;
}

export interface ListOptions {
  where?: SQL | undefined;
  orderBy?: SQL[];
  first: number;
  skip: number;
}

/**
 * Reads entries of one content environment. Visitors see published versions only; the drafts
 * of the preview mode (issue: content service) build on the `version` column.
 */
export class EntryStore {
  constructor(
    private readonly db: Database,
    private readonly environment = 'main',
  ) {}

  async findBySlug<Fields>(type: string, locale: Locale, slug: string): Promise<Entry<Fields> | null> {
    const rows = await this.db
      .select()
      .from(entries)
      .where(and(this.visible(type, locale), eq(entries.slug, slug)))
      .limit(1);
    return (rows[0] as Entry<Fields> | undefined) ?? null;
  }

  /** A type with a single record per locale: navigation, footer, global config, home page... */
  async findSingleton<Fields>(type: string, locale: Locale): Promise<Entry<Fields> | null> {
    const rows = await this.db.select().from(entries).where(this.visible(type, locale)).limit(1);
    return (rows[0] as Entry<Fields> | undefined) ?? null;
  }

  async list<Fields>(type: string, locale: Locale, options: ListOptions): Promise<{ total: number; items: Entry<Fields>[] }> {
    const where = and(this.visible(type, locale), options.where);
    const rows = await this.db
      .select({ entry: entries, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(entries)
      .where(where)
      .orderBy(...(options.orderBy ?? [asc(entries.id)]))
      .limit(options.first)
      .offset(options.skip);
    if (rows.length === 0 && options.skip > 0) {
      const [counted] = await this.db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(entries).where(where);
      return { total: counted?.total ?? 0, items: [] };
    }
    return { total: rows[0]?.total ?? 0, items: rows.map((row) => row.entry as Entry<Fields>) };
  }

  private visible(type: string, locale: Locale): SQL {
    return and(
      eq(entries.environment, this.environment),
      eq(entries.type, type),
      eq(entries.locale, locale),
      eq(entries.version, 'published'),
    )!;
  }
}

/** A text field inside an entry's JSON fields, for filtering and ordering. */
export function field(path: string[]): SQL<string> {
  const [first, ...rest] = path;
  let expression = sql`${entries.fields}`;
  for (const key of rest.length ? [first!, ...rest.slice(0, -1)] : []) expression = sql`${expression}->${key}`;
  return sql<string>`(${expression}->>${rest.length ? rest.at(-1)! : first!})`;
}

export { asc, desc };
