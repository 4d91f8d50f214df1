import {
  estimatedPostalPresentation,
  isEmail,
  notificationChannel,
  pvRecipients,
  requestInForce,
} from '@tantieme/contract';
import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { lreDepositHandler } from '../../../outbox/handlers.js';
import { deliverNow } from '../../../outbox/worker.js';
import type { LreAdapter } from '../../../platform/lre/index.js';
import { enqueue, LRE_DEPOSIT } from '../../../platform/outbox.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { pvNotificationText } from '../../../templates/index.js';
import { recordCommunication } from '../../communications/communications.service.js';
import { postalRequestsOf } from '../../settings/postal.service.js';
import * as agRepo from '../assemblees.repo.js';
import { nameOf } from '../minutes-facts.js';
import { loadMinutesFacts } from '../minutes.service.js';
import { buildPv, tallyFacts } from '../pv.js';
import { depositPvLetters } from './pv-deposit.js';
import * as pvRepo from './pv.repo.js';

export type NotifyPvDeps = { db: Db; config: Config; lre: LreAdapter; storage: StorageAdapter };

/**
 * Who the PV is notified to, with the resolutions concerned (contract `pvRecipients`): from the
 * register's tally, the opposants of either round and every défaillant, assimilated ones included.
 */
export function recipientsOf(facts: Awaited<ReturnType<typeof loadMinutesFacts>>) {
  const name = nameOf(facts);
  const numberOf = new Map(facts.resolutions.map((r) => [r.id, r]));
  return pvRecipients(
    tallyFacts(facts).map((t) => ({
      number: numberOf.get(t.resolution_id)!.number,
      no_vote: numberOf.get(t.resolution_id)!.no_vote,
      opposants: t.voters
        .filter((v) => v.vote_1 === 'disagree' || v.vote_2 === 'disagree')
        .map((v) => ({ id: v.coproprietaire_id, name: name(v.coproprietaire_id) })),
      defaillants: t.defaillants.map((d) => ({ id: d.coproprietaire_id, name: name(d.coproprietaire_id) })),
    })),
  );
}

/**
 * Notifies the sealed PV to every opposant and défaillant (loi 1965 art. 42, 2e al.; décret art.
 * 18), each through the channel of art. 42-1 at this moment: a lettre recommandée électronique,
 * deposited after the commit through the outbox's `lre-deposit` kind, or the post for who asked (or
 * without an e-mail), recorded with its foreseen first presentation until the syndic records the
 * real one. The letter, the sealed PV attached, is also in the co-owner's space. A second call
 * notifies nobody twice and retries the letters not deposited yet.
 */
