import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleeRow } from '../../../seed/builders/assemblees.js';
import { documentGroupRow, documentRow, fileRow } from '../../../seed/builders/documents.js';
import { coproprietaireRow } from '../../../seed/builders/rows.js';
import {
  assemblees,
  carnetsEntretien,
  coproprietaires,
  documentGroups,
  documents,
  files,
} from '../../db/schema/index.js';
import { makeCopropriete, makeSyndic } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { pgRegex } from './checklist.missing.repo.js';
import { checklistsOf, missingDocumentCounts, missingDocumentCountsNow } from './checklist.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A small deterministic generator (the same buildings on every run and driver). */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const GROUP_NAMES = [
  'Règlement de copropriété',
  'Contrats',
  'Assurances',
  'Divers',
  'Comptes',
  'Diagnostics',
];
const NAMES = [
  'Règlement de copropriété',
  'État descriptif de division',
  'Fiche synthétique 2025',
  "Carnet d'entretien",
  'DPE collectif',
  'Diagnostic amiante',
  "Contrat d'entretien de l'ascenseur",
  'Contrat de maintenance chaudière',
  'Marché de ravalement',
  "Contrat d'assurance multirisque",
  'Procès-verbal AG 2025',
  "PV de l'assemblée",
  'Contrat de syndic',
  'Mandat de syndic 2024',
  'Balance des comptes',
  'Liste des copropriétaires',
  'Relevé général des dépenses',
  'Annexes comptables',
  'Relevé bancaire janvier',
  'Plan de travaux',
  'CONTRAT  DE   SYNDIC',
  'Œuvre — divers',
];
const SYNDIC_NAMES = [
  'Carte professionnelle',
  'Attestation RC Pro',
  'Garantie financière',
  'Contrat de syndic type',
];
const OWN = [
  { type: 'RELEVE_COMPTE', name: 'Relevé de compte' },
  { type: 'DECOMPTE_CHARGES', name: 'Décompte de charges 2025' },
  { type: 'APPEL_FONDS', name: 'Appel de fonds travaux' },
  { type: 'APPEL_FONDS', name: 'Appel de fonds T1' },
  { type: 'RELEVE_COMPTE', name: 'Fonds de travaux' },
  { type: 'AUTRE', name: 'Fonds de travaux' },
];
const day = (r: ReturnType<typeof random>) =>
  `${2022 + r.int(5)}-${String(1 + r.int(12)).padStart(2, '0')}-${String(1 + r.int(28)).padStart(2, '0')}`;

async function file() {
  const [f] = await t.database.db
    .insert(files)
    .values(fileRow({ storage_key: `checklist/${Math.random()}`, size: 1 }))
    .returning();
  return f!.id;
}

/** A syndic with its own documents and `n` buildings of random documents, co-owners, assemblies, carnets. */
async function seedRandom(seed: number, n: number) {
  const db = t.database.db;
  const r = random(seed);
  const syndic = await makeSyndic(db);
  if (r.chance(0.7)) {
    const [g] = await db
      .insert(documentGroups)
      .values(documentGroupRow({ scope: 'syndic', syndic_id: syndic.id, name: 'Documents du syndic' }))
      .returning();
    for (const name of SYNDIC_NAMES)
      if (r.chance(0.5))
        await db
          .insert(documents)
          .values(documentRow({ file_id: await file(), group_id: g!.id, name, date: day(r) }));
  }
  const ids: string[] = [];
  for (let b = 0; b < n; b++) {
    const copro = await makeCopropriete(db, { syndic_id: syndic.id });
    ids.push(copro.id);
    for (let k = r.int(4); k > 0; k--) {
      const kind = r.pick(['default', 'default', 'AG', 'BANK_STATEMENT']);
      const [g] = await db
        .insert(documentGroups)
        .values(documentGroupRow({ copropriete_id: copro.id, name: r.pick(GROUP_NAMES), kind }))
        .returning();
      for (let d = r.int(5); d > 0; d--)
        await db
          .insert(documents)
          .values(documentRow({ file_id: await file(), group_id: g!.id, name: r.pick(NAMES), date: day(r) }));
    }
    for (let o = r.int(4); o > 0; o--) {
      const [owner] = await db
        .insert(coproprietaires)
        .values(
          coproprietaireRow({
            copropriete_id: copro.id,
            name: `Copropriétaire ${b}-${o}`,
            removed_at: r.chance(0.15) ? new Date() : null,
          }),
        )
        .returning();
      for (let d = r.int(5); d > 0; d--) {
        const own = r.pick(OWN);
        await db.insert(documents).values(
          documentRow({
            file_id: await file(),
            coproprietaire_id: owner!.id,
            type_code: own.type,
            name: own.name,
            date: day(r),
          }),
        );
      }
    }
    // Assemblies on distinct days, past and to come, some with their PV stored on them.
    const days = new Set<string>();
    for (let a = r.int(5); a > 0; a--) days.add(`${2022 + r.int(6)}-0${1 + r.int(9)}-1${r.int(9)}`);
    for (const d of days)
      await db.insert(assemblees).values(
        assembleeRow({
          copropriete_id: copro.id,
          date: new Date(`${d}T${r.pick(['09', '18', '23'])}:30:00Z`),
          type: r.pick(['ORDINAIRE', 'EXTRAORDINAIRE']),
          pv_file_id: r.chance(0.4) ? await file() : null,
        }),
      );
    if (r.chance(0.4))
      await db.insert(carnetsEntretien).values({
        syndic_id: syndic.id,
        copropriete_id: copro.id,
        construction_year: r.chance(0.5) ? 1972 : null,
      });
  }
  return { syndicId: syndic.id, ids };
}

