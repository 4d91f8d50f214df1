import {
  checkProxies,
  formatInt,
  MAX_DELEGATIONS,
  type MandataireExclusion,
  type ProxyDelegation,
  registerState,
} from '@tantieme/contract';
import { AppError } from '../../http/errors.js';
import { loadSyndicat } from './syndicat.js';
import * as repo from './assemblees.repo.js';
import * as proxiesRepo from './proxies.repo.js';
import * as registerRepo from './register.repo.js';

export interface Mandataire {
  name: string;
  coproprietaire_id: string | null;
  exclusion: MandataireExclusion | null;
}

/** How the art. 22 check tells mandataires apart: a co-owner by id, someone else by the name as written. */
export const mandataireKey = (m: { name: string; coproprietaire_id?: string | null }) =>
  m.coproprietaire_id ?? `nom:${m.name.trim().toLowerCase().replace(/\s+/g, ' ')}`;

const norm = (s: string | null | undefined) =>
  (s ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');

/**
 * Whether a named person is the syndic or one of its staff (loi art. 22 I: they may not be
 * mandataires), by name or e-mail. Their relatives cannot be known here: the proxy's text states the
 * rule to the mandant, and the syndic checks it at the meeting.
 */
export async function exclusionOf(
  db: repo.Tx,
  syndicId: string,
  p: { nom: string; prenom: string; email: string | null },
): Promise<MandataireExclusion | null> {
  const { syndic, staff } = await proxiesRepo.syndicPeople(db, syndicId);
  const names = new Set([norm(`${p.prenom} ${p.nom}`), norm(`${p.nom} ${p.prenom}`)]);
  const email = norm(p.email);
  if (syndic && (names.has(norm(syndic.name)) || (email && email === norm(syndic.email)))) return 'syndic';
  for (const s of staff) {
    const emails = [s.user_email, ...s.emails.map((e) => e.value)].map(norm);
    if (names.has(norm(`${s.first_name} ${s.last_name}`)) || (email && emails.includes(email)))
      return 'prepose';
  }
  return null;
}

/**
 * Checks with the contract's `checkProxies` (loi du 10 juillet 1965, art. 22 I) that the mandataire
 * may take this mandant's proxy besides every délégation the register already holds (given online or
 * entered by the syndic). Refused with a French message naming the mandataire and the limit.
 * Called under the assembly's row lock.
 */
export async function checkNewProxy(tx: repo.Tx, ag: repo.AssembleeRow, mandantId: string, m: Mandataire) {
  const general = ag.general_repartition_id;
  const [records, { owners }, key] = await Promise.all([
    repo.listRecords(tx, ag.id),
    loadSyndicat(tx, ag),
    registerRepo.findRepartition(tx, general),
  ]);
  const voix = new Map(owners.map((o) => [o.id, general ? (o.tantiemes[general] ?? 0) : 0]));
  const asMandataire = (x: Mandataire) => ({
    key: mandataireKey(x),
    name: x.name,
    own_voix: x.coproprietaire_id ? (voix.get(x.coproprietaire_id) ?? 0) : 0,
    exclusion: x.exclusion,
  });
  const delegations: ProxyDelegation[] = [];
  for (const [id, st] of registerState(records)) {
    if (id === mandantId || st.attendance !== 'represented' || !st.mandataire) continue;
    const held = st.mandataire as Partial<Mandataire>;
    delegations.push({
      mandant_id: id,
      voix: voix.get(id) ?? 0,
      mandataire: asMandataire({
        name: String(held.name ?? ''),
        coproprietaire_id: held.coproprietaire_id ?? null,
        exclusion: held.exclusion ?? null,
      }),
    });
  }
  const mine = asMandataire(m);
  delegations.push({ mandant_id: mandantId, voix: voix.get(mandantId) ?? 0, mandataire: mine });
  const syndicatVoix = key?.total_tantieme ?? 0;
  const error = checkProxies(delegations, syndicatVoix).find((e) => e.mandataire === mine.key);
  if (!error) return;
  const message =
    error.rule === 'delegations'
      ? `${m.name} détient déjà ${error.count - 1} pouvoirs pour cette assemblée\u202f: un mandataire ne peut en recevoir plus de ${MAX_DELEGATIONS}, sauf si ses voix et celles de ses mandants n'excèdent pas 10\u202f% des voix du syndicat (ici ${formatInt(error.voix)} sur ${formatInt(syndicatVoix)}, au-delà de ${formatInt(Math.floor(syndicatVoix / 10))}). Choisissez un autre mandataire (loi du 10 juillet 1965, art. 22 I).`
      : error.message;
  throw new AppError('VALIDATION_ERROR', message, { errors: { mandataire: message } });
}
