import { assembleeEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route.js';
import { guardCoproprietaireInCopro, readAsCoproprietaireInCopro } from '../access/access.service.js';
import * as service from './assemblees.service.js';
import * as chainService from './chain.service.js';
import * as signatures from './signatures.service.js';

/** What a ballot or a signature records of its sender (never sent back to other co-owners). */
const clientMeta = (req: FastifyRequest): service.ClientMeta => ({
  ip: req.ip,
  user_agent: String(req.headers['user-agent'] ?? '').slice(0, 500),
  user_id: req.auth?.user?.id ?? null,
});

/** General assemblies (SPEC §2.19, §2.20, §7). Every co-owner call goes through the access guard. */
export async function assembleesRoutes(app: FastifyInstance) {
  const db = app.db;
  const storage = app.platform.storage;
  const preview = { preview: true };
  const guard = (req: FastifyRequest, p: { coproId: string; id: string }, write = false) =>
    guardCoproprietaireInCopro(req, p.coproId, p.id, { write });

  route(
    app,
    e.list,
    async ({ req, params }) => {
      const read = service.assembleesRead(params.id);
      const { rows } = await readAsCoproprietaireInCopro(req, params.coproId, params.id, read);
      return service.presentAssemblees(rows);
    },
    { preview: true, sessionRead: true },
  );
  route(
    app,
    e.resolutions,
    async ({ req, params }) => service.getResolutions(db, storage, await guard(req, params), params.agId),
    preview,
  );
  route(
    app,
    e.convocationFile,
    async ({ req, params }) => service.getConvocationFile(db, storage, await guard(req, params), params.agId),
    preview,
  );
  route(
    app,
    e.visioInfo,
    async ({ req, params }) => service.getVisioInfo(db, await guard(req, params), params.agId),
    preview,
  );
  route(
    app,
    e.vote,
    async ({ req, params, body }) =>
      service.vote(db, await guard(req, params, true), params.agId, body, clientMeta(req)),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );
  route(app, e.receipt, async ({ req, params }) =>
    service.getReceipt(db, storage, await guard(req, params), params.agId),
  );
  route(
    app,
    e.chain,
    async ({ req, params }) => chainService.getChain(db, await guard(req, params), params.agId),
    preview,
  );

  // Public, reached by the tokenised link: limited per IP so tokens cannot be guessed.
  const tokenLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  route(
    app,
    e.signatureToken,
    async ({ params }) => signatures.getTokenInfo(db, storage, params.token),
    tokenLimit,
  );
  route(
    app,
    e.signature,
    async ({ req, body }) =>
      signatures.sign(db, { storage, sealer: app.platform.sealer }, body, clientMeta(req), new Date(), {
        db,
        realtime: app.realtime,
        config: app.config,
      }),
    tokenLimit,
  );
}
