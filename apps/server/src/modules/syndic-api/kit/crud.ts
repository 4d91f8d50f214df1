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
  bulk(db: Db, api: SyndicApiContext, items: unknown[], dryRun?: boolean): Promise<unknown>;
  delete(db: Db, api: SyndicApiContext, externalId: string): Promise<unknown>;
}

/**
 * The routes of an `externalResource` (list, get, put, patch, bulk, and delete when it has one) from
 * the contract's `resourceEndpoints(...)`. A PATCH is the service's own PUT (its checks, its
 * refusals) of the stored resource with the sent fields over it.
 */
export function crudRoutes(
  app: FastifyInstance,
  endpoints: { list: E; get: E; put: E; patch?: E; bulk: E; delete?: E },
  service: Service,
) {
  syndicRoute(app, endpoints.list, ({ api, query }) => service.list(app.db, api, query as never) as never);
  syndicRoute(
    app,
    endpoints.get,
    ({ api, params }) =>
      service.get(app.db, api, (params as unknown as { external_id: string }).external_id) as never,
  );
  syndicRoute(
    app,
    endpoints.put,
    ({ api, params, body }) =>
      service.put(
        app.db,
        api,
        (params as unknown as { external_id: string }).external_id,
        body as never,
      ) as never,
  );
  const patch = endpoints.patch;
  if (patch)
    syndicRoute(app, patch, async ({ api, params, body }) => {
      const externalId = (params as unknown as { external_id: string }).external_id;
      const current = (await service.get(app.db, api, externalId)) as Record<string, unknown>;
      const data = mergePatch(
        endpoints.put.body as never,
        current,
        body as unknown as Record<string, unknown>,
      );
      return service.put(app.db, api, externalId, data as never) as never;
    });
  syndicRoute(
    app,
    endpoints.bulk,
    ({ api, body }) => {
      const b = body as unknown as { items: unknown[]; dry_run?: boolean };
      return service.bulk(app.db, api, b.items, b.dry_run) as never;
    },
    { bodyLimit: BULK_BODY_LIMIT },
  );
  if (endpoints.delete)
    syndicRoute(
      app,
      endpoints.delete,
      ({ api, params }) =>
        service.delete(app.db, api, (params as unknown as { external_id: string }).external_id) as never,
    );
}
