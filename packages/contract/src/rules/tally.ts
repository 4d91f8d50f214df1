/**
 * The legal count of a general assembly's resolutions (loi n° 65-557 du 10 juillet 1965).
 *
 * Votes are tantièmes ("voix") of the resolution's repartition: art. 24 IV of the loi lets only the
 * co-owners who bear a special charge vote on it, each with their share of that charge. Members
 * ("membres du syndicat", counted per head for art. 26) are the co-owners holding tantièmes in the
 * repartition. Everything is integer arithmetic: `a * 2 > b` rather than `a > b / 2`.
 */

import {
  art24Adopted,
  art25_1Opens,
  art25Adopted,
  art26_1Opens,
  art26Adopted,
  type ChoiceCount,
  unanimityAdopted,
  type VoteCount,
} from './majorities.js';
import { reducedVotes } from './reduction.js';
import { art41_16_25Adopted, isTwoCoownerSyndicat } from './twoCoowners.js';

export { reducedVotes };

export type VoteChoice = 'agree' | 'disagree' | 'abstain';
/** How a co-owner takes part: at the meeting, through a proxy, or by correspondence (art. 17-1 A). */
export type Attendance = 'present' | 'represented' | 'correspondence';

export interface TallyCoproprietaire {
  id: string;
  /** Tantièmes held in each repartition (keyed by repartition id or code). */
  tantiemes: Record<string, number>;
  /** Absent (défaillant) when null or undefined. */
  attendance?: Attendance | null;
}

/**
 * The majorities a resolution can be put to: loi art. 24, 25 and 26, and unanimity (the voix of every
 * co-owner of the syndicat, e.g. loi art. 11 al. 1 for a change of the repartition of charges, art. 26
 * al. 3 for the decisions it reserves). Nothing else is an article: an unknown code is refused.
 */
export const RESOLUTION_ARTICLES = ['ART-24', 'ART-25', 'ART-26', 'UNANIMITE'] as const;
export type ResolutionArticle = (typeof RESOLUTION_ARTICLES)[number];

/** The article code, or null when it is not one of RESOLUTION_ARTICLES. */
export function parseArticle(article: string): ResolutionArticle | null {
  return (RESOLUTION_ARTICLES as readonly string[]).includes(article) ? (article as ResolutionArticle) : null;
}

export interface TallyResolution {
  id: string;
  number: number;
  /** One of RESOLUTION_ARTICLES; the tally refuses anything else (RangeError). */
  article: string;
  no_vote: boolean;
  repartition: string;
  /** Amended during the meeting (loi art. 17-1 A, 3e alinéa). */
  amended?: boolean;
}

export interface TallyBallot {
  coproprietaire_id: string;
  resolution_id: string;
  vote_1: VoteChoice | null;
  /** The second vote of the 25-1 / 26-1 passerelles. */
  vote_2?: VoteChoice | null;
  /**
   * True when the choice comes from the co-owner's correspondence form, false or absent when it was
   * cast at the meeting (in person or through the mandataire). See `countedBallot`.
   */
  form?: boolean;
}

/** A co-owner who took part in a vote, with their voix (after art. 22) and what counted of their ballot. */
export interface CountedVoter {
  coproprietaire_id: string;
  voix: number;
  attendance: Attendance;
  vote_1: VoteChoice | null;
  vote_2: VoteChoice | null;
}

export const TALLY_RULES = [
  'ART-24',
  'ART-25',
  'ART-25-1',
  'ART-26',
  'ART-26-1',
  'UNANIMITE',
  'ART-41-16',
] as const;
/** The rule that decided; ART-41-16 for an art. 24 or 25 resolution of a two-co-owner syndicat. */
export type TallyRule = (typeof TALLY_RULES)[number];

