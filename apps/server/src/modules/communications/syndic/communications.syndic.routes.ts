import {
  type SyndicCommunicationBody,
  syndicDocumentEndpoints as e,
  syndicNoticeEndpoints as n,
} from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../http/errors.js';
import { preparingFiles } from '../../files/syndic/stored-files.js';
import { crudRoutes, syndicRoute } from '../../syndic-api/kit/index.js';
import { communicationsResource, deleteCommunication } from './communications.service.js';
import { noticeReceipts, noticesResource } from './notices.service.js';

/** Several base64 attachments of up to 10 MB each travel in one PUT. */
const COMMUNICATION_BODY_LIMIT = 48 * 1024 * 1024;

/** Communications sent to co-owners in the syndic API (decision 52): the syndic entrance of communications. */
export async function syndicCommunicationsRoutes(app: FastifyInstance) {
  // app.realtime is replaced once the HTTP server exists (main.ts): read it per request.
  const notify = () => ({ db: app.db, realtime: app.realtime, config: app.config });
  crudRoutes(
    app,
    e.communications,
    () => ({
      ...preparingFiles(
        (d: SyndicCommunicationBody) => d.attachments,
        communicationsResource(app.platform.storage, notify()),
      ),
      delete: deleteCommunication,
    }),
    { putBodyLimit: COMMUNICATION_BODY_LIMIT },
  );
  // A notice once sent stays sent (decision 222): no DELETE.
  crudRoutes(app, n, () => ({
    ...noticesResource(notify()),
    delete: () => Promise.reject(new AppError('NOT_FOUND')),
  }));
  syndicRoute(app, n.receipts, ({ api, params }) => noticeReceipts(app.db, api, params.external_id));
}
