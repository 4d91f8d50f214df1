import {
  canSeePostals,
  communicationTypeLabel,
  externalIdParams,
  type SyndicStoredFile,
} from '@tantieme/contract';
import type { Db, Tx } from '../../../db/client.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { deleteFileRows, normaliseFile, type Uploads } from '../../files/syndic/stored-files.js';
import type { NotifyDeps } from '../../notifications/notify.js';
import { Notices, scopedRecord, withNotices } from '../../notifications/syndic-notices.js';
import {
  addFieldError,
  type BulkItem,
  checkedId,
  externalResource,
  type ItemErrors,
  RES,
  refsOf,
  removeExternal,
  storedIdsOf,
  type SyndicApiContext,
  type UpsertSpec,
} from '../../syndic-api/kit/index.js';
import * as repo from '../communications.repo.js';
import { byFile, type CommData, loadCommunications, writeCommunication } from './communications.write.js';

const iso = (v: string) => new Date(v).toISOString();

export function communicationsResource(storage: StorageAdapter, notify?: NotifyDeps) {
  const uploads: Uploads = new Map();
  const notices = new Notices(notify);
  const resource = externalResource({
    item: externalIdParams, // no bulk: the item schema only names the id
    spec: (api): UpsertSpec<CommData> => ({
      resource: RES.communication,
      load: (db, ids) => loadCommunications(db, api, ids),
      insert: async (tx, rows) => {
        for (const r of rows) {
          await writeCommunication(tx, api, storage, uploads, r.id, r.data, false);
          await stageCommunicationNotice(tx, api, notices, r.data);
        }
      },
      update: (tx, id, data) => writeCommunication(tx, api, storage, uploads, id, data, true),
    }),
    check: async (tx, api, items: BulkItem<CommData>[]) => {
      const errors: ItemErrors = new Map();
      const [owners, existing] = await Promise.all([
        refsOf(
          tx,
          api,
          RES.coproprietaire,
          items.map((i) => i.data.coproprietaire),
        ),
        storedIdsOf(tx, api, RES.communication, items),
      ]);
      const before = await loadCommunications(tx, api, [...existing.values()]);
      for (const { index, externalId, data: d } of items) {
        if (!owners.has(d.coproprietaire))
          addFieldError(errors, index, 'coproprietaire', `Copropriétaire inconnu : ${d.coproprietaire}`);
        d.created_date = iso(d.created_date);
        if (d.internal_executed_date) d.internal_executed_date = iso(d.internal_executed_date);
        const prev = before.get(existing.get(externalId) ?? '');
        const known = new Map(((prev?.attachments ?? []) as SyndicStoredFile[]).map((a) => [a.sha256, a]));
        const seen = new Set<string>();
        d.attachments = d.attachments.map((a, k) => {
          const f = normaliseFile(a, known, uploads);
          if ('field' in f) {
            addFieldError(errors, index, `attachments.${k}.${f.field}`, f.message);
            return a;
          }
          if (seen.has(f.file.sha256))
            addFieldError(errors, index, `attachments.${k}`, 'Cette pièce jointe est déjà dans la liste.');
          seen.add(f.file.sha256);
          return f.file;
        });
        (d.attachments as SyndicStoredFile[]).sort(byFile);
      }
      return errors;
    },
  });
  return withNotices(resource, notices);
}

/**
 * A letter takes days to arrive: its record is told, if it may read its letters (IS_SYNDICAT,
 * decision 48). An e-mail or an SMS already reached the person by that channel: nothing more.
 */
async function stageCommunicationNotice(tx: Tx, api: SyndicApiContext, notices: Notices, d: CommData) {
  if (d.sending_method !== 'postal') return;
  const id = await checkedId(tx, api, RES.coproprietaire, d.coproprietaire);
  const rec = await scopedRecord(tx, id);
  if (!rec || !canSeePostals(rec)) return;
  await notices.stage(tx, api, [id], {
    title: 'Nouveau courrier',
    body:
      d.subject?.trim() ||
      (communicationTypeLabel(d.module) === 'Courrier'
        ? 'Un courrier vous a été adressé par la poste.'
        : `Un courrier vous a été adressé par la poste : ${communicationTypeLabel(d.module)}.`),
    type: 'DOCUMENT',
    url: '/{id}/messages-communication',
  });
}

export const deleteCommunication = (db: Db, api: SyndicApiContext, ext: string) =>
  removeExternal(
    db,
    api,
    RES.communication,
    ext,
    (tx, ids) => loadCommunications(tx, api, ids),
    async (tx, id) => {
      const atts = await repo.attachmentsOf(tx, [id]);
      await repo.deleteCommunication(tx, id);
      await deleteFileRows(
        tx,
        atts.map((a) => a.file_id),
      );
    },
  );
