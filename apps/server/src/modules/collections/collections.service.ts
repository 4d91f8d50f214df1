/**
 * SEPA collections by file (decision 213): the syndic generates, for a due date, the remise of the
 * debits its co-owners' mandates allow (pain.008), uploads it to its bank, marks it taken, and
 * imports the bank's answers. A debit in a remise is a payment request 'scheduled' on the mandate:
 * the co-owner's statement shows it under way, never paid, and offers no second payment for it.
 */
import {
  collectDate,
  creditorErrors,
  endToEndId,
  formatCents,
  formatDate,
  maskIban,
  normaliseIban,
  SEPA_PRE_NOTICE_DAYS,
} from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { randomToken } from '../../lib/crypto.js';
import { yearCovering } from '../bank/bank.service.js';
import { stageNotification } from '../notifications/notify.js';
import { todayInParis } from '../payments/credit.service.js';
import * as payments from '../payments/statement-writes.js';
import { heldDebitIds } from '../payments/sepa.service.js';
import * as repo from './collections.repo.js';
import { writePain008 } from './pain008.js';

export const FILE_PROVIDER = 'fichier' as const;
const STATEMENT_URL = '/{id}/facture-v2';

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { status: 400, errors: { [field]: message } });

export interface CreditorInput {
  name: string;
  ics: string;
  iban: string;
  bic?: string | null;
}

export async function setCreditor(db: Db, coproprieteId: string, body: CreditorInput) {
  const v = { name: body.name.trim(), ics: body.ics, iban: body.iban, bic: body.bic?.trim() || null };
  const errors = creditorErrors(v);
  if (errors.length) throw invalid('creditor', errors[0]!);
  const row = await repo.saveCreditor(db, {
    copropriete_id: coproprieteId,
    name: v.name,
    ics: v.ics.replace(/\s/g, '').toUpperCase(),
    iban: normaliseIban(v.iban),
    bic: v.bic?.toUpperCase() ?? null,
  });
  return presentCreditor(row);
}

export const presentCreditor = (c: repo.CreditorRow | null) =>
  c ? { name: c.name, ics: c.ics, iban: maskIban(c.iban.slice(0, 4), c.iban.slice(-4)), bic: c.bic } : null;

/** What a remise for `dueDate` would take: per mandate, the open debits due by then and not held. */
async function plan(db: Db, coproprieteId: string, dueDate: string) {
  const mandates = await repo.fileMandates(db, coproprieteId);
  const out: {
    m: (typeof mandates)[number];
    debits: { id: string; amount: number; name: string }[];
    amount: number;
  }[] = [];
  for (const m of mandates) {
    const held = await heldDebitIds(db, m.mandate.coproprietaire_id);
    const debits = (await payments.openLines(db, m.mandate.coproprietaire_id, 'debit'))
      .filter((l) => String(l.date) <= dueDate && !held.has(l.id))
      .map((l) => ({ id: l.id, amount: l.remaining_cents, name: l.name }));
    const amount = debits.reduce((s, d) => s + d.amount, 0);
    if (amount > 0) out.push({ m, debits, amount });
  }
  return out;
}

/**
 * Generates the remise of `dueDate`: one debit per co-owner with a mandate, announced to each of
 * them (the mandate's pre-notification, decision 122), no earlier than its notice allows.
 */
