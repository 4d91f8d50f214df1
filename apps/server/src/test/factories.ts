import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import {
  coproprietaireLots,
  coproprietaires,
  coproprietes,
  lots,
  syndics,
  users,
} from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import { createSession } from '../modules/identity/session.service.js';
import { coproprietaireRow, coproprieteRow, lotRow, syndicRow, userRow } from '../../seed/builders/rows.js';
import { coproprietaireLotRow } from '../../seed/builders/copro.js';

const uid = () => randomBytes(4).toString('hex');

/**
 * Factories make a fresh tenant per test, so tests never truncate or depend on each other. Their
 * rows come from the seed's builders (seed/builders/rows.ts), as the demo's and e2e tenants' do.
 */
export async function makeSyndic(db: Db, v: Partial<typeof syndics.$inferInsert> = {}) {
  const [row] = await db.insert(syndics).values(syndicRow(v)).returning();
  return row;
}

export async function makeCopropriete(db: Db, v: Partial<typeof coproprietes.$inferInsert> = {}) {
  const syndicId = v.syndic_id ?? (await makeSyndic(db)).id;
  const [row] = await db
    .insert(coproprietes)
    .values(coproprieteRow({ ...v, syndic_id: syndicId }))
    .returning();
  return row;
}

export const TEST_PASSWORD = 'Secret123';

export async function makeUser(db: Db, v: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  const { password, ...rest } = v;
  const [row] = await db
    .insert(users)
    .values(userRow({ password_hash: await hashPassword(password ?? TEST_PASSWORD), ...rest }))
    .returning();
  return row;
}

/** A signed-in user: its row and a bearer header for inject(). */
export async function makeSignedInUser(db: Db, v: Parameters<typeof makeUser>[1] = {}) {
  const user = await makeUser(db, v);
  const token = await createSession(db, user.id);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

export async function makeCoproprietaire(
  db: Db,
  v: Partial<typeof coproprietaires.$inferInsert> & { lotNames?: string[] } = {},
) {
  const { lotNames, ...rest } = v;
  const coproprieteId = rest.copropriete_id ?? (await makeCopropriete(db)).id;
  const [row] = await db
    .insert(coproprietaires)
    .values(coproprietaireRow({ ...rest, copropriete_id: coproprieteId }))
    .returning();
  for (const [i, lotName] of (lotNames ?? []).entries()) {
    const [lot] = await db
      .insert(lots)
      .values(lotRow({ copropriete_id: coproprieteId, lot_id: `${uid()}${i}`, name: lotName }))
      .returning();
    await db
      .insert(coproprietaireLots)
      .values(coproprietaireLotRow({ coproprietaire_id: row.id, lot_id: lot.id }));
  }
  return row;
}