const jsMissing = async (ids: string[], syndicId: string, now: Date) =>
  new Map(
    [...(await checklistsOf(t.database.db, ids, syndicId, now))].map(([id, c]) => [
      id,
      c.items.filter((i) => i.status === 'missing').length,
    ]),
  );

describe("the SQL count of the checklist's missing items", () => {
  it('translates the contract patterns to PostgreSQL', () => {
    expect(pgRegex(/\bdtg\b/)).toBe('\\ydtg\\y');
    expect(pgRegex(/carnet d.?entretien/)).toBe('carnet d.?entretien');
    expect(() => pgRegex(/a/i)).toThrow();
    expect(() => pgRegex(/a(?=b)/)).toThrow();
  });

  it('equals the JavaScript checklist on random buildings', async () => {
    const now = new Date('2026-11-15T10:00:00Z');
    for (const seed of [1, 2, 3]) {
      const { syndicId, ids } = await seedRandom(seed, 12);
      const sql = await missingDocumentCountsNow(t.database.db, ids, now);
      expect(Object.fromEntries(sql)).toEqual(Object.fromEntries(await jsMissing(ids, syndicId, now)));
      // The random buildings differ: the counts are not all alike.
      expect(new Set(sql.values()).size).toBeGreaterThan(2);
    }
  }, 120_000);

  it('is kept in memory until what the checklist reads changes', async () => {
    const db = t.database.db;
    const { syndicId, ids } = await seedRandom(7, 2);
    const id = ids[0]!;
    const version = async () =>
      (await db.query.coproprietes.findFirst({ where: (c, { eq }) => eq(c.id, id) }))!.checklist_version;
    const before = await version();
    const first = await missingDocumentCounts(db, [{ id, checklist_version: before }]);
    const [g] = await db
      .insert(documentGroups)
      .values(documentGroupRow({ copropriete_id: id, name: 'Divers' }))
      .returning();
    await db.insert(documents).values(
      documentRow({
        file_id: await file(),
        group_id: g!.id,
        name: 'Fiche synthétique',
        date: '2026-10-01',
      }),
    );
    // The writes bumped the version in their own statements.
    const after = await version();
    expect(after).toBeGreaterThan(before);
    // Asked at the old version: the count in memory.
    expect((await missingDocumentCounts(db, [{ id, checklist_version: before }])).get(id)).toBe(
      first.get(id),
    );
    // At the new one: computed again, as the checklist says.
    const then = await missingDocumentCounts(db, [{ id, checklist_version: after }]);
    expect(then.get(id)).toBe((await jsMissing([id], syndicId, new Date())).get(id));
  });

  it('counts again once an assembly date has passed', async () => {
    const db = t.database.db;
    const copro = await makeCopropriete(db);
    const soon = new Date(Date.now() + 60_000);
    await db.insert(assemblees).values(assembleeRow({ copropriete_id: copro.id, date: soon }));
    const v = (await db.query.coproprietes.findFirst({ where: (c, { eq }) => eq(c.id, copro.id) }))!
      .checklist_version;
    const now = await missingDocumentCounts(db, [{ id: copro.id, checklist_version: v }]);
    const later = new Date(soon.getTime() + 1000);
    const held = await missingDocumentCounts(db, [{ id: copro.id, checklist_version: v }], later);
    expect(held.get(copro.id)).toBe((await jsMissing([copro.id], copro.syndic_id, later)).get(copro.id));
    expect(now.get(copro.id)).toBe((await jsMissing([copro.id], copro.syndic_id, new Date())).get(copro.id));
  });
});