export interface ResolutionTally {
  resolution_id: string;
  number: number;
  article: string;
  decision: 'adopted' | 'rejected' | 'no_vote';
  /** The rule that decided: the article, or the passerelle whose second vote decided. */
  rule: TallyRule | null;
  /** Every co-owner's tantièmes and members of the repartition (art. 25 and 26 count against these). */
  total: ChoiceCount;
  first: VoteCount | null;
  /** The second vote, when a passerelle opened it. */
  second: VoteCount | null;
  /** Correspondence 'Pour' on an amended resolution, counted as défaillants (art. 17-1 A). */
  amended_defaulting: number;
  /** Votes reduced under loi art. 22 I al. 2 (a co-owner holding more than half). */
  reduced: { coproprietaire_id: string; from: number; to: number }[];
  /**
   * Who counted, with their ballot as counted (a form voided by presence or representation is not
   * theirs, art. 17-1 A): the minutes name the opposants and abstentionnistes from it (décret art. 17).
   */
  voters: CountedVoter[];
  /**
   * Members of the key who took no part, or whose form counts as défaillant, with their voix;
   * `assimilated` for a correspondence 'Pour' on a resolution amended in session (art. 17-1 A).
   */
  defaillants: { coproprietaire_id: string; voix: number; assimilated?: boolean }[];
}

export interface TallyOptions {
  /**
   * The repartition of the quote-parts of the common parts (charges générales), which triggers the
   * art. 22 reduction. Required: the reduction is never measured on another key.
   */
  generalRepartition: string;
}

const emptyCount = (): VoteCount => ({
  agree: { tantiemes: 0, count: 0 },
  disagree: { tantiemes: 0, count: 0 },
  abstain: { tantiemes: 0, count: 0 },
  participants: { tantiemes: 0, count: 0 },
});

/** The article of a resolution; an unknown code is an error, never read as art. 24. */
export function articleOf(article: string): ResolutionArticle {
  const a = parseArticle(article);
  if (!a) throw new RangeError(`unknown resolution article: ${article}`);
  return a;
}

/** ART-25 and ART-26 resolutions take the second choice of the 25-1 / 26-1 passerelles (SPEC §4). */
export function hasSecondVote(article: string): boolean {
  return article === 'ART-25' || article === 'ART-26';
}

/**
 * The ballot that counts for a co-owner on one resolution. Loi art. 17-1 A and décret du 17 mars 1967
 * art. 9 bis (as amended by décret n° 2020-834): the correspondence form is not taken into account
 * when its author attends the meeting or is represented there. Present or represented, only what
 * was cast at the meeting counts (nothing when they did not vote); by correspondence, only the form.
 */
export function countedBallot(
  attendance: Attendance | null | undefined,
  ballots: TallyBallot[],
): TallyBallot | undefined {
  if (!attendance) return undefined;
  if (attendance === 'correspondence') return ballots.find((b) => b.form !== false);
  return ballots.find((b) => !b.form);
}

function countVotes(
  voters: { tantiemes: number; attendance: Attendance; choice: VoteChoice | null | undefined }[],
): VoteCount {
  const c = emptyCount();
  for (const v of voters) {
    c.participants.tantiemes += v.tantiemes;
    c.participants.count += 1;
    if (!v.choice) continue;
    c[v.choice].tantiemes += v.tantiemes;
    c[v.choice].count += 1;
  }
  return c;
}

