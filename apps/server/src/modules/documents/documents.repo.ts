import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { documentGroups, documents, documentTypes, files } from '../../db/schema/index.js';

const docColumns = {
  id: documents.id,
  group_id: documents.group_id,
  name: documents.name,
  amount_cents: documents.amount_cents,
  amount_type: documents.amount_type,
  date: documents.date,
  year: documents.year,
  month: documents.month,
  ag_kind: documents.ag_kind,
  storage_key: files.storage_key,
  content_type: files.content_type,
  size: files.size,
};
export type DocumentRow = {
  id: string;
  group_id: string | null;
  name: string;
  amount_cents: number | null;
  amount_type: string | null;
  date: string;
  year: number | null;
  month: number | null;
  ag_kind: string | null;
  storage_key: string;
  content_type: string;
  size: number;
};

export function listTypes(db: Db) {
  return db
    .select({ id: documentTypes.id, code: documentTypes.code, name: documentTypes.name })
    .from(documentTypes)
    .orderBy(asc(documentTypes.sort), asc(documentTypes.name));
}

/**
 * A page of a record's own documents of one type, newest first, as a named read (run with the
 * session); the caller asks one more row than it shows, which tells whether a next page exists.
 */
export function ownDocumentsRead(coproprietaireId: string, type: string, limit: number, offset: number) {
  return {
    name: 'own_documents',
    build: (db: Db) =>
      db
        .select(docColumns)
        .from(documents)
        .innerJoin(files, eq(files.id, documents.file_id))
        .where(
          and(
            eq(documents.coproprietaire_id, sql.placeholder('record')),
            eq(documents.type_code, sql.placeholder('type')),
          ),
        )
        .orderBy(desc(documents.date), asc(documents.name), asc(documents.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    values: { record: coproprietaireId, type, limit, offset },
  };
}

export function listCoproGroups(db: Db, coproprieteIds: string[]) {
  return db
    .select()
    .from(documentGroups)
    .where(
      and(eq(documentGroups.scope, 'copropriete'), inArray(documentGroups.copropriete_id, coproprieteIds)),
    )
    .orderBy(asc(documentGroups.sort), asc(documentGroups.name));
}

/**
 * One copropriété's groups and their documents, as named reads run with the session:
 * the building documents of the record the user is looking at, in one statement.
 */
export function coproGroupsReads(coproprieteId: string) {
  const inCopro = and(
    eq(documentGroups.scope, 'copropriete'),
    eq(documentGroups.copropriete_id, sql.placeholder('copro')),
  );
  const values = { copro: coproprieteId };
  return [
    {
      name: 'copro_groups',
      build: (db: Db) =>
        db
          .select()
          .from(documentGroups)
          .where(inCopro)
          .orderBy(asc(documentGroups.sort), asc(documentGroups.name)),
      values,
    },
    {
      name: 'copro_group_documents',
      build: (db: Db) =>
        db
          .select(docColumns)
          .from(documents)
          .innerJoin(files, eq(files.id, documents.file_id))
          .innerJoin(documentGroups, eq(documentGroups.id, documents.group_id))
          // Redundant with the join, but it tells the planner how few documents belong to a
          // group: without it, with many own documents and few groups, it planned the join over
          // the whole documents and files tables (a generic plan, 1,000 copropriétés: 17–24 ms).
          .where(and(inCopro, isNotNull(documents.group_id)))
          .orderBy(desc(documents.date), asc(documents.name)),
      values,
    },
  ] as const;
}

export function listSyndicGroups(db: Db, syndicIds: string[]) {
  return db
    .select()
    .from(documentGroups)
    .where(and(eq(documentGroups.scope, 'syndic'), inArray(documentGroups.syndic_id, syndicIds)))
    .orderBy(asc(documentGroups.sort), asc(documentGroups.name));
}

export function listGroupDocuments(db: Db, groupIds: string[]): Promise<DocumentRow[]> {
  if (!groupIds.length) return Promise.resolve([]);
  return db
    .select(docColumns)
    .from(documents)
    .innerJoin(files, eq(files.id, documents.file_id))
    .where(inArray(documents.group_id, groupIds))
    .orderBy(desc(documents.date), asc(documents.name));
}
