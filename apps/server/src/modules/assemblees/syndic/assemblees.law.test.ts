import { assembleeEndpoints } from '@tantieme/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembly, ballot, call, coOwnerCall, ok, setUp, state, syndic, t } from './assemblees.fixture.js';

/**
 * The law through the syndic API, each on an assembly of its own: the loi 1965 art. 22 reduction,
 * the 21 days of the convocation (décret 1967 art. 9, 64) and a co-owner removed from the building.
 */

beforeAll(setUp);
afterAll(() => t.close());

describe('loi 1965 art. 22 through the API', () => {
  it('reduces a co-owner holding more than half to the others’ sum, so art. 25 needs the passerelle', async () => {
    // C1 holds 600 of the 1 000 of the general key: more than half, reduced to the others' 400.
    // Declared tantièmes must add up to the key's total: 1 300 is refused, naming the difference.
    const tooMany = await call(
      'PUT',
      '/assemblees/AG22',
      syndic.headers,
      assembly({
        participants: [
          { coproprietaire: 'C1', tantiemes: { CG: 700 } },
          { coproprietaire: 'C2', tantiemes: { CG: 300 } },
          { coproprietaire: 'C3', tantiemes: { CG: 200 } },
          { coproprietaire: 'C4', tantiemes: { CG: 100 } },
        ],
      }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.participants).toBe(
      'Les participants détiennent 1\u202f300 tantièmes de la clé CG sur 1\u202f000 déclarés\u202f: 300 de trop. Tous les copropriétaires sont convoqués et comptent pour les articles 25 et 26.',
    );
    const body = assembly({
      name: 'Assemblée générale spéciale',
      resolutions: [
        { external_id: 'S1', number: 1, title: 'Changement de syndic', article: 'ART-25', repartition: 'CG' },
      ],
      participants: [
        { coproprietaire: 'C1', tantiemes: { CG: 600 } },
        { coproprietaire: 'C2', tantiemes: { CG: 200 } },
        { coproprietaire: 'C3', tantiemes: { CG: 100 }, attendance: 'present' },
        { coproprietaire: 'C4', tantiemes: { CG: 100 } },
      ],
    });
    const put = await ok(call('PUT', '/assemblees/AG22', syndic.headers, body));
    expect(put.resource.total_tantiemes).toBe(1000);
    const saved = state.agId;
    state.agId = put.id;
    try {
      for (const [ext, v1, v2] of [
        ['C1', 'agree', 'agree'],
        ['C2', 'disagree', 'disagree'],
      ] as const) {
        const r = await coOwnerCall(ext, assembleeEndpoints.vote, await ballot(ext, { 1: [v1, v2] }));
        expect(r.statusCode, r.body).toBe(200);
      }
    } finally {
      state.agId = saved;
    }
    const [row] = await ok(call('GET', '/assemblees/AG22/tally', syndic.headers));
    // Unreduced, 600 of 1 000 would pass at art. 25. Reduced: 400 of 800 is not more than half,
    // but at least a third, so the 25-1 second vote decides at art. 24: 400 for, 200 against.
    // C3's presence, declared by the PUT, is a chained record: present without voting.
    expect(row).toMatchObject({
      decision: 'adopted',
      rule: 'ART-25-1',
      total: { tantiemes: 800, count: 4 },
      reduced: [{ coproprietaire: 'C1', from: 600, to: 400 }],
    });
    expect(row.first.agree.tantiemes).toBe(400);
    expect(row.first.participants).toEqual({ tantiemes: 700, count: 3 });
    expect(row.second.disagree.tantiemes).toBe(200);
  });
});
describe('legal reminders and removed co-owners', () => {
  it('publishing less than 21 days before the meeting is refused naming the co-owners, unless overridden and recorded as a risk (décret 1967 art. 9, 64); a removed co-owner is not convened', async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000);
    const body = assembly({
      name: 'Assemblée générale urgente',
      date: soon.toISOString(),
    });
    await ok(call('PUT', '/assemblees/AGSOON', syndic.headers, body));
    const refusedPub = await call('POST', '/assemblees/AGSOON/publish', syndic.headers);
    expect(refusedPub.status).toBe(409);
    expect(refusedPub.body.code).toBe('CONVOCATION_TOO_LATE');
    expect(refusedPub.body.message).toMatch(
      /^Réunion trop proche pour (Mme Claire \S+ \(au plus tôt le \d{2}\/\d{2}\/\d{4}\)(, )?){4}\u202f: 21 jours à compter du lendemain de la première présentation \(décret du 17 mars 1967, art\. 9 et 64\)\. En cas d'urgence, publiez avec override_delay=true\.$/,
    );
    const notSent = await ok(call('GET', '/assemblees/AGSOON', syndic.headers));
    expect(notSent).toMatchObject({ published_at: null, convocation_risk: null });
    const pub = await ok(call('POST', '/assemblees/AGSOON/publish?override_delay=true', syndic.headers));
    expect(pub.sent).toEqual({ lre: 2, postal: 2 });
    expect(pub.warnings).toEqual([
      "Délai de 21 jours non respecté pour 4 copropriétaire(s), publié à la demande du syndic\u202f: risque d'annulation (décret du 17 mars 1967, art. 9).",
    ]);
    const forced = await ok(call('GET', '/assemblees/AGSOON', syndic.headers));
    expect(
      forced.convocation_risk.late.map((l: { coproprietaire: string }) => l.coproprietaire).sort(),
    ).toEqual(['C1', 'C2', 'C3', 'C4']);

    await ok(
      call('PUT', '/coproprietaires/C5', syndic.headers, {
        copropriete: 'IMM',
        last_name: 'Vendeur',
        lots: [],
      }),
    );
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/syndic/v1/coproprietaires/C5',
          headers: syndic.headers,
        })
      ).statusCode,
    ).toBe(200);
    const refused = await call('PUT', '/assemblees/AGSOON', syndic.headers, {
      ...body,
      participants: [...body.participants, { coproprietaire: 'C5' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      'participants.4.coproprietaire': 'C5 a été retiré de la copropriété.',
    });
  });
});
