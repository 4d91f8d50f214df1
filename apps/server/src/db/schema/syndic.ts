import {
  boolean,
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
import { type AddressJson, users } from './identity.js';

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

export const syndicContacts = pgTable(
  'syndic_contacts',
  {
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
  },
  (t) => [index('syndic_contacts_syndic').on(t.syndic_id)],
);

/**
 * Syndic staff (gestionnaires, comptables): 'Gestionnaire copropriété' and, with a user account
 * (user_id), the people who answer the syndic's chat conversations from the staff inbox.
 */
export const administrators = pgTable('administrators', {
  id: uuid('id').primaryKey().defaultRandom(),
  user_id: uuid('user_id')
    .unique()
    .references(() => users.id, { onDelete: 'set null' }),
  /** Staff member disabled through the syndic API: no inbox, no longer listed. */
  disabled_at: timestamp('disabled_at', { withTimezone: true }),
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

/** Syndic API keys (several per syndic, named, revocable); only the SHA-256 of the key is stored. */
export const syndicApiKeys = pgTable(
  'syndic_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    syndic_id: uuid('syndic_id')
      .notNull()
      .references(() => syndics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key_hash: text('key_hash').notNull(),
    /** The first characters of the key, shown in lists so a key can be recognised. */
    prefix: text('prefix').notNull(),
    scopes: jsonb('scopes').$type<('read' | 'write' | 'webhooks')[]>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('syndic_api_keys_hash').on(t.key_hash),
    index('syndic_api_keys_syndic').on(t.syndic_id),
  ],
);

/**
 * The syndic's own identifiers: (syndic, resource, external_id) → our row id. One table for
 * every resource, so a module adds syndic endpoints without a column or a migration.
 */
export const syndicExternalRefs = pgTable(
  'syndic_external_refs',
  {
    // No foreign key: a check per row of an import; a syndic's deletion removes its refs by a
    // trigger on syndics (migration 0044).
    syndic_id: uuid('syndic_id').notNull(),
    resource: text('resource').notNull(),
    external_id: text('external_id').notNull(),
    internal_id: uuid('internal_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.syndic_id, t.resource, t.external_id] }),
    uniqueIndex('syndic_external_refs_internal').on(t.resource, t.internal_id),
    // Delta lists: what changed since a time.
    index('syndic_external_refs_updated').on(t.syndic_id, t.resource, t.updated_at),
  ],
);

/** Every write through the syndic API or the import: who (key), when, what changed. */
export const syndicAuditLog = pgTable(
  'syndic_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key, as for the refs (migration 0044).
    syndic_id: uuid('syndic_id').notNull(),
    api_key_id: uuid('api_key_id'),
    /** The key's name at the time (or 'import' for the admin CLI). */
    actor: text('actor').notNull(),
    /** The signed-in user who wrote through the console (staff or volunteer syndic); null for a key. */
    actor_user_id: uuid('actor_user_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resource_id: uuid('resource_id'),
    external_id: text('external_id'),
    /** Field → {before, after}; a creation stores field → value (`kit/audit.ts`). */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('syndic_audit_log_syndic').on(t.syndic_id, t.at, t.id)],
);

/** What the syndic deleted through the API, listed as tombstones by the lists' `updated_since`. */
export const syndicTombstones = pgTable(
  'syndic_tombstones',
  {
    syndic_id: uuid('syndic_id')
      .notNull()
      .references(() => syndics.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    external_id: text('external_id').notNull(),
    internal_id: uuid('internal_id').notNull(),
    deleted_at: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'syndic_tombstones_pk', columns: [t.syndic_id, t.resource, t.external_id] }),
    index('syndic_tombstones_deleted').on(t.syndic_id, t.resource, t.deleted_at),
  ],
);

/** HTTPS endpoints where the syndic receives signed events; the secret is stored encrypted. */
export const syndicWebhookEndpoints = pgTable(
  'syndic_webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    syndic_id: uuid('syndic_id')
      .notNull()
      .references(() => syndics.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    /** AES-256-GCM of the signing secret (it must be read back to sign), key derived from APP_SECRET. */
    secret_encrypted: text('secret_encrypted').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabled_at: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('syndic_webhook_endpoints_syndic').on(t.syndic_id)],
);

/** One event to one endpoint: the webhook outbox and its delivery log. */
export const syndicWebhookDeliveries = pgTable(
  'syndic_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpoint_id: uuid('endpoint_id')
      .notNull()
      .references(() => syndicWebhookEndpoints.id, { onDelete: 'cascade' }),
    syndic_id: uuid('syndic_id').notNull(),
    event_id: text('event_id').notNull(),
    event_type: text('event_type').notNull(),
    /** The exact JSON body sent (and signed). */
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'), // pending | sending | delivered | failed
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    last_status_code: integer('last_status_code'),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    /** Set by a row trigger on every update (migration 0039): the log's `updated_since`. */
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('syndic_webhook_deliveries_due').on(t.status, t.next_attempt_at),
    index('syndic_webhook_deliveries_endpoint').on(t.endpoint_id, t.created_at),
    index('syndic_webhook_deliveries_updated').on(t.endpoint_id, t.updated_at, t.id),
  ],
);
