import type { AdministratorBody } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { insertRows, updateRows } from '../../../db/bulk.js';
import { administrators, coproprieteAdministrators } from '../../../db/schema/index.js';
import { anyOf, type Executor, externalIdsOf } from '../kit/index.js';
import { need, R, resolve } from './portfolio.repo.js';

// ── gestionnaires ──────────────────────────────────────────────────────────────

export async function loadAdministrators(db: Executor, syndicId: string, ids: string[]) {
  const rows = await db
    .select()
    .from(administrators)
    .where(and(eq(administrators.syndic_id, syndicId), anyOf(administrators.id, ids)));
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
  await insertRows(
    db,
    administrators,
    rows.map(({ id, data }) => ({ id, syndic_id: syndicId, ...adminRow(data) })),
  );
}

export async function updateAdministrators(
  db: Executor,
  syndicId: string,
  rows: { id: string; data: AdministratorBody }[],
) {
  await updateRows(
    db,
    administrators,
    rows.map(({ id, data }) => ({ id, ...adminRow(data) })),
    { match: { syndic_id: syndicId } },
  );
}

// ── copropriété ↔ gestionnaires ────────────────────────────────────────────────

export async function coproAdministratorExts(db: Executor, syndicId: string, coproIds: string[]) {
  const links = await db
    .select()
    .from(coproprieteAdministrators)
    .where(anyOf(coproprieteAdministrators.copropriete_id, coproIds));
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

/** The gestionnaires of many copropriétés at once: three statements whatever their number. */
export async function setCoproAdministrators(
  db: Executor,
  syndicId: string,
  rows: { id: string; administrators: string[] }[],
) {
  if (rows.length === 0) return;
  await db.delete(coproprieteAdministrators).where(
    anyOf(
      coproprieteAdministrators.copropriete_id,
      rows.map((r) => r.id),
    ),
  );
  const ids = await resolve(
    db,
    syndicId,
    R.administrator,
    rows.flatMap((r) => r.administrators),
  );
  await insertRows(
    db,
    coproprieteAdministrators,
    rows.flatMap((r) =>
      r.administrators.map((e) => ({ copropriete_id: r.id, administrator_id: need(ids, e) })),
    ),
  );
}