/** Counts one resolution under its article, with the passerelles of art. 25-1 and 26-1. */
export function tallyResolution(
  resolution: TallyResolution,
  coproprietaires: TallyCoproprietaire[],
  ballots: TallyBallot[],
  opts: TallyOptions,
): ResolutionTally {
  const article = articleOf(resolution.article);
  const members = coproprietaires.filter((c) => (c.tantiemes[resolution.repartition] ?? 0) > 0);
  // Loi art. 41-16: between two co-owners, no art. 22 reduction and majorities of their own.
  const twoCoowners = isTwoCoownerSyndicat(coproprietaires, opts.generalRepartition);
  // Loi art. 22: a holder of more than half votes with the others' sum (see reducedVotes).
  const { votes, reduced } = twoCoowners
    ? {
        votes: new Map(coproprietaires.map((c) => [c.id, c.tantiemes[resolution.repartition] ?? 0])),
        reduced: [],
      }
    : reducedVotes(coproprietaires, resolution.repartition, opts.generalRepartition);
  const votesOf = (c: TallyCoproprietaire) => votes.get(c.id) ?? 0;
  const total: ChoiceCount = {
    tantiemes: members.reduce((s, c) => s + votesOf(c), 0),
    count: members.length,
  };
  const base = {
    resolution_id: resolution.id,
    number: resolution.number,
    article: resolution.article,
    total,
  };
  if (resolution.no_vote)
    return {
      ...base,
      decision: 'no_vote',
      rule: null,
      first: null,
      second: null,
      amended_defaulting: 0,
      reduced: [],
      voters: [],
      defaillants: [],
    };

  const byOwner = new Map<string, TallyBallot[]>();
  for (const b of ballots)
    if (b.resolution_id === resolution.id)
      byOwner.set(b.coproprietaire_id, [...(byOwner.get(b.coproprietaire_id) ?? []), b]);
  let amendedDefaulting = 0;
  const voters: { tantiemes: number; attendance: Attendance; ballot: TallyBallot | undefined; id: string }[] =
    [];
  const defaillants: ResolutionTally['defaillants'] = [];
  for (const c of members) {
    // Défaillant: neither present, represented nor voting by correspondence.
    if (!c.attendance) {
      defaillants.push({ coproprietaire_id: c.id, voix: votesOf(c) });
      continue;
    }
    const ballot = countedBallot(c.attendance, byOwner.get(c.id) ?? []);
    // Loi art. 17-1 A, 3e al.: when a resolution is amended in session, a correspondence voter who
    // voted in favour is treated as défaillant for it; a vote against or an abstention still counts.
    if (resolution.amended && c.attendance === 'correspondence' && ballot?.vote_1 === 'agree') {
      amendedDefaulting += 1;
      defaillants.push({ coproprietaire_id: c.id, voix: votesOf(c), assimilated: true });
      continue;
    }
    voters.push({ tantiemes: votesOf(c), attendance: c.attendance, ballot, id: c.id });
  }
  const first = countVotes(voters.map((v) => ({ ...v, choice: v.ballot?.vote_1 })));
  // The second vote takes every participant's second choice (the correspondence form carries it in advance).
  const secondVote = () => countVotes(voters.map((v) => ({ ...v, choice: v.ballot?.vote_2 })));
  const done = (adopted: boolean, rule: TallyRule, second: VoteCount | null = null): ResolutionTally => ({
    ...base,
    decision: adopted ? 'adopted' : 'rejected',
    rule,
    first,
    second,
    amended_defaulting: amendedDefaulting,
    reduced,
    voters: voters.map((v) => ({
      coproprietaire_id: v.id,
      voix: v.tantiemes,
      attendance: v.attendance,
      vote_1: v.ballot?.vote_1 ?? null,
      vote_2: v.ballot?.vote_2 ?? null,
    })),
    defaillants,
  });

  if (article === 'UNANIMITE') return done(unanimityAdopted(first, total), 'UNANIMITE');
  if (twoCoowners && article === 'ART-24') return done(art24Adopted(first), 'ART-41-16');
  if (twoCoowners && article === 'ART-25') return done(art41_16_25Adopted(first, total), 'ART-41-16');
  if (article === 'ART-24') return done(art24Adopted(first), 'ART-24');
  if (article === 'ART-25') {
    if (art25Adopted(first, total)) return done(true, 'ART-25');
    if (!art25_1Opens(first, total)) return done(false, 'ART-25');
    const second = secondVote();
    return done(art24Adopted(second), 'ART-25-1', second);
  }
  if (art26Adopted(first, total)) return done(true, 'ART-26');
  if (!art26_1Opens(first, total)) return done(false, 'ART-26');
  const second = secondVote();
  return done(art25Adopted(second, total), 'ART-26-1', second);
}

/** Counts every resolution of an assembly, in order. */
export function tallyAssemblee(input: {
  resolutions: TallyResolution[];
  coproprietaires: TallyCoproprietaire[];
  ballots: TallyBallot[];
  generalRepartition: string;
}): ResolutionTally[] {
  return [...input.resolutions]
    .sort((a, b) => a.number - b.number)
    .map((r) =>
      tallyResolution(r, input.coproprietaires, input.ballots, {
        generalRepartition: input.generalRepartition,
      }),
    );
}
