import type { AdministratorBody, LotBody, RepartitionBody } from '@tantieme/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  administrators,
  coproprieteAdministrators,
  coproprietaireLots,
  coproprietaires,
  coproprietes,
  invitations,
  ledgerLines,
  lots,
  lotTantiemes,
  repartitions,
} from '../../../db/schema/index.js';
import { insertRows } from '../../../db/bulk.js';
import { randomCode } from '../../../lib/crypto.js';
import { type Executor, externalIdsOf, resolveExternalIds } from '../kit/index.js';

export const R = {
  administrator: 'administrator',
  copropriete: 'copropriete',
  lot: 'lot',
  repartition: 'repartition',
  coproprietaire: 'coproprietaire',
} as const;

/** external_id → id of the syndic's copropriétés, lots… (absent = unknown to this syndic). */
export const resolve = (db: Executor, syndicId: string, resource: string, ext: string[]) =>
  resolveExternalIds(db, syndicId, resource, ext);

const need = (m: Map<string, string>, ext: string) => {
  const id = m.get(ext);
  if (!id) throw new Error(`unresolved external id ${ext}`);
  return id;
};

// ── administrators ─────────────────────────────────────────────────────────────

export async function loadAdministrators(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select()
    .from(administrators)
    .where(and(eq(administrators.syndic_id, syndicId), inArray(administrators.id, ids)));
  return new Map(
    rows.map((r): [string, AdministratorBody] => [
      r.id,
      {
        first_name: r.first_name || null,
        last_name: r.last_name,
        display_name: r.display_name || null,
        role: r.role as AdministratorBody['role'],
        emails: r.emails,
        phones: r.phones,
      },
    ]),
  );
}

const adminRow = (d: AdministratorBody) => ({
  first_name: d.first_name ?? '',
  last_name: d.last_name,
  display_name: d.display_name ?? '',
  role: d.role,
  emails: d.emails,
  phones: d.phones,
});

export async function insertAdministrators(
  db: Executor,
  syndicId: string,
  rows: { id: string; data: AdministratorBody }[],
) {
  await db
    .insert(administrators)
    .values(rows.map(({ id, data }) => ({ id, syndic_id: syndicId, ...adminRow(data) })));
}

export async function updateAdministrator(db: Executor, syndicId: string, id: string, d: AdministratorBody) {
  await db
    .update(administrators)
    .set(adminRow(d))
    .where(and(eq(administrators.id, id), eq(administrators.syndic_id, syndicId)));
}

// ── copropriété ↔ gestionnaires ────────────────────────────────────────────────

export async function coproAdministratorExts(db: Executor, syndicId: string, coproIds: string[]) {
  const links = await db
    .select()
    .from(coproprieteAdministrators)
    .where(inArray(coproprieteAdministrators.copropriete_id, coproIds));
  const exts = await externalIdsOf(
    db,
    syndicId,
    R.administrator,
    links.map((l) => l.administrator_id),
  );
  const out = new Map<string, string[]>();
  for (const l of links) {
    const e = exts.get(l.administrator_id);
    if (!e) continue;
    out.set(l.copropriete_id, [...(out.get(l.copropriete_id) ?? []), e]);
  }
  for (const v of out.values()) v.sort();
  return out;
}

export async function setCoproAdministrators(
  db: Executor,
  syndicId: string,
  coproId: string,
  exts: string[],
) {
  await db.delete(coproprieteAdministrators).where(eq(coproprieteAdministrators.copropriete_id, coproId));
  if (exts.length === 0) return;
  const ids = await resolve(db, syndicId, R.administrator, exts);
  await db
    .insert(coproprieteAdministrators)
    .values(exts.map((e) => ({ copropriete_id: coproId, administrator_id: need(ids, e) })));
}

// ── lots ───────────────────────────────────────────────────────────────────────

export async function loadLots(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select({ lot: lots })
    .from(lots)
    .innerJoin(coproprietes, eq(coproprietes.id, lots.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), inArray(lots.id, ids)));
  const copros = await externalIdsOf(
    db,
    syndicId,
    R.copropriete,
    rows.map((r) => r.lot.copropriete_id),
  );
  return new Map(
    rows.map(({ lot }): [string, LotBody] => [
      lot.id,
      {
        copropriete: copros.get(lot.copropriete_id) ?? '',
        number: lot.lot_id,
        name: lot.name,
        type_name: lot.type_name,
      },
    ]),
  );
}

export async function insertLots(db: Executor, syndicId: string, rows: { id: string; data: LotBody }[]) {
  const copros = await resolve(
    db,
    syndicId,
    R.copropriete,
    rows.map((r) => r.data.copropriete),
  );
  await db.insert(lots).values(
    rows.map(({ id, data }) => ({
      id,
      copropriete_id: need(copros, data.copropriete),
      lot_id: data.number,
      name: data.name,
      type_name: data.type_name,
    })),
  );
}

export async function updateLot(db: Executor, id: string, d: LotBody) {
  await db
    .update(lots)
    .set({ lot_id: d.number, name: d.name, type_name: d.type_name })
    .where(eq(lots.id, id));
}

/** Lots of these copropriétés whose number is taken by another lot: (copro id, number) → lot id. */
export async function lotNumbersTaken(db: Executor, pairs: { coproId: string; number: string }[]) {
  if (pairs.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: lots.id, copropriete_id: lots.copropriete_id, lot_id: lots.lot_id })
    .from(lots)
    .where(
      and(
        inArray(
          lots.copropriete_id,
          pairs.map((p) => p.coproId),
        ),
        inArray(
          lots.lot_id,
          pairs.map((p) => p.number),
        ),
      ),
    );
  return new Map(rows.map((r) => [`${r.copropriete_id}|${r.lot_id}`, r.id]));
}

