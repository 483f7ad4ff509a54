import type { Migration } from '#platform/migrations.ts';
import entries from './migrations/0001_entries.sql';
import assetsVersionsIndexes from './migrations/0002_assets_versions_indexes.sql';
import searchDocuments from './migrations/0003_search_documents.sql';

export const CONTENT_SCHEMA = 'content';

export const contentMigrations: Migration[] = [
  { name: '0001_entries', sql: entries },
  { name: '0002_assets_versions_indexes', sql: assetsVersionsIndexes },
  { name: '0003_search_documents', sql: searchDocuments },
];
