import { assembleeProxyEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../http/route.js';
import { guardCoproprietaireInCopro } from '../access/access.service.js';
import { listProxies } from './proxies.read.js';
import { sealedProxyUrl } from './proxies.sealed.js';
import { acceptProxy, giveProxy, type ProxyDeps, withdrawProxy } from './proxies.service.js';

/** Proxies given online (loi art. 22 I). Every call goes through the access guard. */
export async function assembleeProxyRoutes(app: FastifyInstance) {
  const deps = (): ProxyDeps => ({
    db: app.db,
    realtime: app.realtime,
    config: app.config,
    storage: app.platform.storage,
  });
  const guard = (req: FastifyRequest, p: { coproId: string; id: string }, write = false) =>
    guardCoproprietaireInCopro(req, p.coproId, p.id, { write });
  const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  route(
    app,
    e.proxies,
    async ({ req, params }) => listProxies(app.db, await guard(req, params), params.agId),
    { preview: true },
  );
  route(app, e.sealed, async ({ req, params }) =>
    sealedProxyUrl(app.db, app.platform.storage, await guard(req, params), params.agId, params.proxyId),
  );
  route(
    app,
    e.give,
    async ({ req, params, body }) => giveProxy(deps(), await guard(req, params, true), params.agId, body),
    limit,
  );
  route(
    app,
    e.withdraw,
    async ({ req, params }) =>
      withdrawProxy(deps(), await guard(req, params, true), params.agId, params.proxyId),
    limit,
  );
  route(
    app,
    e.accept,
    async ({ req, params }) =>
      acceptProxy(app.db, await guard(req, params, true), params.agId, params.proxyId),
    limit,
  );
}
