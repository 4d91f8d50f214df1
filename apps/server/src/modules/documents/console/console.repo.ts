import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  coproprietaires,
  documentGroups,
  documents,
  documentTypes,
  files,
} from '../../../db/schema/index.js';

/** What the console's documents page reads of a building: its shelves' documents and its co-owners' own. */

const columns = {
  id: documents.id,
  name: documents.name,
  date: documents.date,
  type_code: documents.type_code,
  type_name: documentTypes.name,
  group_name: documentGroups.name,
  group_kind: documentGroups.kind,
  group_audience: documentGroups.audience,
  coproprietaire_id: documents.coproprietaire_id,
  owner_name: coproprietaires.display_name,
  size: files.size,
  content_type: files.content_type,
  storage_key: files.storage_key,
};
export type BuildingDocumentRow = Awaited<ReturnType<typeof buildingDocuments>>[number];

/**
 * Every document of the building: on its groups (bank statements and AG years included), or in
 * the own space of one of its co-owner records (removed ones included: their documents stay).
 * `ids` narrows to these documents (one just written, one to replace or delete).
 */
export function buildingDocuments(db: Executor, coproId: string, ids?: string[]) {
  return db
    .select(columns)
    .from(documents)
    .innerJoin(files, eq(files.id, documents.file_id))
    .leftJoin(documentGroups, eq(documentGroups.id, documents.group_id))
    .leftJoin(coproprietaires, eq(coproprietaires.id, documents.coproprietaire_id))
    .leftJoin(documentTypes, eq(documentTypes.code, documents.type_code))
    .where(
      and(
        or(
          and(eq(documentGroups.scope, 'copropriete'), eq(documentGroups.copropriete_id, coproId)),
          eq(coproprietaires.copropriete_id, coproId),
        ),
        ids ? inArray(documents.id, ids) : undefined,
      ),
    )
    .orderBy(desc(documents.date), documents.name);
}

/** The building's shelf of that name and audience (the console files a kind on it), if any. */
export async function shelfOf(db: Executor, coproId: string, name: string, audience: string) {
  const [row] = await db
    .select({ id: documentGroups.id })
    .from(documentGroups)
    .where(
      and(
        eq(documentGroups.scope, 'copropriete'),
        eq(documentGroups.copropriete_id, coproId),
        eq(documentGroups.kind, 'default'),
        eq(documentGroups.name, name),
        eq(documentGroups.audience, audience),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The building's co-owner record (not removed), if it is one. */
export async function ownerOfBuilding(db: Executor, coproId: string, id: string) {
  const [row] = await db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .where(
      and(
        eq(coproprietaires.id, id),
        eq(coproprietaires.copropriete_id, coproId),
        isNull(coproprietaires.removed_at),
      ),
    );
  return row?.id ?? null;
}
