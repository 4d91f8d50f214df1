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
import type { FastifyInstance } from 'fastify';
import type * as repo from './recouvrement.repo.js';
import { updateRelance } from './recouvrement.repo.js';

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

/** Deposits the letter with the LRE provider after the commit; a failure stays on the row. */
export async function deliverLetter(
  app: FastifyInstance,
  row: repo.RelanceRow,
  owner: Address['owner'],
  email: string,
  subject: string,
  content: string,
) {
  try {
    const dep = await app.platform.lre.send({
      reference: `relance/${row.id}`,
      to: {
        email,
        first_name: owner.first_name,
        last_name: owner.last_name ?? owner.display_name,
        company: owner.company,
      },
      subject,
      content,
      attachment: null,
    });
    await updateRelance(app.db, row.id, { sending_id: dep.sending_id, error: null });
    row.sending_id = dep.sending_id;
  } catch (e) {
    await updateRelance(app.db, row.id, { error: e instanceof Error ? e.message.slice(0, 500) : String(e) });
  }
}
