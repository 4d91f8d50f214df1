import {
  type SyndicDocumentBody,
  syndicChecklistEndpoints,
  syndicDocumentEndpoints as e,
  syndicUploadEndpoints,
} from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { FILE_PUT_BODY_LIMIT, preparingFiles } from '../../files/syndic/stored-files.js';
import { crudRoutes, requireExternalId, syndicRoute } from '../../syndic-api/kit/index.js';
import { checklistOf } from '../checklist.service.js';
import { deleteDocument, documentsResource } from './documents.service.js';
import { deleteGroup, documentGroupsResource } from './groups.service.js';
import { presignUploads, stageFiles } from './uploads.js';

/** Documents and their groups in the syndic API (decision 52): the syndic entrance of documents. */
export async function syndicDocumentsRoutes(app: FastifyInstance) {
  const storage = app.platform.storage;
  // app.realtime is replaced once the HTTP server exists (main.ts): read it per request.
  const notify = () => ({ db: app.db, realtime: app.realtime, config: app.config });
  crudRoutes(
    app,
    e.groups,
    { ...documentGroupsResource, delete: deleteGroup },
    { putBodyLimit: 1024 * 1024 },
  );
  crudRoutes(
    app,
    e.documents,
    () => ({
      ...preparingFiles((d: SyndicDocumentBody) => [d.file], documentsResource(storage, notify())),
      delete: deleteDocument,
    }),
    { putBodyLimit: FILE_PUT_BODY_LIMIT },
  );
  // Documents in bulk: presigned PUTs, then one call with the stored forms (uploads.ts).
  syndicRoute(app, syndicUploadEndpoints.uploads, ({ api, body }) =>
    presignUploads(app.db, storage, app.config.publicUrl, api.syndicId, body.files),
  );
  syndicRoute(app, syndicUploadEndpoints.bulk, async ({ api, body }) => {
    const staged = await stageFiles(storage, api.syndicId, body.items);
    return documentsResource(storage, notify(), staged).bulk(app.db, api, body.items, body.dry_run);
  });
  syndicRoute(app, syndicChecklistEndpoints.checklist, async ({ api, params }) =>
    checklistOf(
      app.db,
      await requireExternalId(app.db, api.syndicId, 'copropriete', params.external_id),
      api.syndicId,
    ),
  );
}
