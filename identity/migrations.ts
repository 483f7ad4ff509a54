import type { Migration } from '#platform/migrations.ts';
import identity from './migrations/0001_identity.sql';
import accounts from './migrations/0002_accounts.sql';
import socialIdentities from './migrations/0003_social_identities.sql';
import revokedGrants from './migrations/0004_revoked_grants.sql';

export const IDENTITY_SCHEMA = 'identity';

export const identityMigrations: Migration[] = [
  { name: '0001_identity', sql: identity },
  { name: '0002_accounts', sql: accounts },
  { name: '0003_social_identities', sql: socialIdentities },
  { name: '0004_revoked_grants', sql: revokedGrants },
];
