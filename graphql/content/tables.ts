import { bigint, boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const contentSchema = pgSchema('content');

export type EntryVersion = 'published' | 'draft';
export type Locale = 'en' | 'ar';

export const entries = contentSchema.table(
  'entries',
  {
    environment: text('environment').notNull().default('main'),
    id: text('id').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    version: text('version').$type<EntryVersion>().notNull(),
    type: text('type').notNull(),
    slug: text('slug'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    sourceHash: text('source_hash').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.environment, table.id, table.locale, table.version] }),
    index('entries_by_type_and_slug').on(table.environment, table.type, table.locale, table.version, table.slug),
  ],
);

export const assets = contentSchema.table('assets', {
  path: text('path').primaryKey(),
  mimeType: text('mime_type').notNull(),
  width: integer('width'),
  height: integer('height'),
  blurDataUrl: text('blur_data_url'),
  contentHash: text('content_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export const imports = contentSchema.table('imports', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  environment: text('environment').notNull(),
  written: integer('written').notNull(),
  removed: integer('removed').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** The site search's precomputed documents, derived from the entries (migrations/0003). */
export const searchDocuments = contentSchema.table(
  'search_documents',
  {
    environment: text('environment').notNull(),
    id: text('id').notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    version: text('version').$type<EntryVersion>().notNull(),
    kind: text('kind').notNull(),
    listed: boolean('listed').notNull(),
    rankedAt: timestamp('ranked_at', { withTimezone: true, mode: 'string' }),
    titleWords: text('title_words').notNull(),
    words: text('words').notNull(),
  },
  (table) => [primaryKey({ columns: [table.environment, table.id, table.locale, table.version] })],
);
