import { and, eq, isNull, lte, max, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  assemblees,
  carnetsEntretien,
  coproprietaires,
  documentGroups,
  documents,
} from '../../db/schema/index.js';

/** Documents of a copropriété's groups (its bank statements and AG years included), as the checklist reads them. */
export function groupDocuments(db: Db, coproprieteId: string) {
  return db
    .select({
      id: documents.id,
      name: documents.name,
      date: documents.date,
      group_name: documentGroups.name,
      kind: documentGroups.kind,
    })
    .from(documents)
    .innerJoin(documentGroups, eq(documentGroups.id, documents.group_id))
    .where(and(eq(documentGroups.scope, 'copropriete'), eq(documentGroups.copropriete_id, coproprieteId)));
}

export function syndicDocuments(db: Db, syndicId: string) {
  return db
    .select({ id: documents.id, name: documents.name, date: documents.date, group_name: documentGroups.name })
    .from(documents)
    .innerJoin(documentGroups, eq(documentGroups.id, documents.group_id))
    .where(and(eq(documentGroups.scope, 'syndic'), eq(documentGroups.syndic_id, syndicId)));
}

/** The own documents of every current co-owner record of the building. */
export function ownDocuments(db: Db, coproprieteId: string) {
  return db
    .select({
      id: documents.id,
      name: documents.name,
      date: documents.date,
      type_code: documents.type_code,
      coproprietaire_id: documents.coproprietaire_id,
    })
    .from(documents)
    .innerJoin(coproprietaires, eq(coproprietaires.id, documents.coproprietaire_id))
    .where(and(eq(coproprietaires.copropriete_id, coproprieteId), isNull(coproprietaires.removed_at)));
}

export async function currentOwners(db: Db, coproprieteId: string) {
  const rows = await db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .where(and(eq(coproprietaires.copropriete_id, coproprieteId), isNull(coproprietaires.removed_at)));
  return rows.map((r) => r.id);
}

/** The date of the last annual (not extraordinary) general meeting held by `now`. */
export async function lastAnnualAg(db: Db, coproprieteId: string, now: Date) {
  const [row] = await db
    .select({ date: max(assemblees.date) })
    .from(assemblees)
    .where(
      and(
        eq(assemblees.copropriete_id, coproprieteId),
        ne(assemblees.type, 'EXTRAORDINAIRE'),
        lte(assemblees.date, now),
      ),
    );
  return row?.date ?? null;
}

/** The building's built-in carnet d'entretien, if one was written. */
export async function builtinCarnet(db: Db, coproprieteId: string) {
  const [row] = await db
    .select()
    .from(carnetsEntretien)
    .where(eq(carnetsEntretien.copropriete_id, coproprieteId))
    .limit(1);
  return row;
}

/** Every assembly of the building held by `now` (any type), with whether its PV is stored on it. */
export function heldAssemblies(db: Db, coproprieteId: string, now: Date) {
  return db
    .select({ date: assemblees.date, pv_file_id: assemblees.pv_file_id })
    .from(assemblees)
    .where(and(eq(assemblees.copropriete_id, coproprieteId), lte(assemblees.date, now)));
}
