import { checklistEndpoints, documentEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import {
  guardCopropriete,
  guardCoproprietaire,
  guardCoproprieteWithSession,
  guardSyndicRecords,
  readAsCoproprietaire,
} from '../access/access.service.js';
import { settleSession } from '../../http/auth.js';
import { AppError } from '../../http/errors.js';
import { councilChecklist } from './checklist.service.js';
import * as service from './documents.service.js';

/** Documents (SPEC §2.7, §7). Every co-owner call goes through the access guard. */
export async function documentsRoutes(app: FastifyInstance) {
  const db = app.db;
  const storage = app.platform.storage;
  const preview = { preview: true };
  route(app, e.types, async () => service.listTypes(db), preview);
  route(
    app,
    e.ownByType,
    async ({ req, params, query }) => {
      const read = service.ownDocumentsRead(params.coproId, params.type, query.page_size, query.page_state);
      const { rows } = await readAsCoproprietaire(req, params.coproId, read);
      return service.presentOwnDocuments(storage, rows, query.page_size, query.page_state);
    },
    { preview: true, sessionRead: true },
  );
  route(
    app,
    e.coproDocuments,
    async ({ req, body }) => {
      const ids = [...new Set(body.copro_ids)];
      // The page asks for the copropriété it shows: its guard rides with the session, and its
      // groups come from memory while the building's documents_version stands (decision 75).
      if (ids.length === 1) {
        return service.coproDocumentsOf(db, storage, await guardCoproprieteWithSession(req, ids[0]));
      }
      if (!(await settleSession(req))) throw new AppError('UNAUTHORIZED');
      const records = [];
      for (const id of ids) records.push(await guardCopropriete(req, id));
      return service.coproDocuments(db, storage, records);
    },
    { preview: true, sessionRead: true },
  );
  route(
    app,
    e.syndicDocuments,
    async ({ req, body }) => {
      const ids = [...new Set(body.syndic_ids)];
      const bySyndic = [];
      for (const id of ids) bySyndic.push(await guardSyndicRecords(req, id));
      return service.syndicDocuments(db, storage, bySyndic);
    },
    preview,
  );
  route(
    app,
    checklistEndpoints.forCouncil,
    async ({ req, params }) => councilChecklist(db, await guardCoproprietaire(req, params.coproId)),
    preview,
  );
}