export async function generate(
  app: FastifyInstance,
  coproprieteId: string,
  userId: string | null,
  dueDate: string,
  today = todayInParis(),
) {
  const db = app.db;
  const creditor = await repo.creditorOf(db, coproprieteId);
  if (!creditor)
    throw invalid('creditor', "Renseignez d'abord l'identifiant créancier SEPA et le compte du syndicat.");
  const earliest = collectDate(today, SEPA_PRE_NOTICE_DAYS);
  if (dueDate < earliest)
    throw invalid(
      'due_date',
      `Le prélèvement est annoncé ${SEPA_PRE_NOTICE_DAYS} jours avant\u202f: au plus tôt le ${formatDate(earliest)}.`,
    );
  const year = await yearCovering(db, coproprieteId, dueDate);
  if (!year) throw invalid('due_date', 'Aucun exercice ne couvre cette date.');
  const planned = await plan(db, coproprieteId, dueDate);
  if (!planned.length) throw invalid('due_date', 'Aucun appel à prélever à cette date.');
  const afterCommit: (() => Promise<void>)[] = [];
  const created = await db.transaction(async (tx) => {
    const collection = await repo.insertCollection(tx, {
      copropriete_id: coproprieteId,
      financial_year_id: year.id,
      due_date: dueDate,
      message_id: `TANT-${dueDate.replace(/-/g, '')}-${randomToken(9)
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 10)
        .toUpperCase()}`,
      total_cents: planned.reduce((s, p) => s + p.amount, 0),
      items: planned.length,
      created_by: userId,
    });
    for (const p of planned) {
      const m = p.m.mandate;
      const request = await payments.insertPaymentRequest(tx, {
        coproprietaire_id: m.coproprietaire_id,
        user_id: m.user_id,
        debits: p.debits.map((d) => ({ id: d.id, amount: d.amount })),
        credits: [],
        pay_amount_cents: p.amount,
        currency: 'eur',
        provider: FILE_PROVIDER,
        status: 'scheduled',
        payment_method: 'sepa_debit',
        mandate_id: m.id,
        collect_on: dueDate,
      });
      await repo.insertItems(tx, [
        {
          collection_id: collection.id,
          copropriete_id: coproprieteId,
          coproprietaire_id: m.coproprietaire_id,
          mandate_id: m.id,
          payment_request_id: request.id,
          end_to_end_id: endToEndId(request.id),
          amount_cents: p.amount,
        },
      ]);
      const staged = await stageNotification(
        tx,
        { db: app.db, realtime: app.realtime, config: app.config },
        { coproprietaireId: m.coproprietaire_id },
        {
          title: `Prélèvement SEPA prévu le ${formatDate(dueDate)}`,
          body: `Conformément à votre mandat ${m.reference} (compte ${maskIban(m.iban_prefix, m.iban_last4)}), ${formatCents(p.amount)} seront prélevés le ${formatDate(dueDate)} pour\u202f: ${p.debits.map((d) => d.name).join(', ')}.`,
          type: 'PAIEMENT',
          url: STATEMENT_URL,
          data: { payment_request_id: request.id },
        },
      );
      afterCommit.push(staged.afterCommit);
    }
    return collection;
  });
  for (const f of afterCommit) await f();
  return created;
}

/** The remise's XML, as generated (items the bank refused since stay in it: it is the file sent). */
export async function remise(db: Db, coproprieteId: string, collectionId: string) {
  const c = await repo.collection(db, coproprieteId, collectionId);
  if (!c) throw repo.unknownCollection();
  const creditor = await repo.creditorOf(db, coproprieteId);
  if (!creditor) throw invalid('creditor', "Renseignez d'abord le créancier SEPA.");
  const items = await repo.itemsOf(db, [c.id]);
  const xml = writePain008({
    messageId: c.message_id,
    createdAt: c.created_at,
    collectionDate: String(c.due_date),
    creditor,
    debits: items.map((i) => ({
      endToEndId: i.item.end_to_end_id,
      amountCents: i.item.amount_cents,
      mandateId: i.reference,
      signedOn: i.signed_at.toISOString().slice(0, 10),
      debtorName: i.account_holder || i.owner_name,
      iban: i.iban ?? '',
      bic: i.bic,
      remittance: `Appels de fonds ${i.owner_name}`,
      // SDD Core Rulebook since 2016: a first debit may go as recurrent; one sequence for all.
      sequence: 'RCUR',
    })),
  });
  return { xml, filename: `prelevements-${c.due_date}.xml` };
}

/** The syndic's creditor and a mandate's account, for the payments module's mandates. */
export { creditorOf, saveMandateAccount } from './collections.repo.js';
/** A remise of the building, or null (for the syndic API's ids). */
export { collection as collectionOf } from './collections.repo.js';
