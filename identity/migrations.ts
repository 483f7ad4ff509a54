import type { Migration } from '#platform/migrations.ts';
import identity from './migrations/0001_identity.sql';
import socialIdentities from './migrations/0003_social_identities.sql';

export const IDENTITY_SCHEMA = 'identity';

export const identityMigrations: Migration[] = [
  { name: '0001_identity', sql: identity },
  { name: '0003_social_identities', sql: socialIdentities },
];
