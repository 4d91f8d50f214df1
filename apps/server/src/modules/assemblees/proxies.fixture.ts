import { assembleeProxyEndpoints as e, buildPath, type Endpoint } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { administrators, coproprietaires } from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import { TINY_PNG } from '../../test/factories.assemblees.js';
import { makeSyndicWithKey } from '../../test/factories.syndic.js';
import { createTestApp, json, type TestApp } from '../../test/harness.js';

/**
 * The fixture of the proxy tests. Proxies given online (loi du 10 juillet 1965, art. 22 I), through the co-owner's routes and the
 * signature page, read back by the syndic API. Building of 10 000 voix of charges générales; 10 %
 * of the syndicat is 1 000.
 */

export let t: TestApp;
export let syndic: Awaited<ReturnType<typeof makeSyndicWithKey>>;
type H = Record<string, string>;
export const SHARES: Record<string, number> = {
  O1: 4000,
  O2: 3000,
  O3: 1000,
  O4: 200,
  O5: 200,
  O6: 200,
  O7: 100,
  O8: 100,
  O9: 1200,
};
export const owners: Record<string, { id: string; name: string; headers: H }> = {};
export let agId = '';
export let coproId = '';
export const meeting = new Date(Date.now() + 40 * 86_400_000);

export const api = async (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) => {
  const res = await t.app.inject({
    method,
    url: `/api/syndic/v1${url}`,
    headers: syndic.headers,
    ...(payload ? { payload: payload as object } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data;
};
export const call = (
  ep: Endpoint,
  o: string,
  extra: Record<string, string> = {},
  payload?: unknown,
  headers?: H,
) =>
  t.app.inject({
    method: ep.method,
    url: `/api${buildPath(ep.path, { agId, coproId, id: owners[o].id, ...extra })}`,
    headers: { ...(headers ?? owners[o].headers), 'user-agent': 'vitest-agent' },
    ...(payload ? { payload: payload as object } : {}),
  });
export const toOwner = (m: string) => ({
  mandataire: { kind: 'coproprietaire', coproprietaire_id: owners[m].id },
});
export const toPerson = (prenom: string, nom: string, email?: string) => ({
  mandataire: { kind: 'personne', prenom, nom, ...(email ? { email } : {}) },
});

/** Signs on the signature page with the token of the link returned. */
export async function sign(o: string, url: string, mode: string) {
  const token = new URL(url, 'http://x').searchParams.get('auth_token')!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/assemblee/signatures',
    headers: { 'user-agent': 'vitest-agent' },
    payload: {
      copr_id: coproId,
      year_id: agId,
      coproprietaire_id: owners[o].id,
      mode,
      auth_token: token,
      signature: { name: 'signature.png', content_type: 'image/png', data: TINY_PNG },
      signed_on_paper: false,
    },
  });
  return res;
}

export async function give(o: string, body: object) {
  const res = await call(e.give, o, {}, body);
  if (res.statusCode !== 200) return { res, proxy: null };
  const data = json(res).data;
  const signed = await sign(o, data.signature_url, 'PROCURATION_DONNEE');
  expect(signed.statusCode, signed.body).toBe(200);
  return { res, proxy: data.proxy as { id: string; document_sha256: string } };
}

/** The building, its co-owners signed in, the assembly and a syndic staff member. */
export async function setUp() {
  t = await createTestApp();
  syndic = await makeSyndicWithKey(t.database.db);
  await api('PUT', '/coproprietes/RES', {
    name: 'Résidence du Parc',
    address: { full_address: '2 allée du Parc 69006 Lyon' },
  });
  const lots = Object.keys(SHARES).map((o) => `L${o}`);
  await api('POST', '/lots/bulk', {
    items: lots.map((l, i) => ({ external_id: l, copropriete: 'RES', number: String(i + 1), name: l })),
  });
  await api('PUT', '/repartitions/GEN', {
    copropriete: 'RES',
    code: '001',
    name: 'Charges générales',
    total_tantieme: 10_000,
    tantiemes: Object.entries(SHARES).map(([o, v]) => ({ lot: `L${o}`, tantieme: v })),
  });
  for (const o of Object.keys(SHARES)) {
    const r = await api('PUT', `/coproprietaires/${o}`, {
      copropriete: 'RES',
      first_name: 'Jean',
      last_name: `Nom${o}`,
      lots: [`L${o}`],
    });
    const u = await makeSignedInUser(t.database.db);
    const [row] = await t.database.db
      .update(coproprietaires)
      .set({ user_id: u.user.id, init_settings_done: true })
      .where(eq(coproprietaires.id, r.id))
      .returning();
    owners[o] = { id: r.id, name: row.display_name, headers: u.headers };
    coproId = row.copropriete_id;
  }
  const put = await api('PUT', '/assemblees/AG', {
    copropriete: 'RES',
    name: 'Assemblée générale',
    year: meeting.getUTCFullYear(),
    date: meeting.toISOString(),
    general_repartition: 'GEN',
    resolutions: [
      { external_id: 'R1', number: 1, title: 'Ravalement', article: 'ART-24', repartition: 'GEN' },
      { external_id: 'R2', number: 2, title: 'Syndic', article: 'ART-25', repartition: 'GEN' },
    ],
    participants: Object.keys(SHARES).map((c) => ({ coproprietaire: c })),
  });
  agId = put.id;
  await t.database.db.insert(administrators).values({
    syndic_id: syndic.syndic.id,
    first_name: 'Marc',
    last_name: 'Gérant',
    display_name: 'Marc Gérant',
  });
}
