/**
 * The words and the channel of each step. A reminder is a notification in the app (and its e-mail
 * or push as the co-owner's settings ask). The mise en demeure and the acceleration of art. 19-2
 * are notifications in the sense of art. 42-1: a lettre recommandée électronique unless the
 * co-owner asked for the post (rules/notificationChannel.ts), with the mention of that right.
 */
import {
  ART_19_2_DELAY_DAYS,
  formatCents,
  formatDate,
  notificationChannel,
  POSTAL_RIGHT_MENTION,
  type RecouvrementStep,
} from '@tantieme/contract';
import type { Executor } from '../../db/client.js';
import type { OutboxRow } from '../../outbox/handlers.js';
import type { LreAdapter } from '../../platform/lre/types.js';
import type * as repo from './recouvrement.repo.js';
import { addressOf, relanceById, updateRelance } from './recouvrement.repo.js';

type Address = NonNullable<Awaited<ReturnType<typeof repo.addressOf>>>;

export function letterChannel(step: RecouvrementStep, a: Address, at: Date) {
  if (step === 'relance') return { channel: 'app' as const, email: null };
  const { channel } = notificationChannel({ email: a.owner.email ?? null, requests: a.requests, at });
  return { channel, email: channel === 'lre' ? (a.owner.email ?? null) : null };
}

export function stepText(
  step: RecouvrementStep,
  grade: number,
  dueCents: number,
  since: string,
  feeCents: number,
  /** The mise en demeure's detail of the sums claimed (rules/miseEnDemeure.ts). */
  detail = '',
) {
  const amount = formatCents(dueCents);
  const fee =
    feeCents > 0
      ? ` Des frais de ${formatCents(feeCents)} vous sont imputés (loi du 10 juillet 1965, art. 10-1).`
      : '';
  const anticipated = (cents: number) =>
    `${formatCents(cents)} de provisions de l'exercice, non encore échues, deviennent immédiatement exigibles et sont portées à votre compte.`;
  if (step === 'relance')
    return {
      title: `Relance n°\u00a0${grade}\u202f: appels de fonds impayés`,
      body: `Votre compte présente un solde impayé de ${amount}, échu depuis le ${formatDate(since)}. Merci de le régler dès que possible.${fee}`,
      anticipated,
    };
  if (step === 'mise_en_demeure')
    return {
      title: 'Mise en demeure de payer',
      body: `Malgré nos relances, votre compte présente un solde impayé de ${amount}, échu depuis le ${formatDate(since)}. Nous vous mettons en demeure de le régler. ${detail}${fee} ${POSTAL_RIGHT_MENTION}`,
      anticipated,
    };
  return {
    title: 'Exigibilité anticipée des provisions (art. 19-2)',
    body: `La mise en demeure qui vous a été adressée est restée sans effet pendant plus de ${ART_19_2_DELAY_DAYS} jours. Conformément à l'article 19-2 de la loi du 10 juillet 1965, votre impayé de ${amount} est augmenté des provisions non encore échues.`,
    anticipated,
  };
}

/**
 * Deposits a letter of recovery with the LRE provider: the outbox's `lre-letter` kind, queued by
 * the step's transaction, tried at once after its commit and retried by the worker. A failure is
 * kept on the letter's row and thrown (to retry); a letter deposited is never sent again.
 */
export async function depositLetter(
  deps: { db: Executor; lre: LreAdapter },
  msg: Pick<OutboxRow, 'recipient' | 'subject' | 'body'>,
) {
  const row = await relanceById(deps.db, msg.recipient);
  if (!row || row.sending_id) return;
  const address = await addressOf(deps.db, row.coproprietaire_id);
  const email = address?.owner.email;
  if (!address || !email) throw new Error('letter without an e-mail address');
  try {
    const dep = await deps.lre.send({
      reference: `relance/${row.id}`,
      to: {
        email,
        first_name: address.owner.first_name,
        last_name: address.owner.last_name ?? address.owner.display_name,
        company: address.owner.company,
      },
      subject: msg.subject ?? '',
      content: msg.body,
      attachment: null,
    });
    await updateRelance(deps.db, row.id, { sending_id: dep.sending_id, error: null });
  } catch (e) {
    await updateRelance(deps.db, row.id, { error: e instanceof Error ? e.message.slice(0, 500) : String(e) });
    throw e;
  }
}
