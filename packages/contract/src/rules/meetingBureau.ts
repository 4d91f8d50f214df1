import type { RegisterRecord } from './register.js';
import { BUREAU_ROLES, type BureauRole } from './pvNotification.js';

/**
 * The bureau of the assembly and the amendments entered at the meeting.
 *
 * - Décret n° 67-223 du 17 mars 1967, art. 15: « Au début de chaque réunion, l'assemblée générale
 *   désigne […] son président et, s'il y a lieu, un ou plusieurs scrutateurs. Le syndic assure le
 *   secrétariat de la séance, sauf décision contraire de l'assemblée générale. » The designations
 *   are decisions of the assembly at the majority of loi n° 65-557 du 10 juillet 1965, art. 24, put
 *   to the vote first: nothing else is decided before the président is designated. Without a
 *   resolution designating another secrétaire, the syndic is the secrétaire.
 * - Loi art. 22 I: the syndic, its préposés and their families may not preside the assembly (the
 *   exclusions of `MANDATAIRE_EXCLUSIONS`); the président and the scrutateurs are persons at the
 *   meeting: a co-owner present, or the mandataire of a represented one.
 * - Amendments. Décret art. 13: the assembly takes a valid decision only on the questions of the
 *   agenda; a resolution's text may be amended in session only within the question it answers
 *   (case law annuls a decision completed by a point that was not on the agenda: CA Paris, pôle 4,
 *   2e ch., 9 nov. 2011, n° 10/08444). Loi art. 17-1 A, 3e alinéa: a correspondence « Pour » on a
 *   resolution amended in session counts as défaillant (the tally's `amended`).
 */

/** The catalogue's natures (DECISION_TYPES) of the bureau's resolutions, by role. */
export const BUREAU_NATURES = {
  president: 'bureau_president',
  scrutateur: 'bureau_scrutateur',
  secretaire: 'bureau_secretaire',
} as const satisfies Record<BureauRole, string>;

export function bureauRoleOf(nature: string | null | undefined): BureauRole | null {
  for (const role of BUREAU_ROLES) if (BUREAU_NATURES[role] === nature) return role;
  return null;
}

/** The resolutions the desk proposes first, in this order (the secrétaire only when not the syndic). */
export const BUREAU_RESOLUTIONS: { role: BureauRole; title: string; content: string }[] = [
  {
    role: 'president',
    title: 'Élection du président de séance',
    content:
      "L'assemblée générale désigne en qualité de président de séance le candidat nommé en séance (décret du 17 mars 1967, art. 15).",
  },
  {
    role: 'scrutateur',
    title: 'Élection du ou des scrutateurs',
    content:
      "L'assemblée générale désigne en qualité de scrutateur le ou les candidats nommés en séance (décret du 17 mars 1967, art. 15).",
  },
  {
    role: 'secretaire',
    title: 'Désignation du secrétaire de séance',
    content:
      "L'assemblée générale désigne le secrétaire de séance\u202f; à défaut, le syndic en assure le secrétariat (décret du 17 mars 1967, art. 15).",
  },
];

/**
 * null when the bureau's resolutions open the agenda, else the French reason: a bureau resolution
 * placed after another question (art. 15: « au début de chaque réunion »).
 */
export function bureauFirstError(natures: (string | null | undefined)[]): string | null {
  let other = false;
  for (const n of natures) {
    if (!bureauRoleOf(n)) other = true;
    else if (other)
      return "L'élection du bureau (président de séance, scrutateurs, secrétaire) ouvre l'ordre du jour\u202f: placez-la avant les autres questions (décret du 17 mars 1967, art. 15).";
  }
  return null;
}

export interface BureauCandidate {
  role: BureauRole;
  /** A co-owner of the building, or null for someone named (a mandataire, the syndic). */
  coproprietaire: string | null;
  /** The co-owner's attendance at this resolution's vote (present, represented…), null if absent. */
  attendance: string | null;
  /** The name is that of the mandataire of a represented co-owner at the meeting. */
  mandataireAtMeeting: boolean;
  /** How the person is related to the syndic (loi art. 22 I), null if not. */
  exclusion: string | null;
  /** The resolution's decision, as the live tally has it. */
  decision: 'adopted' | 'rejected' | 'no_vote';
}

