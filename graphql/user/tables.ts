import { bigint, boolean, date, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  loyaltyLinkedAt: timestamp('loyalty_linked_at', { withTimezone: true, mode: 'string' }),
  /** The programme's last verification of the linked member (decision 0039); never leaves the service but to its owner. */
  loyaltyVerificationToken: text('loyalty_verification_token'),
  loyaltyVerificationExpiresAt: timestamp('loyalty_verification_expires_at', { withTimezone: true, mode: 'string' }),
  onboarded: boolean('onboarded').notNull().default(false),
  confirmed: boolean('confirmed').notNull().default(false),
  termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, mode: 'string' }),
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

/** SPEC 3.3: a user's postal addresses (at most 20, one of them the default). */
export const addresses = userSchema.table('addresses', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id').notNull(),
  position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
  nickname: text('nickname'),
  isDefault: boolean('is_default').notNull().default(false),
  address1: text('address1').notNull(),
  address2: text('address2'),
  city: text('city').notNull(),
  state: text('state'),
  postalCode: text('postal_code'),
  countryCode: text('country_code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** SPEC 3.3: the newsletters on offer, seeded by migration; subscriptions are newsletter_subscriptions rows. */
export const notificationPreferences = userSchema.table('notification_preferences', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionAr: text('description_ar').notNull(),
  analyticsName: text('analytics_name').notNull(),
  image: text('image'),
  sortOrder: integer('sort_order').notNull(),
});
