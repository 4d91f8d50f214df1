import {
  type Attendance,
  type ResolutionTally,
  type TallyBallot,
  type TallyResolution,
  tallyAssemblee,
  tallyResolution,
  type VoteChoice,
} from './tally.js';

/**
 * The assembly's register: the chained records, in chain order, are the only source of a result.
 * A vote stored anywhere else (a table, a cache) cannot move a tally computed here; the server, the
 * co-owner's browser and the offline verifier all call this one function on the same records.
 *
 * Record kinds and the payload fields read here (other fields are kept for the proof, not read):
 *
 * - `ballot`: a co-owner's correspondence form (décret du 17 mars 1967, art. 9 bis), online or
 *   entered by the syndic. `{ method, choices: [{ resolution_id, vote_1, vote_2 }] }`. A later
 *   `ballot` of the same co-owner replaces the earlier form as a whole. A `ballot` carrying
 *   `attendance: 'present' | 'represented'` is a whole-ballot entry made at the meeting: it records
 *   that attendance and a meeting vote on each resolution it lists.
 * - `attendance`: `{ attendance: 'present' | 'represented' | null, mandataire?: { name, … },
 *   visio?: true, from_resolution?: n }`. The last one of a co-owner wins; null withdraws an
 *   attendance entered by mistake (absent) or records a departure. `visio`: present through
 *   visioconférence (décret du 17 mars 1967 art. 13-1: counted as present). `from_resolution`: an
 *   arrival or a departure during the meeting, in effect from the vote of resolution n on; the
 *   votes before it count with the earlier attendance (see `attendanceAt`).
 * - `ballot` entered by the syndic from a paper or e-mailed form also carries `received_at` and
 *   `deadline` (ISO instants): received after the deadline of art. 9 bis, it is kept in the chain as
 *   received and does not count (see `formReceivedInTime`); the server chains such a form as
 *   `late_form` (same payload), so it never replaces the co-owner's current form.
 * - `session_vote`: one resolution's vote cast at the meeting, or its correction, or the second vote
 *   of a 25-1 / 26-1 passerelle: `{ resolution_id, vote_1?, vote_2? }`. Only the fields present are
 *   set, so entering the second vote leaves the first untouched and one resolution's entry never
 *   touches another's. It counts only for a co-owner present or represented.
 * - `amendment`: a resolution's text amended in session, `{ resolution_id, text }`: the resolution
 *   counts as amended (loi art. 17-1 A, 3e alinéa: a correspondence « Pour » on it is défaillant).
 * - `signature`, `bureau` and any other kind: not read by the tally.
 */
export interface RegisterRecord {
  seq: number;
  kind: string;
  coproprietaire_id: string;
  payload: Record<string, unknown>;
}

export interface RegisterParticipant {
  /** Present, represented or by correspondence (form and no attendance); null: défaillant. */
  attendance: Attendance | null;
  /** The mandataire named by the last attendance record, when represented. */
  mandataire: Record<string, unknown> | null;
  /** The current correspondence form's choices, by resolution id (kept even when voided). */
  form: Map<string, { vote_1: VoteChoice | null; vote_2: VoteChoice | null }> | null;
  /** The votes cast at the meeting, by resolution id. */
  session: Map<string, { vote_1: VoteChoice | null; vote_2: VoteChoice | null }>;
  /** Present through visioconférence (décret du 17 mars 1967 art. 13-1), as last recorded. */
  visio: boolean;
  /** When the current form was received, for a form entered by the syndic (décret art. 14). */
  formReceivedAt: string | null;
  /** Forms received after the deadline: kept in the chain, not counted. */
  lateForms: { received_at: string; method: string }[];
  /** Every attendance entry at the meeting, in chain order (arrivals and departures). */
  movements: Movement[];
}

/** An attendance entry: in effect from the vote of resolution `from` on (0: from the start). */
export interface Movement {
  seq: number;
  from: number;
  attendance: 'present' | 'represented' | null;
  visio: boolean;
  mandataire: Record<string, unknown> | null;
}

/**
 * Whether a form received at `received_at` counts against its `deadline` (both in the record, as
 * the syndic entered it): décret du 17 mars 1967 art. 9 bis, the form received after it is not
 * taken into account. A form without a receipt date (online, timestamped by the chain) counts.
 */
export function formCountsByReceipt(p: Record<string, unknown>): boolean {
  if (typeof p.received_at !== 'string' || typeof p.deadline !== 'string') return true;
  return Date.parse(p.received_at) <= Date.parse(p.deadline);
}

/**
 * A co-owner's attendance at the vote of resolution `number`: the last entry, in chain order, in
 * effect by then (an arrival counts from the vote it precedes; a departure takes the co-owner out of
 * the later votes), else their correspondence form, else défaillant (null).
 */
export function attendanceAt(st: RegisterParticipant, number: number): Attendance | null {
  let meeting: 'present' | 'represented' | null = null;
  for (const m of st.movements) if (m.from <= number) meeting = m.attendance;
  return meeting ?? (st.form ? 'correspondence' : null);
}

const CHOICES = new Set(['agree', 'disagree', 'abstain']);
const choice = (v: unknown): VoteChoice | null =>
  typeof v === 'string' && CHOICES.has(v) ? (v as VoteChoice) : null;
const isMeeting = (a: unknown): a is 'present' | 'represented' => a === 'present' || a === 'represented';

