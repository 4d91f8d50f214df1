import type { RegisterParticipant } from '@tantieme/contract';
import * as repo from './assemblees.repo.js';

/**
 * The syndicat as both entrances count it: every co-owner of the building with their tantièmes, and
 * how each took part according to the register. The register, the minutes, the proxy limits, the
 * session entry and the syndic's tally and attendance sheet read it here, so they cannot disagree.
 */

/**
 * Every co-owner of the syndicat with their tantièmes per repartition id: the participants' as fixed
 * at publication, everyone else's from their lots. Art. 25 and 26 count against all of them, listed
 * or not (loi art. 25, 26).
 */
export function syndicatOwners(
  parts: { coproprietaire_id: string; tantiemes: Record<string, number> | null }[],
  fromLots: Map<string, Record<string, number>>,
) {
  const out = new Map<string, Record<string, number>>(fromLots);
  for (const p of parts) out.set(p.coproprietaire_id, p.tantiemes ?? fromLots.get(p.coproprietaire_id) ?? {});
  return [...out].map(([id, tantiemes]) => ({ id, tantiemes }));
}

/** The syndicat of an assembly (syndicatOwners), read in two set-based queries. */
export async function loadSyndicat(db: repo.Q, ag: { id: string; copropriete_id: string }) {
  const [parts, fromLots] = await Promise.all([
    repo.listParticipants(db, ag.id),
    repo.coproTantiemes(db, ag.copropriete_id),
  ]);
  return {
    parts,
    owners: syndicatOwners(
      parts.map((p) => ({ coproprietaire_id: p.coproprietaire.id, tantiemes: p.participant.tantiemes })),
      fromLots,
    ),
  };
}

/**
 * How a co-owner took part according to the register, and who represents them when represented
 * (loi art. 22 I): the attendance sheet's line, for the PDF and for the syndic API alike.
 */
export function takingPart(state: Map<string, RegisterParticipant>, coproprietaireId: string) {
  const st = state.get(coproprietaireId);
  const m = st?.attendance === 'represented' ? st.mandataire : null;
  return {
    attendance: st?.attendance ?? null,
    mandataire: m
      ? {
          coproprietaire_id: typeof m.coproprietaire_id === 'string' ? m.coproprietaire_id : null,
          name: String(m.name ?? ''),
        }
      : null,
  };
}
