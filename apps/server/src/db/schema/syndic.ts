import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AddressJson } from './identity.js';

export type SyndicAddress = { street1?: string | null; zip_code?: string | null; city?: string | null };

export const syndics = pgTable('syndics', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  alias: text('alias').notNull().unique(),
  /** Storage key or URL of the logo; null with use_synple = default product branding. */
  logo_url: text('logo_url'),
  use_synple: boolean('use_synple').notNull().default(false),
  disabled: boolean('disabled').notNull().default(false),
  address: jsonb('address').$type<SyndicAddress>(),
  email: text('email'),
  phone: text('phone'),
  /** Card payments: Stripe Connect account and whether the syndic turned them on. */
  stripe_account_id: text('stripe_account_id'),
  card_payments_active: boolean('card_payments_active').notNull().default(false),
  /** SHA-256 of the syndic API key for /api/syndic/v1. */
  api_key_hash: text('api_key_hash').unique(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const syndicContacts = pgTable('syndic_contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  syndic_id: uuid('syndic_id')
    .notNull()
    .references(() => syndics.id, { onDelete: 'cascade' }),
  first_name: text('first_name').notNull().default(''),
  last_name: text('last_name').notNull().default(''),
  email: text('email'),
  tel_fixed: text('tel_fixed'),
  tel_mobile: text('tel_mobile'),
  sort: integer('sort').notNull().default(0),
});

/** Syndic staff accounts (gestionnaires, comptables): chat peers and 'Gestionnaire copropriété'. */
export const administrators = pgTable('administrators', {
  id: uuid('id').primaryKey().defaultRandom(),
  syndic_id: uuid('syndic_id')
    .notNull()
    .references(() => syndics.id, { onDelete: 'cascade' }),
  first_name: text('first_name').notNull().default(''),
  last_name: text('last_name').notNull().default(''),
  display_name: text('display_name').notNull().default(''),
  role: text('role').notNull().default('gestionnaire'),
  avatar: text('avatar'),
  phones: jsonb('phones').$type<{ value: string; type: 'mobile' | 'fixed' }[]>().notNull().default([]),
  emails: jsonb('emails').$type<{ value: string }[]>().notNull().default([]),
  address: jsonb('address').$type<AddressJson>(),
});

/** Read-only syndic preview tokens (SPEC §6 Syndic preview); hashed at rest. */
export const previewTokens = pgTable(
  'preview_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    token_hash: text('token_hash').notNull(),
    syndic_id: uuid('syndic_id')
      .notNull()
      .references(() => syndics.id, { onDelete: 'cascade' }),
    coproprietaire_id: uuid('coproprietaire_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('preview_tokens_hash').on(t.token_hash)],
);
