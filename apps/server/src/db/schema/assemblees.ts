import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { coproprietaires, coproprietes, repartitions } from './copro.js';
import { files } from './files.js';

/** Assemblée générale (SPEC §3 Assembly). */
export const assemblees = pgTable(
  'assemblees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    year: integer('year').notNull(),
    type: text('type').notNull().default('ORDINAIRE'), // EXTRAORDINAIRE | ORDINAIRE
    date: timestamp('date', { withTimezone: true }).notNull(),
    priority: integer('priority').notNull().default(0),
    status_convocation: integer('status_convocation').notNull().default(0),
    date_sent_convocation: timestamp('date_sent_convocation', { withTimezone: true }),
    status_proces_verbal: integer('status_proces_verbal').notNull().default(0),
    date_sent_proces_verbal: timestamp('date_sent_proces_verbal', { withTimezone: true }),
    status: integer('status').notNull().default(1),
    date_effectue: timestamp('date_effectue', { withTimezone: true }),
    /** Set once the meeting session has started: online voting then closes. */
    status_session: integer('status_session'),
    valid_to: timestamp('valid_to', { withTimezone: true }),
    visio_url: text('visio_url'),
    convocation_file_id: uuid('convocation_file_id').references(() => files.id),
    pv_file_id: uuid('pv_file_id').references(() => files.id),
    /** The attendance sheet (feuille de présence) as generated from the register, signed in FDP_* modes. */
    feuille_file_id: uuid('feuille_file_id').references(() => files.id),
    /** The signed minutes sealed (PAdES) with their signing certificate page, once every PV_* signature is in. */
    pv_sealed_file_id: uuid('pv_sealed_file_id').references(() => files.id),
    /** The same for the attendance sheet and its FDP_* signatures. */
    feuille_sealed_file_id: uuid('feuille_sealed_file_id').references(() => files.id),
    total_lots: integer('total_lots').notNull().default(0),
    total_coproprietaires: integer('total_coproprietaires').notNull().default(0),
    total_tantiemes: integer('total_tantiemes').notNull().default(0),
    /** The repartition of the common parts' quote-parts (charges générales): loi art. 22 and the totals. */
    general_repartition_id: uuid('general_repartition_id').references(() => repartitions.id),
    /**
     * Set when the syndic published although the 21-day delay (décret 1967 art. 9, 64) could not run
     * for some co-owners: the override, recorded and shown as a risk.
     */
    convocation_risk: jsonb('convocation_risk').$type<{
      overridden_at: string;
      key_id: string;
      late: {
        coproprietaire: string;
        earliest_meeting: string;
        first_presentation_source?: 'provider' | 'syndic';
      }[];
    } | null>(),
    /** When the convocation was published to the co-owners (notification + e-mail or postal record). */
    published_at: timestamp('published_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assemblees_copro').on(t.copropriete_id, t.date)],
);

/** Which co-owners an assembly is available to (list_ag_available), and their convocation. */
export const assembleeParticipants = pgTable(
  'assemblee_participants',
  {
    assemblee_id: uuid('assemblee_id')
      .notNull()
      .references(() => assemblees.id, { onDelete: 'cascade' }),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    is_send_convocation: boolean('is_send_convocation').notNull().default(false),
    convocation_file_id: uuid('convocation_file_id').references(() => files.id),
    /** present | represented | correspondence; null = absent (défaillant). Set by the syndic or by an online ballot. */
    attendance: text('attendance'),
    /** Tantièmes per repartition id, fixed when the assembly is convened (null: read from the lots). */
    tantiemes: jsonb('tantiemes').$type<Record<string, number> | null>(),
  },
  (t) => [primaryKey({ columns: [t.assemblee_id, t.coproprietaire_id] })],
);

