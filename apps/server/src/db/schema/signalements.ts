import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { coproprietaires, coproprietes, lots } from './copro.js';
import { administrators, syndics } from './syndic.js';

/**
 * A signalement (request or incident) a co-owner files about their building (decisions 116–118).
 * `syndic_id` is copied from the copropriété so the syndic API's list is one index range.
 */
export const signalements = pgTable(
  'signalements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    syndic_id: uuid('syndic_id')
      .notNull()
      .references(() => syndics.id, { onDelete: 'cascade' }),
    copropriete_id: uuid('copropriete_id')
      .notNull()
      .references(() => coproprietes.id, { onDelete: 'cascade' }),
    author_id: uuid('author_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** A kind of parties communes (HALL, ASCENSEUR…) or LOT (then `lot_id`). */
    place: text('place').notNull(),
    lot_id: uuid('lot_id').references(() => lots.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    /** IMMEUBLE: every co-owner of the building sees it; PRIVE: the author, the council, the syndic. */
    visibility: text('visibility').notNull(),
    status: text('status').notNull().default('NOUVEAU'),
    planned_on: date('planned_on'),
    /** Storage keys of the photos' originals (their sizes sit beside them). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    supporters: integer('supporters').notNull().default(0),
    /** The carnet d'entretien's works entry that fixed it: its reference, and its words when linked. */
    carnet_travaux_ref: text('carnet_travaux_ref'),
    carnet_travaux_label: text('carnet_travaux_label'),
    /** The staff member who handles it (the console's board), and a supplier named in words. */
    assignee_id: uuid('assignee_id').references(() => administrators.id, { onDelete: 'set null' }),
    supplier: text('supplier'),
    /** A duplicate merged into another report: closed, its followers moved to that one. */
    merged_into_id: uuid('merged_into_id').references((): AnyPgColumn => signalements.id, {
      onDelete: 'set null',
    }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('signalements_copro').on(t.copropriete_id, t.created_at),
    index('signalements_syndic_updated').on(t.syndic_id, t.updated_at, t.id),
    index('signalements_copro_status').on(t.copropriete_id, t.status),
  ],
);

/** 'Moi aussi': one row per co-owner record that has the same problem. */
export const signalementSupporters = pgTable(
  'signalement_supporters',
  {
    signalement_id: uuid('signalement_id')
      .notNull()
      .references(() => signalements.id, { onDelete: 'cascade' }),
    coproprietaire_id: uuid('coproprietaire_id')
      .notNull()
      .references(() => coproprietaires.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.signalement_id, t.coproprietaire_id] })],
);

/** The timeline: the syndic's answers (COMMENT) and status changes (STATUS), oldest first. */
export const signalementEvents = pgTable(
  'signalement_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    signalement_id: uuid('signalement_id')
      .notNull()
      .references(() => signalements.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    status: text('status'),
    planned_on: date('planned_on'),
    text: text('text'),
    /** 'syndic' (its answers, its moves) or 'coproprietaire' (a detail added by a co-owner). */
    by: text('by').notNull(),
    author_name: text('author_name').notNull(),
    /** The syndic's note to itself (the console): never shown to a co-owner nor sent by the API. */
    internal: boolean('internal').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('signalement_events_of').on(t.signalement_id, t.created_at)],
);
