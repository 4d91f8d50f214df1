import { externalIdParams, type NoticeReceipts, type SyndicNoticeBody } from '@tantieme/contract';
import type { Db, Executor, Tx } from '../../../db/client.js';
import type { RecipientInfoJson } from '../../../db/schema/communications.js';
import { AppError } from '../../../http/errors.js';
import type { NotifyDeps } from '../../notifications/notify.js';
import { Notices, withNotices } from '../../notifications/syndic-notices.js';
import {
  addFieldError,
  type BulkItem,
  checkedId,
  externalIdsOf,
  externalResource,
  type ItemErrors,
  RES,
  refsOf,
  requireExternalId,
  storedIdsOf,
  type SyndicApiContext,
  type UpsertSpec,
} from '../../syndic-api/kit/index.js';
import { queueSyndicEvent } from '../../syndic-api/webhooks/webhooks.service.js';
import * as repo from '../notices.repo.js';
import { sanitizeEmailHtml } from '../sanitize.js';

type NoticeData = SyndicNoticeBody;
type Recipient = Awaited<ReturnType<typeof repo.ownersOfBuilding>>[number];

/** The recipients a notice reaches when it is sent (fixed then: a later co-owner is not one). */
export function recipientsFor(
  db: Executor,
  coproId: string,
  audience: NoticeData['audience'],
  repartitionId: string | null,
  ownerIds: string[],
): Promise<Recipient[]> {
  if (audience === 'cle') return repo.ownersOfKey(db, coproId, repartitionId!);
  if (audience === 'coproprietaires') return repo.ownersIn(db, coproId, ownerIds);
  return repo.ownersOfBuilding(db, coproId);
}

const emailsOf = (r: Recipient) =>
  [...new Set(r.contacts.flatMap((c) => (c.emails ?? []).map((e) => e.value)))].slice(0, 50);

async function loadNotices(db: Executor, api: SyndicApiContext, ids: string[]) {
  const rows = await repo.noticesByIds(db, api.syndicId, ids);
  const recipients = await repo.recipientsOf(
    db,
    rows.filter((r) => r.audience === 'coproprietaires').map((r) => r.id),
  );
  const [copros, keys, owners] = await Promise.all([
    externalIdsOf(
      db,
      api.syndicId,
      RES.copropriete,
      rows.map((r) => r.copropriete_id),
    ),
    externalIdsOf(
      db,
      api.syndicId,
      RES.repartition,
      rows.flatMap((r) => (r.repartition_id ? [r.repartition_id] : [])),
    ),
    externalIdsOf(
      db,
      api.syndicId,
      RES.coproprietaire,
      recipients.map((r) => r.coproprietaire_id),
    ),
  ]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        copropriete: copros.get(r.copropriete_id) ?? '',
        subject: r.subject,
        html_body: r.html_body,
        audience: r.audience as NoticeData['audience'],
        repartition: r.repartition_id ? (keys.get(r.repartition_id) ?? null) : null,
        coproprietaires: recipients
          .filter((x) => x.notice_id === r.id)
          .map((x) => owners.get(x.coproprietaire_id) ?? '')
          .sort(),
      } satisfies NoticeData,
    ]),
  );
}

async function insertNotice(tx: Tx, api: SyndicApiContext, notices: Notices, id: string, d: NoticeData) {
  const coproId = await checkedId(tx, api, RES.copropriete, d.copropriete);
  const keyId = d.repartition ? await checkedId(tx, api, RES.repartition, d.repartition) : null;
  const ownerIds = d.coproprietaires.length
    ? [...(await refsOf(tx, api, RES.coproprietaire, d.coproprietaires)).values()]
    : [];
  const who = await recipientsFor(tx, coproId, d.audience, keyId, ownerIds);
  if (who.length === 0)
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: { audience: 'Aucun copropriétaire ne reçoit cet avis.' },
    });
  const at = new Date();
  await repo.insertNotice(
    tx,
    {
      id,
      syndic_id: api.syndicId,
      copropriete_id: coproId,
      audience: d.audience,
      repartition_id: keyId,
      subject: d.subject,
      html_body: d.html_body,
      sent_by: api.actor,
      created_date: at,
    },
    who.map((r) => ({
      syndic_id: api.syndicId,
      copropriete_id: coproId,
      coproprietaire_id: r.id,
      // Read in the extranet beside the e-mails; the notification says it arrived.
      sending_method: 'email',
      module: 'avis',
      recipient_info: { name: r.name, to_addresses: emailsOf(r) } satisfies RecipientInfoJson,
      subject: d.subject,
      html_body: d.html_body,
      created_date: at,
      notice_id: id,
    })),
  );
  await notices.stage(
    tx,
    api,
    who.map((r) => r.id),
    {
      title: 'Nouvel avis du syndic',
      body: d.subject,
      type: 'DOCUMENT',
      url: '/{id}/messages-communication',
    },
  );
  return who.length;
}

