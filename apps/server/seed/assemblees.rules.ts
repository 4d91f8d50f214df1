import { addDays } from './clock.js';
import type { StoredFile } from './context.js';
import { type CoproInfo, type OwnerInfo, ownerTantiemes } from './copro.js';
import { frWeekday } from './format.js';

/** What the demo's assemblies decide on: items, majorities, dates, and the tally of a vote. */

export type Choice = 'agree' | 'disagree' | 'abstain';

export interface ResolutionDef {
  title: string;
  article: 'ART-24' | 'ART-25' | 'ART-26';
  no_vote?: boolean;
  rep?: string;
  preamble?: string;
  content: string;
  /** Past meeting: who voted against / abstained (owner keys); the other present owners agreed. */
  disagree?: string[];
  abstain?: string[];
  attachment?: StoredFile;
}

export const LOCATION =
  'dans la salle de réunion du Cabinet Lefèvre Immobilier, 24 rue de la République, 69002 Lyon, avec possibilité de participer par visioconférence';

/** Moves a date to the next Tuesday or Thursday (a usual evening for an assembly). */
export function meetingDay(iso: string): string {
  let d = iso;
  for (let i = 0; i < 7; i++) {
    const wd = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (wd === 2 || wd === 4) return d;
    d = addDays(d, 1);
  }
  return d;
}

export const dayName = frWeekday;

/**
 * The last day of the online vote for a meeting day: the day `correspondenceDeadline` ends
 * (23:59 four days before, three clear days; décret du 17 mars 1967, art. 9 bis), which every
 * text of the demo quotes.
 */
export const voteUntilDay = (meetingDay: string) => addDays(meetingDay, -4);

/** Dates of the demo meetings: the annual one about five months ago, the next one in about three weeks. */
export function assembleeDates(today: string) {
  // The convocation went out three days ago: at least 21 days before the meeting (article 9 du décret de 1967).
  return {
    past: meetingDay(addDays(today, -152)),
    next: meetingDay(addDays(today, 21)),
    sent: addDays(today, -3),
  };
}

export const MAJORITY: Record<string, string> = {
  'ART-24':
    'majorité des voix exprimées des copropriétaires présents, représentés ou ayant voté par correspondance (article 24)',
  'ART-25': 'majorité des voix de tous les copropriétaires (article 25)',
  'ART-26': 'majorité des membres du syndicat représentant au moins les deux tiers des voix (article 26)',
};

/** Who agreed, disagreed or abstained among `present`, in tantièmes of the general charges, and the outcome. */
export function tally(copro: CoproInfo, r: ResolutionDef, present: OwnerInfo[]) {
  const cg = copro.rep('CG');
  const t = { agree: 0, disagree: 0, abstain: 0, agreeCount: 0 };
  const choices = new Map<OwnerInfo, Choice>();
  for (const o of present) {
    const c: Choice = r.disagree?.includes(o.key)
      ? 'disagree'
      : r.abstain?.includes(o.key)
        ? 'abstain'
        : 'agree';
    choices.set(o, c);
    t[c] += ownerTantiemes(o, cg);
    if (c === 'agree') t.agreeCount += 1;
  }
  let adopted: boolean;
  if (r.article === 'ART-24') adopted = t.agree > t.disagree;
  else if (r.article === 'ART-25') adopted = t.agree > cg.total / 2;
  else adopted = t.agreeCount > copro.owners.length / 2 && t.agree >= (cg.total * 2) / 3;
  return { ...t, adopted, choices };
}
