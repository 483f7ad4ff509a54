import type { Migration } from '#platform/migrations.ts';
import profilesAndNewsletters from './migrations/0001_profiles_and_newsletters.sql';
import scheduleMarks from './migrations/0002_schedule_marks.sql';

export const USER_SCHEMA = 'users';

export const userMigrations: Migration[] = [
  { name: '0001_profiles_and_newsletters', sql: profilesAndNewsletters },
  { name: '0002_schedule_marks', sql: scheduleMarks },
];
