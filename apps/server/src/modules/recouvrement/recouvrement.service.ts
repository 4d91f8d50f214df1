/**
 * Recovering unpaid charges (decision 214): the debtors of a building by age of debt, and the
 * steps the syndic sends them — reminders, the mise en demeure through the channel of art. 42-1,
 * the acceleration of art. 19-2 — each once per debt, each told to the co-owner, each cost of
 * art. 10-1 charged to them alone (rules/recouvrement.ts).
 */
import {
  ageBuckets,
  chargeableFee,
  DEFAULT_RECOUVREMENT,
  debtKindOf,
  dueStep,
  estimatedPostalPresentation,
  miseEnDemeureDetail,
  miseEnDemeureText,
  parisDate,
  type RecouvrementSettings,
  type RecouvrementStep,
  settingsFieldErrors,
} from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { deliverNow } from '../../outbox/worker.js';
import { enqueue, LRE_LETTER } from '../../platform/outbox.js';
import { yearCovering } from '../bank/bank.service.js';
import { postIn } from '../journal/journal.service.js';
import { stageNotification } from '../notifications/notify.js';
import * as payments from '../payments/statement-writes.js';
import { anticipate, provisionsToCome } from './anticipation.js';
import { depositLetter, letterChannel, stepText } from './letter.js';
import { letterFileName, renderLetter } from './letter.pdf.js';
import { refreshPresentations, sentStep } from './presentation.js';
import * as repo from './recouvrement.repo.js';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { status: 400, errors: { [field]: message } });
const conflict = (message: string) => new AppError('CONFLICT', message, { status: 409 });

export async function settings(db: Db, coproprieteId: string): Promise<RecouvrementSettings> {
  const row = await repo.settingsOf(db, coproprieteId);
  return row
    ? {
        reminderDays: row.reminder_days,
        miseEnDemeureDays: row.mise_en_demeure_days,
        miseEnDemeureFeeCents: row.mise_en_demeure_fee_cents,
        relanceFeeCents: row.relance_fee_cents,
      }
    : DEFAULT_RECOUVREMENT;
}

export const settingsBody = (s: RecouvrementSettings) => ({
  reminder_days: s.reminderDays,
  mise_en_demeure_days: s.miseEnDemeureDays,
  mise_en_demeure_fee_cents: s.miseEnDemeureFeeCents,
  relance_fee_cents: s.relanceFeeCents,
});

export async function saveSettings(db: Db, coproprieteId: string, s: RecouvrementSettings) {
  const errors = settingsFieldErrors(s);
  if (errors.length) {
    // Each wrong field named (its first message), nothing written.
    const fields: Record<string, string> = {};
    for (const [field, message] of errors) fields[field] ??= message;
    throw new AppError('VALIDATION_ERROR', errors[0]![1], { status: 400, errors: fields });
  }
  await repo.saveSettings(db, {
    copropriete_id: coproprieteId,
    reminder_days: s.reminderDays,
    mise_en_demeure_days: s.miseEnDemeureDays,
    mise_en_demeure_fee_cents: s.miseEnDemeureFeeCents,
    relance_fee_cents: s.relanceFeeCents,
  });
  return settingsBody(s);
}

const presentStep = (r: repo.RelanceRow) => ({
  id: r.id,
  step: r.step,
  grade: r.grade,
  date: String(r.date),
  amount_due_cents: r.amount_due_cents,
  fee_cents: r.fee_cents,
  channel: r.channel,
  presented: r.first_presented_at ? parisDate(r.first_presented_at) : null,
});

