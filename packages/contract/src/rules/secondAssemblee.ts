/**
 * Loi n° 65-557 du 10 juillet 1965, art. 25-1, second alinéa, for energy-saving works (art. 25 f):
 * "Lorsque le projet n'a pas recueilli au moins le tiers des voix de tous les copropriétaires, une
 * nouvelle assemblée générale, si elle est convoquée dans le délai maximal de trois mois, peut
 * statuer à la majorité de l'article 24." (text found with the search tool as it stood before
 * 2019, informationsrapidesdelacopropriete.fr n° 633; its restoration for the works of art. 25 f by
 * loi n° 2024-322 is taken from the issue, the search tool not holding the 2024 text.)
 *
 * The three months run from the first assembly's meeting to the new assembly's convocation
 * (calendar months, Paris dates). Integer arithmetic: `agree * 3 < total`.
 */
import { ENERGY_WORKS } from './decisionTypes.js';

export interface FirstVote {
  article: string;
  nature: string | null;
  /** The first assembly has been held and closed. */
  held: boolean;
  /** The day of its meeting (Paris, YYYY-MM-DD). */
  meetingDay: string;
  /** Voix for at its first vote, and all the voix of the key (art. 25 counts against all). */
  agree: number;
  total: number;
}

/** The Paris day three calendar months after `day`, the last day of the month when it has fewer days. */
export function threeMonthsAfter(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const month = m - 1 + 3;
  const year = y + Math.floor(month / 12);
  const mm = month % 12;
  const last = new Date(Date.UTC(year, mm + 1, 0)).getUTCDate();
  return `${year}-${String(mm + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * Null when the new assembly may decide at art. 24 on the project of `first`, else why not (French).
 * `article`: the article the new resolution is put to; `convenedDay`: the Paris day of its convocation.
 */
export function secondAssembleeRefusal(
  first: FirstVote,
  article: string,
  convenedDay: string,
): string | null {
  const law = '(loi du 10 juillet 1965, art. 25-1, 2e alinéa)';
  if (first.article !== 'ART-25' || first.nature !== ENERGY_WORKS)
    return `La résolution suivie n'est pas un vote de l'article 25 sur des travaux d'économie d'énergie (art. 25 f) ${law}.`;
  if (!first.held) return `La première assemblée n'est pas encore tenue et close ${law}.`;
  if (first.agree * 3 >= first.total)
    return `Le projet a recueilli au moins le tiers des voix\u202f: le second vote se faisait dans la même assemblée (art. 25-1, 1er alinéa).`;
  if (convenedDay < first.meetingDay)
    return `La nouvelle assemblée est convoquée avant la tenue de la première (le ${first.meetingDay}) ${law}.`;
  if (convenedDay > threeMonthsAfter(first.meetingDay))
    return `La nouvelle assemblée est convoquée plus de trois mois après la première (le ${first.meetingDay}) ${law}.`;
  if (article !== 'ART-24')
    return `La nouvelle assemblée statue à la majorité de l'article 24 (ART-24) ${law}.`;
  return null;
}