export const resolutions = pgTable(
  'resolutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assemblee_id: uuid('assemblee_id')
      .notNull()
      .references(() => assemblees.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    preamble: text('preamble'),
    content: text('content'),
    comment: text('comment'),
    article: text('article').notNull().default('ART-24'),
    no_vote: boolean('no_vote').notNull().default(false),
    repartition_id: uuid('repartition_id').references(() => repartitions.id),
    files: jsonb('files').$type<{ id: string; name: string }[]>().notNull().default([]),
    /** Result as counted after the meeting, by method: { [method]: { value } }. */
    result: jsonb('result').$type<Record<string, unknown> | null>(),
    /** Amended in session (loi art. 17-1 A): a correspondence 'Pour' then counts as défaillant. */
    amended: boolean('amended').notNull().default(false),
    /** The syndic's id of the resolution within its assembly (syndic API). */
    external_id: text('external_id'),
    /** What it decides, from the contract's catalogue of decisions (DECISION_TYPES). */
    nature: text('nature'),
    /** Why the article or key departs from the catalogue's proposal. */
    article_reason: text('article_reason'),
    /** The earlier assembly's resolution taken up again (loi art. 25-1, 2e alinéa). */
    follows_resolution_id: uuid('follows_resolution_id').references((): AnyPgColumn => resolutions.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('resolutions_ag').on(t.assemblee_id, t.number),
    // The syndic's id of a resolution is unique within its assembly (syndic API).
    uniqueIndex('resolutions_ag_external').on(t.assemblee_id, t.external_id),
  ],
);

/** A co-owner's vote on a resolution; vote_2 is the 25-1 / 26-1 second vote. */
export const votes = pgTable(
  'votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resolution_id: uuid('resolution_id')
      .notNull()
      .references(() => resolutions.id, { onDelete: 'cascade' }),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    vote_value: text('vote_value'), // agree | disagree | abstain
    vote_2_value: text('vote_2_value'),
    method: text('method').notNull().default('e_form'),
    user_id: uuid('user_id'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The chained ballot record these choices come from (null for votes entered before the chain). */
    record_id: uuid('record_id'),
  },
  (t) => [uniqueIndex('votes_resolution_owner').on(t.resolution_id, t.coproprietaire_id)],
);

/** Tokenised signature requests (attendance, minutes, proxy). */
export const signatureTokens = pgTable('signature_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  token_hash: text('token_hash').notNull().unique(),
  assemblee_id: uuid('assemblee_id')
    .notNull()
    .references(() => assemblees.id, { onDelete: 'cascade' }),
  coproprietaire_id: uuid('coproprietaire_id')
    .notNull()
    .references(() => coproprietaires.id, { onDelete: 'cascade' }),
  mode: text('mode').notNull(),
  procurations: jsonb('procurations').$type<Record<string, { coproprietaire_name: string }>>(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  signed_at: timestamp('signed_at', { withTimezone: true }),
  signature_file_id: uuid('signature_file_id').references(() => files.id),
  /** The chained signature record. */
  record_id: uuid('record_id'),
  /** A signed proxy (PROCURATION_DONNEE) as a sealed PDF with its signing certificate page. */
  sealed_file_id: uuid('sealed_file_id').references(() => files.id),
  /** How the link was sent (syndic API): channel and masked recipient, never the token. */
  sent: jsonb('sent').$type<{ channel: 'email' | 'sms'; recipient_masked: string } | null>(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The provable records of an assembly: each ballot and each signature, chained per assembly by a
 * SHA-256 over the previous digest and the canonical JSON of the record (seq, kind, ids, payload).
 * `current` is outside the digest: a re-vote marks the previous ballot superseded and is itself chained.
 */
export const assembleeRecords = pgTable(
  'assemblee_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assemblee_id: uuid('assemblee_id')
      .notNull()
      .references(() => assemblees.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(), // ballot | signature
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    current: boolean('current').notNull().default(true),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    prev_digest: text('prev_digest').notNull(),
    digest: text('digest').notNull(),
    /** Storage key of the PDF receipt, made on first download. */
    receipt_key: text('receipt_key'),
  },
  (t) => [
    uniqueIndex('assemblee_records_seq').on(t.assemblee_id, t.seq),
    // One current ballot per co-owner and assembly, whatever the concurrency.
    uniqueIndex('assemblee_records_current_ballot')
      .on(t.assemblee_id, t.coproprietaire_id)
      .where(sql`kind = 'ballot' and current`),
  ],
);
