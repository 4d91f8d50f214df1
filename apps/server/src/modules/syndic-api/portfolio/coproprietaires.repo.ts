import { and, eq, sql } from 'drizzle-orm';
import { insertRows, updateRows } from '../../../db/bulk.js';
import {
  coproprietaireLots,
  coproprietaires,
  coproprietes,
  invitations,
  ledgerLines,
} from '../../../db/schema/index.js';
import { randomCode } from '../../../lib/crypto.js';
import { anyOf, type Executor, externalIdsOf } from '../kit/index.js';
import { need, R, resolve } from './portfolio.repo.js';

export type CoproprietaireRow = typeof coproprietaires.$inferSelect;
type Values = Omit<typeof coproprietaires.$inferInsert, 'id' | 'unique_code' | 'copropriete_id'>;

export async function loadCoproprietaireRows(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select({ c: coproprietaires })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), anyOf(coproprietaires.id, ids)));
  const links = rows.length
    ? await db
        .select()
        .from(coproprietaireLots)
        .where(
          anyOf(
            coproprietaireLots.coproprietaire_id,
            rows.map((r) => r.c.id),
          ),
        )
    : [];
  const lotExt = await externalIdsOf(
    db,
    syndicId,
    R.lot,
    links.map((l) => l.lot_id),
  );
  const copros = await externalIdsOf(
    db,
    syndicId,
    R.copropriete,
    rows.map((r) => r.c.copropriete_id),
  );
  const lotsOf = new Map<string, string[]>();
  for (const l of links) {
    const e = lotExt.get(l.lot_id);
    if (!e) continue;
    const list = lotsOf.get(l.coproprietaire_id);
    if (list) list.push(e);
    else lotsOf.set(l.coproprietaire_id, [e]);
  }
  return rows.map(({ c }) => ({
    row: c,
    copropriete: copros.get(c.copropriete_id) ?? '',
    lots: (lotsOf.get(c.id) ?? []).sort(),
  }));
}

export async function insertCoproprietaires(
  db: Executor,
  syndicId: string,
  rows: { id: string; values: Values; copropriete: string; lots: string[] }[],
) {
  const copros = await resolve(
    db,
    syndicId,
    R.copropriete,
    rows.map((r) => r.copropriete),
  );
  await insertRows(
    db,
    coproprietaires,
    rows.map((r) => ({
      ...r.values,
      id: r.id,
      copropriete_id: need(copros, r.copropriete),
      // The attach code (SPEC §2.5): 9 characters, regenerated on demand through the API.
      unique_code: randomCode(9),
    })),
  );
  await setLotsOf(db, syndicId, rows);
}

/** The lots of many co-owners at once: three statements whatever their number. */
export async function setLotsOf(db: Executor, syndicId: string, rows: { id: string; lots: string[] }[]) {
  if (rows.length === 0) return;
  await db.delete(coproprietaireLots).where(
    anyOf(
      coproprietaireLots.coproprietaire_id,
      rows.map((r) => r.id),
    ),
  );
  const ids = await resolve(
    db,
    syndicId,
    R.lot,
    rows.flatMap((r) => r.lots),
  );
  await insertRows(
    db,
    coproprietaireLots,
    rows.flatMap((r) => r.lots.map((e) => ({ coproprietaire_id: r.id, lot_id: need(ids, e) }))),
  );
}

/** Changed co-owners in one statement (a record keeps its building: checked before). */
export async function updateCoproprietaires(db: Executor, rows: ({ id: string } & Values)[]) {
  await updateRows(db, coproprietaires, rows);
}

export async function updateCoproprietaire(db: Executor, id: string, values: Partial<Values>) {
  await db.update(coproprietaires).set(values).where(eq(coproprietaires.id, id));
}

/** What stays with a removed record: its ledger lines and invitations. */
export async function historyCounts(db: Executor, id: string) {
  const [l] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerLines)
    .where(eq(ledgerLines.coproprietaire_id, id));
  const [i] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(eq(invitations.coproprietaire_id, id));
  return { ledger_lines: l.n, invitations: i.n };
}
