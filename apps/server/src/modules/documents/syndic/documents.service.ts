import { type SyndicStoredFile, syndicDocumentItem } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import {
  deleteFileRows,
  normaliseFile,
  type StagedFiles,
  type Uploads,
} from '../../files/syndic/stored-files.js';
import type { NotifyDeps } from '../../notifications/notify.js';
import { Notices, withNotices } from '../../notifications/syndic-notices.js';
import {
  addFieldError,
  type BulkItem,
  externalResource,
  type ItemErrors,
  RES,
  refsOf,
  removeExternal,
  storedIdsOf,
  type SyndicApiContext,
  type UpsertSpec,
} from '../../syndic-api/kit/index.js';
import * as repo from '../documents.repo.js';
import { type DocData, loadDocuments } from './documents.load.js';
import { stageDocumentNotice, writeDocument } from './documents.write.js';

export function documentsResource(storage: StorageAdapter, notify?: NotifyDeps, staged?: StagedFiles) {
  const uploads: Uploads = new Map();
  const notices = new Notices(notify);
  const resource = externalResource({
    item: syndicDocumentItem,
    spec: (api): UpsertSpec<DocData> => ({
      resource: RES.document,
      load: (db, ids) => loadDocuments(db, api, ids),
      // Only a creation tells co-owners: a replay is `unchanged` and an update is a correction
      // of a document already announced (decision 57).
      insert: async (tx, rows) => {
        for (const r of rows) {
          const place = await writeDocument(tx, api, storage, uploads, r.id, r.data, null);
          await stageDocumentNotice(tx, api, notices, r.data, place);
        }
      },
      update: async (tx, id, data) => {
        const [current] = await repo.documentsByIds(tx, [id]);
        await writeDocument(tx, api, storage, uploads, id, data, current);
      },
    }),
    check: async (tx, api, items: BulkItem<DocData>[]) => {
      const errors: ItemErrors = new Map();
      const all = (f: (d: DocData) => string | null) =>
        items.flatMap((i) => {
          const v = f(i.data);
          return v ? [v] : [];
        });
      const [owners, groups, copros, types, existing] = await Promise.all([
        refsOf(
          tx,
          api,
          RES.coproprietaire,
          all((d) => (d.place === 'coproprietaire' ? d.coproprietaire : null)),
        ),
        refsOf(
          tx,
          api,
          RES.group,
          all((d) => (d.place === 'group' ? d.group : null)),
        ),
        refsOf(
          tx,
          api,
          RES.copropriete,
          all((d) => (d.place === 'ag' || d.place === 'bank_statement' ? d.copropriete : null)),
        ),
        repo.documentTypeCodes(tx),
        storedIdsOf(tx, api, RES.document, items),
      ]);
      const before = await loadDocuments(tx, api, [...existing.values()]);
      for (const { index, externalId, data: d } of items) {
        if (d.place === 'coproprietaire') {
          if (!owners.has(d.coproprietaire))
            addFieldError(errors, index, 'coproprietaire', `Copropriétaire inconnu : ${d.coproprietaire}`);
          if (!types.has(d.type))
            addFieldError(
              errors,
              index,
              'type',
              `Type de document inconnu : ${d.type} (voir GET /parameters/document-types/list).`,
            );
        } else if (d.place === 'group') {
          if (!groups.has(d.group))
            addFieldError(errors, index, 'group', `Groupe de documents inconnu : ${d.group}`);
        } else if (!copros.has(d.copropriete))
          addFieldError(errors, index, 'copropriete', `Copropriété inconnue : ${d.copropriete}`);
        const prev = before.get(existing.get(externalId) ?? '');
        const pf = prev?.file as SyndicStoredFile | undefined;
        const known = new Map<string, SyndicStoredFile>(pf ? [[pf.sha256, pf]] : []);
        const f = normaliseFile(d.file, known, uploads, staged);
        if ('field' in f) addFieldError(errors, index, `file.${f.field}`, f.message);
        else d.file = f.file;
      }
      return errors;
    },
  });
  return withNotices(resource, notices);
}

export const deleteDocument = (db: Db, api: SyndicApiContext, ext: string) =>
  removeExternal(
    db,
    api,
    RES.document,
    ext,
    (tx, ids) => loadDocuments(tx, api, ids),
    async (tx, id) => {
      const fileId = await repo.deleteDocument(tx, id);
      if (fileId) await deleteFileRows(tx, [fileId]);
    },
  );