/** The building's debtors on `today`: what each owes by age, the steps sent for their debt, the one due. */
export async function debtors(app: FastifyInstance, coproprieteId: string, today: string) {
  const db = app.db;
  await refreshPresentations(app, coproprieteId);
  const s = await settings(db, coproprieteId);
  const debits = await repo.dueDebits(db, coproprieteId, today);
  const byOwner = new Map<string, typeof debits>();
  for (const d of debits) byOwner.set(d.coproprietaire_id, [...(byOwner.get(d.coproprietaire_id) ?? []), d]);
  const steps = await repo.relancesOf(db, coproprieteId, [...byOwner.keys()]);
  const all = debits.map((d) => ({ date: String(d.date), remainingCents: d.remaining_cents }));
  const list = [...byOwner].map(([id, ds]) => {
    const since = String(ds[0]!.date);
    const sent = steps.filter((x) => x.coproprietaire_id === id && String(x.debt_since) === since);
    const due = dueStep(since, today, sent.map(sentStep), s);
    return {
      id,
      name: ds[0]!.name,
      due_cents: ds.reduce((t, d) => t + d.remaining_cents, 0),
      oldest_due_date: since,
      age_days: Math.round((Date.parse(today) - Date.parse(since)) / 86_400_000),
      buckets: ageBuckets(
        ds.map((d) => ({ date: String(d.date), remainingCents: d.remaining_cents })),
        today,
      ),
      steps: sent.map(presentStep),
      due_step: due?.step ?? null,
    };
  });
  list.sort((a, b) => b.age_days - a.age_days || b.due_cents - a.due_cents);
  return { settings: settingsBody(s), totals: ageBuckets(all, today), debtors: list };
}

const FEE_NAME: Record<RecouvrementStep, string> = {
  relance: 'Frais de relance après mise en demeure (art. 10-1)',
  mise_en_demeure: 'Frais de mise en demeure (art. 10-1)',
  exigibilite: '',
};

/**
 * Sends `step` to a debtor: a reminder at any time, the mise en demeure once per debt, the
 * acceleration of art. 19-2 only thirty days after an unanswered mise en demeure.
 */
