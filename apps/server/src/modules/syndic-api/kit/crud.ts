import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { mergePatch } from './patch.js';
import { syndicRoute, type SyndicApiContext } from './route.js';

const BULK_BODY_LIMIT = 10 * 1024 * 1024;

type E = Endpoint & { scope: 'read' | 'write' | 'webhooks' };
interface Service {
  list(db: Db, api: SyndicApiContext, q: { limit: number; cursor?: string }): Promise<unknown>;
  get(db: Db, api: SyndicApiContext, externalId: string): Promise<unknown>;
  put(db: Db, api: SyndicApiContext, externalId: string, data: never): Promise<unknown>;
  bulk?(db: Db, api: SyndicApiContext, items: unknown[], dryRun?: boolean): Promise<unknown>;
  delete(db: Db, api: SyndicApiContext, externalId: string): Promise<unknown>;
}

/**
 * The routes of an `externalResource` (list, get, put, and patch, bulk, delete when the contract
 * has them) from the contract's `resourceEndpoints(...)`. A PATCH is the service's own PUT (its
 * checks, its refusals) of the stored resource with the sent fields over it. `service` may be a
 * function: a resource made per request (the files and notices of one request); `putBodyLimit`
 * for a PUT that carries files.
 */
export function crudRoutes(
  app: FastifyInstance,
  endpoints: { list: E; get: E; put: E; patch?: E; bulk?: E; delete?: E },
  serviceOrMake: Service | (() => Service),
  opts: { putBodyLimit?: number } = {},
) {
  const make = typeof serviceOrMake === 'function' ? serviceOrMake : () => serviceOrMake;
  const ext = (params: unknown) => (params as { external_id: string }).external_id;
  syndicRoute(app, endpoints.list, ({ api, query }) => make().list(app.db, api, query as never) as never);
  syndicRoute(app, endpoints.get, ({ api, params }) => make().get(app.db, api, ext(params)) as never);
  syndicRoute(
    app,
    endpoints.put,
    ({ api, params, body }) => make().put(app.db, api, ext(params), body as never) as never,
    opts.putBodyLimit ? { bodyLimit: opts.putBodyLimit } : undefined,
  );
  const patch = endpoints.patch;
  if (patch)
    syndicRoute(app, patch, async ({ api, params, body }) => {
      const service = make();
      const current = (await service.get(app.db, api, ext(params))) as Record<string, unknown>;
      const data = mergePatch(
        endpoints.put.body as never,
        current,
        body as unknown as Record<string, unknown>,
      );
      return service.put(app.db, api, ext(params), data as never) as never;
    });
  const bulk = endpoints.bulk;
  if (bulk)
    syndicRoute(
      app,
      bulk,
      ({ api, body }) => {
        const b = body as unknown as { items: unknown[]; dry_run?: boolean };
        const service = make();
        if (!service.bulk) throw new Error('bulk endpoint without a bulk service');
        return service.bulk(app.db, api, b.items, b.dry_run) as never;
      },
      { bodyLimit: BULK_BODY_LIMIT },
    );
  const remove = endpoints.delete;
  if (remove) syndicRoute(app, remove, ({ api, params }) => make().delete(app.db, api, ext(params)) as never);
}
