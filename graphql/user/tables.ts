import { boolean, date, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const userSchema = pgSchema('users');

export const profiles = userSchema.table('profiles', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  email: text('email').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  middleName: text('middle_name'),
  phoneNumber: text('phone_number'),
  whatsappPhone: text('whatsapp_phone'),
  birthDate: date('birth_date', { mode: 'string' }),
  gender: text('gender').$type<'male' | 'female'>(),
  locale: text('locale').$type<'en' | 'ar'>(),
  loyaltyMemberId: text('loyalty_member_id'),
  onboarded: boolean('onboarded').notNull().default(false),
  confirmed: boolean('confirmed').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export const newsletterSubscriptions = userSchema.table(
  'newsletter_subscriptions',
  {
    email: text('email').notNull(),
    newsletter: text('newsletter').notNull(),
    locale: text('locale').$type<'en' | 'ar'>().notNull(),
    userId: text('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.email, table.newsletter] })],
);

/** "My schedule": a user's marked performances, by content id. */
export const scheduleMarks = userSchema.table(
  'schedule_marks',
  {
    userId: text('user_id').notNull(),
    performanceId: text('performance_id').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.performanceId] })],
);
