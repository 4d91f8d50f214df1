import { parisDate } from './assemblee.js';
import { isWorkingDay } from './convocation.js';

/**
 * The procès-verbal after the meeting: who signs it, by when, who receives it and until when they
 * may contest it.
 *
 * Décret n° 67-223 du 17 mars 1967, art. 17 (arc-copro.fr and lairdelamotte-expertises.com,
 * quoting it): "il est établi un procès-verbal des décisions de chaque assemblée qui est signé, à la
 * fin de la séance, ou dans les huit jours suivant la tenue de l'assemblée, par le président, par le
 * secrétaire et par le ou les scrutateurs".
 *
 * Loi n° 65-557 du 10 juillet 1965, art. 42, 2e alinéa (as amended by loi ELAN and ordonnance
 * 2019-1101; consultation.avocat.fr, arc-copro.fr): the actions contesting the decisions "doivent,
 * à peine de déchéance, être introduites par les copropriétaires opposants ou défaillants dans un
 * délai de deux mois à compter de la notification du procès-verbal d'assemblée, sans ses annexes.
 * Cette notification est réalisée par le syndic dans le délai d'un mois à compter de la tenue de
 * l'assemblée générale."
 *
 * Décret art. 18 (lexbase.fr, its current text): the delay "court à compter de la notification du
 * procès-verbal d'assemblée à chacun des copropriétaires opposants ou défaillants", and the
 * notification "doit mentionner les résultats du vote et reproduire le texte du deuxième alinéa de
 * l'article 42".
 *
 * The notification goes through the channel of loi art. 42-1 (rules/notificationChannel.ts): a
 * lettre recommandée électronique, or the post for who asked; the delay runs from the first
 * presentation (décret art. 64 and 64-1 as rewritten by décret n° 2025-1292).
 *
 * Months are counted as code de procédure civile art. 641 says: the delay ends on the day of the
 * last month that bears the same number as the day that starts it, else on the last day of that
 * month; art. 642 carries a delay to contest (an action in court) ending on a Saturday, Sunday or
 * public holiday to the next working day. Dates are Paris calendar dates.
 */

/** Décret art. 17: the bureau signs at the end of the meeting or within eight days. */
export const PV_SIGNATURE_DAYS = 8;

/** The roles of the bureau whose signatures the PV needs (décret art. 17). */
export const BUREAU_ROLES = ['president', 'secretaire', 'scrutateur'] as const;
export type BureauRole = (typeof BUREAU_ROLES)[number];

/** The signature mode of each role (SPEC §3 signature modes). */
export const PV_MODE_OF_ROLE: Record<BureauRole, 'PV_PRESIDENT' | 'PV_SECRETAIRE' | 'PV_SCRUTATEUR'> = {
  president: 'PV_PRESIDENT',
  secretaire: 'PV_SECRETAIRE',
  scrutateur: 'PV_SCRUTATEUR',
};

export const BUREAU_ROLE_LABELS: Record<BureauRole, string> = {
  president: 'Président de séance',
  secretaire: 'Secrétaire',
  scrutateur: 'Scrutateur',
};

/**
 * Loi art. 42, 2e alinéa, reproduced in every notification (décret art. 18). The first sentence
 * is the one the courts hold substantial (the two months do not run without it).
 */
export const ART_42_AL_2 =
  "«\u00a0Les actions en contestation des décisions des assemblées générales doivent, à peine de déchéance, être introduites par les copropriétaires opposants ou défaillants dans un délai de deux mois à compter de la notification du procès-verbal d'assemblée, sans ses annexes. Cette notification est réalisée par le syndic dans le délai d'un mois à compter de la tenue de l'assemblée générale.\u00a0» (loi du 10 juillet 1965, art. 42, 2e alinéa)";

const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** The Paris date `months` months after `date` (YYYY-MM-DD): same day number, else the month's last day. */
export function addMonthsClamped(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return iso(y, m - 1 + months, Math.min(d, last));
}

function nextWorkingDay(date: string): string {
  let day = date;
  while (!isWorkingDay(day)) {
    const [y, m, d] = day.split('-').map(Number);
    day = iso(y, m - 1, d + 1);
  }
  return day;
}

