import { contestDeadline, memberKey } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblees, communications, coproprietaires, pvNotifications } from '../../../db/schema/index.js';
import { makeSyndic } from '../../../test/factories.js';
import { TINY_PNG } from '../../../test/factories.assemblees.js';
import { json } from '../../../test/harness.js';
import { makeStaff } from '../../console/console.fixture.js';
import { verifyChain } from '../chain.js';
import * as agRepo from '../assemblees.repo.js';
import { assembly, call, ok, owners, setUp, syndic, t } from '../syndic/session.fixture.js';

/**
 * The PV after the meeting, through the console, on the building of 10 000 voix (O1 4 000, O2
 * 3 000, O3 1 000, O4 to O7 200 each, O8 1 200). O1, O2 and O3 attend; O2 votes against R1; O4 to
 * O8 are absent and not represented. The bureau: O1 président, the syndic's assistant secrétaire,
 * O3 scrutateur. O2 has an e-mail (an LRE), O5 asked for the post, the others have no e-mail.
 */

type H = Record<string, string>;
let admin: H;
let stranger: H;
let base = '';
let agId = '';

const gestion = async (
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  headers: H = admin,
  payload?: object,
) => {
  const res = await t.app.inject({ method, url: `${base}${path}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: json(res) };
};
const sign = (member: string) =>
  gestion('POST', '/proces-verbal/signatures', admin, { member, signature: TINY_PNG });
const state = async () => (await gestion('GET', '/proces-verbal')).body.data;

beforeAll(async () => {
  await setUp();
  const put = await ok(call('PUT', '/assemblees/AGX', assembly()));
  agId = put.id;
  const db = t.database.db;
  await db.update(assemblees).set({ date: new Date() }).where(eq(assemblees.id, put.id));
  const [row] = await db
    .select({ c: coproprietaires.copropriete_id })
    .from(coproprietaires)
    .where(eq(coproprietaires.id, owners.O1.id));
  base = `/api/gestion/coproprietes/${row!.c}/assemblees/${put.id}`;
  admin = (await makeStaff(db, syndic.syndic.id, 'administrateur')).headers;
  stranger = (await makeStaff(db, (await makeSyndic(db)).id, 'administrateur')).headers;
  await db
    .update(coproprietaires)
    .set({ contacts: [{ emails: [{ value: 'o2@example.fr' }] }] as never })
    .where(eq(coproprietaires.id, owners.O2.id));
  const postal = await t.app.inject({
    method: 'PUT',
    url: `/api/gestion/coproprietes/${row!.c}/coproprietaires/${owners.O5.id}/demande-voie-postale`,
    headers: admin,
    payload: { received_at: new Date(Date.now() - 86_400_000).toISOString() },
  });
  expect(postal.statusCode, postal.body).toBe(200);
  expect((await gestion('POST', '/seance/ouverture')).status).toBe(200);
  for (const o of ['O1', 'O2', 'O3'])
    expect(
      (
        await gestion('POST', '/seance/entrees', admin, {
          kind: 'attendance',
          coproprietaire: owners[o]!.id,
          attendance: 'present',
        })
      ).status,
    ).toBe(200);
  const desk = (await gestion('GET', '/seance')).body.data;
  const r1 = desk.resolutions.find((r: { number: number }) => r.number === 1).id;
  const votes = await gestion('POST', '/seance/entrees', admin, {
    kind: 'votes',
    resolution: r1,
    votes: [
      { coproprietaire: owners.O1!.id, vote_1: 'agree' },
      { coproprietaire: owners.O2!.id, vote_1: 'disagree' },
      { coproprietaire: owners.O3!.id, vote_1: 'agree' },
    ],
  });
  expect(votes.status, JSON.stringify(votes.body)).toBe(200);
});
afterAll(() => t.close());

const BUREAU = () => ({
  members: [
    { role: 'president', coproprietaire: owners.O1!.id, name: 'x' },
    { role: 'secretaire', coproprietaire: null, name: 'Mme Inès Vidal, pour le syndic' },
    { role: 'scrutateur', coproprietaire: owners.O3!.id, name: 'x' },
  ],
});

describe('the PV signed by the bureau (décret 1967 art. 17)', () => {
  it("another syndic's staff gets a 404, reading or signing", async () => {
    for (const r of [
      await gestion('GET', '/proces-verbal', stranger),
      await gestion('PUT', '/proces-verbal/bureau', stranger, BUREAU()),
      await gestion('POST', '/proces-verbal/notification', stranger),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.data).toBeUndefined();
    }
  });

  it('a bureau without scrutateur is refused; the bureau is a chained record', async () => {
    const bad = await gestion('PUT', '/proces-verbal/bureau', admin, {
      members: [...BUREAU().members.slice(0, 2), { role: 'secretaire', coproprietaire: null, name: 'Autre' }],
    });
    expect([bad.status, bad.body.code]).toEqual([400, 'VALIDATION_ERROR']);
    const good = await gestion('PUT', '/proces-verbal/bureau', admin, BUREAU());
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data.bureau.map((m: { key: string; name: string }) => [m.key, m.name])).toEqual([
      ['president:0', expect.stringContaining('O1')],
      ['secretaire:0', 'Mme Inès Vidal, pour le syndic'],
      ['scrutateur:0', expect.stringContaining('O3')],
    ]);
    expect(good.body.data.bureau_source).toBe('desk');
  });

  it('signatures wait for the close; the PV is sealed only when the whole bureau has signed', async () => {
    expect((await sign('president:0')).status).toBe(409);
    expect((await gestion('POST', '/seance/cloture')).status).toBe(200);
    const first = await sign('president:0');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect([first.body.data.pv.made, first.body.data.pv.sealed, first.body.data.missing]).toEqual([
      true,
      false,
      ['secretaire:0', 'scrutateur:0'],
    ]);
    expect((await sign('president:0')).status).toBe(409);
    // Not sealed yet: nothing to notify.
    expect((await gestion('POST', '/proces-verbal/notification')).status).toBe(409);
    expect((await sign('secretaire:0')).body.data.pv.sealed).toBe(false);
    const last = await sign('scrutateur:0');
    expect([last.body.data.pv.sealed, last.body.data.missing]).toEqual([true, []]);
    expect(last.body.data.bureau.every((m: { seq: number | null }) => m.seq !== null)).toBe(true);
    // Each signature is chained with the PV's SHA-256; the chain holds.
    const records = await agRepo.listRecords(t.database.db, agId);
    const signatures = records.filter((r) => r.kind === 'signature');
    expect(signatures.map((r) => (r.payload as { member: string }).member)).toEqual([
      memberKey({ role: 'president', rank: 0 }),
      'secretaire:0',
      'scrutateur:0',
    ]);
    expect(
      new Set(signatures.map((r) => (r.payload as { document: { sha256: string } }).document.sha256)),
    ).toEqual(new Set([last.body.data.pv.sha256]));
    expect((await verifyChain(records)).ok).toBe(true);
    // Once a member signed, the bureau no longer changes.
    expect((await gestion('PUT', '/proces-verbal/bureau', admin, BUREAU())).status).toBe(409);
  });
});

describe('the PV notified to opposants and défaillants (loi art. 42, 2e al.)', () => {
  const expected = () => ['O2', 'O4', 'O5', 'O6', 'O7', 'O8'].map((o) => owners[o]!.id).sort();

  it('before: the list names exactly the opposants and défaillants, none notified yet', async () => {
    const s = await state();
    expect(
      s.notifications.map((n: { coproprietaire: { id: string } }) => n.coproprietaire.id).sort(),
    ).toEqual(expected());
    const o2 = s.notifications.find(
      (n: { coproprietaire: { id: string } }) => n.coproprietaire.id === owners.O2!.id,
    );
    expect([o2.opposant, o2.channel, o2.late]).toEqual([[1], null, false]);
  });

  it('each through their channel, with the proof kept; a second call sends nothing twice', async () => {
    const r = await gestion('POST', '/proces-verbal/notification');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const byOwner = new Map(
      r.body.data.notifications.map((n: { coproprietaire: { id: string } }) => [n.coproprietaire.id, n]),
    );
    expect((byOwner.get(owners.O2!.id) as { channel: string }).channel).toBe('lre');
    for (const o of ['O4', 'O5', 'O6', 'O7', 'O8'])
      expect((byOwner.get(owners[o]!.id) as { channel: string }).channel).toBe('postal');
    const rows = await t.database.db
      .select()
      .from(pvNotifications)
      .where(eq(pvNotifications.assemblee_id, agId));
    expect(rows.length).toBe(6);
    const lre = rows.find((x) => x.coproprietaire_id === owners.O2!.id)!;
    expect([lre.recipient, !!lre.sending_id, !!lre.proof?.deposit]).toEqual(['o2@example.fr', true, true]);
    const o5 = rows.find((x) => x.coproprietaire_id === owners.O5!.id)!;
    expect([!!o5.demande_postale_id, o5.first_presentation_source]).toEqual([true, 'estimated']);
    const sent = await t.database.db
      .select()
      .from(communications)
      .where(eq(communications.module, 'proces_verbal'));
    expect(sent.length).toBe(6);
    expect(sent[0]!.content).toContain('loi du 10 juillet 1965, art. 42, 2e alinéa');
    expect((await gestion('POST', '/proces-verbal/notification')).status).toBe(200);
    expect(
      (await t.database.db.select().from(communications).where(eq(communications.module, 'proces_verbal')))
        .length,
    ).toBe(6);
  });

  it('the first presentation of a letter gives the last day to contest', async () => {
    const at = new Date(Date.now() + 86_400_000);
    const r = await gestion('PUT', `/proces-verbal/notification/${owners.O4!.id}`, admin, {
      first_presented_at: at.toISOString(),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const o4 = r.body.data.notifications.find(
      (n: { coproprietaire: { id: string } }) => n.coproprietaire.id === owners.O4!.id,
    );
    expect([o4.first_presentation_source, o4.contest_until]).toEqual(['syndic', contestDeadline(at)]);
    // An LRE's presentation comes from the provider.
    expect(
      (
        await gestion('PUT', `/proces-verbal/notification/${owners.O2!.id}`, admin, {
          first_presented_at: at.toISOString(),
        })
      ).status,
    ).toBe(409);
  });
});
