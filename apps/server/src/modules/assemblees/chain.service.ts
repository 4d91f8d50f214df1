import type { Db } from '../../db/client.js';
import type { OwnedRecord } from '../access/access.service.js';
import * as repo from './assemblees.repo.js';
import { participation } from './assemblees.service.js';
import { verifyChain } from './chain.js';

/** The published chain (no personal data: digests and times), the caller's digests, and its check. */
export async function getChain(db: Db, record: OwnedRecord, assembleeId: string) {
  await participation(db, record, assembleeId);
  const records = await repo.listRecords(db, assembleeId);
  return {
    links: records.map((r) => ({
      seq: r.seq,
      kind: r.kind as 'ballot' | 'signature' | 'attendance' | 'session_vote',
      digest: r.digest,
      prev_digest: r.prev_digest,
      created_at: r.created_at.toISOString(),
      current: r.current,
    })),
    mine: records.filter((r) => r.coproprietaire_id === record.coproprietaire.id).map((r) => r.digest),
    check: await verifyChain(records),
  };
}

/** Verifies an assembly's chain (admin command and syndic API). */
export async function checkChain(db: Db, assembleeId: string) {
  return await verifyChain(await repo.listRecords(db, assembleeId));
}

/** The admin command's report: every assembly's chain (or one), with its first broken link. */
export async function chainReport(db: Db, assembleeId?: string) {
  const ags = await repo.listAssembleesForReport(db, assembleeId);
  const out = [];
  for (const ag of ags)
    out.push({ id: ag.id, name: ag.name, year: ag.year, ...(await checkChain(db, ag.id)) });
  return out;
}

export function formatChainReport(report: Awaited<ReturnType<typeof chainReport>>): string {
  return report
    .map((r) =>
      r.ok
        ? `OK      ${r.id}  ${r.name} ${r.year} : ${r.length} enregistrement(s), chaîne intègre.`
        : `ROMPUE  ${r.id}  ${r.name} ${r.year} : premier maillon rompu n° ${r.first_broken?.seq} (${
            {
              digest: 'contenu modifié',
              link: 'lien vers le précédent modifié',
              sequence: 'numérotation',
              current: 'bulletin courant incohérent',
            }[r.first_broken?.reason ?? 'digest']
          }), sur ${r.length}.`,
    )
    .join('\n');
}
