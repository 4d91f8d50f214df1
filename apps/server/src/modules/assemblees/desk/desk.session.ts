import {
  amendmentError,
  attendanceAt,
  BUREAU_ROLE_LABELS,
  bureauMemberError,
  bureauRoleOf,
  type ConsoleDeskEntry,
  MANDATAIRE_EXCLUSIONS,
  type RegisterParticipant,
} from '@tantieme/contract';
import { AppError } from '../../../http/errors.js';
import type * as agRepo from '../assemblees.repo.js';
import { markAmended } from '../bureau.repo.js';
import { appendRecord } from '../chain.js';
import { loadMinutesFacts } from '../minutes.service.js';
import { tallyFacts } from '../pv.js';
import { exclusionOf } from '../proxies.limits.js';
import { desksRecords } from './desk.records.js';

/**
 * The bureau's election (décret 1967 art. 15) and the amendments in session (art. 13, loi art. 17-1
 * A), entered at the desk: each a chained record (`bureau`, `amendment`), checked by the contract's
 * rules in rules/meetingBureau.ts under the assembly's row lock.
 */

type Resolution = Awaited<ReturnType<typeof agRepo.listResolutions>>[number];

export interface SessionContext {
  tx: agRepo.Tx;
  ag: agRepo.AssembleeRow;
  syndicId: string;
  resolution: Resolution | undefined;
  state: Map<string, RegisterParticipant>;
  names: Map<string, string>;
  /** The fields every record of the desk carries (created_at, coproprietaire, entered_by…). */
  common: (oid: string) => Record<string, unknown>;
  now: Date;
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { errors: { [field]: message } });

const norm = (s: string) => s.normalize('NFC').trim().toLocaleLowerCase('fr');

/** The represented co-owner whose mandataire bears this name at resolution n, if any. */
function mandantOf(state: Map<string, RegisterParticipant>, name: string, n: number) {
  for (const [id, st] of state)
    if (attendanceAt(st, n) === 'represented' && norm(String(st.mandataire?.name ?? '')) === norm(name))
      return id;
  return null;
}

export async function applyBureau(c: SessionContext, entry: Extract<ConsoleDeskEntry, { kind: 'bureau' }>) {
  const r = c.resolution?.resolution;
  if (!r) throw invalid('resolution', 'Résolution inconnue dans cette assemblée.');
  const role = bureauRoleOf(r.nature);
  if (!role) throw invalid('resolution', `La résolution ${r.number} ne désigne pas le bureau de la séance.`);
  const m = entry.member;
  if (m.coproprietaire && !c.names.has(m.coproprietaire))
    throw invalid('member.coproprietaire', "Ce copropriétaire n'est pas convoqué à cette assemblée.");
  const st = m.coproprietaire ? c.state.get(m.coproprietaire) : undefined;
  const mandant = m.coproprietaire ? null : mandantOf(c.state, m.name, r.number);
  const exclusion = m.coproprietaire
    ? null
    : await exclusionOf(c.tx, c.syndicId, { nom: m.name, prenom: '', email: null });
  const facts = await loadMinutesFacts(c.tx, c.ag, '', desksRecords);
  const decision = tallyFacts(facts).find((t) => t.resolution_id === r.id)?.decision ?? 'no_vote';
  const error = bureauMemberError({
    role,
    coproprietaire: m.coproprietaire,
    attendance: st ? attendanceAt(st, r.number) : null,
    mandataireAtMeeting: mandant !== null,
    exclusion: exclusion ? MANDATAIRE_EXCLUSIONS[exclusion] : null,
    decision,
  });
  if (error) throw invalid(decision === 'adopted' ? 'member' : 'resolution', error);
  const under = m.coproprietaire ?? mandant!;
  const name = m.coproprietaire ? (c.names.get(m.coproprietaire) ?? m.name) : m.name;
  return appendRecord(c.tx, {
    assemblee_id: c.ag.id,
    kind: 'bureau',
    coproprietaire_id: under,
    payload: {
      ...c.common(under),
      role,
      label: BUREAU_ROLE_LABELS[role],
      resolution_id: r.id,
      number: r.number,
      member: { coproprietaire_id: m.coproprietaire, name },
    },
    created_at: c.now,
  });
}

export async function applyAmendment(
  c: SessionContext,
  entry: Extract<ConsoleDeskEntry, { kind: 'amendment' }>,
  voted: Set<number>,
) {
  const r = c.resolution?.resolution;
  if (!r) throw invalid('resolution', 'Résolution inconnue dans cette assemblée.');
  const error = amendmentError({
    noVote: r.no_vote,
    voted: voted.has(r.number),
    withinAgenda: entry.within_agenda,
  });
  if (error) throw invalid(entry.within_agenda ? 'resolution' : 'within_agenda', error);
  if (!c.names.has(entry.proposed_by))
    throw invalid('proposed_by', "Ce copropriétaire n'est pas convoqué à cette assemblée.");
  const st = c.state.get(entry.proposed_by);
  const at = st ? attendanceAt(st, r.number) : null;
  if (at !== 'present' && at !== 'represented')
    throw invalid(
      'proposed_by',
      `${c.names.get(entry.proposed_by)} n'est ni présent ni représenté\u202f: seul un participant à la séance propose un amendement.`,
    );
  const rec = await appendRecord(c.tx, {
    assemblee_id: c.ag.id,
    kind: 'amendment',
    coproprietaire_id: entry.proposed_by,
    payload: {
      ...c.common(entry.proposed_by),
      resolution_id: r.id,
      number: r.number,
      text: entry.text,
      within_agenda: true,
    },
    created_at: c.now,
  });
  await markAmended(c.tx, r.id);
  return rec;
}

/**
 * Décret 1967 art. 15: when the agenda designates the président de séance, nothing else is voted
 * before he is recorded.
 */
export function presidentFirst(
  resolutions: Resolution[],
  r: Resolution['resolution'],
  records: { kind: string; payload: Record<string, unknown> }[],
) {
  const electsPresident = resolutions.some((x) => bureauRoleOf(x.resolution.nature) === 'president');
  if (
    electsPresident &&
    !bureauRoleOf(r.nature) &&
    !records.some((x) => x.kind === 'bureau' && x.payload.role === 'president')
  )
    throw invalid(
      'resolution',
      "Le président de séance n'est pas encore élu\u202f: la séance vote d'abord l'élection du bureau (décret du 17 mars 1967, art. 15).",
    );
}
