import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { documentAs } from '../openapi.js';
import {
  bulkBody,
  bulkResponse,
  defineSyndicEndpoint,
  deltaPage,
  externalIdParams,
  listQuery,
  tombstone,
  upsertResponse,
} from './syndicApi.js';

// The endpoints every resource addressed by its external_id shares (list with its delta, get, PUT,
// PATCH, bulk, DELETE), built once from the resource's schemas.

/** DELETE of a resource by external_id: 409 naming what still depends on it. */
export const deleteEndpoint = (plural: string, label: string) =>
  defineSyndicEndpoint({
    method: 'DELETE',
    path: `/syndic/v1/${plural}/:external_id`,
    summary: `${label}: delete (409 naming what still depends on it; kept in the audit log)`,
    scope: 'write',
    params: externalIdParams,
    response: okEnvelope(tombstone),
  });

const patchDocs = new WeakMap<z.ZodType, z.ZodType>();

/** What a PATCH body documents: the PUT body's fields, each optional (one instance per body). */
export function patchDocOf(body: z.ZodType): z.ZodType {
  let doc = patchDocs.get(body);
  if (!doc) {
    doc = body instanceof z.ZodObject ? z.object(body.shape).partial() : body;
    patchDocs.set(body, doc);
  }
  return doc;
}

/** List (with its delta) and get of a resource addressed by external_id. */
export const readEndpoints = <R extends z.ZodType>(plural: string, label: string, resource: R) => ({
  list: defineSyndicEndpoint({
    method: 'GET',
    path: `/syndic/v1/${plural}`,
    summary: `${label}: list by external_id`,
    scope: 'read',
    query: listQuery,
    response: okEnvelope(deltaPage(resource)),
  }),
  get: defineSyndicEndpoint({
    method: 'GET',
    path: `/syndic/v1/${plural}/:external_id`,
    summary: `${label}: one by external_id`,
    scope: 'read',
    params: externalIdParams,
    response: okEnvelope(resource),
  }),
});

/**
 * The endpoints of a resource addressed by external_id: list (with its delta), get, PUT (create or
 * replace), PATCH (change some fields, the others kept) and bulk. The server merges a PATCH into
 * the stored resource and checks the whole as a PUT.
 */
export const resourceEndpoints = <R extends z.ZodType, B extends z.ZodType, I extends z.ZodType>(
  plural: string,
  label: string,
  resource: R,
  body: B,
  item: I,
) => ({
  ...readEndpoints(plural, label, resource),
  put: defineSyndicEndpoint({
    method: 'PUT',
    path: `/syndic/v1/${plural}/:external_id`,
    summary: `${label}: create or replace (idempotent by external_id)`,
    scope: 'write',
    params: externalIdParams,
    body,
    response: upsertResponse(resource),
  }),
  patch: defineSyndicEndpoint({
    method: 'PATCH',
    path: `/syndic/v1/${plural}/:external_id`,
    summary: `${label}: change the fields sent, the others kept (404 when it does not exist yet)`,
    scope: 'write',
    params: externalIdParams,
    body: documentAs(z.record(z.string(), z.unknown()), patchDocOf(body)),
    response: upsertResponse(resource),
  }),
  bulk: defineSyndicEndpoint({
    method: 'POST',
    path: `/syndic/v1/${plural}/bulk`,
    summary: `${label}: create or replace up to 1,000; one result per item`,
    scope: 'write',
    body: bulkBody(item),
    response: bulkResponse,
  }),
});
