import type { SyndicCommunicationBody, SyndicStoredFile } from '@tantieme/contract';
import type { Executor, Tx } from '../../../db/client.js';
import type { RecipientInfoJson } from '../../../db/schema/communications.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { sha256OfKey } from '../../files/files.service.js';
import { deleteFileRows, storedOf, type Uploads, writeFile } from '../../files/syndic/stored-files.js';
import { checkedId, externalIdsOf, RES, type SyndicApiContext } from '../../syndic-api/kit/index.js';
import * as repo from '../communications.repo.js';

/** A communication as the syndic API shows it: its co-owner by external_id, attachments by name. */
export type CommData = SyndicCommunicationBody;
export const byFile = (a: SyndicStoredFile, b: SyndicStoredFile) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.sha256 < b.sha256 ? -1 : a.sha256 > b.sha256 ? 1 : 0;

export async function loadCommunications(db: Executor, api: SyndicApiContext, ids: string[]) {
  const rows = await repo.communicationsByIds(db, api.syndicId, ids);
  const [atts, owners] = await Promise.all([
    repo.attachmentsOf(
      db,
      rows.map((r) => r.id),
    ),
    externalIdsOf(
      db,
      api.syndicId,
      RES.coproprietaire,
      rows.map((r) => r.coproprietaire_id),
    ),
  ]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        coproprietaire: owners.get(r.coproprietaire_id) ?? '',
        sending_method: r.sending_method as CommData['sending_method'],
        module: r.module as CommData['module'],
        recipient_info: r.recipient_info,
        subject: r.subject,
        html_body: r.html_body,
        content: r.content,
        created_date: r.created_date.toISOString(),
        internal_executed_date: r.internal_executed_date?.toISOString() ?? null,
        attachments: atts
          .filter((a) => a.communication_id === r.id)
          .map((a) => storedOf(a))
          .sort(byFile),
      } satisfies CommData,
    ]),
  );
}

export async function writeCommunication(
  tx: Tx,
  api: SyndicApiContext,
  storage: StorageAdapter,
  uploads: Uploads,
  id: string,
  d: CommData,
  exists: boolean,
) {
  const ownerId = await checkedId(tx, api, RES.coproprietaire, d.coproprietaire);
  const [owner] = await repo.recordsByIds(tx, [ownerId]);
  await repo.upsertCommunicationRow(
    tx,
    id,
    {
      syndic_id: api.syndicId,
      copropriete_id: owner.copropriete_id,
      coproprietaire_id: ownerId,
      sending_method: d.sending_method,
      module: d.module,
      recipient_info: d.recipient_info as RecipientInfoJson,
      subject: d.subject,
      html_body: d.html_body,
      content: d.content,
      created_date: new Date(d.created_date),
      internal_executed_date: d.internal_executed_date ? new Date(d.internal_executed_date) : null,
    },
    exists,
  );
  const current = exists ? await repo.attachmentsOf(tx, [id]) : [];
  const kept = new Set<string>();
  const rows: { file_id: string; name: string }[] = [];
  for (const f of d.attachments as SyndicStoredFile[]) {
    const same = current.find((c) => sha256OfKey(c.storage_key) === f.sha256);
    const fileId = await writeFile(
      tx,
      storage,
      uploads,
      `syndic/${api.syndicId}/communications/${id}`,
      f,
      same ? { id: same.file_id, storage_key: same.storage_key, name: same.name } : null,
    );
    kept.add(fileId);
    rows.push({ file_id: fileId, name: f.name });
  }
  await repo.replaceAttachments(tx, id, rows);
  await deleteFileRows(
    tx,
    current.filter((c) => !kept.has(c.file_id)).map((c) => c.file_id),
  );
}