/** The copropriété of each lot id. */
export async function lotCopros(db: Executor, lotIds: string[]) {
  if (lotIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: lots.id, copropriete_id: lots.copropriete_id })
    .from(lots)
    .where(inArray(lots.id, lotIds));
  return new Map(rows.map((r) => [r.id, r.copropriete_id]));
}

// ── repartitions and tantièmes ─────────────────────────────────────────────────

export async function loadRepartitions(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select({ r: repartitions })
    .from(repartitions)
    .innerJoin(coproprietes, eq(coproprietes.id, repartitions.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), inArray(repartitions.id, ids)));
  const tantiemes = rows.length
    ? await db
        .select()
        .from(lotTantiemes)
        .where(
          inArray(
            lotTantiemes.repartition_id,
            rows.map((x) => x.r.id),
          ),
        )
    : [];
  const lotExt = await externalIdsOf(
    db,
    syndicId,
    R.lot,
    tantiemes.map((t) => t.lot_id),
  );
  const copros = await externalIdsOf(
    db,
    syndicId,
    R.copropriete,
    rows.map((x) => x.r.copropriete_id),
  );
  const byRep = new Map<string, { lot: string; tantieme: number }[]>();
  for (const t of tantiemes) {
    const lot = lotExt.get(t.lot_id);
    if (lot)
      byRep.set(t.repartition_id, [...(byRep.get(t.repartition_id) ?? []), { lot, tantieme: t.tantieme }]);
  }
  return new Map(
    rows.map(({ r }): [string, RepartitionBody] => [
      r.id,
      {
        copropriete: copros.get(r.copropriete_id) ?? '',
        code: r.code,
        name: r.name,
        total_tantieme: r.total_tantieme,
        tantiemes: (byRep.get(r.id) ?? []).sort((a, b) => a.lot.localeCompare(b.lot)),
      },
    ]),
  );
}

async function setTantiemes(
  db: Executor,
  syndicId: string,
  repartitionId: string,
  t: RepartitionBody['tantiemes'],
) {
  await db.delete(lotTantiemes).where(eq(lotTantiemes.repartition_id, repartitionId));
  if (t.length === 0) return;
  const lotIds = await resolve(
    db,
    syndicId,
    R.lot,
    t.map((x) => x.lot),
  );
  await db
    .insert(lotTantiemes)
    .values(
      t.map((x) => ({ repartition_id: repartitionId, lot_id: need(lotIds, x.lot), tantieme: x.tantieme })),
    );
}

export async function insertRepartitions(
  db: Executor,
  syndicId: string,
  rows: { id: string; data: RepartitionBody }[],
) {
  const copros = await resolve(
    db,
    syndicId,
    R.copropriete,
    rows.map((r) => r.data.copropriete),
  );
  await db.insert(repartitions).values(
    rows.map(({ id, data }) => ({
      id,
      copropriete_id: need(copros, data.copropriete),
      code: data.code,
      name: data.name,
      total_tantieme: data.total_tantieme,
    })),
  );
  for (const { id, data } of rows) await setTantiemes(db, syndicId, id, data.tantiemes);
}

export async function updateRepartition(
  db: Executor,
  syndicId: string,
  id: string,
  d: RepartitionBody,
  before: RepartitionBody,
) {
  await db
    .update(repartitions)
    .set({ code: d.code, name: d.name, total_tantieme: d.total_tantieme })
    .where(eq(repartitions.id, id));
  if (JSON.stringify(d.tantiemes) !== JSON.stringify(before.tantiemes))
    await setTantiemes(db, syndicId, id, d.tantiemes);
}

// ── co-owners ──────────────────────────────────────────────────────────────────

export type CoproprietaireRow = typeof coproprietaires.$inferSelect;

export async function loadCoproprietaireRows(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select({ c: coproprietaires })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), inArray(coproprietaires.id, ids)));
  const links = rows.length
    ? await db
        .select()
        .from(coproprietaireLots)
        .where(
          inArray(
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
    if (e) lotsOf.set(l.coproprietaire_id, [...(lotsOf.get(l.coproprietaire_id) ?? []), e]);
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
  rows: {
    id: string;
    values: Omit<typeof coproprietaires.$inferInsert, 'id' | 'unique_code' | 'copropriete_id'>;
    copropriete: string;
    lots: string[];
  }[],
) {
  const copros = await resolve(
    db,
    syndicId,
    R.copropriete,
    rows.map((r) => r.copropriete),
  );
  await db.insert(coproprietaires).values(
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

export const setCoproprietaireLots = (db: Executor, syndicId: string, id: string, exts: string[]) =>
  setLotsOf(db, syndicId, [{ id, lots: exts }]);

/** The lots of many co-owners at once: three statements whatever their number. */
async function setLotsOf(db: Executor, syndicId: string, rows: { id: string; lots: string[] }[]) {
  if (rows.length === 0) return;
  await db
    .delete(coproprietaireLots)
    .where(sql`${coproprietaireLots.coproprietaire_id} = any(${sql.param(rows.map((r) => r.id))}::uuid[])`);
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

export async function updateCoproprietaire(
  db: Executor,
  id: string,
  values: Partial<typeof coproprietaires.$inferInsert>,
) {
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
