import type { StaffRole } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import {
  administratorRow,
  coproprieteAdministratorRow,
  invitationRow,
} from '../../../seed/builders/identity.js';
import { assembleeParticipantRow, assembleeRow, resolutionRow } from '../../../seed/builders/assemblees.js';
import { repartitionRow } from '../../../seed/builders/copro.js';
import { lotRow } from '../../../seed/builders/rows.js';
import type { Db } from '../../db/client.js';
import {
  administrators,
  assembleeParticipants,
  assemblees,
  coproprieteAdministrators,
  coproprietes,
  invitations,
  lots,
  repartitions,
  resolutions,
} from '../../db/schema/index.js';
import { makeCoproprietaire, makeCopropriete, makeSignedInUser, makeSyndic } from '../../test/factories.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import type { TestApp } from '../../test/harness.js';

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

/** A building with one lot, one key, one co-owner with an e-mail and a pending invitation. */
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
