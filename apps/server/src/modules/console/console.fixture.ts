import type { StaffRole } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import {
  administratorRow,
  coproprieteAdministratorRow,
  invitationRow,
} from '../../../seed/builders/identity.js';
import { assembleeParticipantRow, assembleeRow, resolutionRow } from '../../../seed/builders/assemblees.js';
import { repartitionRow } from '../../../seed/builders/copro.js';
import { financialYearRow } from '../../../seed/builders/finances.js';
import { signalementRow } from '../../../seed/builders/inbox.js';
import { lotRow } from '../../../seed/builders/rows.js';
import type { Db } from '../../db/client.js';
import {
  administrators,
  assembleeParticipants,
  assemblees,
  coproprieteAdministrators,
  coproprietes,
  financialYears,
  invitations,
  lots,
  repartitions,
  signalements,
  resolutions,
} from '../../db/schema/index.js';
import { makeCoproprietaire, makeCopropriete, makeSignedInUser, makeSyndic } from '../../test/factories.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import type { TestApp } from '../../test/harness.js';
import { importStatement, unmatchedQueue } from '../bank/bank.service.js';

export type Headers = Record<string, string>;

/** A staff member with an account and a session, given these buildings. */
export async function makeStaff(db: Db, syndicId: string, role: StaffRole, buildings: string[] = []) {
  const u = await makeSignedInUser(db, { first_name: 'Agent', last_name: role });
  const [a] = await db
    .insert(administrators)
    .values(
      administratorRow({
        syndic_id: syndicId,
        user_id: u.user.id,
        role,
        first_name: 'Agent',
        last_name: role,
        display_name: `Agent ${role}`,
      }),
    )
    .returning();
  for (const c of buildings)
    await db
      .insert(coproprieteAdministrators)
      .values(coproprieteAdministratorRow({ copropriete_id: c, administrator_id: a!.id }));
  return { ...u, staffId: a!.id };
}

/**
 * A building with one lot, one key, one co-owner with an e-mail and a pending invitation, its
 * 2026 exercice and a bank statement whose one credit waits to be matched (its écriture in 471).
 */
export async function makeTarget(db: Db, syndicId: string, name: string) {
  const copro = await makeCopropriete(db, { syndic_id: syndicId, name });
  const [lot] = await db
    .insert(lots)
    .values(lotRow({ copropriete_id: copro.id, lot_id: '1', name: 'Lot 1' }))
    .returning();
  const [key] = await db
    .insert(repartitions)
    .values(
      repartitionRow({
        copropriete_id: copro.id,
        code: 'CG',
        name: 'Charges générales',
        total_tantieme: 1000,
      }),
    )
    .returning();
  const owner = await makeCoproprietaire(db, {
    copropriete_id: copro.id,
    name: 'Durand Paul',
    last_name: 'Durand',
    first_name: 'Paul',
    contacts: [
      { id: 'c1', last_name: 'Durand', emails: [{ value: `durand.${copro.id.slice(0, 6)}@example.fr` }] },
    ],
  });
  const [inv] = await db
    .insert(invitations)
    .values(invitationRow({ coproprietaire_id: owner.id }))
    .returning();
  const [year] = await db
    .insert(financialYears)
    .values(financialYearRow({ copropriete_id: copro.id }))
    .returning();
  await importStatement(db, {
    coproprieteId: copro.id,
    format: 'csv',
    content: 'Date;Libellé;Montant\n12/01/2026;VIR INCONNU;150,00\n',
    mapping: { date: 'Date', label: 'Libellé', amount: 'Montant' },
  });
  const [waiting] = await unmatchedQueue(db, copro.id);
  // Two reports of the same broken door: the board merges the second into the first.
  const [door, again] = await db
    .insert(signalements)
    .values(
      ['Porte du hall bloquée', 'La porte du hall ne ferme plus'].map((title) =>
        signalementRow({ syndic_id: syndicId, copropriete_id: copro.id, author_id: owner.id, title }),
      ),
    )
    .returning();
  // An assembly meeting today, its meeting open (the desk's routes).
  const [ag] = await db
    .insert(assemblees)
    .values(
      assembleeRow({
        copropriete_id: copro.id,
        date: new Date(),
        status_session: 1,
        general_repartition_id: key!.id,
      }),
    )
    .returning();
  await db
    .insert(assembleeParticipants)
    .values(assembleeParticipantRow({ assemblee_id: ag!.id, coproprietaire_id: owner.id }));
  await db
    .insert(resolutions)
    .values(resolutionRow({ assemblee_id: ag!.id, number: 1, repartition_id: key!.id }));
  return {
    coproId: copro.id,
    lotId: lot!.id,
    repartitionId: key!.id,
    ownerId: owner.id,
    invitationId: inv!.id,
    yearId: year!.id,
    lineId: waiting!.id,
    ecritureId: waiting!.ecriture_id as string,
    signalementId: door!.id,
    duplicateId: again!.id,
    assembleeId: ag!.id,
  };
}
export type Target = Awaited<ReturnType<typeof makeTarget>>;

/**
 * The console's world: syndic A (two buildings, its staff of every role, the gestionnaire,
 * comptable and assistant given A1 only), syndic B and its administrateur, a volunteer syndic's
 * building V, a co-owner of A1.
 */
export async function consoleWorld(t: TestApp) {
  const db = t.database.db;
  const a = await makeSyndicWithKey(db);
  const b = await makeSyndic(db);
  const vSyndic = await makeSyndic(db, { name: 'Syndic bénévole des Lilas' });
  const a1 = await makeTarget(db, a.syndic.id, 'Résidence Les Tilleuls');
  const a2 = await makeTarget(db, a.syndic.id, 'Le Clos Fleuri');
  const v = await makeTarget(db, vSyndic.id, 'Les Lilas');
  const benevole = await makeSignedInUser(db, { first_name: 'Hélène', last_name: 'Moreau' });
  await db
    .update(coproprietes)
    .set({ syndic_benevole_user_id: benevole.user.id })
    .where(eq(coproprietes.id, v.coproId));
  const coowner = await makeSignedInUser(db);
  await makeCoproprietaire(db, {
    copropriete_id: a1.coproId,
    user_id: coowner.user.id,
    name: 'Martin Claire',
  });
  return {
    a,
    b,
    a1,
    a2,
    v,
    admin: await makeStaff(db, a.syndic.id, 'administrateur'),
    gestionnaire: await makeStaff(db, a.syndic.id, 'gestionnaire', [a1.coproId]),
    comptable: await makeStaff(db, a.syndic.id, 'comptable', [a1.coproId]),
    assistant: await makeStaff(db, a.syndic.id, 'assistant', [a1.coproId]),
    /** The staff member the staff routes act on (disabled and enabled again). */
    spare: await makeStaff(db, a.syndic.id, 'assistant'),
    otherAdmin: await makeStaff(db, b.id, 'administrateur'),
    benevole,
    coowner,
  };
}
export type ConsoleWorld = Awaited<ReturnType<typeof consoleWorld>>;

/** inject() for the console's paths. */
export function consoleCall(t: TestApp) {
  return (method: string, url: string, headers: Headers = {}, payload?: object) =>
    t.app.inject({ method: method as 'GET', url: `/api${url}`, headers, payload });
}
