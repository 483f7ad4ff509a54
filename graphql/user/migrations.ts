import type { Migration } from '#platform/migrations.ts';
import profilesAndNewsletters from './migrations/0001_profiles_and_newsletters.sql';

export const USER_SCHEMA = 'users';

export const userMigrations: Migration[] = [{ name: '0001_profiles_and_newsletters', sql: profilesAndNewsletters }];