export async function send(
  app: FastifyInstance,
  input: {
    coproprieteId: string;
    ownerId: string;
    step: RecouvrementStep;
    userId: string | null;
    today: string;
  },
) {
  const db = app.db;
  const { coproprieteId, ownerId, step, today } = input;
  const debits = await repo.dueDebits(db, coproprieteId, today, ownerId);
  if (!debits.length) throw conflict("Ce copropriétaire n'a pas d'impayé.");
  const since = String(debits[0]!.date);
  const due = debits.reduce((t, d) => t + d.remaining_cents, 0);
  const sent = (await repo.relancesOf(db, coproprieteId, [ownerId])).filter(
    (r) => String(r.debt_since) === since,
  );
  const med = sent.find((r) => r.step === 'mise_en_demeure');
  const s = await settings(db, coproprieteId);
  if (step === 'mise_en_demeure' && med)
    throw conflict('La mise en demeure de cet impayé a déjà été envoyée.');
  if (step === 'exigibilite') {
    await refreshPresentations(app, coproprieteId);
    const fresh = (await repo.relancesOf(db, coproprieteId, [ownerId])).filter(
      (r) => String(r.debt_since) === since,
    );
    const next = dueStep(since, today, fresh.map(sentStep), s);
    if (next?.step !== 'exigibilite')
      throw conflict(
        med
          ? "L'exigibilité anticipée suit de trente jours la première présentation de la mise en demeure restée sans effet (art. 19-2)."
          : "L'exigibilité anticipée suppose une mise en demeure restée sans effet (art. 19-2).",
      );
  }
  const year = await yearCovering(db, coproprieteId, today);
  if (!year) throw invalid('date', "Aucun exercice ne couvre la date d'aujourd'hui.");
  const grade = sent.filter((r) => r.step === step).length + 1;
  const fee = chargeableFee(step, Boolean(med), s);
  const address = await repo.addressOf(db, ownerId);
  if (!address) throw new AppError('NOT_FOUND');
  const now = new Date();
  const channel = letterChannel(step, address, now);
  const detail =
    step === 'mise_en_demeure'
      ? miseEnDemeureText(
          miseEnDemeureDetail(
            debits.map((d) => ({
              name: d.line_name,
              date: String(d.date),
              remainingCents: d.remaining_cents,
              kind: debtKindOf(d.bill_type),
            })),
            await provisionsToCome(db, { coproprieteId, year, ownerId, today }),
            String(year.start_date),
          ),
        )
      : '';
  const text = stepText(step, grade, due, since, fee, detail);
  const out = await db.transaction(async (tx) => {
    const row = await repo.insertRelance(tx, {
      copropriete_id: coproprieteId,
      coproprietaire_id: ownerId,
      step,
      grade,
      debt_since: since,
      date: today,
      amount_due_cents: due,
      fee_cents: fee,
      channel: channel.channel,
      // The post's presentation is estimated as for a convocation; the LRE's is read from its proof.
      first_presented_at: channel.channel === 'postal' ? estimatedPostalPresentation(now) : null,
      created_by: input.userId,
    });
    if (!row) throw conflict("Cette relance vient d'être envoyée.");
    if (fee > 0) {
      const line = await payments.insertLedgerLine(tx, {
        coproprietaire_id: ownerId,
        copropriete_id: coproprieteId,
        name: FEE_NAME[step],
        date: today,
        amount_cents: fee,
        remaining_cents: fee,
        amount_type: 'debit',
        bill_type: 'other',
      });
      const posted = await postIn(tx, {
        coproprieteId,
        financialYearId: year.id,
        ecriture: {
          date: today,
          libelle: FEE_NAME[step],
          piece: `relance:${row.id}`,
          source: 'manuel',
          lines: [
            { account: '450', coproprietaireId: ownerId, debit: fee, credit: 0 },
            { account: '716', debit: 0, credit: fee },
          ],
        },
        ledgerLineIds: [line.id, null],
      });
      await repo.updateRelance(tx, row.id, { fee_ledger_line_id: line.id, ecriture_id: posted.id });
    }
    const anticipated =
      step === 'exigibilite'
        ? await anticipate(tx, { coproprieteId, year, ownerId, relanceId: row.id, today })
        : 0;
    const body = anticipated > 0 ? `${text.body} ${text.anticipated(anticipated)}` : text.body;
    if (step !== 'relance') await repo.updateRelance(tx, row.id, { letter: body });
    const staged = await stageNotification(
      tx,
      { db: app.db, realtime: app.realtime, config: app.config },
      { coproprietaireId: ownerId },
      { title: text.title, body, type: 'PAIEMENT', url: '/{id}/facture-v2', data: { relance_id: row.id } },
    );
    const letter =
      channel.channel === 'lre' && channel.email
        ? await enqueue(
            tx,
            { channel: LRE_LETTER, recipient: row.id, subject: text.title, body },
            { production: app.config.env === 'production' },
          )
        : null;
    return { row, staged, letter };
  });
  await out.staged.afterCommit();
  if (out.letter)
    await deliverNow(app.db, [out.letter], {
      [LRE_LETTER]: (r) => depositLetter({ db: app.db, lre: app.platform.lre }, r),
    });
  return presentStep((await repo.relanceById(app.db, out.row.id)) ?? out.row);
}

/** The PDF of a letter sent in the building, stored, behind a short-lived signed URL. */
export async function letterPdf(app: FastifyInstance, coproprieteId: string, relanceId: string) {
  const l = await repo.letterOf(app.db, coproprieteId, relanceId);
  if (!l?.letter) throw invalid('relance_id', 'Aucune lettre de cette démarche dans cet immeuble.');
  const key = `coproprietes/${coproprieteId}/relances/${l.id}/lettre.pdf`;
  await app.platform.storage.put(key, await renderLetter(l), 'application/pdf');
  const name = letterFileName(l);
  return { url: await app.platform.storage.signedGetUrl(key, 600, { download: name }), name };
}
