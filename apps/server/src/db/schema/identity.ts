import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type AddressJson = {
  full_address?: string | null;
  number?: string | null;
  street?: string | null;
  zip_code?: string | null;
  city?: string | null;
  country?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').unique(),
    phone: text('phone').unique(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    avatar: text('avatar'),
    address: jsonb('address').$type<AddressJson>(),
    password_hash: text('password_hash'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the holder deleted the account: personal fields erased, sign-in refused. */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  // The syndic API finds a staff member's account by e-mail whatever its case: without it, every
  // user was read (46 ms at 35,000 users).
  (t) => [index('users_email_lower').on(sql`lower(${t.email})`)],
);

/** Opaque bearer sessions; only the SHA-256 of the token is stored. */
export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  user_id: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  user_agent: text('user_agent'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  revoked_at: timestamp('revoked_at', { withTimezone: true }),
});

/** E-mail and SMS one-time codes, hashed at rest, short-lived, few tries. */
export const verificationCodes = pgTable('verification_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  purpose: text('purpose').notNull(), // register_email | link_phone | login_phone | forgot_password
  target: text('target').notNull(), // e-mail or E.164 phone
  code_hash: text('code_hash').notNull(),
  user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumed_at: timestamp('consumed_at', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** QR login codes (SPEC §3 QR code). */
export const qrCodes = pgTable('qr_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  device_name: text('device_name'),
  position: text('position'),
  status: text('status').notNull().default('pending'), // pending | scanned | accepted | rejected
  scanner_user_id: uuid('scanner_user_id').references(() => users.id, { onDelete: 'set null' }),
  custom_token_hash: text('custom_token_hash'),
  expiration_date: timestamp('expiration_date', { withTimezone: true }).notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const userSettings = pgTable(
  'user_settings',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] })],
);

/** Web Push device registrations (SPEC §3 Device registration). */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device_token: text('device_token').notNull(),
    device_name: text('device_name'),
    device_type: text('device_type').notNull().default('WEB'),
    device_language: text('device_language').notNull().default('fr'),
    device_info: jsonb('device_info').$type<Record<string, unknown>>(),
    device_gmt: integer('device_gmt'),
    status: integer('status').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('devices_user_token').on(t.user_id, t.device_token)],
);

/** ALTCHA solutions already used (replay protection), kept until the challenge expires. */
export const usedCaptchas = pgTable('used_captchas', {
  signature_hash: text('signature_hash').primaryKey(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});
