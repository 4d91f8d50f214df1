import {
  bigint,
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
import { sql } from 'drizzle-orm';
import { users, type AddressJson } from './identity.js';
import { administrators, syndics } from './syndic.js';

/** copro_settings of SPEC §3: scopes '1'|'2'|'3'|other, flags '1' = on. */
export type CoproSettingsJson = {
  show_invoice?: string;
  show_invoice_scope?: string;
  show_invoice_status?: string;
  show_invoice_status_scope?: string;
  show_copro_document?: string;
  show_copro_document_scope?: string;
  show_syndic_document?: string;
  show_syndic_document_scope?: string;
  show_releves_bancaires?: string;
  show_releves_bancaires_scope?: string;
  show_releves_bancaires_rad?: Record<string, string>;
  show_assemblee_function?: boolean;
};

export const coproprietes = pgTable(
  'coproprietes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    syndic_id: uuid('syndic_id')
      .notNull()
      .references(() => syndics.id),
    name: text('name').notNull(),
    address: jsonb('address').$type<AddressJson>().notNull(),
    email: text('email'),
    phone: text('phone'),
    settings: jsonb('settings').$type<CoproSettingsJson>().notNull().default({}),
    /** Fonds Alur (fonds de travaux) and avance de trésorerie balances, cents. */
    alur_cents: integer('alur_cents').notNull().default(0),
    avance_cents: integer('avance_cents').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by triggers (migration 0012) whenever the building's repartitions, charges, years,
     * budgets or invoices change: what the dashboard's cache of them is checked against (decision 72).
     */
    finance_version: bigint('finance_version', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped by triggers (migration 0015) whenever the building's document groups or their
     * documents change: what the building documents' cache is checked against (decision 75).
     */
    documents_version: bigint('documents_version', { mode: 'number' }).notNull().default(0),
    /**
     * Bumped by triggers (migration 0082) whenever what the décret 2019-502 checklist reads of the
     * building changes: what the portfolio's count of missing items is checked against (decision 223).
     */
    checklist_version: bigint('checklist_version', { mode: 'number' }).notNull().default(0),
    /** The volunteer syndic (loi 65-557, art. 17-2) who runs the building from the console. */
    syndic_benevole_user_id: uuid('syndic_benevole_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  // The console's search (migration 0082): `ilike '%q%'` read from trigram indexes.
  (t) => [
    index('coproprietes_syndic').on(t.syndic_id),
    index('coproprietes_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('coproprietes_address_trgm').using('gin', sql`(${t.address}->>'full_address') gin_trgm_ops`),
  ],
);

export const coproprieteAdministrators = pgTable(
  'copropriete_administrators',
  {
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    administrator_id: uuid('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.copropriete_id, t.administrator_id] }),
    index('copropriete_administrators_admin').on(t.administrator_id),
  ],
);

export type ContactJson = {
  id: string;
  civility?: 'mr' | 'mrs' | 'mr_and_mrs' | 'mr_or_mrs' | null;
  first_name?: string | null;
  last_name?: string | null;
  company?: string | null;
  addresses?: { full_address: string; additional_address?: string | null }[];
  emails?: { value: string }[];
  phones?: { value: string }[];
};
export type MemberJson = { civility?: string | null; first_name?: string | null; last_name?: string | null };
export type LotSupplementJson = {
  use_type?: 'own' | 'rent';
  agency_name?: string | null;
  agency_phone?: string | null;
  agency_email?: string | null;
  locataire_name?: string | null;
  locataire_phone?: string | null;
  locataire_email?: string | null;
  trusted_person?: string | null;
  trusted_person_phone?: string | null;
  ignore?: boolean;
};
export type UserSupplementJson = {
  contact?: { phone?: string | null; email?: string | null; address?: AddressJson | null } | null;
  lots?: Record<string, LotSupplementJson>;
};
export type PermissionsJson = {
  view_invoices?: boolean;
  view_invoice_status?: boolean;
  view_copro_documents?: boolean;
  view_releves_bancaires?: boolean;
  view_syndic_documents?: boolean;
};

/** A co-owner record of one copropriété; user_id is set while a user has it attached. */
export const coproprietaires = pgTable(
  'coproprietaires',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    display_name: text('display_name').notNull(),
    /** The 9-character attach code the syndic hands out. */
    unique_code: text('unique_code').notNull().unique(),
    address: jsonb('address').$type<AddressJson>(),
    is_member_syndicat: boolean('is_member_syndicat').notNull().default(false),
    is_president: boolean('is_president').notNull().default(false),
    contacts: jsonb('contacts').$type<ContactJson[]>().notNull().default([]),
    members: jsonb('members').$type<MemberJson[]>().notNull().default([]),
    user_supplement_info: jsonb('user_supplement_info').$type<UserSupplementJson>(),
    permissions: jsonb('permissions').$type<PermissionsJson>().notNull().default({}),
    /** Onboarding done (settings chosen) for this record. */
    init_settings_done: boolean('init_settings_done').notNull().default(false),
    attached_at: timestamp('attached_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Identity as the syndic's software holds it (syndic API); name/display_name derive from it. */
    civility: text('civility'),
    first_name: text('first_name'),
    last_name: text('last_name'),
    company: text('company'),
    /** Set when the syndic removed the co-owner from the building (lots detached, history kept). */
    removed_at: timestamp('removed_at', { withTimezone: true }),
    /** Set when the syndic anonymised the removed record (personal fields erased, ledger kept). */
    anonymised_at: timestamp('anonymised_at', { withTimezone: true }),
  },
  (t) => [
    index('coproprietaires_user').on(t.user_id),
    index('coproprietaires_copro').on(t.copropriete_id),
    index('coproprietaires_current').on(t.copropriete_id).where(sql`${t.removed_at} is null`),
    index('coproprietaires_name_trgm').using(
      'gin',
      t.name.op('gin_trgm_ops'),
      t.display_name.op('gin_trgm_ops'),
    ),
    index('coproprietaires_emails_trgm').using(
      'gin',
      sql`(jsonb_path_query_array(${t.contacts}, '$[*].emails[*].value')::text) gin_trgm_ops`,
    ),
  ],
);

/** Per co-owner record settings (chat-allow-other-owners, allow-convocation-electronic, …): '1' / '0'. */
export const coproprietaireSettings = pgTable(
  'coproprietaire_settings',
  {
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.coproprietaire_id, t.key] })],
);

export const lots = pgTable(
  'lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    /** The lot number in the règlement de copropriété. */
    lot_id: text('lot_id').notNull(),
    name: text('name').notNull(),
    type_name: text('type_name').notNull().default('Autre'),
    /** 'RDC', '2', 'Sous-sol'…; null when not said. */
    floor: text('floor'),
    agency_info: jsonb('agency_info').$type<{ name?: string; phone?: string; email?: string }>(),
    locataire: jsonb('locataire').$type<{
      civility?: string;
      first_name?: string;
      last_name?: string;
      phone?: string;
      email?: string;
    }>(),
  },
  (t) => [
    uniqueIndex('lots_copro_lot').on(t.copropriete_id, t.lot_id),
    index('lots_number_trgm').using('gin', t.lot_id.op('gin_trgm_ops'), t.name.op('gin_trgm_ops')),
  ],
);

export const coproprietaireLots = pgTable(
  'coproprietaire_lots',
  {
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    lot_id: uuid('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.coproprietaire_id, t.lot_id] })],
);

/** Clés de répartition (Charges générales, Ascenseur, Chauffage…). */
export const repartitions = pgTable(
  'repartitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    total_tantieme: integer('total_tantieme').notNull(),
    /** generales, charges_speciales (loi art. 10) or parties_communes_speciales (art. 6-2). */
    kind: text('kind')
      .$type<'generales' | 'charges_speciales' | 'parties_communes_speciales'>()
      .notNull()
      .default('charges_speciales'),
  },
  // The dashboard reads a building's keys (docs/performance.md).
  (t) => [index('repartitions_copro').on(t.copropriete_id)],
);

export const lotTantiemes = pgTable(
  'lot_tantiemes',
  {
    lot_id: uuid('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    repartition_id: uuid('repartition_id')
      .notNull()
      .references(() => repartitions.id, { onDelete: 'cascade' }),
    tantieme: integer('tantieme').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lot_id, t.repartition_id] })],
);

/** Invitations sent by the syndic (SPEC §3 Invitation token info); status 2 = used. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    status: integer('status').notNull().default(1),
    expiration_date: timestamp('expiration_date', { withTimezone: true }).notNull(),
    metadata: jsonb('metadata').$type<{
      coproprietaire_info?: { first_name?: string; last_name?: string; email?: string };
      /** How the syndic API sent it (the recipient masked: the API never shows the code). */
      sent?: { channel: 'email' | 'sms'; recipient_masked: string; by_key?: string | null };
    } | null>(),
    used_by_user_id: uuid('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The syndic's own key of the invitation (syndic API): the same key again sends nothing. */
    external_id: text('external_id'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitations_owner').on(t.coproprietaire_id, t.created_at),
    uniqueIndex('invitations_owner_external')
      .on(t.coproprietaire_id, t.external_id)
      .where(sql`${t.external_id} is not null`),
  ],
);
