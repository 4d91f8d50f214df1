import { and, asc, eq, inArray, isNull, lte, max, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  assemblees,
  carnetsEntretien,
  coproprietaires,
  documentGroups,
  documents,
} from '../../db/schema/index.js';

/**
 * What the décret 2019-502 checklist reads, for one building or many at once (the console's
 * portfolio asks it of every building within reach: one statement per kind, not per building).
 */

/** Documents of the buildings' groups (their bank statements and AG years included). */
export function groupDocuments(db: Db, coproIds: string[]) {
  return db
    .select({
      copropriete_id: documentGroups.copropriete_id,
      id: documents.id,
      name: documents.name,
      date: documents.date,
      group_name: documentGroups.name,
      kind: documentGroups.kind,
    })
    .from(documents)
    .innerJoin(documentGroups, eq(documentGroups.id, documents.group_id))
    .where(and(eq(documentGroups.scope, 'copropriete'), inArray(documentGroups.copropriete_id, coproIds)));
}

export function syndicDocuments(db: Db, syndicId: string) {
  return db
    .select({ id: documents.id, name: documents.name, date: documents.date, group_name: documentGroups.name })
    .from(documents)
    .innerJoin(documentGroups, eq(documentGroups.id, documents.group_id))
    .where(and(eq(documentGroups.scope, 'syndic'), eq(documentGroups.syndic_id, syndicId)));
}

/** The own documents of these types of every current co-owner record of the buildings. */
export function ownDocuments(db: Db, coproIds: string[], types: string[]) {
  return db
    .select({
      copropriete_id: coproprietaires.copropriete_id,
      id: documents.id,
      name: documents.name,
      date: documents.date,
      type_code: documents.type_code,
      coproprietaire_id: documents.coproprietaire_id,
    })
    .from(documents)
    .innerJoin(coproprietaires, eq(coproprietaires.id, documents.coproprietaire_id))
    .where(
      and(
        inArray(coproprietaires.copropriete_id, coproIds),
        isNull(coproprietaires.removed_at),
        inArray(documents.type_code, types),
      ),
    );
}

export function currentOwners(db: Db, coproIds: string[]) {
  return db
    .select({ id: coproprietaires.id, copropriete_id: coproprietaires.copropriete_id })
    .from(coproprietaires)
    .where(and(inArray(coproprietaires.copropriete_id, coproIds), isNull(coproprietaires.removed_at)));
}

/** Each building's last annual (not extraordinary) general meeting held by `now`. */
export function lastAnnualAg(db: Db, coproIds: string[], now: Date) {
  return db
    .select({ copropriete_id: assemblees.copropriete_id, date: max(assemblees.date) })
    .from(assemblees)
    .where(
      and(
        inArray(assemblees.copropriete_id, coproIds),
        ne(assemblees.type, 'EXTRAORDINAIRE'),
        lte(assemblees.date, now),
      ),
    )
    .groupBy(assemblees.copropriete_id);
}

/** The buildings' built-in carnets d'entretien, where one was written. */
export function builtinCarnet(db: Db, coproIds: string[]) {
  return db.select().from(carnetsEntretien).where(inArray(carnetsEntretien.copropriete_id, coproIds));
}

/** Every assembly of the buildings held by `now` (any type), with whether its PV is stored on it. */
export function heldAssemblees(db: Db, coproIds: string[], now: Date) {
  return (
    db
      .select({
        copropriete_id: assemblees.copropriete_id,
        date: assemblees.date,
        pv_file_id: assemblees.pv_file_id,
      })
      .from(assemblees)
      .where(and(inArray(assemblees.copropriete_id, coproIds), lte(assemblees.date, now)))
      // Two held the same day keep this order in the checklist's sort (its SQL form reads the same).
      .orderBy(asc(assemblees.date), asc(assemblees.id))
  );
}
