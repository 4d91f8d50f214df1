import { correspondenceDeadline } from './assemblee.js';

/**
 * The meeting desk: what the syndic enters on the day of the assembly, under the law as in force.
 *
 * - Paper or e-mailed correspondence forms. Décret n° 67-223 du 17 mars 1967, art. 9 bis: the form
 *   is taken into account only if the syndic receives it at the latest three clear days before the
 *   meeting (`correspondenceDeadline`); the feuille de présence shows the date each form was
 *   received (art. 14). A form received later is recorded as received and does not count.
 * - Blank proxies (pouvoir sans nom de mandataire). Loi n° 65-557 du 10 juillet 1965, art. 22 I: the
 *   syndic may neither keep them to vote nor hand them out himself. Décret art. 15-1: he gives them
 *   at the start of the meeting to the président du conseil syndical, or failing him to a member of
 *   the conseil syndical, who designates the mandataire; in their absence or without a conseil
 *   syndical, to the président de séance. The art. 22 limits then apply to that mandataire.
 * - Visio attendance. Décret art. 13-1: a co-owner taking part through visioconférence is deemed
 *   present.
 * - Arrivals and departures. Each resolution is counted with the co-owners present or represented
 *   at its own vote (loi art. 24, 25: "présents, représentés ou ayant voté par correspondance"): a
 *   movement takes effect from the vote it precedes, and a vote already taken is not reopened.
 */

/** Whether a form received at `receivedAt` counts for a meeting on `meeting` (décret art. 9 bis). */
export function formReceivedInTime(receivedAt: Date, meeting: Date): boolean {
  return receivedAt.getTime() <= correspondenceDeadline(meeting).getTime();
}

/** Who may designate the mandataire of a blank proxy, in the décret's order (art. 15-1). */
export const BLANK_PROXY_DESIGNATORS = ['president_conseil', 'membre_conseil', 'president_seance'] as const;
export type BlankProxyDesignator = (typeof BLANK_PROXY_DESIGNATORS)[number];

export const BLANK_PROXY_DESIGNATOR_LABELS: Record<BlankProxyDesignator, string> = {
  president_conseil: 'Président du conseil syndical',
  membre_conseil: 'Membre du conseil syndical',
  president_seance: 'Président de séance',
};

/** Who is there when the blank proxies are handed over, as the desk records it. */
export interface BlankProxyFacts {
  /** The syndicat has a conseil syndical. */
  conseil: boolean;
  /** Its président is at the meeting. */
  presidentConseilPresent: boolean;
  /** A member of it is at the meeting. */
  membreConseilPresent: boolean;
}

/**
 * The designator the décret requires for these facts (art. 15-1): the président du conseil
 * syndical, else a member of the conseil, else (in their absence, or without a conseil) the
 * président de séance.
 */
export function requiredBlankProxyDesignator(f: BlankProxyFacts): BlankProxyDesignator {
  if (f.conseil && f.presidentConseilPresent) return 'president_conseil';
  if (f.conseil && f.membreConseilPresent) return 'membre_conseil';
  return 'president_seance';
}

/** null when `role` may designate the mandataire under these facts, else the French reason. */
export function blankProxyDesignatorError(role: BlankProxyDesignator, f: BlankProxyFacts): string | null {
  const required = requiredBlankProxyDesignator(f);
  if (role === required) return null;
  return `Ce pouvoir en blanc est remis au ${BLANK_PROXY_DESIGNATOR_LABELS[required].toLowerCase()}, qui désigne le mandataire (décret du 17 mars 1967, art. 15-1).`;
}

/**
 * Whether an arrival or a departure may take effect from the vote of resolution `from`: not when a
 * resolution numbered `from` or later already has votes entered at the meeting (a vote taken is not
 * reopened by a later entry).
 */
export function movementAllowed(from: number, votedNumbers: Iterable<number>): boolean {
  for (const n of votedNumbers) if (n >= from) return false;
  return true;
}
