import type { Migration } from '#platform/migrations.ts';
import entries from './migrations/0001_entries.sql';

export const CONTENT_SCHEMA = 'content';

export const contentMigrations: Migration[] = [{ name: '0001_entries', sql: entries }];
