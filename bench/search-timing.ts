/**
 * How long the site search takes in the content service over the demo content, in process on
 * PGlite: the precomputed search documents (decision 0017) against normalizing every entry's text
 * in the query, as the list filters do. See docs/decisions/0017-site-search.md.
 *
 *   node bench/search-timing.ts
 */
import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { EntryStore } from '#graphql/content/entry-store.ts';
import { importContent } from '#graphql/content/import-content.ts';
import { CONTENT_SCHEMA, contentMigrations } from '#graphql/content/migrations.ts';
import { resolvers } from '#graphql/content/resolvers/index.ts';
import { normalizeForSearch, normalizedSql } from '#graphql/content/search-text.ts';
import { openDatabase, queryRows } from '#platform/database.ts';
import { migrate } from '#platform/migrations.ts';
import { fromRoot } from '#platform/paths.ts';

const ROUNDS = 50;
const database = await openDatabase({ dataDir: 'memory://' });
await migrate(database, CONTENT_SCHEMA, contentMigrations);
let started = performance.now();
await importContent(database.db, fromRoot('content'));
const importMs = performance.now() - started;
const [documents] = await queryRows<{ count: number }>(database.db, sql`select count(*)::int as count from content.search_documents`);

const context = () => ({ store: new EntryStore(database.db, { environment: 'main', preview: false }), db: database.db, memo: new Map() }) as never;
const search = (resolvers.Query as Record<string, (...args: unknown[]) => Promise<{ total: number }>>).search!;

async function time(name: string, run: () => Promise<unknown>) {
  await run();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round += 1) await run();
  process.stdout.write(`| ${name} | ${((performance.now() - started) / ROUNDS).toFixed(1)} ms |\n`);
}

process.stdout.write(`Import of the demo content with ${documents?.count} search documents: ${importMs.toFixed(0)} ms\n\n| Query | Mean of ${ROUNDS} |\n| --- | ---: |\n`);
for (const [locale, query] of [
  ['en', 'festival'],
  ['en', 'desert festival guides'],
  ['ar', 'مهرجان'],
  ['ar', 'ايقاعات جده'],
] as const) {
  await time(`search(locale: ${locale}, query: "${query}"): page of 20, counts per kind`, () => search(undefined, { locale, query }, context()));
}
// The alternative: normalize each entry's whole JSON per query (a substring, without stems or the article).
await time('normalizing every entry per query ("festival", en)', () =>
  queryRows(database.db, sql`select id from content.entries where environment = 'main' and locale = 'en' and ${normalizedSql(sql`fields::text`)} like ${`%${normalizeForSearch('festival')}%`}`),
);
await database.close();
