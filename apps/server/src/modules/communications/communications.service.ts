import { canSeePostals, type Communication } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import type { communications } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import { type OwnedRecord, scopeOf } from '../access/access.service.js';
import { FILE_URL_TTL_S } from '../documents/documents.service.js';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';
import * as repo from './communications.repo.js';
import * as notices from './notices.repo.js';
import { sanitizeEmailHtml } from './sanitize.js';

type Row = typeof communications.$inferSelect;

async function present(db: Db, storage: StorageAdapter, rows: Row[]): Promise<Communication[]> {
  const atts = await repo.attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  const reads = new Map(
    (
      await notices.readsOf(
        db,
        rows.filter((r) => r.notice_id).map((r) => r.id),
      )
    ).map((x) => [x.communication_id, x.read_at.toISOString()]),
  );
  const signed = await Promise.all(
    atts.map(async (a) => ({
      communication_id: a.communication_id,
      item: {
        id: a.id,
        name: a.name,
        content_type: a.content_type,
        capacity: a.size,
        amount_type: null,
        path_url: await storage.signedGetUrl(a.storage_key, FILE_URL_TTL_S),
      },
    })),
  );
  return rows.map((r) => ({
    id: r.id,
    created_date: r.created_date.toISOString(),
    module: r.module,
    sending_method: r.sending_method as Communication['sending_method'],
    recipient_info: r.recipient_info,
    subject: r.subject,
    html_body: r.html_body ? sanitizeEmailHtml(r.html_body) : null,
    content: r.content,
    internal_executed_date: r.internal_executed_date?.toISOString() ?? null,
    attachments: signed.filter((s) => s.communication_id === r.id).map((s) => s.item),
    ...(r.notice_id ? { read_at: reads.get(r.id) ?? null } : {}),
  }));
}

/** A record's communications of one sending method; postal letters need IS_SYNDICAT (§2.1, decision 7). */
export async function list(
  db: Db,
  storage: StorageAdapter,
  rec: OwnedRecord,
  method: repo.Method,
  pageSize: number,
  offset: number,
) {
  if (method === 'postal' && !canSeePostals(scopeOf(rec))) throw new AppError('NOT_FOUND');
  const { rows, total } = await repo.listPage(db, rec.coproprietaire.id, method, pageSize, offset);
  return { total, data: await present(db, storage, rows) };
}

/** The SMS page of a link sent by SMS (/m/{id}): only SMS rows; anything else is a 404. */
export async function smsDetail(db: Db, storage: StorageAdapter, id: string) {
  const row = await repo.findOne(db, id);
  if (!row || row.sending_method !== 'sms') throw new AppError('NOT_FOUND');
  const [item] = await present(db, storage, [row]);
  return item;
}

/**
 * The recipient opened a notice: its first time is their read receipt, kept once, and the
 * syndic's software is told then. Another record's row, or a row that is no notice, is a 404.
 */
export async function readNotice(db: Db, rec: OwnedRecord, id: string) {
  const row = await repo.findOne(db, id);
  if (!row?.notice_id || row.coproprietaire_id !== rec.coproprietaire.id) throw new AppError('NOT_FOUND');
  return db.transaction(async (tx) => {
    const r = await notices.markRead(tx, id);
    if (r.first)
      await queueCoproprietaireEvent(tx, rec.coproprietaire.id, 'notice.read', {
        notice: { id: row.notice_id },
        read_at: r.read_at.toISOString(),
      });
    return { read_at: r.read_at.toISOString() };
  });
}

/**
 * Records a letter or e-mail another module sends on the syndic's behalf (a convocation), with
 * its attachment, so the co-owner finds it under 'Courriers' like the syndic's own.
 */
export const recordCommunication = repo.insertCommunication;