/** null when the candidate may be recorded in that role, else the French reason. */
export function bureauMemberError(c: BureauCandidate): string | null {
  if (c.decision !== 'adopted')
    return "La résolution n'est pas adoptée\u202f: le bureau n'est enregistré qu'une fois élu (loi du 10 juillet 1965, art. 24).";
  if (c.exclusion && c.role === 'secretaire')
    return 'Le syndic assure le secrétariat de la séance sans autre désignation (décret du 17 mars 1967, art. 15)\u202f: le bureau le nomme déjà.';
  if (c.exclusion)
    return `Le syndic, ses préposés et leurs proches ne peuvent pas présider l'assemblée ni en être scrutateur (loi du 10 juillet 1965, art. 22 I)\u202f: ${c.exclusion}.`;
  if (c.coproprietaire ? c.attendance !== 'present' : !c.mandataireAtMeeting)
    return "Le bureau est choisi parmi les personnes présentes à la séance\u202f: un copropriétaire présent ou le mandataire d'un copropriétaire représenté.";
  return null;
}

export interface BureauPerson {
  /** The co-owner's id; for a mandataire, null (the record is chained under the mandant). */
  id: string | null;
  name: string;
}

export interface Bureau {
  president: BureauPerson | null;
  secretaire: BureauPerson | null;
  scrutateurs: BureauPerson[];
}

/**
 * The bureau from the register's `bureau` records (`{ role, member: { coproprietaire_id, name } }`,
 * chained under the member, or under the mandant of a mandataire):
 * the last président and secrétaire recorded, every scrutateur once. `syndic`: the secrétaire when
 * the assembly designated none (art. 15, 2e alinéa).
 */
export function bureauFromRecords(records: RegisterRecord[], syndic: BureauPerson | null): Bureau {
  const out: Bureau = { president: null, secretaire: null, scrutateurs: [] };
  for (const r of records) {
    if (r.kind !== 'bureau') continue;
    // A whole bureau recorded at once (the procès-verbal's page) replaces what came before.
    if (Array.isArray(r.payload.members)) {
      const all = r.payload.members as { role: BureauRole; coproprietaire_id: string | null; name: string }[];
      const person = (x: (typeof all)[number]) => ({ id: x.coproprietaire_id ?? null, name: x.name });
      const pres = all.find((x) => x.role === 'president');
      const sec = all.find((x) => x.role === 'secretaire');
      out.president = pres ? person(pres) : null;
      out.secretaire = sec ? person(sec) : null;
      out.scrutateurs = all.filter((x) => x.role === 'scrutateur').map(person);
      continue;
    }
    const m = r.payload.member as { coproprietaire_id: string | null; name: string };
    const member = { id: m.coproprietaire_id ?? null, name: m.name };
    const role = r.payload.role as BureauRole;
    if (role === 'president') out.president = member;
    else if (role === 'secretaire') out.secretaire = member;
    else if (!out.scrutateurs.some((s) => s.id === member.id && s.name === member.name))
      out.scrutateurs.push(member);
  }
  if (!out.secretaire) out.secretaire = syndic;
  return out;
}

/** null when the resolution may be amended now, else the French reason. */
export function amendmentError(a: { noVote: boolean; voted: boolean; withinAgenda: boolean }): string | null {
  if (a.noVote) return "Cette question n'est pas soumise au vote\u202f: elle ne s'amende pas.";
  if (a.voted)
    return 'Des votes sont déjà saisis pour cette résolution\u202f: un amendement se vote avant la résolution.';
  if (!a.withinAgenda) return AMENDMENT_SCOPE;
  return null;
}

export const AMENDMENT_SCOPE =
  "Un amendement ne modifie la résolution que dans les limites de la question inscrite à l'ordre du jour\u202f: l'assemblée ne prend de décision valide que sur les questions inscrites (décret du 17 mars 1967, art. 13). Au-delà, la question est portée à une prochaine assemblée.";
