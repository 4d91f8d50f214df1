import { Readable } from 'node:stream';
import { documentSearchEndpoints as e, documentZipBody, idField } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route.js';
import { guardCoproprietaire } from '../access/access.service.js';
import { searchDocuments, zipDocuments } from './search.service.js';

/** Documents found (search over everything the record may see) and taken away as one archive. */
export async function documentSearchRoutes(app: FastifyInstance) {
  const db = app.db;
  const storage = app.platform.storage;
  route(
    app,
    e.search,
    async ({ req, params, query }) =>
      searchDocuments(db, storage, await guardCoproprietaire(req, params.coproId), query),
    { preview: true },
  );
  app.route({
    method: 'POST',
    url: '/api/documents/:coproId/zip',
    schema: {
      summary: 'Chosen documents the record may see, as one ZIP archive (streamed, Content-Length set)',
      tags: ['documents'],
      params: z.object({ coproId: idField }),
      body: documentZipBody,
      security: [{ bearer: [] }],
    },
    config: { auth: 'user-or-preview' },
    handler: async (req, reply) => {
      const { coproId } = req.params as { coproId: string };
      const { ids } = req.body as z.infer<typeof documentZipBody>;
      const owner = await guardCoproprietaire(req, coproId);
      const zip = await zipDocuments(db, storage, owner, ids);
      const stream = Readable.from(zip.stream);
      // A file gone from storage after the headers left: the client sees a cut download.
      stream.on('error', (err) => req.log.error({ err }, 'document archive interrupted'));
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(zip.size))
        .header('content-disposition', 'attachment; filename="documents.zip"')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}
