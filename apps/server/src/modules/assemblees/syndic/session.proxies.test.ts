import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndics } from '../../../db/schema/index.js';
import { call, ok, openMeeting, SHARES, session, setUp, syndic, t, tally } from './session.fixture.js';

/**
 * Proxies and unanimity at the meeting, through the syndic API: the limits of loi art. 22 I
 * (three délégations, the 10 % exception, the excluded persons) and a unanimity resolution, with
 * the attendance sheet read from the register. Same building as session.test.ts.
 */

beforeAll(async () => {
  await setUp();
  await openMeeting();
});
afterAll(() => t.close());

describe('a meeting under the law, from the register alone: proxies and unanimity', () => {
  it('proxies: three délégations, a fourth within 10 %, none beyond, no excluded mandataire', async () => {
    const by = (o: string, mandataire: Record<string, unknown> | null) => ({
      coproprietaire: o,
      attendance: 'represented',
      mandataire,
      choices: [],
    });
    const o3 = { coproprietaire: 'O3', name: 'Nom O3' };
    const tiers = { name: 'Mme Tiers' };
    const missing = await session([{ coproprietaire: 'O4', attendance: 'represented', choices: [] }]);
    expect(missing.body.errors).toEqual({
      'votes.0.mandataire': 'Un copropriétaire représenté nomme son mandataire.',
    });
    await ok(session([by('O4', o3), by('O5', o3), by('O6', o3)]));
    // A fourth to O3: his 1 000 and his mandants' 800 exceed 10 % of 10 000.
    const fourth = await session([by('O7', o3)]);
    expect(fourth.status).toBe(400);
    expect(fourth.body.errors['votes.0.mandataire']).toBe(
      "Nom O3 reçoit 4 délégations de vote\u202f: au plus 3, sauf si ses voix et celles de ses mandants n'excèdent pas 10\u202f% des voix du syndicat (ici 1\u202f800 sur 10\u202f000, au-delà de 1\u202f000) (loi du 10 juillet 1965, art. 22 I).",
    );
    // Mme Tiers, not a co-owner, takes the four small ones: 800 voix, within 10 %.
    await ok(session([by('O4', tiers), by('O5', tiers), by('O6', tiers), by('O7', tiers)]));
    const fifth = await session([by('O8', tiers)]);
    expect(fifth.body.errors['votes.0.mandataire']).toMatch(
      /^Mme Tiers reçoit 5 délégations de vote.*ici 2\u202f000 sur 10\u202f000/,
    );
    const excluded = await session([by('O8', { name: 'M. Commis', exclusion: 'prepose' })]);
    expect(excluded.body.errors).toEqual({
      'votes.0.mandataire':
        'M. Commis ne peut pas recevoir de mandat\u202f: préposé du syndic (loi du 10 juillet 1965, art. 22 I).',
    });
    // The syndic named without any exclusion declared: found by name, refused as the co-owner's own
    // proxy refuses it.
    const [me] = await t.database.db
      .select({ name: syndics.name })
      .from(syndics)
      .where(eq(syndics.id, syndic.syndic.id));
    const asSyndic = await session([by('O8', { name: me.name })]);
    expect(asSyndic.body.errors).toEqual({
      'votes.0.mandataire': `${me.name} ne peut pas recevoir de mandat\u202f: le syndic (loi du 10 juillet 1965, art. 22 I).`,
    });
    const ag = await ok(call('GET', '/assemblees/AGX'));
    const att = Object.fromEntries(
      ag.participants.map((p: { coproprietaire: string; attendance: string | null }) => [
        p.coproprietaire,
        p.attendance,
      ]),
    );
    expect(att).toMatchObject({ O4: 'represented', O7: 'represented', O8: null });
  });

  it('a PROCURATION signature request naming more mandants than art. 22 I allows is refused', async () => {
    const request = (mandants: string[]) =>
      call('POST', '/assemblees/AGX/signature-requests', {
        mode: 'PROCURATION',
        channel: 'email',
        coproprietaires: ['O1'],
        procurations: { O1: mandants },
      });
    const tooMany = await request(['O4', 'O5', 'O6', 'O7']);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({
      'procurations.O1':
        "Nom O1 reçoit 4 délégations de vote\u202f: au plus 3, sauf si ses voix et celles de ses mandants n'excèdent pas 10\u202f% des voix du syndicat (ici 4\u202f800 sur 10\u202f000, au-delà de 1\u202f000) (loi du 10 juillet 1965, art. 22 I).",
    });
    expect((await request(['O4', 'O5', 'O6'])).status).toBe(200);
  });

  it('unanimity: rejected while O8 is absent, adopted when every co-owner votes for', async () => {
    const all = (v: string) =>
      Object.keys(SHARES).map((o) => ({
        coproprietaire: o,
        attendance: ['O4', 'O5', 'O6', 'O7'].includes(o) ? 'represented' : 'present',
        mandataire: ['O4', 'O5', 'O6', 'O7'].includes(o) ? { name: 'Mme Tiers' } : null,
        choices: [{ resolution: 'R3', vote_1: v }],
      }));
    await ok(session(all('agree').filter((e) => e.coproprietaire !== 'O8')));
    expect((await tally())(3)).toMatchObject({ decision: 'rejected', rule: 'UNANIMITE' });
    await ok(session(all('agree')));
    const row = await tally();
    expect(row(3)).toMatchObject({
      decision: 'adopted',
      rule: 'UNANIMITE',
      total: { tantiemes: 10_000, count: 8 },
    });
    const check = await ok(call('GET', '/assemblees/AGX/chain-check'));
    expect(check.ok).toBe(true);
    // The attendance sheet, from the register: who is present, who represents whom, their voix.
    const sheet = await ok(call('GET', '/assemblees/AGX/attendance'));
    expect(sheet).toHaveLength(8);
    const line = (o: string) => sheet.find((r: { coproprietaire: string }) => r.coproprietaire === o);
    expect(line('O4')).toMatchObject({
      attendance: 'represented',
      mandataire: { name: 'Mme Tiers', coproprietaire: null },
      tantiemes: 200,
    });
    expect(line('O1')).toMatchObject({ attendance: 'present', mandataire: null, tantiemes: 4000 });
  });
});
