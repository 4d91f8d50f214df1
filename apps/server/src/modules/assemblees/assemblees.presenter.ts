import {
  type Assemblee,
  type BallotInfo,
  correspondenceDeadline,
  isVoteActive,
  type Resolution,
} from '@tantieme/contract';
import type { AssembleeRow, RecordRow } from './assemblees.repo.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The deadline of the vote by correspondence is the law's, computed from the meeting's date (décret
 * du 17 mars 1967, art. 9 bis: three clear days, Europe/Paris), whatever valid_to a row carries: a
 * form the law says must count is never refused by an earlier date.
 */
export const legalDeadline = (a: { date: Date }) => correspondenceDeadline(a.date);

export function presentAssemblee(a: AssembleeRow, coprName: string, now: Date): Assemblee {
  const deadline = legalDeadline(a);
  return {
    id: a.id,
    name: a.name,
    year: a.year,
    copr_name: coprName,
    type: a.type,
    date: a.date.toISOString(),
    priority: a.priority,
    status_convocation: a.status_convocation,
    date_sent_convocation: iso(a.date_sent_convocation),
    status_proces_verbal: a.status_proces_verbal,
    date_sent_proces_verbal: iso(a.date_sent_proces_verbal),
    status: a.status,
    date_effectue: iso(a.date_effectue),
    total_lots: a.total_lots,
    total_coproprietaires: a.total_coproprietaires,
    total_tantiemes: a.total_tantiemes,
    status_session: a.status_session,
    valid_to: deadline.toISOString(),
    vote_active: isVoteActive({ status_session: a.status_session, valid_to: deadline }, now),
  };
}

export function presentBallot(r: RecordRow): BallotInfo {
  return {
    id: r.id,
    seq: r.seq,
    digest: r.digest,
    prev_digest: r.prev_digest,
    created_at: String(r.payload.created_at ?? r.created_at.toISOString()),
    method: String(r.payload.method ?? 'e_form'),
  };
}

type VoteRow = { vote_value: string | null; vote_2_value: string | null; method: string; updated_at: Date };

/** SPEC §3 vote / vote_2: last_method and the choice per method (with its time). */
export function presentVotes(v: VoteRow | undefined): Pick<Resolution, 'vote' | 'vote_2'> {
  const one = (value: string | null) =>
    v && value
      ? {
          last_method: v.method,
          methods: { [v.method]: { value: value as 'agree', date: v.updated_at.toISOString() } },
        }
      : { last_method: null, methods: {} };
  return { vote: one(v?.vote_value ?? null), vote_2: one(v?.vote_2_value ?? null) };
}
