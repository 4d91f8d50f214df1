/**
 * Supplier invoices captured by the syndic (decision 227): one use case each, the journal's own
 * posting function inside the same transaction. The capture books the charge (6xx / 401) and
 * writes the rows the co-owners' invoice pages and quote-parts read; the payment (401 / 512) is
 * recorded once, and only when the conseil syndical approved an invoice that reached the
 * assembly's threshold (loi art. 21, al. 2).
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  accountLabel,
  type CaptureInvoiceBody,
  CHART_OF_ACCOUNTS,
  type ConsoleInvoice,
  type ConsoleInvoicesView,
  councilConsultationRequired,
  INVOICE_STATUS_CAPTURED,
  INVOICE_STATUS_PAID,
  invoiceEcriture,
  invoicePaymentEcriture,
  invoiceStage,
  isPaidStatus,
  largestRemainder,
  maySendToCouncil,
  paymentRefusal,
  type ThresholdBody,
} from '@tantieme/contract';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import { FILE_URL_TTL_S } from '../documents/documents.service.js';
import { checkFileBytes, originalKey } from '../files/files.service.js';
import { postIn } from '../journal/journal.service.js';
import { adoptExternalIds, RES } from '../syndic-api/kit/index.js';
import * as repo from './factures.repo.js';
import * as invoices from './invoices.repo.js';

export interface Building {
  coproId: string;
  syndicId: string;
}

const conflict = (message: string) => new AppError('CONFLICT', message, { status: 409 });
const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { status: 400, errors: { [field]: message } });

const frDay = (d: string) => d.split('-').reverse().join('/');

export async function thresholdOf(db: Executor, coproId: string) {
  return repo.threshold(db, coproId);
}

/** One row as the console shows it. */
export async function present(
  storage: StorageAdapter,
  r: repo.FactureRow,
  thresholdCents: number | null,
): Promise<ConsoleInvoice> {
  const paid = r.paid_on != null || isPaidStatus(r.status);
  const src = r.source_urls[0];
  return {
    id: r.id,
    fournisseur_name: r.fournisseur_name,
    invoice_date: r.invoice_date,
    number: r.number,
    amount_cents: r.amount_cents,
    account: r.account,
    account_label: r.account ? accountLabel(r.account) : null,
    repartition: r.repartition_id ? { id: r.repartition_id, name: r.repartition_name ?? '' } : null,
    stage: invoiceStage({ paid, council: r.council }),
    council_required: councilConsultationRequired(r.amount_cents, thresholdCents),
    council_comment: r.council_comment,
    council_by: r.council_by,
    council_at: r.council_at,
    paid_on: r.paid_on,
    ecriture_number: r.ecriture_number,
    payment_number: r.payment_number,
    file_url: src
      ? /^https?:\/\//i.test(src.path)
        ? src.path
        : await storage.signedGetUrl(src.path, FILE_URL_TTL_S)
      : null,
  };
}

export async function list(db: Db, storage: StorageAdapter, coproId: string): Promise<ConsoleInvoicesView> {
  const [threshold, keys, resolutions, rows] = await Promise.all([
    repo.threshold(db, coproId),
    repo.keysOf(db, coproId),
    repo.resolutionsOf(db, coproId),
    repo.listOf(db, coproId),
  ]);
  const t = threshold?.amount_cents ?? null;
  return {
    threshold,
    accounts: CHART_OF_ACCOUNTS.filter((a) => a.code.startsWith('6')).map((a) => ({
      code: a.code,
      label: a.label,
    })),
    keys,
    resolutions,
    invoices: await Promise.all(rows.map((r) => present(storage, r, t))),
  };
}

export async function viewOf(db: Executor, storage: StorageAdapter, coproId: string, id: string) {
  const [row, threshold] = await Promise.all([repo.one(db, coproId, id), repo.threshold(db, coproId)]);
  if (!row) throw new AppError('NOT_FOUND');
  return present(storage, row, threshold?.amount_cents ?? null);
}

/** The PDF stored under a key the server chose, before the transaction (a rollback leaves it unread). */
async function storeFile(storage: StorageAdapter, b: Building, id: string, file: CaptureInvoiceBody['file']) {
  if (!file) return [];
  const bytes = Buffer.from(file.content_base64, 'base64');
  const problem = checkFileBytes(file.content_type, bytes);
  if (problem) throw invalid('file', problem);
  const sha = createHash('sha256').update(bytes).digest('hex');
  const key = originalKey(`syndic/${b.syndicId}/invoices/${id}`, sha, file.content_type);
  await storage.put(key, bytes, file.content_type);
  return [{ path: key, content_type: file.content_type, name: file.name, size: bytes.length }];
}

/**
 * Captures an invoice: its row (what the co-owners' pages list), its dépense on the key, each
 * lot's share of it (largest remainder over the key's tantièmes: 'Ma quote part'), and the
 * charge's écriture, 6xx debited and 401 credited, in the exercice covering its date.
 */