export async function notifyPv(deps: NotifyPvDeps, syndicId: string, assembleeId: string) {
  const { db, config } = deps;
  let depositRow: string | null = null;
  await db.transaction(async (tx) => {
    const ag = (await agRepo.lockAssemblee(tx, assembleeId))!;
    if (!ag.pv_sealed_file_id)
      throw new AppError(
        'CONFLICT',
        "Le procès-verbal n'est pas encore signé par tout le bureau\u202f: il se notifie signé et scellé.",
        { status: 409 },
      );
    const copro = await pvRepo.coproprieteOf(tx, ag.copropriete_id);
    const facts = await loadMinutesFacts(tx, ag, copro.name);
    const recipients = recipientsOf(facts);
    const results = buildPv(facts).resolutions.map((r) => {
      const last = r.rounds.at(-1);
      return {
        number: r.number,
        title: r.title,
        decision: r.decision,
        pour: last?.pour ?? 0,
        contre: last?.contre ?? 0,
        abstentions: last?.abstentions ?? 0,
      };
    });
    const ids = recipients.map((r) => r.id);
    const [owners, requests, [sealed]] = await Promise.all([
      pvRepo.ownersWithEmail(tx, ids),
      postalRequestsOf(tx, ids),
      agRepo.findFiles(tx, [ag.pv_sealed_file_id]),
    ]);
    const byId = new Map(owners.map((o) => [o.owner.id, o]));
    const now = new Date();
    for (const r of recipients) {
      const o = byId.get(r.id);
      if (!o) continue;
      const email =
        (o.user_email && isEmail(o.user_email) ? o.user_email : null) ??
        o.owner.contacts.flatMap((c) => c.emails ?? []).find((e) => isEmail(e.value))?.value ??
        null;
      const own = requests.get(r.id) ?? [];
      const { channel } = notificationChannel({ email, requests: own, at: now });
      const row = await pvRepo.insertNotification(tx, {
        assemblee_id: ag.id,
        coproprietaire_id: r.id,
        channel,
        demande_postale_id: requestInForce(own, now)?.id ?? null,
        recipient: channel === 'lre' ? email : null,
        grounds: { opposant: r.opposant, defaillant: r.defaillant },
        pv_file_id: sealed?.id ?? null,
        ...(channel === 'postal'
          ? {
              sent_at: now,
              first_presented_at: estimatedPostalPresentation(now),
              first_presentation_source: 'estimated' as const,
            }
          : {}),
      });
      if (!row) continue;
      const { subject, text } = pvNotificationText({
        displayName: o.owner.display_name,
        assembly: ag.name,
        copropriete: copro.name,
        date: ag.date,
        results,
        opposant: r.opposant,
        defaillant: r.defaillant,
      });
      const address = o.owner.address?.full_address?.trim() ?? '';
      const communicationId = await recordCommunication(
        tx,
        {
          syndic_id: syndicId,
          copropriete_id: ag.copropriete_id,
          coproprietaire_id: r.id,
          sending_method: channel === 'lre' ? 'email' : 'postal',
          module: 'proces_verbal',
          recipient_info:
            channel === 'lre'
              ? { name: o.owner.display_name, to_addresses: [email!] }
              : { name: o.owner.display_name, sending_address: { address_1: address } },
          subject,
          content: text,
          internal_executed_date: now,
        },
        sealed ? { file_id: sealed.id, name: sealed.name } : null,
      );
      await pvRepo.updateNotification(tx, ag.id, r.id, { communication_id: communicationId });
    }
    if ((await pvRepo.undepositedPvLre(tx, ag.id)).length)
      depositRow = await enqueue(
        tx,
        { channel: LRE_DEPOSIT, recipient: ag.id, body: '' },
        { production: config.env === 'production' },
      );
  });
  if (depositRow)
    await deliverNow(db, [depositRow], {
      [LRE_DEPOSIT]: lreDepositHandler((id) => depositPvLetters(deps, id)),
    });
}

/** The first presentation of a postal letter, as the post office gives it (the syndic records it). */
export async function recordPvPresentation(
  db: Db,
  coproId: string,
  assembleeId: string,
  ownerId: string,
  at: Date,
) {
  const [owner] = await pvRepo.ownersWithEmail(db, [ownerId]);
  // Another building's co-owner is not found; one of this building not notified is a conflict.
  if (!owner || owner.owner.copropriete_id !== coproId) throw new AppError('NOT_FOUND');
  const rows = await pvRepo.notificationsOf(db, assembleeId);
  const row = rows.find((r) => r.n.coproprietaire_id === ownerId)?.n;
  if (!row)
    throw new AppError('CONFLICT', "Le procès-verbal n'a pas été notifié à ce copropriétaire.", {
      status: 409,
    });
  if (row.channel !== 'postal')
    throw new AppError(
      'CONFLICT',
      'Cette notification est électronique\u202f: sa présentation vient du prestataire.',
      {
        status: 409,
      },
    );
  if (row.sent_at && at.getTime() < row.sent_at.getTime() - 86_400_000)
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: { first_presented_at: "La première présentation ne peut précéder l'envoi." },
    });
  await pvRepo.updateNotification(db, assembleeId, ownerId, {
    first_presented_at: at,
    first_presentation_source: 'syndic',
  });
}
