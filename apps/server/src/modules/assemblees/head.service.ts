import {
  CHAIN_GENESIS,
  encodeHead,
  formatParisDate,
  formatParisTime,
  type SignedHead,
} from '@tantieme/contract';
import type { SenderJson } from '../../db/schema/index.js';
import type { AssembleeSigner } from '../../platform/signing.js';
import { type NotifyDeps, stageNotification } from '../notifications/notify.js';
import * as repo from './assemblees.repo.js';
import { insertHead } from './register.repo.js';

/**
 * Signs the assembly's chain head as it stands and keeps it. The caller holds the assembly row lock
 * (repo.lockAssemblee) in `tx`, so no record slips in between the read and the signature.
 */
export async function issueHead(
  tx: repo.Tx,
  signer: AssembleeSigner,
  assembleeId: string,
  event: 'vote_closed' | 'ended',
  now = new Date(),
): Promise<SignedHead> {
  const last = await repo.lastRecord(tx, assembleeId);
  const head = signer.sign({
    assemblee_id: assembleeId,
    event,
    count: last?.seq ?? 0,
    digest: last?.digest ?? CHAIN_GENESIS,
    signed_at: now.toISOString(),
  });
  await insertHead(tx, { ...head, signed_at: now });
  return head;
}

const plural = (n: number) => `${n} enregistrement${n > 1 ? 's' : ''}`;

/** What the participant keeps: the count, the digest and the pasteable signed token. */
export function headText(head: SignedHead): string {
  const when = `${formatParisDate(head.signed_at)} à ${formatParisTime(head.signed_at)}`;
  return `Registre de l'assemblée arrêté le ${when}\u202f: ${plural(head.count)}, dernière empreinte ${head.digest}. Tête signée par le serveur (à conserver pour vérifier le registre)\u202f: ${encodeHead(head)}`;
}

/**
 * Sends the signed head to every participant with the notification of the event (the vote closed, the
 * assembly ended): what they hold then contradicts any later rewrite or truncation of the register.
 */
export async function notifySignedHead(
  tx: repo.Tx,
  deps: NotifyDeps,
  o: { assemblee: { id: string; name: string }; head: SignedHead; sender?: SenderJson },
) {
  const participants = await repo.listParticipants(tx, o.assemblee.id);
  if (participants.length === 0) return async () => {};
  const closed = o.head.event === 'vote_closed';
  const staged = await stageNotification(
    tx,
    deps,
    { coproprietaireIds: participants.map((p) => p.coproprietaire.id) },
    {
      title: closed
        ? `Vote clos\u202f: ${o.assemblee.name}`
        : `Assemblée terminée\u202f: ${o.assemblee.name}`,
      body: `${closed ? 'Le vote par correspondance est clos, la séance commence.' : "L'assemblée générale est terminée."} ${headText(o.head)}`,
      type: 'ASSEMBLEE',
      url: `/{id}/assemblee/${o.assemblee.id}`,
      data: { head: o.head },
      ...(o.sender ? { sender: o.sender } : {}),
    },
  );
  return staged.afterCommit;
}
