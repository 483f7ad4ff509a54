import type { Migration } from '#platform/migrations.ts';
import sessions from './migrations/0001_sessions.sql';

/** The web tier's own tables (sessions when Redis is not configured). */
export const WEB_SCHEMA = 'web';

export const webMigrations: Migration[] = [{ name: '0001_sessions', sql: sessions }];