export async function capture(
  db: Db,
  storage: StorageAdapter,
  b: Building,
  body: CaptureInvoiceBody,
): Promise<ConsoleInvoice> {
  const key = (await repo.keysOf(db, b.coproId)).find((k) => k.id === body.repartition_id);
  if (!key) throw new AppError('NOT_FOUND');
  const year = await invoices.exerciceCovering(db, b.coproId, body.invoice_date);
  if (!year)
    throw invalid(
      'invoice_date',
      `Aucun exercice de cette copropriété ne couvre le ${frDay(body.invoice_date)}\u202f: la facture ne peut pas être imputée.`,
    );
  const id = randomUUID();
  const source = await storeFile(storage, b, id, body.file);
  const label = accountLabel(body.account) ?? body.account;
  const lots = await repo.keyLots(db, key.id);
  const shares = lots.length
    ? largestRemainder(
        body.amount_cents,
        lots.map((l) => l.tantieme),
      )
    : [];
  await db.transaction(async (tx) => {
    await repo.insertCaptured(tx, {
      id,
      syndic_id: b.syndicId,
      copropriete_id: b.coproId,
      invoice_date: body.invoice_date,
      amount_cents: body.amount_cents,
      fournisseur_name: body.fournisseur_name,
      compte_name: `${body.account} – ${label}`,
      number: body.number,
      internal_note: body.description,
      status: INVOICE_STATUS_CAPTURED,
      source_urls: source,
      account: body.account,
      repartition_id: key.id,
    });
    await invoices.insertDepenses(tx, [
      {
        invoice_id: id,
        charge_name: label,
        description: body.description,
        amount_ttc_cents: body.amount_cents,
        // The name is what the co-owner reads; the id names the key back.
        repartitions: [key].map((k) => ({ name: k.name, id: k.id })),
      },
    ]);
    await invoices.insertEcriture(
      tx,
      {
        invoice_id: id,
        date: body.invoice_date,
        description: `${body.fournisseur_name}\u202f: ${label}`,
        amount_cents: body.amount_cents,
      },
      lots
        .map((l, i) => ({ lot_id: l.lot_id, amount_cents: shares[i] ?? 0 }))
        .filter((l) => l.amount_cents > 0),
    );
    const posted = await postIn(tx, {
      coproprieteId: b.coproId,
      financialYearId: year,
      ecriture: invoiceEcriture({
        date: body.invoice_date,
        account: body.account,
        amountCents: body.amount_cents,
        fournisseur: body.fournisseur_name,
        number: body.number,
      }),
    });
    await repo.setCaptureEcriture(tx, id, posted.id);
    // Addressable by the syndic API too (`gestion-<id>`): its approval and payment there, and
    // what it names (building, key, lots) named back.
    await adoptExternalIds(tx, b.syndicId, RES.invoice, [id]);
    await adoptExternalIds(tx, b.syndicId, RES.copropriete, [b.coproId]);
    await adoptExternalIds(tx, b.syndicId, RES.repartition, [key.id]);
    await adoptExternalIds(
      tx,
      b.syndicId,
      RES.lot,
      lots.map((l) => l.lot_id),
    );
  });
  return viewOf(db, storage, b.coproId, id);
}

/** « Envoyer au conseil »: once, and never for a paid invoice. */
export async function sendToCouncil(db: Db, storage: StorageAdapter, coproId: string, id: string) {
  const row = await repo.one(db, coproId, id);
  if (!row) throw new AppError('NOT_FOUND');
  const paid = row.paid_on != null || isPaidStatus(row.status);
  if (!maySendToCouncil({ paid, council: row.council }) || !(await repo.markSent(db, id)))
    throw conflict(
      paid ? 'Cette facture est déjà payée.' : 'Cette facture a déjà été envoyée au conseil syndical.',
    );
  return viewOf(db, storage, coproId, id);
}

/**
 * The payment against the bank: 401 debited, 512 credited, on the day given, in the exercice
 * covering it. Refused while the council's approval is needed and missing; once only (the row
 * is locked, then updated only if still unpaid).
 */
export async function pay(db: Db, storage: StorageAdapter, coproId: string, id: string, date: string) {
  await db.transaction(async (tx) => {
    const row = await repo.lockOne(tx, coproId, id);
    if (!row) throw new AppError('NOT_FOUND');
    const threshold = await repo.threshold(tx, coproId);
    const refusal = paymentRefusal({
      amountCents: row.amount_cents,
      thresholdCents: threshold?.amount_cents ?? null,
      council: row.council,
      paid: row.paid_on != null || isPaidStatus(row.status),
    });
    if (refusal) throw conflict(refusal);
    // An invoice the back office sent without booking it here is paid in the back office's books.
    if (!row.account)
      throw conflict(
        "Cette facture n'est pas imputée au journal de Tantième\u202f: son paiement s'enregistre là où elle est comptabilisée.",
      );
    if (date < row.invoice_date)
      throw invalid('date', 'Le paiement ne peut pas précéder la date de la facture.');
    const year = await invoices.exerciceCovering(tx, coproId, date);
    if (!year) throw invalid('date', `Aucun exercice de cette copropriété ne couvre le ${frDay(date)}.`);
    const posted = await postIn(tx, {
      coproprieteId: coproId,
      financialYearId: year,
      ecriture: invoicePaymentEcriture({
        date,
        amountCents: row.amount_cents,
        fournisseur: row.fournisseur_name,
        number: row.number,
      }),
    });
    if (!(await repo.markPaid(tx, id, posted.id, date, INVOICE_STATUS_PAID)))
      throw conflict('Cette facture est déjà payée.');
  });
  return viewOf(db, storage, coproId, id);
}

/** The assembly's threshold; the resolution, when named, must be one of the building's. */
export async function saveThreshold(db: Db, coproId: string, body: ThresholdBody) {
  if (body.resolution_id && !(await repo.resolutionsOf(db, coproId)).some((r) => r.id === body.resolution_id))
    throw new AppError('NOT_FOUND');
  await repo.setThreshold(db, coproId, body.amount_cents, body.resolution_id);
  const t = await repo.threshold(db, coproId);
  return t!;
}
