import { administrators, coproprietaireSettings } from '../../db/schema/index.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser, makeSyndic } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** The fixture of the chat tests: each test file builds its own app on a fresh database. */
export let t: TestApp;
export async function setUp() {
  t = await createTestApp();
}

export type Who = Awaited<ReturnType<typeof makeSignedInUser>> & { rec: { id: string } };

/** A building of its own syndic: ordinary owners (opted in / out), a council member, staff. */
export async function building() {
  const db = t.database.db;
  const syndic = await makeSyndic(db, { name: 'Cabinet Lefèvre Immobilier' });
  const copro = await makeCopropriete(db, { syndic_id: syndic.id });
  const owner = async (name: string, v: { council?: boolean; allow?: '0' | '1' } = {}): Promise<Who> => {
    const u = await makeSignedInUser(db);
    const rec = await makeCoproprietaire(db, {
      copropriete_id: copro.id,
      user_id: u.user.id,
      name,
      is_member_syndicat: !!v.council,
    });
    if (v.allow)
      await db.insert(coproprietaireSettings).values({
        coproprietaire_id: rec.id,
        key: 'chat-allow-other-owners',
        value: v.allow,
      });
    return { ...u, rec };
  };
  const staffUser = await makeSignedInUser(db);
  const [staff] = await db
    .insert(administrators)
    .values({
      syndic_id: syndic.id,
      user_id: staffUser.user.id,
      first_name: 'Sophie',
      last_name: 'Garnier',
      display_name: 'Sophie Garnier',
    })
    .returning();
  await db.insert(administrators).values({
    syndic_id: syndic.id,
    first_name: 'Sans',
    last_name: 'Compte',
    display_name: 'Sans Compte',
  });
  return {
    syndic,
    copro,
    staff: staff as typeof administrators.$inferSelect,
    staffUser,
    open: await owner('M. Paul Durand', { allow: '1' }),
    closed: await owner('Mme Léa Fontaine', { allow: '0' }),
    quiet: await owner('M. Karim Bensaïd'), // default: '0'
    council: await owner('Mme Claire Martin', { council: true, allow: '0' }),
  };
}

export const base = (id: string) => `/api/coproprietaires/${id}/chat`;
export const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });
export const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
export const put = (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url, headers });

export async function openConv(from: Who, to: { id: string; type: 'syndic' | 'coproprietaire' }) {
  return post(`${base(from.rec.id)}/conversations`, from.headers, {
    participant_id: to.id,
    participant_type: to.type,
  });
}
export const rec = (w: Who) => ({ id: w.rec.id, type: 'coproprietaire' as const });
