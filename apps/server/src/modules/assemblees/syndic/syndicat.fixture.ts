import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { coproprietaires } from '../../../db/schema/index.js';
import { makeSignedInUser } from '../../../test/factories.js';

type Ok = (p: Promise<{ status: number; body: { data?: unknown } }>) => Promise<{ id: string }>;
type Call = (
  method: 'PUT' | 'POST',
  url: string,
  payload: unknown,
) => Promise<{ status: number; body: { data?: unknown } }>;

/**
 * A building 'RES' put through the syndic API: one lot per co-owner, the charges générales key
 * 'GEN' of 10,000 tantièmes from `shares`, and the co-owners; those named in `signedIn` get an
 * account with its session headers. Returns each co-owner's id and headers, by external id.
 */
export async function putSyndicat(
  db: Db,
  call: Call,
  ok: Ok,
  shares: Record<string, number>,
  building: { name: string; full_address: string },
  signedIn: string[],
) {
  await ok(
    call('PUT', '/coproprietes/RES', {
      name: building.name,
      address: { full_address: building.full_address },
    }),
  );
  const lots = Object.keys(shares).map((o) => `L${o}`);
  await ok(
    call('POST', '/lots/bulk', {
      items: lots.map((l, i) => ({ external_id: l, copropriete: 'RES', number: String(i + 1), name: l })),
    }),
  );
  await ok(
    call('PUT', '/repartitions/GEN', {
      copropriete: 'RES',
      code: '001',
      name: 'Charges générales',
      total_tantieme: 10_000,
      tantiemes: Object.entries(shares).map(([o, v]) => ({ lot: `L${o}`, tantieme: v })),
    }),
  );
  const owners: Record<string, { id: string; headers: Record<string, string> }> = {};
  for (const o of Object.keys(shares)) {
    const r = await ok(
      call('PUT', `/coproprietaires/${o}`, { copropriete: 'RES', last_name: `Nom ${o}`, lots: [`L${o}`] }),
    );
    owners[o] = { id: r.id, headers: {} };
  }
  for (const o of signedIn) {
    const u = await makeSignedInUser(db);
    await db
      .update(coproprietaires)
      .set({ user_id: u.user.id, init_settings_done: true })
      .where(eq(coproprietaires.id, owners[o].id));
    owners[o].headers = u.headers;
  }
  return owners;
}