/** The last day the bureau signs (décret art. 17): eight days after the meeting. */
export function pvSignatureDeadline(heldAt: Date): string {
  const [y, m, d] = parisDate(heldAt).split('-').map(Number);
  return iso(y, m - 1, d + PV_SIGNATURE_DAYS);
}

/** The last day the syndic notifies the PV (loi art. 42, 2e al.): one month after the meeting. */
export function pvNotificationDeadline(heldAt: Date): string {
  return addMonthsClamped(parisDate(heldAt), 1);
}

/**
 * The last day a co-owner notified at `firstPresentation` may contest (loi art. 42, 2e al.): two
 * months after it, carried to the next working day (CPC art. 641, 642).
 */
export function contestDeadline(firstPresentation: Date): string {
  return nextWorkingDay(addMonthsClamped(parisDate(firstPresentation), 2));
}

/**
 * Whether a notification is late: sent after the month of loi art. 42, or still not sent at `now`
 * once the month is over. The law attaches no nullity to it, but the syndic must see it.
 */
export function pvNotificationLate(heldAt: Date, sentAt: Date | null, now: Date): boolean {
  const deadline = pvNotificationDeadline(heldAt);
  return parisDate(sentAt ?? now) > deadline;
}

/** What the PV says of one resolution, as far as the notification needs it. */
export interface PvResolutionNames {
  number: number;
  no_vote: boolean;
  opposants: { id: string; name: string }[];
  defaillants: { id: string; name: string }[];
}

export interface PvRecipient {
  id: string;
  name: string;
  /** The resolutions they opposed, and those on which they were défaillants (absent, not represented, or assimilated). */
  opposant: number[];
  defaillant: number[];
}

/**
 * Who must be notified (loi art. 42, 2e al.; décret art. 18): every co-owner who opposed a
 * decision or was défaillant on one, assimilated défaillants included (loi art. 17-1 A), each once,
 * with the resolutions concerned; in the order of their names.
 */
export function pvRecipients(resolutions: PvResolutionNames[]): PvRecipient[] {
  const out = new Map<string, PvRecipient>();
  const of = (p: { id: string; name: string }) => {
    let r = out.get(p.id);
    if (!r) {
      r = { id: p.id, name: p.name, opposant: [], defaillant: [] };
      out.set(p.id, r);
    }
    return r;
  };
  for (const res of resolutions) {
    if (res.no_vote) continue;
    for (const p of res.opposants) of(p).opposant.push(res.number);
    for (const p of res.defaillants) of(p).defaillant.push(res.number);
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.id.localeCompare(b.id));
}

export interface BureauMember {
  role: BureauRole;
  /** The co-owner holding the role, or null for someone else (the syndic as secretary, décret art. 15). */
  coproprietaire_id: string | null;
  name: string;
}

/** What is wrong with a bureau: it needs one président, one secrétaire and at least one scrutateur. */
export function bureauError(members: BureauMember[]): string | null {
  const n = (role: BureauRole) => members.filter((m) => m.role === role).length;
  if (n('president') !== 1) return 'Le bureau a un président de séance, et un seul.';
  if (n('president') && !members.find((m) => m.role === 'president')?.coproprietaire_id)
    return 'Le président de séance est un copropriétaire.';
  if (n('secretaire') !== 1) return 'Le bureau a un secrétaire, et un seul.';
  if (n('scrutateur') < 1) return 'Le bureau a au moins un scrutateur.';
  if (members.some((m) => !m.name.trim())) return 'Chaque membre du bureau est nommé.';
  return null;
}

/** Each member's key in a bureau: its role and rank among that role (scrutateur 0, 1…). */
export const memberKey = (m: { role: BureauRole; rank: number }) => `${m.role}:${m.rank}`;

/** The members still to sign, given the keys of those who signed: the PV is sealed when none is left. */
export function missingSignatures(members: BureauMember[], signed: Set<string>): string[] {
  const ranks = new Map<BureauRole, number>();
  const missing: string[] = [];
  for (const m of members) {
    const rank = ranks.get(m.role) ?? 0;
    ranks.set(m.role, rank + 1);
    const key = memberKey({ role: m.role, rank });
    if (!signed.has(key)) missing.push(key);
  }
  return missing;
}
