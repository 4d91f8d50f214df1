import {
  canSeeBankStatements,
  canSeeCoproDocuments,
  canSeeCouncilDocuments,
  canSeeSyndicDocuments,
  MONTHS_FR,
  type SyndicStoredFile,
} from '@tantieme/contract';
import type { Tx } from '../../../db/client.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { deleteFileRows, textOf, type Uploads, writeFile } from '../../files/syndic/stored-files.js';
import type { Notices } from '../../notifications/syndic-notices.js';
import { checkedId, RES, type SyndicApiContext } from '../../syndic-api/kit/index.js';
import * as repo from '../documents.repo.js';
import type { DocData, DocRow } from './documents.load.js';

export async function writeDocument(
  tx: Tx,
  api: SyndicApiContext,
  storage: StorageAdapter,
  uploads: Uploads,
  id: string,
  d: DocData,
  current: DocRow | null,
) {
  const fileId = await writeFile(
    tx,
    storage,
    uploads,
    `syndic/${api.syndicId}/documents/${id}`,
    d.file as SyndicStoredFile,
    current ? { id: current.doc.file_id, storage_key: current.storage_key, name: current.file_name } : null,
  );
  const place = {
    coproprietaire_id: null as string | null,
    type_code: null as string | null,
    group_id: null as string | null,
    year: null as number | null,
    month: null as number | null,
    ag_kind: null as string | null,
  };
  if (d.place === 'coproprietaire') {
    place.coproprietaire_id = await checkedId(tx, api, RES.coproprietaire, d.coproprietaire);
    place.type_code = d.type;
  } else if (d.place === 'group') place.group_id = await checkedId(tx, api, RES.group, d.group);
  else {
    const copro = await checkedId(tx, api, RES.copropriete, d.copropriete);
    place.group_id = await repo.ensureKindGroup(
      tx,
      api.syndicId,
      copro,
      d.place === 'ag' ? 'AG' : 'BANK_STATEMENT',
    );
    place.year = d.year;
    if (d.place === 'ag') place.ag_kind = d.ag_kind;
    else place.month = d.month;
  }
  const row = {
    ...place,
    file_id: fileId,
    name: d.name,
    amount_cents: d.amount_cents,
    amount_type: d.amount_type,
    date: d.date,
    // Read once, when the bytes arrive (decision 123); the same file kept keeps its text.
    ...(current?.doc.file_id === fileId ? {} : { content_text: textOf(d.file as SyndicStoredFile, uploads) }),
  };
  if (current) {
    await repo.updateDocument(tx, id, row);
    if (current.doc.file_id !== fileId) await deleteFileRows(tx, [current.doc.file_id]);
  } else await repo.insertDocument(tx, { id, ...row });
  return place;
}

/** A new document: its record, or the building's (the syndic's) records the §6 scope lets see it. */
export async function stageDocumentNotice(
  tx: Tx,
  api: SyndicApiContext,
  notices: Notices,
  d: DocData,
  place: Awaited<ReturnType<typeof writeDocument>>,
) {
  const title = `Nouveau document : ${d.name}`;
  const base = { title, type: 'DOCUMENT' };
  if (d.place === 'coproprietaire' && place.coproprietaire_id)
    return notices.stage(tx, api, [place.coproprietaire_id], {
      ...base,
      body: 'Il est disponible dans « Mes documents ».',
      url: '/{id}/document/fonctionnement',
    });
  const [group] = place.group_id ? await repo.groupsByIds(tx, api.syndicId, [place.group_id]) : [];
  if (!group) return;
  const copro = group.copropriete_id;
  if (!copro)
    return notices.stage(
      tx,
      api,
      { where: { syndicId: api.syndicId }, rule: canSeeSyndicDocuments },
      {
        ...base,
        body: `Classé dans « ${group.name} », parmi les documents du syndic.`,
        url: '/{id}/document/syndic',
      },
    );
  const url = '/{id}/document/copropriete';
  if (d.place === 'bank_statement')
    return notices.stage(
      tx,
      api,
      { where: { coproprieteId: copro }, rule: canSeeBankStatements },
      {
        ...base,
        body: `Relevé bancaire de ${MONTHS_FR[d.month - 1]?.toLowerCase() ?? ''} ${d.year}, dans les documents de la copropriété.`,
        url,
      },
    );
  return notices.stage(
    tx,
    api,
    {
      where: { coproprieteId: copro },
      rule: group.audience === 'council' ? canSeeCouncilDocuments : canSeeCoproDocuments,
    },
    {
      ...base,
      body:
        d.place === 'ag'
          ? `Assemblée générale ${d.year}, dans les documents de la copropriété.`
          : `Classé dans « ${group.name} », parmi les documents de la copropriété.`,
      url,
    },
  );
}

/** `notify` absent: nobody is told (a caller with no realtime, e.g. a script). */
