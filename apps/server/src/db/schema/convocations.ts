import { sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assemblees } from './assemblees.js';
import { coproprietaires } from './copro.js';
import { users } from './identity.js';

/** The explicit act that gave or withdrew the consent: 'Valider mes choix' or the settings switch. */
export type ConsentAct = 'onboarding' | 'settings';

/**
 * Express consent to electronic notification (loi 1965 art. 42-1, décret 1967 art. 64-1): one row
 * per consent given, revoked by dating `revoked_at`, never deleted. At most one active per record.
 */
export const consentementsNotificationElectronique = pgTable(
  'consentements_notification_electronique',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    given_at: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    given_by: text('given_by').$type<ConsentAct>().notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_by: text('revoked_by').$type<ConsentAct>(),
    revoked_user_id: uuid('revoked_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('consentements_notification_electronique_active')
      .on(t.coproprietaire_id)
      .where(sql`${t.revoked_at} is null`),
  ],
);

/**
 * How a request for the post was made (loi art. 42-1): from the settings, recorded by the syndic
 * from a letter, or carried over from the former consent ('consent_revoked', 'setting_off').
 */
export type PostalRequestAct = 'settings' | 'syndic' | 'consent_revoked' | 'setting_off';

/** A request to receive notifications by post: in force from `received_at` until withdrawn. */
export const demandesVoiePostale = pgTable(
  'demandes_voie_postale',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    received_at: timestamp('received_at', { withTimezone: true }).notNull(),
    made_by: text('made_by').$type<PostalRequestAct>().notNull(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    withdrawn_at: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawn_by: text('withdrawn_by').$type<PostalRequestAct>(),
    withdrawn_user_id: uuid('withdrawn_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('demandes_voie_postale_active').on(t.coproprietaire_id).where(sql`${t.withdrawn_at} is null`),
  ],
);

/** 'email': a plain e-mail, only backfilled for assemblies published before the LRE (migration 0035). */
export type ConvocationChannel = 'lre' | 'postal' | 'email';
export type PresentationSource = 'provider' | 'syndic' | 'estimated';

/** One convocation per co-owner per assembly: channel, proof of sending, first presentation. */
export const assembleeConvocations = pgTable(
  'assemblee_convocations',
  {
    assemblee_id: uuid('assemblee_id')
      .notNull()
      .references(() => assemblees.id, { onDelete: 'cascade' }),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<ConvocationChannel>().notNull(),
    /** The consent the electronic channel relied on. */
    consentement_id: uuid('consentement_id').references(() => consentementsNotificationElectronique.id),
    /** The request for the post the postal channel relied on (loi art. 42-1). */
    demande_postale_id: uuid('demande_postale_id').references(() => demandesVoiePostale.id),
    /** The e-mail address of the LRE. */
    recipient: text('recipient'),
    /** 'local' or the provider's name; null for the post. */
    provider: text('provider'),
    /** The provider's id of the sending (proof of deposit). */
    sending_id: text('sending_id'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    first_presented_at: timestamp('first_presented_at', { withTimezone: true }),
    first_presentation_source: text('first_presentation_source').$type<PresentationSource>(),
    /** The provider's answers, kept as proof. */
    proof: jsonb('proof').$type<Record<string, unknown>>(),
    /** Why the LRE could not be sent yet (retried by the next publish). */
    error: text('error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.assemblee_id, t.coproprietaire_id] })],
);
