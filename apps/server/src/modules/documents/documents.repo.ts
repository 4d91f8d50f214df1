import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client.js';
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

// ── written by the syndic (its API) ─────────────────────────────────────────────

export function groupsByIds(db: Executor, syndicId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select()
    .from(documentGroups)
    .where(and(inArray(documentGroups.id, ids), eq(documentGroups.syndic_id, syndicId)));
}

export async function insertGroup(tx: Tx, row: typeof documentGroups.$inferInsert) {
  await tx.insert(documentGroups).values(row);
}

export async function updateGroup(tx: Tx, id: string, set: Partial<typeof documentGroups.$inferInsert>) {
  await tx.update(documentGroups).set(set).where(eq(documentGroups.id, id));
}

export async function groupHasDocuments(db: Executor, id: string) {
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.group_id, id))
    .limit(1);
  return !!row;
}

export async function deleteGroup(tx: Tx, id: string) {
  await tx.delete(documentGroups).where(eq(documentGroups.id, id));
}

/**
 * The copropriété's bank statement or assembly group, created on first use (they hold the
 * documents of every month / year; SPEC §3 BANK_STATEMENT and AG groups).
 */
export async function ensureKindGroup(
  tx: Tx,
  syndicId: string,
  coproprieteId: string,
  kind: 'AG' | 'BANK_STATEMENT',
) {
  const [found] = await tx
    .select({ id: documentGroups.id })
    .from(documentGroups)
    .where(
      and(
        eq(documentGroups.scope, 'copropriete'),
        eq(documentGroups.copropriete_id, coproprieteId),
        eq(documentGroups.kind, kind),
      ),
    )
    .limit(1);
  if (found) return found.id;
  const [row] = await tx
    .insert(documentGroups)
    .values({
      scope: 'copropriete',
      copropriete_id: coproprieteId,
      syndic_id: syndicId,
      kind,
      name: kind === 'AG' ? 'Assemblées générales' : 'Relevés bancaires',
      sort: 900,
    })
    .returning({ id: documentGroups.id });
  return row.id;
}

export async function documentTypeCodes(db: Executor) {
  return new Set((await db.select({ code: documentTypes.code }).from(documentTypes)).map((r) => r.code));
}

export function documentsByIds(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      doc: documents,
      group_kind: documentGroups.kind,
      group_copro: documentGroups.copropriete_id,
      file_name: files.name,
      content_type: files.content_type,
      size: files.size,
      storage_key: files.storage_key,
    })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.file_id))
    .leftJoin(documentGroups, eq(documentGroups.id, documents.group_id))
    .where(inArray(documents.id, ids));
}

export async function insertDocument(tx: Tx, row: typeof documents.$inferInsert) {
  await tx.insert(documents).values(row);
}

export async function updateDocument(tx: Tx, id: string, set: Partial<typeof documents.$inferInsert>) {
  await tx.update(documents).set(set).where(eq(documents.id, id));
}

export async function deleteDocument(tx: Tx, id: string) {
  const [row] = await tx
    .delete(documents)
    .where(eq(documents.id, id))
    .returning({ file_id: documents.file_id });
  return row?.file_id ?? null;
}
