import {
  type SyndicCommunicationBody,
  type SyndicDocumentBody,
  type SyndicInvoiceBody,
  syndicChecklistEndpoints,
  syndicDocumentEndpoints as e,
  syndicUploadEndpoints,
} from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { checklistOf } from '../checklist.service.js';
import { requireExternalId, syndicRoute } from '../../syndic-api/kit/index.js';
import * as s from './documents.service.js';
import { preparingFiles } from '../../files/syndic/stored-files.js';
import { presignUploads, stageFiles } from './uploads.js';

/** Files travel base64 in the PUT: 10 MB of file (more is a 413), several for a communication. */
const FILE_BODY_LIMIT = 16 * 1024 * 1024;
const COMMUNICATION_BODY_LIMIT = 48 * 1024 * 1024;

type Resource = {
  list: (db: FastifyInstance['db'], api: never, q: never) => Promise<unknown>;
  get: (db: FastifyInstance['db'], api: never, ext: string) => Promise<unknown>;
  put: (db: FastifyInstance['db'], api: never, ext: string, body: never) => Promise<unknown>;
};

/** Documents, supplier invoices and communications in the syndic API (decision 52). */
export async function syndicDocumentsRoutes(app: FastifyInstance) {
  const storage = app.platform.storage;
  // app.realtime is replaced once the HTTP server exists (main.ts): read it per request.
  const notify = () => ({ db: app.db, realtime: app.realtime, config: app.config });
  const register = (
    endpoints: (typeof e)[keyof typeof e],
    make: () => Resource,
    remove: (db: FastifyInstance['db'], api: never, ext: string) => Promise<unknown>,
    bodyLimit: number,
  ) => {
    syndicRoute(
      app,
      endpoints.list,
      ({ api, query }) => make().list(app.db, api as never, query as never) as never,
    );
    syndicRoute(
      app,
      endpoints.get,
      ({ api, params }) => make().get(app.db, api as never, params.external_id) as never,
    );
    syndicRoute(
      app,
      endpoints.put,
      ({ api, params, body }) => make().put(app.db, api as never, params.external_id, body as never) as never,
      { bodyLimit },
    );
    syndicRoute(
      app,
      endpoints.delete,
      ({ api, params }) => remove(app.db, api as never, params.external_id) as never,
    );
  };
  register(e.groups, () => s.documentGroupsResource as unknown as Resource, s.deleteGroup, 1024 * 1024);
  register(
    e.documents,
    () =>
      preparingFiles(
        (d: SyndicDocumentBody) => [d.file],
        s.documentsResource(storage, notify()),
      ) as unknown as Resource,
    s.deleteDocument,
    FILE_BODY_LIMIT,
  );
  register(
    e.invoices,
    () =>
      preparingFiles(
        (d: SyndicInvoiceBody) => (d.file ? [d.file] : []),
        s.invoicesResource(storage, notify()),
      ) as unknown as Resource,
    s.deleteInvoice,
    FILE_BODY_LIMIT,
  );
  register(
    e.communications,
    () =>
      preparingFiles(
        (d: SyndicCommunicationBody) => d.attachments,
        s.communicationsResource(storage, notify()),
      ) as unknown as Resource,
    s.deleteCommunication,
    COMMUNICATION_BODY_LIMIT,
  );
  // Documents in bulk: presigned PUTs, then one call with the stored forms (uploads.ts).
  syndicRoute(app, syndicUploadEndpoints.uploads, ({ api, body }) =>
    presignUploads(storage, app.config.publicUrl, api.syndicId, body.files),
  );
  syndicRoute(app, syndicUploadEndpoints.bulk, async ({ api, body }) => {
    const staged = await stageFiles(storage, api.syndicId, body.items);
    return s.documentsResource(storage, notify(), staged).bulk(app.db, api, body.items, body.dry_run);
  });
  syndicRoute(app, syndicChecklistEndpoints.checklist, async ({ api, params }) =>
    checklistOf(
      app.db,
      await requireExternalId(app.db, api.syndicId, 'copropriete', params.external_id),
      api.syndicId,
    ),
  );
}
