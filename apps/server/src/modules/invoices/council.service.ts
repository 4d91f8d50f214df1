/**
 * The conseil syndical's side (loi art. 21): its members read the invoices the syndic sent and
 * give their opinion, approved or refused, with a comment. The first answer is the council's
 * (decision 227); anyone who is not a member of this building's council gets a 404.
 */
import {
  accountLabel,
  type CouncilAnswerBody,
  type CouncilInvoice,
  invoiceStage,
  isPaidStatus,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { OwnedRecord } from '../access/access.service.js';
import { present } from './factures.service.js';
import * as repo from './factures.repo.js';

/** The record must be a member of its building's council; else the invoices are not theirs to see. */
export function assertCouncilMember(rec: OwnedRecord) {
  if (!rec.coproprietaire.is_member_syndicat) throw new AppError('NOT_FOUND');
}

async function toCouncil(storage: StorageAdapter, r: repo.FactureRow): Promise<CouncilInvoice> {
  const v = await present(storage, r, null);
  return {
    id: r.id,
    fournisseur_name: r.fournisseur_name,
    invoice_date: r.invoice_date,
    number: r.number,
    amount_cents: r.amount_cents,
    account_label: r.account ? accountLabel(r.account) : null,
    repartition_name: r.repartition_name,
    stage: invoiceStage({ paid: r.paid_on != null || isPaidStatus(r.status), council: r.council }),
    council_comment: r.council_comment,
    council_by: r.council_by,
    file_url: v.file_url,
  };
}

export async function councilInvoices(db: Db, storage: StorageAdapter, rec: OwnedRecord) {
  assertCouncilMember(rec);
  const rows = await repo.sentToCouncil(db, rec.copropriete.id);
  return Promise.all(rows.map((r) => toCouncil(storage, r)));
}

export async function answerInvoice(
  db: Db,
  storage: StorageAdapter,
  rec: OwnedRecord,
  invoiceId: string,
  body: CouncilAnswerBody,
) {
  assertCouncilMember(rec);
  const row = await repo.one(db, rec.copropriete.id, invoiceId);
  if (!row || row.council == null) throw new AppError('NOT_FOUND');
  const ok =
    row.council === 'envoyee' &&
    (await repo.answer(db, invoiceId, {
      council: body.decision,
      comment: body.comment,
      by: rec.coproprietaire.id,
    }));
  if (!ok) throw new AppError('CONFLICT', 'Le conseil syndical a déjà répondu.', { status: 409 });
  const after = await repo.one(db, rec.copropriete.id, invoiceId);
  return toCouncil(storage, after!);
}