/** Replays the records in chain order into each co-owner's attendance, form and meeting votes. */
export function registerState(records: RegisterRecord[]): Map<string, RegisterParticipant> {
  const out = new Map<string, RegisterParticipant>();
  const of = (id: string) => {
    let p = out.get(id);
    if (!p) {
      p = {
        attendance: null,
        mandataire: null,
        form: null,
        session: new Map(),
        visio: false,
        formReceivedAt: null,
        lateForms: [],
        movements: [],
      };
      out.set(id, p);
    }
    return p;
  };
  const meetingAttendance = new Map<string, 'present' | 'represented' | null>();
  for (const r of [...records].sort((a, b) => a.seq - b.seq)) {
    const p = r.payload ?? {};
    if (r.kind === 'ballot') {
      const choices = Array.isArray(p.choices) ? (p.choices as Record<string, unknown>[]) : [];
      const entries = choices.map(
        (c) => [String(c.resolution_id), { vote_1: choice(c.vote_1), vote_2: choice(c.vote_2) }] as const,
      );
      const st = of(r.coproprietaire_id);
      if (isMeeting(p.attendance)) {
        meetingAttendance.set(r.coproprietaire_id, p.attendance);
        st.mandataire = null;
        st.visio = false;
        st.movements.push({ seq: r.seq, from: 0, attendance: p.attendance, visio: false, mandataire: null });
        for (const [id, v] of entries) st.session.set(id, v);
      } else if (!formCountsByReceipt(p))
        st.lateForms.push({ received_at: String(p.received_at), method: String(p.method ?? '') });
      else {
        st.form = new Map(entries);
        st.formReceivedAt = typeof p.received_at === 'string' ? p.received_at : null;
      }
    } else if (r.kind === 'late_form') {
      of(r.coproprietaire_id).lateForms.push({
        received_at: String(p.received_at ?? ''),
        method: String(p.method ?? ''),
      });
    } else if (r.kind === 'attendance') {
      const st = of(r.coproprietaire_id);
      const a = isMeeting(p.attendance) ? p.attendance : null;
      meetingAttendance.set(r.coproprietaire_id, a);
      st.mandataire =
        a === 'represented' && p.mandataire && typeof p.mandataire === 'object'
          ? (p.mandataire as Record<string, unknown>)
          : null;
      st.visio = a === 'present' && p.visio === true;
      const from = Number.isInteger(p.from_resolution) ? (p.from_resolution as number) : 0;
      st.movements.push({ seq: r.seq, from, attendance: a, visio: st.visio, mandataire: st.mandataire });
    } else if (r.kind === 'session_vote') {
      const st = of(r.coproprietaire_id);
      const id = String(p.resolution_id);
      const prev = st.session.get(id) ?? { vote_1: null, vote_2: null };
      st.session.set(id, {
        vote_1: 'vote_1' in p ? choice(p.vote_1) : prev.vote_1,
        vote_2: 'vote_2' in p ? choice(p.vote_2) : prev.vote_2,
      });
    }
  }
  for (const [id, st] of out) {
    const meeting = meetingAttendance.get(id) ?? null;
    st.attendance = meeting ?? (st.form ? 'correspondence' : null);
  }
  return out;
}

/** The resolutions amended in session, by id, from the register's `amendment` records. */
export function amendedResolutionIds(records: RegisterRecord[]): Set<string> {
  const out = new Set<string>();
  for (const r of records) if (r.kind === 'amendment') out.add(String(r.payload.resolution_id));
  return out;
}

/**
 * The legal tally of an assembly from its register alone (contract `tallyAssemblee`).
 *
 * - `records`: the assembly's chained records in chain order (see RegisterRecord for the kinds).
 * - `resolutions`: the resolutions as convened (id, number, article, no_vote, repartition, amended).
 * - `coproprietaires`: every co-owner of the syndicat with their tantièmes per repartition id, not
 *   only those who took part: art. 25 and 26 count against all of them (loi art. 25, 26).
 * - `generalRepartition`: the charges générales key, on which the art. 22 reduction is measured.
 *
 * Records of someone not among `coproprietaires` carry no voix and are not counted.
 */
export function tallyFromRecords(input: {
  records: RegisterRecord[];
  resolutions: TallyResolution[];
  coproprietaires: { id: string; tantiemes: Record<string, number> }[];
  generalRepartition: string;
}): ResolutionTally[] {
  const state = registerState(input.records);
  const amended = amendedResolutionIds(input.records);
  const resolutions = amended.size
    ? input.resolutions.map((r) => (amended.has(r.id) ? { ...r, amended: true } : r))
    : input.resolutions;
  const ballots: TallyBallot[] = [];
  for (const [id, st] of state) {
    for (const [resolution_id, v] of st.form ?? [])
      ballots.push({ coproprietaire_id: id, resolution_id, ...v, form: true });
    for (const [resolution_id, v] of st.session)
      ballots.push({ coproprietaire_id: id, resolution_id, ...v, form: false });
  }
  const moved = [...state.values()].some((st) => st.movements.some((m) => m.from > 0));
  const atVote = (number: number | null) =>
    input.coproprietaires.map((c) => {
      const st = state.get(c.id);
      return {
        id: c.id,
        tantiemes: c.tantiemes,
        attendance: !st ? null : number === null ? st.attendance : attendanceAt(st, number),
      };
    });
  if (!moved)
    return tallyAssemblee({
      resolutions,
      coproprietaires: atVote(null),
      ballots,
      generalRepartition: input.generalRepartition,
    });
  // Arrivals and departures during the meeting: each resolution counts those present or
  // represented at its own vote (and the art. 22 reduction is measured among them).
  const byResolution = new Map<string, TallyBallot[]>();
  for (const b of ballots) {
    const list = byResolution.get(b.resolution_id);
    if (list) list.push(b);
    else byResolution.set(b.resolution_id, [b]);
  }
  return [...resolutions]
    .sort((a, b) => a.number - b.number)
    .map((r) =>
      tallyResolution(r, atVote(r.number), byResolution.get(r.id) ?? [], {
        generalRepartition: input.generalRepartition,
      }),
    );
}
