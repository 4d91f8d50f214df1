import type { Db } from '../db/client.js';
import { coproprietaireLots, financialYears, lots, lotTantiemes, repartitions } from '../db/schema/index.js';
import { coproprietaireLotRow, lotTantiemeRow, repartitionRow } from '../../seed/builders/copro.js';
import { financialYearRow } from '../../seed/builders/finances.js';
import { lotRow } from '../../seed/builders/rows.js';
import { generate, setBudget } from '../modules/appels/appels.service.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser } from './factories.js';

/**
 * A building for the money tests: exercice 2026, two keys (charges générales 1 000 tantièmes,
 * ascenseur 100), four lots, three co-owners (Martin owns two lots, signed in); tantièmes
 * chosen so the quarters do not divide evenly.
 */
export async function makeMoneyBuilding(db: Db) {
  const copro = await makeCopropriete(db);
  const [year] = await db
    .insert(financialYears)
    .values(financialYearRow({ copropriete_id: copro.id }))
    .returning();
  const signedIn = await makeSignedInUser(db);
  const martin = await makeCoproprietaire(db, {
    copropriete_id: copro.id,
    user_id: signedIn.user.id,
    name: 'Jeanne Martin',
    display_name: 'Jeanne Martin',
    last_name: 'Martin',
  });
  const leroy = await makeCoproprietaire(db, {
    copropriete_id: copro.id,
    name: 'Paul Leroy',
    display_name: 'Paul Leroy',
    last_name: 'Leroy',
  });
  const sci = await makeCoproprietaire(db, {
    copropriete_id: copro.id,
    name: 'SCI du Parc',
    display_name: 'SCI du Parc',
    company: 'SCI du Parc',
  });
  const [cg, asc] = await db
    .insert(repartitions)
    .values([
      repartitionRow({
        copropriete_id: copro.id,
        code: '01',
        name: 'Charges générales',
        total_tantieme: 1000,
      }),
      repartitionRow({ copropriete_id: copro.id, code: '02', name: 'Ascenseur', total_tantieme: 100 }),
    ])
    .returning();
  const lotRows = await db
    .insert(lots)
    .values(
      ['A01', 'A02', 'B01', 'C01'].map((n) =>
        lotRow({ copropriete_id: copro.id, lot_id: n, name: `Lot ${n}` }),
      ),
    )
    .returning();
  const [a1, a2, b1, c1] = lotRows;
  await db
    .insert(coproprietaireLots)
    .values([
      coproprietaireLotRow({ coproprietaire_id: martin.id, lot_id: a1.id }),
      coproprietaireLotRow({ coproprietaire_id: martin.id, lot_id: a2.id }),
      coproprietaireLotRow({ coproprietaire_id: leroy.id, lot_id: b1.id }),
      coproprietaireLotRow({ coproprietaire_id: sci.id, lot_id: c1.id }),
    ]);
  await db
    .insert(lotTantiemes)
    .values([
      lotTantiemeRow({ lot_id: a1.id, repartition_id: cg.id, tantieme: 333 }),
      lotTantiemeRow({ lot_id: a2.id, repartition_id: cg.id, tantieme: 111 }),
      lotTantiemeRow({ lot_id: b1.id, repartition_id: cg.id, tantieme: 333 }),
      lotTantiemeRow({ lot_id: c1.id, repartition_id: cg.id, tantieme: 223 }),
      lotTantiemeRow({ lot_id: a1.id, repartition_id: asc.id, tantieme: 60 }),
      lotTantiemeRow({ lot_id: b1.id, repartition_id: asc.id, tantieme: 40 }),
    ]);
  return {
    coproId: copro.id,
    syndicId: copro.syndic_id,
    yearId: year.id,
    keys: { cg: cg.id, asc: asc.id },
    owners: { martin, leroy, sci },
    martinHeaders: signedIn.headers,
  };
}

/**
 * The building above with its 2026 budget voted (24 000,01 € of charges générales, 3 600 € of
 * lift: neither divides by 4 nor by the tantièmes) and, when told, its first quarter called:
 * Martin then owes 3 204,01 €, Leroy 2 358, the SCI 1 338.
 */
export async function makeVotedBuilding(db: Db, opts: { callFirstQuarter?: boolean } = {}) {
  const b = await makeMoneyBuilding(db);
  const base = { coproprieteId: b.coproId, financialYearId: b.yearId };
  await setBudget(db, { ...base, repartitionId: b.keys.cg, kind: 'budget', amountCents: 2_400_001 });
  await setBudget(db, { ...base, repartitionId: b.keys.asc, kind: 'budget', amountCents: 360_000 });
  if (opts.callFirstQuarter) await generate(db, { ...base, kind: 'budget', period: 1 });
  return { b, base };
}
