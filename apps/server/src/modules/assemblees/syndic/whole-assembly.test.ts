import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, convene, enterMeeting, ok, type Row, setUp, t, takeForms } from './whole-assembly.fixture.js';

/**
 * A whole assembly as a syndic's back office runs it through the API, and the result the law gives.
 *
 * 10 000 voix of charges générales: O1 4 000, O2 3 000, O3 1 000, O4 to O7 200 each, O8 1 200.
 * - Convocation published (no co-owner consented to electronic notice: all by post).
 * - Forms: O1 'Pour' everywhere (and stays away); O2 'Contre' everywhere, then attends: void;
 *   O8 'Pour' everywhere, then is represented by O2: void (loi art. 17-1 A).
 * - At the meeting: O2 and O3 present; O3 holds three délégations (O4, O5, O6: within art. 22 I);
 *   O7 absent (défaillant).
 * - R1 (art. 24), amended in session: O1's form 'Pour' is défaillant; 4 200 pour (O2, O8), 1 000
 *   contre (O3), 600 abstentions → adopted.
 * - R2 (art. 25): 4 000 pour (O1's form) of 10 000: not half but a third → second vote at once
 *   (art. 25-1), entered after the first: 5 600 pour, 1 200 contre → adopted under 25-1.
 * - R3 (art. 26): 6 members of 8 for, 8 600 voix ≥ 2/3 → adopted; O8 named as opposant.
 * - R4 (unanimité, loi art. 11): everyone present or represented for, but O7 is absent → rejected.
 * Then the procès-verbal, whose figures are the tally's, signed by the president and the secretary
 * through their links, and downloaded sealed by a co-owner.
 */

beforeAll(setUp);
afterAll(() => t.close());

describe('a whole assembly through the syndic API', () => {
  it('convenes: the assembly, its resolutions and every co-owner; the convocation by post', convene);

  it('takes the forms, then opens the meeting and amends R1 in session', takeForms);

  it('enters the meeting resolution by resolution, the passerelle second vote after the first', enterMeeting);

  it('closes; the tally from the register gives the legal results', async () => {
    expect((await call('POST', '/assemblees/AGW/close')).status).toBe(200);
    const tally: Row[] = await ok(call('GET', '/assemblees/AGW/tally'));
    const n = (i: number) => tally.find((r) => r.number === i)!;
    const voix = (c: Row['first']) => [c.agree.tantiemes, c.disagree.tantiemes, c.abstain.tantiemes];
    // R1, amended: O1's form 'Pour' is défaillant; O2's and O8's forms are void (present, represented).
    expect(n(1)).toMatchObject({ decision: 'adopted', rule: 'ART-24', amended_defaulting: 1 });
    expect(voix(n(1).first)).toEqual([4200, 1000, 600]);
    // R2: 4 000 of 10 000, a third but not half: the second vote decides at the art. 24 majority.
    expect(voix(n(2).first)).toEqual([4000, 5200, 600]);
    expect(n(2)).toMatchObject({ decision: 'adopted', rule: 'ART-25-1' });
    expect(voix(n(2).second!)).toEqual([5600, 1200, 3000]);
    // R3: 6 members of 8, 8 600 voix of 10 000 (≥ two thirds).
    expect(n(3)).toMatchObject({ decision: 'adopted', rule: 'ART-26' });
    expect(n(3).first.agree).toEqual({ tantiemes: 8600, count: 6 });
    // R4: unanimity of the syndicat, O7 absent.
    expect(n(4)).toMatchObject({
      decision: 'rejected',
      rule: 'UNANIMITE',
      total: { tantiemes: 10_000, count: 8 },
    });
    expect(n(4).first.agree).toEqual({ tantiemes: 9800, count: 7 });
    const check = await ok(call('GET', '/assemblees/AGW/chain-check'));
    expect(check.ok).toBe(true);
  });
});
