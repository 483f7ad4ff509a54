import type { Migration } from '#platform/migrations.ts';
import profilesAndNewsletters from './migrations/0001_profiles_and_newsletters.sql';
import scheduleMarks from './migrations/0002_schedule_marks.sql';
import addresses from './migrations/0003_addresses.sql';
import notificationPreferences from './migrations/0004_notification_preferences.sql';
import profileTermsAccepted from './migrations/0005_profile_terms_accepted.sql';
import loyaltyLinks from './migrations/0006_loyalty_links.sql';

export const USER_SCHEMA = 'users';

export const userMigrations: Migration[] = [
  { name: '0001_profiles_and_newsletters', sql: profilesAndNewsletters },
  { name: '0002_schedule_marks', sql: scheduleMarks },
  { name: '0003_addresses', sql: addresses },
  { name: '0004_notification_preferences', sql: notificationPreferences },
  { name: '0005_profile_terms_accepted', sql: profileTermsAccepted },
  { name: '0006_loyalty_links', sql: loyaltyLinks },
];
