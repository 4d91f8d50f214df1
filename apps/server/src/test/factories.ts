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
import { randomCode } from '../lib/crypto.js';
import { hashPassword } from '../lib/password.js';
import { createSession } from '../modules/identity/session.service.js';

const uid = () => randomBytes(4).toString('hex');

/** Factories make a fresh tenant per test, so tests never truncate or depend on each other. */
export async function makeSyndic(db: Db, v: Partial<typeof syndics.$inferInsert> = {}) {
  const [row] = await db
    .insert(syndics)
    .values({ name: `Syndic ${uid()}`, alias: `s${uid()}`, ...v })
    .returning();
  return row;
}

export async function makeCopropriete(db: Db, v: Partial<typeof coproprietes.$inferInsert> = {}) {
  const syndicId = v.syndic_id ?? (await makeSyndic(db)).id;
  const [row] = await db
    .insert(coproprietes)
    .values({
      name: `Résidence ${uid()}`,
      address: { full_address: '1 rue de la Paix 75002 Paris', city: 'Paris', zip_code: '75002' },
      ...v,
      syndic_id: syndicId,
    })
    .returning();
  return row;
}

export const TEST_PASSWORD = 'Secret123';

export async function makeUser(db: Db, v: Partial<typeof users.$inferInsert> & { password?: string } = {}) {
  const { password, ...rest } = v;
  const [row] = await db
    .insert(users)
    .values({
      email: `u${uid()}@example.fr`,
      phone: `+336${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      first_name: 'Test',
      last_name: 'Utilisateur',
      password_hash: await hashPassword(password ?? TEST_PASSWORD),
      ...rest,
    })
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
  const name = rest.name ?? `Copropriétaire ${uid()}`;
  const [row] = await db
    .insert(coproprietaires)
    .values({ display_name: name, unique_code: randomCode(9), ...rest, name, copropriete_id: coproprieteId })
    .returning();
  for (const [i, lotName] of (lotNames ?? []).entries()) {
    const [lot] = await db
      .insert(lots)
      .values({
        copropriete_id: coproprieteId,
        lot_id: `${uid()}${i}`,
        name: lotName,
        type_name: 'Appartement',
      })
      .returning();
    await db.insert(coproprietaireLots).values({ coproprietaire_id: row.id, lot_id: lot.id });
  }
  return row;
}
