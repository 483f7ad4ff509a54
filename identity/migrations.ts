import type { Migration } from '#platform/migrations.ts';
import identity from './migrations/0001_identity.sql';

export const IDENTITY_SCHEMA = 'identity';

export const identityMigrations: Migration[] = [{ name: '0001_identity', sql: identity }];
