import type { AssembleeRegister } from '../domains/assembleeRegister.js';
import { tallyFromRecords } from './register.js';
import type { ResolutionTally, TallyRule } from './tally.js';
import { formatInt } from './typo.js';

/**
 * Every resolution's result recomputed from the register alone, with the contract's own tally
 * (`tallyFromRecords`): what the browser and the offline verifier show beside the chain's check.
 */
export interface RegisterRecount {
  ok: boolean;
  /** Why the tally could not be recomputed (a register without the charges générales key…). */
  error: string | null;
  results: (ResolutionTally & { title: string })[];
}

export function recountRegister(reg: AssembleeRegister): RegisterRecount {
  const general = reg.assemblee.general_repartition;
  if (!general)
    return {
      ok: false,
      error:
        "Le registre n'indique pas la clé des charges générales\u202f: le décompte ne peut pas être refait (loi du 10 juillet 1965, art. 22).",
      results: [],
    };
  try {
    const tallies = tallyFromRecords({
      records: reg.records,
      resolutions: reg.resolutions.map((r) => ({
        id: r.id,
        number: r.number,
        article: r.article,
        no_vote: r.no_vote,
        amended: r.amended,
        // As the server's tally: a resolution without a key has no members to count.
        repartition: r.repartition?.id ?? '',
      })),
      coproprietaires: reg.coproprietaires,
      generalRepartition: general.id,
    });
    const titles = new Map(reg.resolutions.map((r) => [r.id, r.title]));
    return {
      ok: true,
      error: null,
      results: tallies.map((t) => ({ ...t, title: titles.get(t.resolution_id) ?? '' })),
    };
  } catch (err) {
    return { ok: false, error: `Décompte impossible\u202f: ${(err as Error).message}`, results: [] };
  }
}

const RULES: Record<TallyRule, string> = {
  'ART-24': 'art. 24',
  'ART-25': 'art. 25',
  'ART-25-1': 'art. 25-1',
  'ART-26': 'art. 26',
  'ART-26-1': 'art. 26-1',
  UNANIMITE: 'unanimité',
  'ART-41-16': 'art. 41-16, syndicat de deux copropriétaires',
};

export const articleName = (article: string) =>
  article === 'UNANIMITE' ? 'unanimité' : `art. ${article.replace('ART-', '')}`;

type ResultLine = Pick<
  ResolutionTally,
  'number' | 'article' | 'decision' | 'rule' | 'total' | 'first' | 'second'
>;

/**
 * The decision in words, its rule said once: the article is in the resolution's heading, so only
 * a passerelle that decided instead is named ('adoptée (art. 25-1)').
 */
export function decisionText(t: ResultLine): string {
  if (t.decision === 'no_vote') return 'sans vote';
  const word = t.decision === 'adopted' ? 'adoptée' : 'rejetée';
  const rule = t.rule ? RULES[t.rule] : null;
  return rule && rule !== articleName(t.article) ? `${word} (${rule})` : word;
}

/** The voix of the deciding vote: '500 voix pour, 250 contre, 0 en abstention, sur 1 000 voix'. */
export function countsText(t: ResultLine): string | null {
  const c = t.second ?? t.first;
  if (!c) return null;
  return `${formatInt(c.agree.tantiemes)} voix pour, ${formatInt(c.disagree.tantiemes)} contre, ${formatInt(c.abstain.tantiemes)} en abstention, sur ${formatInt(t.total.tantiemes)} voix`;
}

/** One line per resolution: its article, the decision and the voix for, against and abstaining. */
export function describeResult(t: ResultLine): string {
  const head = `Résolution n° ${t.number} (${articleName(t.article)})`;
  const counts = countsText(t);
  return `${head}\u202f: ${decisionText(t)}${counts ? ` – ${counts}` : ''}.`;
}

export function describeRecount(r: RegisterRecount): string[] {
  if (!r.ok) return [r.error ?? 'Décompte impossible.'];
  return ['Résultats recalculés à partir du registre seul\u202f:', ...r.results.map(describeResult)];
}
