import type { Migration } from '#platform/migrations.ts';
import identity from './migrations/0001_identity.sql';
import accounts from './migrations/0002_accounts.sql';

export const IDENTITY_SCHEMA = 'identity';

export const identityMigrations: Migration[] = [
  { name: '0001_identity', sql: identity },
  { name: '0002_accounts', sql: accounts },
];
