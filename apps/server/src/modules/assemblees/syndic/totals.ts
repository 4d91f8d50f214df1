import type { Data } from './common.js';

const n = (v: number) => String(v).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

/**
 * The participants must be every co-owner of the syndicat (of the key, for special charges): the
 * base of art. 25 and 26 is all of them (loi du 10 juillet 1965, art. 25, 26), and each one must be
 * convened (décret du 17 mars 1967, art. 7, 9). So for the charges générales key and every key a
 * resolution votes with, the participants' tantièmes (declared, else their lots') must add up to the
 * key's declared total; the difference is named. Keys whose references failed are left to their own
 * errors.
 */
export function participantsAgainstKeys(
  d: Data,
  reps: Map<string, string>,
  repTotal: Map<string, number>,
  owners: Map<string, string>,
  fromLots: Map<string, Record<string, number>>,
): [string, string][] {
  const keys = [
    ...new Set([
      d.general_repartition,
      ...d.resolutions.flatMap((r) => (r.repartition && !r.no_vote ? [r.repartition] : [])),
    ]),
  ];
  const out: [string, string][] = [];
  for (const ext of keys) {
    const id = reps.get(ext);
    const total = id ? repTotal.get(id) : undefined;
    if (!id || total === undefined) continue;
    let sum = 0;
    for (const p of d.participants) {
      const oid = owners.get(p.coproprietaire);
      sum += p.tantiemes ? (p.tantiemes[ext] ?? 0) : oid ? (fromLots.get(oid)?.[id] ?? 0) : 0;
    }
    if (sum === total) continue;
    const gap = sum < total ? `il en manque ${n(total - sum)}` : `${n(sum - total)} de trop`;
    out.push([
      'participants',
      `Les participants détiennent ${n(sum)} tantièmes de la clé ${ext} sur ${n(total)} déclarés\u202f: ${gap}. Tous les copropriétaires sont convoqués et comptent pour les articles 25 et 26.`,
    ]);
  }
  return out;
}
