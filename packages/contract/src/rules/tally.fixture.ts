import { expect } from 'vitest';
import {
  type Attendance,
  type TallyBallot,
  type TallyCoproprietaire,
  type VoteChoice,
  tallyResolution,
} from './tally.js';

/**
 * The building of the tally's worked examples: 1 000 tantièmes of charges générales (CG) held by
 * five members, and an elevator repartition (ASC, 100 tantièmes) borne by C and D only.
 */
export const shares: Record<string, Record<string, number>> = {
  A: { CG: 300 },
  B: { CG: 250 },
  C: { CG: 200, ASC: 60 },
  D: { CG: 150, ASC: 40 },
  E: { CG: 100 },
};

type Who = keyof typeof shares;
/** [who, attendance, the first vote, the second vote] */
export type Line = [Who, Attendance | null, VoteChoice | null, VoteChoice | null];

export function run(
  article: string,
  lines: Line[],
  opts: { repartition?: string; amended?: boolean; no_vote?: boolean; general?: string } = {},
) {
  const owners: TallyCoproprietaire[] = Object.entries(shares).map(([id, t]) => ({
    id,
    tantiemes: t,
    attendance: lines.find((l) => l[0] === id)?.[1] ?? null,
  }));
  const ballots: TallyBallot[] = lines
    .filter((l) => l[2] || l[3])
    .map(([id, , v1, v2]) => ({ coproprietaire_id: id, resolution_id: 'r', vote_1: v1, vote_2: v2 }));
  return tallyResolution(
    {
      id: 'r',
      number: 1,
      article,
      repartition: opts.repartition ?? 'CG',
      no_vote: !!opts.no_vote,
      amended: opts.amended,
    },
    owners,
    ballots,
    { generalRepartition: opts.general ?? 'CG' },
  );
}

export const P = 'present' as const;
export const R = 'represented' as const;
export const C = 'correspondence' as const;

/** A worked example: the votes, and the decision, rule and tantièmes (for, against, abstaining) the law gives. */
export interface WorkedExample {
  name: string;
  article: string;
  lines: Line[];
  opts?: { repartition?: string; amended?: boolean; no_vote?: boolean };
  decision: 'adopted' | 'rejected' | 'no_vote';
  rule: string | null;
  first?: [number, number, number];
  second?: [number, number, number] | null;
}

export function expectWorkedExample({ article, lines, opts, decision, rule, first, second }: WorkedExample) {
  const t = run(article, lines, opts);
  expect(t.decision).toBe(decision);
  expect(t.rule).toBe(rule);
  if (first)
    expect([t.first?.agree.tantiemes, t.first?.disagree.tantiemes, t.first?.abstain.tantiemes]).toEqual(
      first,
    );
  if (second === null) expect(t.second).toBeNull();
  if (second)
    expect([t.second?.agree.tantiemes, t.second?.disagree.tantiemes, t.second?.abstain.tantiemes]).toEqual(
      second,
    );
}
