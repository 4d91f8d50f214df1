import { assembleeEndpoints as e, buildPath, type Endpoint, type VoteBody } from '@tantieme/contract';
import { expect } from 'vitest';
import { makeAssemblee } from '../../test/factories.assemblees.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The fixture of the co-owner's assembly tests: a building with an assembly of four resolutions
 * (ART-24, ART-25, ART-26 on the lift key, one without vote) and five convened co-owners, signed in.
 */

export let t: TestApp;
export let f: Awaited<ReturnType<typeof makeAssemblee>>;

export async function setUp() {
  t = await createTestApp();
  f = await makeAssemblee(t.database.db);
}

export type Owner = (typeof f.owners)[number];
export const params = (o: Owner, agId = f.ag.id) => ({ agId, coproId: f.copro.id, id: o.record.id });
export const call = (
  ep: Endpoint,
  p: Record<string, string>,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method: ep.method,
    url: `/api${buildPath(ep.path, p)}`,
    headers: { ...headers, 'user-agent': 'vitest-agent' },
    ...(payload ? { payload: payload as object } : {}),
  });

/** A full ballot: ART-24 agree, ART-25 disagree then agree, ART-26 abstain then abstain. */
export function ballot(
  o: Owner,
  over: Partial<Record<number, [string | null, string | null]>> = {},
): VoteBody {
  const defaults: Record<number, [string | null, string | null]> = {
    1: ['agree', null],
    2: ['disagree', 'agree'],
    3: ['abstain', 'abstain'],
  };
  return {
    coproprietaire: { id: o.record.id, name: o.record.display_name },
    list_data: f.res
      .filter((r) => !r.no_vote)
      .map((r) => {
        const [v1, v2] = over[r.number] ?? defaults[r.number];
        return {
          id: r.id,
          title: r.title,
          field: {
            vote_1: { vote_value: v1 as 'agree' | null },
            vote_2: { vote_value: v2 as 'agree' | null },
          },
          has_vote_two: r.article !== 'ART-24',
        };
      }),
  };
}

/**
 * The ballots the receipt and chain tests read: the first co-owner votes, then votes again with
 * resolution 1 'Contre' (records 1 and 2); the second co-owner votes once.
 */
export async function castBallots() {
  const [o0, o1] = f.owners;
  for (const [o, b] of [
    [o0, ballot(o0)],
    [o0, ballot(o0, { 1: ['disagree', null] })],
    [o1, ballot(o1)],
  ] as const) {
    const res = await call(e.vote, params(o), o.headers, b);
    expect(res.statusCode, res.body).toBe(200);
  }
}
