import { addDays, formatCents, formatDate, POSTAL_RIGHT_MENTION } from '@tantieme/contract';
import { notifications, recouvrementSettings, relances } from '../src/db/schema/index.js';
import { newId, type SeedContext } from './context.js';
import type { LedgerEntry } from './finances.js';
import { notificationRow } from './builders/inbox.js';

/**
 * Recovery in the demo building: the syndic's delays (reminders at 15 and 30 days, mise en demeure
 * at 45, 45 € of fees from the mise en demeure), a co-owner reminded once and one put on notice by
 * lettre recommandée électronique, each told in their notifications.
 */
export function seedRecouvrement(
  ctx: SeedContext,
  o: { coproprieteId: string; debtors: { ownerId: string; ledger: LedgerEntry[] }[] },
) {
  const { clock } = ctx;
  ctx.rows.add(recouvrementSettings, {
    copropriete_id: o.coproprieteId,
    reminder_days: [15, 30],
    mise_en_demeure_days: 45,
    mise_en_demeure_fee_cents: 4500,
    relance_fee_cents: 1500,
  });
  const open = o.debtors
    .map((d) => ({
      ...d,
      due: d.ledger.filter((e) => e.type === 'debit' && e.remaining > 0 && e.date <= clock.today),
    }))
    .filter((d) => d.due.length > 0);
  const steps = [
    {
      step: 'relance' as const,
      channel: 'app' as const,
      fee: 0,
      title: 'Relance n°\u00a01\u202f: appels de fonds impayés',
    },
    { step: 'mise_en_demeure' as const, channel: 'lre' as const, fee: 0, title: 'Mise en demeure de payer' },
  ];
  open.slice(0, 2).forEach((d, i) => {
    const s = steps[i]!;
    const since = d.due[0]!.date;
    const amount = d.due.reduce((t, e) => t + e.remaining, 0);
    const date = addDays(clock.today, -3 - i * 4);
    const at = clock.past(clock.paris(date, '09:30'));
    ctx.rows.add(relances, {
      id: newId(),
      copropriete_id: o.coproprieteId,
      coproprietaire_id: d.ownerId,
      step: s.step,
      grade: 1,
      debt_since: since,
      date,
      amount_due_cents: amount,
      fee_cents: s.fee,
      channel: s.channel,
      sending_id: s.channel === 'lre' ? `lre-demo-${i + 1}` : null,
      created_at: at,
    });
    const body =
      s.step === 'relance'
        ? `Votre compte présente un solde impayé de ${formatCents(amount)}, échu depuis le ${formatDate(since)}. Merci de le régler dès que possible.`
        : `Malgré nos relances, votre compte présente un solde impayé de ${formatCents(amount)}, échu depuis le ${formatDate(since)}. Nous vous mettons en demeure de le régler. À défaut de paiement dans un délai de 30 jours, les autres provisions non encore échues du budget prévisionnel et des travaux de l'exercice deviendront immédiatement exigibles (loi du 10 juillet 1965, art. 19-2). ${POSTAL_RIGHT_MENTION}`;
    ctx.rows.add(
      notifications,
      notificationRow({
        id: newId(),
        coproprietaire_id: d.ownerId,
        title: s.title,
        body,
        type: 'PAIEMENT',
        data: { url: `/${d.ownerId}/facture-v2` },
        created_date: at,
      }),
    );
  });
}
