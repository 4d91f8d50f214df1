import { type Bureau, bureauFromRecords } from '@tantieme/contract';
import type { Q } from './assemblees.repo.js';
import { bureauRecords, syndicOfCopro } from './bureau.repo.js';

/**
 * The bureau of an assembly (décret du 17 mars 1967, art. 15) as its register records it: the
 * président de séance, the secrétaire (the syndic, by name and without a co-owner's id, unless the
 * assembly designated another) and the scrutateurs. `id` is the co-owner's id of a participant,
 * null for a mandataire from outside or the syndic. The procès-verbal is signed by them (art. 17).
 */
export async function bureauOf(db: Q, assemblee: { id: string; copropriete_id: string }): Promise<Bureau> {
  const [records, syndic] = await Promise.all([
    bureauRecords(db, assemblee.id),
    syndicOfCopro(db, assemblee.copropriete_id),
  ]);
  return bureauFromRecords(records, syndic ? { id: null, name: syndic.name } : null);
}
