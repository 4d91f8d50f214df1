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
import { coproprietaires, coproprietes, repartitions } from './copro.js';
import { files } from './files.js';

/** Assemblée générale (SPEC §3 Assembly). */
export const assemblees = pgTable('assemblees', {
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
  total_lots: integer('total_lots').notNull().default(0),
  total_coproprietaires: integer('total_coproprietaires').notNull().default(0),
  total_tantiemes: integer('total_tantiemes').notNull().default(0),
});

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
  },
  (t) => [index('resolutions_ag').on(t.assemblee_id, t.number)],
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
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
