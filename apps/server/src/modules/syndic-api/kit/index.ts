/**
 * The syndic API kit: what a module needs to add its own syndic endpoints (see
 * docs/decisions/029-syndic-api-v1-conventions.md and docs/api.md).
 */
export { syndicRoute, type SyndicApiContext, type SyndicRouteOptions } from './route.js';
export {
  auditRows,
  writeAudit,
  diff,
  canonical,
  listAudit,
  auditPage,
  shown,
  type AuditInput,
  type Tx,
  type Executor,
} from './audit.js';
export { upsertMany, upsertOne, type UpsertSpec, type UpsertDone, type UpdateRows } from './upsert.js';
export {
  runBulk,
  applyItems,
  fieldErrors,
  addFieldError,
  type BulkItem,
  type FieldErrors,
  type ItemErrors,
} from './bulk.js';
export { encodeCursor, decodeCursor, cursorWhere, exactTime, pageOf } from './cursor.js';
export { listRefs, touchRefs } from './delta.js';
export { createApiKey, listApiKeys, revokeApiKey, authenticateApiKey, parseScopes } from './keys.js';
export { externalResource } from './resource.js';
export { crudRoutes } from './crud.js';
export {
  RES,
  anyOf,
  resolveExternalIds,
  requireExternalId,
  externalIdsOf,
  forgetExternalId,
  storedIdsOf,
  refsOf,
  checkedId,
  adoptExternalIds,
  consoleExternalId,
  claimExternalId,
} from './refs.js';
export { removeExternal } from './remove.js';
