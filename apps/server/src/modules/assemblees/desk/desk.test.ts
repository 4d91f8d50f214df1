import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemblees, coproprietaires } from '../../../db/schema/index.js';
import { makeSyndic } from '../../../test/factories.js';
import { json } from '../../../test/harness.js';
import { makeStaff } from '../../console/console.fixture.js';
import { buildFeuille } from '../feuille.js';
import { loadMinutesFacts } from '../minutes.service.js';
import { buildPv } from '../pv.js';
import { assembly, call, ok, owners, setUp, syndic, t } from '../syndic/session.fixture.js';

/**
 * The meeting desk through the console and the syndic API, on the building of 10 000 voix: O1
 * 4 000, O2 3 000, O3 1 000, O4 to O7 200 each, O8 1 200 (10 % of the syndicat: 1 000). The meeting
 * is today; the correspondence deadline (three clear days, décret art. 9 bis) is four days back.
 */

type H = Record<string, string>;
let admin: H;
let stranger: H;
let base = '';
const DAY = 86_400_000;

const gestion = async (method: 'GET' | 'POST', path: string, headers: H, payload?: object) => {
  const res = await t.app.inject({ method, url: `${base}${path}`, headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: json(res) };
};
const entry = (payload: object, headers = admin) => gestion('POST', '/seance/entrees', headers, payload);
const desk = async () => (await gestion('GET', '/seance', admin)).body.data;
const participant = async (o: string) =>
  (await desk()).participants.find((p: { id: string }) => p.id === owners[o].id);
const round = async (n: number) => {
  const r = (await desk()).resolutions.find((x: { number: number }) => x.number === n);
  return [r.decision, r.first.pour.voix, r.first.contre.voix, r.first.participants.voix];
};
const form = (o: string, daysAgo: number, vote: string) => ({
  kind: 'paper_form',
  coproprietaire: owners[o].id,
  method: 'papier',
  received_at: new Date(Date.now() - daysAgo * DAY).toISOString(),
  choices: resolutionIds.map((id) => ({ resolution: id, vote_1: vote, vote_2: null })),
});
let resolutionIds: string[] = [];

beforeAll(async () => {
  await setUp();
  const put = await ok(call('PUT', '/assemblees/AGX', assembly()));
  const db = t.database.db;
  // The meeting is today.
  await db.update(assemblees).set({ date: new Date() }).where(eq(assemblees.id, put.id));
  const [row] = await db
    .select({ c: coproprietaires.copropriete_id })
    .from(coproprietaires)
    .where(eq(coproprietaires.id, owners.O1.id));
  base = `/api/gestion/coproprietes/${row!.c}/assemblees/${put.id}`;
  admin = (await makeStaff(db, syndic.syndic.id, 'administrateur')).headers;
  stranger = (await makeStaff(db, (await makeSyndic(db)).id, 'administrateur')).headers;
  resolutionIds = (await desk()).resolutions.map((r: { id: string }) => r.id);
});
afterAll(() => t.close());

describe('the meeting desk', () => {
  it("another syndic's staff gets a 404 and no data, reading or entering", async () => {
    for (const r of [
      await gestion('GET', '/seance', stranger),
      await entry(form('O2', 5, 'agree'), stranger),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.data).toBeUndefined();
    }
  });

  it('paper forms: received before the deadline counts; after it is kept with its date and does not', async () => {
    const before = await entry(form('O2', 5, 'agree'));
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect((await entry(form('O3', 1, 'disagree'))).status).toBe(200);
    const o2 = await participant('O2');
    expect([o2.attendance, o2.form.received_at.slice(0, 10)]).toEqual([
      'correspondence',
      new Date(Date.now() - 5 * DAY).toISOString().slice(0, 10),
    ]);
    const o3 = await participant('O3');
    expect([o3.attendance, o3.form, o3.late_forms.length]).toEqual([null, null, 1]);
    // R1 (art. 24): O2's 3 000 Pour; O3's late Contre is not counted.
    expect(await round(1)).toEqual(['adopted', 3000, 0, 3000]);
  });

  it('the syndic API enters a form once per external_id and says whether it counts', async () => {
    const body = {
      external_id: 'FORM-O4',
      entry: {
        kind: 'paper_form',
        coproprietaire: 'O4',
        method: 'courriel',
        received_at: new Date(Date.now() - 6 * DAY).toISOString(),
        choices: [{ resolution: 'R1', vote_1: 'disagree' }],
      },
    };
    const first = await ok(call('POST', '/assemblees/AGX/desk-entries', body));
    expect([first.result, first.counted, first.records.map((r: { kind: string }) => r.kind)]).toEqual([
      'created',
      true,
      ['ballot'],
    ]);
    const again = await ok(call('POST', '/assemblees/AGX/desk-entries', body));
    expect([again.result, again.records]).toEqual(['unchanged', first.records]);
    const late = await ok(
      call('POST', '/assemblees/AGX/desk-entries', {
        external_id: 'FORM-O7',
        entry: { ...body.entry, coproprietaire: 'O7', received_at: new Date(Date.now() - DAY).toISOString() },
      }),
    );
    expect([late.counted, late.records[0].kind]).toEqual([false, 'late_form']);
    expect(await round(1)).toEqual(['adopted', 3000, 200, 3200]);
  });

  it('émargement waits for the opening of the meeting', async () => {
    const r = await entry({ kind: 'attendance', coproprietaire: owners.O1.id, attendance: 'present' });
    expect([r.status, r.body.code]).toEqual([409, 'CONFLICT']);
    const open = await gestion('POST', '/seance/ouverture', admin);
    expect([open.status, open.body.data.assemblee.status_session]).toEqual([200, 1]);
  });

  it('blank proxies: the mandataire designated as the décret says, within the limits of art. 22', async () => {
    expect(
      (await entry({ kind: 'attendance', coproprietaire: owners.O1.id, attendance: 'present' })).status,
    ).toBe(200);
    const blank = (o: string, role: string) => ({
      kind: 'blank_proxy',
      coproprietaire: owners[o].id,
      mandataire: { coproprietaire: owners.O1.id, name: 'O1' },
      designated_by: { role, name: 'Mme Girard' },
      conseil: true,
      president_conseil_present: true,
      membre_conseil_present: true,
    });
    const wrong = await entry(blank('O6', 'president_seance'));
    expect([wrong.status, wrong.body.errors['designated_by.role']]).toEqual([
      400,
      'Ce pouvoir en blanc est remis au président du conseil syndical, qui désigne le mandataire (décret du 17 mars 1967, art. 15-1).',
    ]);
    for (const o of ['O6', 'O8', 'O3']) {
      const r = await entry(blank(o, 'president_conseil'));
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const o6 = await participant('O6');
    expect([o6.attendance, o6.mandataire]).toEqual([
      'represented',
      {
        name: expect.any(String),
        coproprietaire: owners.O1.id,
        designated_by: { role: 'president_conseil', name: 'Mme Girard' },
      },
    ]);
    // A fourth délégation: O1's voix and the mandants' exceed 10 % of the syndicat (loi art. 22 I).
    const fourth = await entry(blank('O5', 'president_conseil'));
    expect(fourth.status).toBe(400);
    expect(fourth.body.errors.mandataire).toMatch(/détient déjà 3 pouvoirs/);
  });

  it('arrivals and departures between two resolutions: each vote counts those there at it', async () => {
    // O5 by visio through the syndic API, then R1's votes.
    const visio = await ok(
      call('POST', '/assemblees/AGX/desk-entries', {
        external_id: 'ATT-O5',
        entry: { kind: 'attendance', coproprietaire: 'O5', attendance: 'visio' },
      }),
    );
    expect(visio.result).toBe('created');
    expect((await participant('O5')).visio).toBe(true);
    const votes = (r: number, list: [string, string][]) =>
      entry({
        kind: 'votes',
        resolution: resolutionIds[r - 1],
        votes: list.map(([o, v]) => ({ coproprietaire: owners[o].id, vote_1: v })),
      });
    const r1 = await votes(1, [
      ['O1', 'agree'],
      ['O5', 'disagree'],
      ['O6', 'agree'],
      ['O8', 'agree'],
      ['O3', 'agree'],
    ]);
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    // Present 4 000 + 200, represented 200 + 1 200 + 1 000, forms O2 3 000 and O4 200.
    expect(await round(1)).toEqual(['adopted', 9400, 400, 9800]);

    // A departure cannot reach back into R1's vote.
    const back = await entry({
      kind: 'attendance',
      coproprietaire: owners.O5.id,
      attendance: 'absent',
      from_resolution: 1,
    });
    expect([back.status, Object.keys(back.body.errors)]).toEqual([400, ['from_resolution']]);
    // O5 leaves before R2; O7 (whose form came too late) arrives.
    const left = await ok(
      call('POST', '/assemblees/AGX/desk-entries', {
        external_id: 'DEP-O5',
        entry: { kind: 'attendance', coproprietaire: 'O5', attendance: 'absent', from_resolution: 2 },
      }),
    );
    expect(left.records.length).toBe(1);
    expect(
      (
        await entry({
          kind: 'attendance',
          coproprietaire: owners.O7.id,
          attendance: 'present',
          from_resolution: 2,
        })
      ).status,
    ).toBe(200);
    const gone = await votes(2, [['O5', 'agree']]);
    expect(gone.body.errors['votes.0.coproprietaire']).toMatch(
      /n'est ni présent ni représenté au vote de la résolution 2/,
    );
    expect(
      (
        await votes(2, [
          ['O1', 'disagree'],
          ['O7', 'agree'],
        ])
      ).status,
    ).toBe(200);
    // R2 (art. 25) without O5, with O7: O1 4 000 Contre, O7 200 Pour, O2 3 000 Pour by form.
    expect(await round(2)).toEqual(['rejected', 3200, 4000, 9800]);
    // R1 is still counted as voted, with O5 and without O7.
    expect(await round(1)).toEqual(['adopted', 9400, 400, 9800]);
  });

  it('the feuille shows visio, forms with their date of receipt, blank proxies, arrivals and departures; the PV counts each resolution with those at its vote', async () => {
    const [ag] = await t.database.db.select().from(assemblees);
    const facts = await loadMinutesFacts(t.database.db, ag!, 'Résidence du Parc');
    const name = (o: string) => facts.owners.find((x) => x.id === owners[o].id)!.name;
    const line = (o: string) => buildFeuille(facts).lines.find((l) => l.name === name(o))!;
    const day = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
    expect(line('O2').formReceivedAt?.slice(0, 10)).toBe(day(5));
    expect(line('O6').designatedBy).toBe('président du conseil syndical, Mme Girard');
    expect(line('O5').notes).toEqual(['départ avant le vote de la résolution n° 2']);
    expect(line('O7').notes).toEqual([
      'arrivée avant le vote de la résolution n° 2',
      expect.stringMatching(/^formulaire reçu le .*, hors délai, non pris en compte$/),
    ]);
    const pv = buildPv(facts);
    const defaillants = (n: number) => pv.resolutions[n - 1]!.defaillants.map((d) => d.name);
    // O5 left before R2: défaillant there, not at R1; O7 arrived for R2: the reverse.
    expect(defaillants(1)).toContain(name('O7'));
    expect(defaillants(1)).not.toContain(name('O5'));
    expect(defaillants(2)).toContain(name('O5'));
    expect(defaillants(2)).not.toContain(name('O7'));
  });

  it('every entry is a chained record that verifies, and the meeting ends', async () => {
    const chain = await ok(call('GET', '/assemblees/AGX/chain-check'));
    expect([chain.ok, chain.first_broken]).toEqual([true, null]);
    const close = await gestion('POST', '/seance/cloture', admin);
    expect([close.status, close.body.data.assemblee.status_session]).toEqual([200, 2]);
    const after = await entry({ kind: 'attendance', coproprietaire: owners.O2.id, attendance: 'present' });
    expect(after.status).toBe(409);
  });
});
