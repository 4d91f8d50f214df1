import { sql } from 'drizzle-orm';
import { customType, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { coproprietaires, coproprietes } from './copro.js';
import { files } from './files.js';
import { syndics } from './syndic.js';

/** Document types ('parameters/document-types/list'): appel de fonds, relevé de compte… */
export const documentTypes = pgTable('document_types', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/**
 * Groups of co-ownership or syndic documents. kind: 'default' | 'AG' | 'BANK_STATEMENT'.
 * number / approve_date are the card number and approval date shown for syndic groups.
 */
export const documentGroups = pgTable(
  'document_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scope: text('scope').notNull(), // copropriete | syndic
    copropriete_id: uuid('copropriete_id').references(() => coproprietes.id, { onDelete: 'cascade' }),
    syndic_id: uuid('syndic_id').references(() => syndics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('default'),
    number: text('number'),
    approve_date: date('approve_date'),
    sort: integer('sort').notNull().default(0),
    /** 'all': every co-owner the building's settings let read; 'council': its conseil syndical only (0080). */
    audience: text('audience').notNull().default('all'),
  },
  // A building's (or a syndic's) groups are read by that id on every documents page.
  (t) => [
    index('document_groups_copro').on(t.copropriete_id),
    index('document_groups_syndic').on(t.syndic_id),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A document. Own documents have coproprietaire_id and type_code; group documents have
 * group_id. For AG groups, ag_kind is 'quote' or 'record'; bank statements use year/month.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coproprietaire_id: uuid('coproprietaire_id').references(() => coproprietaires.id, {
      onDelete: 'cascade',
    }),
    group_id: uuid('group_id').references(() => documentGroups.id, { onDelete: 'cascade' }),
    type_code: text('type_code'),
    file_id: uuid('file_id')
      .notNull()
      .references(() => files.id),
    name: text('name').notNull(),
    amount_cents: integer('amount_cents'),
    amount_type: text('amount_type'),
    date: date('date').notNull(),
    year: integer('year'),
    month: integer('month'),
    ag_kind: text('ag_kind'),
    /** The text of a PDF, read when stored (platform/pdf-text.ts); null until read. */
    content_text: text('content_text'),
    /** Name, year and text as french words, accents folded (migration 0029, decision 123). */
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('french'::regconfig, translate(lower("name" || ' ' || coalesce("year"::text, '') || ' ' || coalesce("content_text", '')), 'àâäáãéèêëíìîïóòôöõúùûüýÿçñœæ', 'aaaaaeeeeiiiiooooouuuuyycnoa'))`,
    ),
  },
  (t) => [
    index('documents_search').using('gin', t.search),
    index('documents_owner').on(t.coproprietaire_id, t.type_code),
    index('documents_group').on(t.group_id),
  ],
);