/**
 * Notices in the syndic API (and the console, through `put`): sent once to the recipients the
 * audience names then; a later PUT may correct the subject and text, never the recipients.
 */
export function noticesResource(notify?: NotifyDeps) {
  const notices = new Notices(notify);
  const sent = new Map<string, number>();
  const resource = externalResource({
    item: externalIdParams,
    spec: (api): UpsertSpec<NoticeData> => ({
      resource: RES.notice,
      load: (db, ids) => loadNotices(db, api, ids),
      auditOmit: ['html_body'],
      insert: async (tx, rows) => {
        for (const r of rows) sent.set(r.id, await insertNotice(tx, api, notices, r.id, r.data));
      },
      update: (tx, id, data) => repo.updateNoticeText(tx, id, data.subject, data.html_body),
    }),
    check: async (tx, api, items: BulkItem<NoticeData>[]) => {
      const errors: ItemErrors = new Map();
      const [copros, keys, owners, existing] = await Promise.all([
        refsOf(
          tx,
          api,
          RES.copropriete,
          items.map((i) => i.data.copropriete),
        ),
        refsOf(
          tx,
          api,
          RES.repartition,
          items.flatMap((i) => (i.data.repartition ? [i.data.repartition] : [])),
        ),
        refsOf(
          tx,
          api,
          RES.coproprietaire,
          items.flatMap((i) => i.data.coproprietaires),
        ),
        storedIdsOf(tx, api, RES.notice, items),
      ]);
      const before = await loadNotices(tx, api, [...existing.values()]);
      for (const { index, externalId, data: d } of items) {
        d.html_body = sanitizeEmailHtml(d.html_body);
        if (!d.html_body.replace(/<[^>]*>/g, '').trim())
          addFieldError(errors, index, 'html_body', 'Le texte est vide une fois nettoyé.');
        if (d.audience !== 'cle') d.repartition = null;
        d.coproprietaires = d.audience === 'coproprietaires' ? [...new Set(d.coproprietaires)].sort() : [];
        const coproId = copros.get(d.copropriete);
        if (!coproId) addFieldError(errors, index, 'copropriete', `Copropriété inconnue : ${d.copropriete}`);
        if (d.repartition && !keys.has(d.repartition))
          addFieldError(errors, index, 'repartition', `Clé de répartition inconnue : ${d.repartition}`);
        d.coproprietaires.forEach((c, k) => {
          if (!owners.has(c))
            addFieldError(errors, index, `coproprietaires.${k}`, `Copropriétaire inconnu : ${c}`);
        });
        const prev = before.get(existing.get(externalId) ?? '');
        if (
          prev &&
          (prev.copropriete !== d.copropriete ||
            prev.audience !== d.audience ||
            prev.repartition !== d.repartition ||
            prev.coproprietaires.join() !== d.coproprietaires.join())
        )
          addFieldError(errors, index, 'audience', 'Un avis envoyé garde ses destinataires.');
      }
      return errors;
    },
    // The syndic's software hears of a notice sent from the console as of one it sent itself.
    after: async (tx, api, items, done) => {
      for (const [k, d] of done.entries()) {
        if (d.result !== 'created') continue;
        await queueSyndicEvent(tx, api.syndicId, 'notice.sent', {
          notice: { id: d.id, external_id: d.externalId },
          copropriete: { external_id: items[k]!.data.copropriete },
          recipients_count: sent.get(d.id) ?? 0,
        });
      }
      return new Map();
    },
  });
  return withNotices(resource, notices);
}

/** Who received a notice and when each first opened it (the syndic API's receipts). */
export async function noticeReceipts(
  db: Db,
  api: SyndicApiContext,
  externalId: string,
): Promise<NoticeReceipts> {
  const id = await requireExternalId(db, api.syndicId, RES.notice, externalId);
  const [notice] = await repo.noticesByIds(db, api.syndicId, [id]);
  if (!notice) throw new Error(`notice ${externalId} has a ref and no row`);
  const recipients = await repo.recipientsOf(db, [id]);
  const exts = await externalIdsOf(
    db,
    api.syndicId,
    RES.coproprietaire,
    recipients.map((r) => r.coproprietaire_id),
  );
  return {
    external_id: externalId,
    sent_at: notice.created_date.toISOString(),
    recipients_count: recipients.length,
    read_count: recipients.filter((r) => r.read_at).length,
    recipients: recipients.map((r) => ({
      coproprietaire: exts.get(r.coproprietaire_id) ?? null,
      coproprietaire_id: r.coproprietaire_id,
      name: r.name,
      read_at: r.read_at?.toISOString() ?? null,
    })),
  };
}
