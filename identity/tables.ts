import { boolean, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AdapterPayload } from 'oidc-provider';
import type { JWK } from 'jose';
import type { Locale } from './locale.ts';

export const identitySchema = pgSchema('identity');

export const users = identitySchema.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  /** A password user's id as text; a social user's starts with the provider's prefix (SPEC 4.1). */
  username: text('username').notNull().unique(),
  /** Null for social users: they have no password with us. */
  passwordHash: text('password_hash'),
  givenName: text('given_name').notNull(),
  familyName: text('family_name').notNull(),
  preferredLocale: text('preferred_locale').$type<Locale>().notNull().default('en'),
  emailVerified: boolean('email_verified').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;

export type CodePurpose = 'confirm-sign-up' | 'reset-password';

export const oneTimeCodes = identitySchema.table(
  'one_time_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    boundToHash: text('bound_to_hash'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.purpose] })],
);

export const signInTickets = identitySchema.table('sign_in_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const oidcPayloads = identitySchema.table(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<AdapterPayload>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [primaryKey({ columns: [table.model, table.id] })],
);

/** Grants whose sign-in ended, kept while their access tokens can still be in circulation (decision 0040). */
export const revokedGrants = identitySchema.table('revoked_grants', {
  grantId: text('grant_id').primaryKey(),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const signingKeys = identitySchema.table('signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
