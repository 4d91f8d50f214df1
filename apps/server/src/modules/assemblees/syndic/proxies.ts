import {
  checkProxies,
  type ProxyDelegation,
  type RegisterParticipant,
  type sessionVotesBody,
} from '@tantieme/contract';
import type { z } from 'zod';
import { AppError } from '../../../http/errors.js';
import type { Executor, FieldErrors } from '../../syndic-api/kit/index.js';
import * as repo from './assemblees.repo.js';
import { mandataireKey } from '../proxies.limits.js';

type Body = z.output<typeof sessionVotesBody>;
type Mandataire = { name: string; coproprietaire_id: string | null; exclusion: string | null };

/** "de l'article 24", "à l'unanimité": how a message names a resolution's majority. */
export const articleLabel = (article: string) =>
  article === 'UNANIMITE' ? "à l'unanimité" : `de l'article ${article.replace('ART-', '')}`;

/** The syndicat's voix: the declared total of the charges générales key. */
export async function generalTotal(tx: Executor, general: string | null) {
  if (!general) return 0;
  const [row] = await repo.repartitionsByIds(tx, [general]);
  return row?.total_tantieme ?? 0;
}

/**
 * The délégations of the assembly once this request is applied (the request's attendance replaces
 * what the register holds for its co-owners), checked with the contract's `checkProxies` (loi art.
 * 22 I). A breach is a 400 on each entry of the request that gives one of the mandataire's
 * délégations, with the contract's French message naming the mandataire and the limit.
 */
export function checkDelegations(
  body: Body,
  state: Map<string, RegisterParticipant>,
  mandataireOf: (v: Body['votes'][number]) => Mandataire | null,
  ownerIds: Map<string, string>,
  syndicat: { id: string; tantiemes: Record<string, number> }[],
  general: string | null,
  syndicatVoix: number,
) {
  const voix = new Map(syndicat.map((o) => [o.id, general ? (o.tantiemes[general] ?? 0) : 0]));
  const finalOf = new Map<string, { mandataire: Mandataire | null; index: number | null }>();
  for (const [id, st] of state)
    if (st.attendance === 'represented')
      finalOf.set(id, { mandataire: (st.mandataire as Mandataire | null) ?? null, index: null });
  body.votes.forEach((v, index) => {
    const id = ownerIds.get(v.coproprietaire)!;
    finalOf.set(id, { mandataire: v.attendance === 'represented' ? mandataireOf(v) : null, index });
  });
  const delegations: ProxyDelegation[] = [];
  const indexOf = new Map<string, number | null>();
  for (const [id, f] of finalOf) {
    if (!f.mandataire) continue;
    const m = f.mandataire;
    delegations.push({
      mandant_id: id,
      voix: voix.get(id) ?? 0,
      mandataire: {
        key: mandataireKey(m),
        name: m.name,
        own_voix: m.coproprietaire_id ? (voix.get(m.coproprietaire_id) ?? 0) : 0,
        exclusion: (m.exclusion as ProxyDelegation['mandataire']['exclusion']) ?? null,
      },
    });
    indexOf.set(id, f.index);
  }
  const errors: FieldErrors = {};
  for (const e of checkProxies(delegations, syndicatVoix)) {
    const mine = e.mandants.map((id) => indexOf.get(id)).filter((i): i is number => i != null);
    if (mine.length === 0) errors.votes ??= e.message;
    for (const i of mine) errors[`votes.${i}.mandataire`] ??= e.message;
  }
  if (Object.keys(errors).length) throw new AppError('VALIDATION_ERROR', undefined, { errors });
}
