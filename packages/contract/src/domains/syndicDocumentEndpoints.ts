import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { checklistSchema } from './checklist.js';
import { syndicCommunicationBody, syndicCommunicationResource } from './syndicCommunications.js';
import {
  syndicDocumentBody,
  syndicDocumentGroupBody,
  syndicDocumentGroupResource,
  syndicDocumentResource,
} from './syndicDocuments.js';
import { syndicInvoiceBody, syndicInvoiceResource } from './syndicInvoices.js';
import { defineSyndicEndpoint, externalIdParams, upsertResponse } from './syndicApi.js';
import { readEndpoints } from './syndicResourceEndpoints.js';

/** The syndic API's endpoints of documents, supplier invoices and communications, and the décret 2019-502 checklist. */

export const deletedResponse = okEnvelope(
  z.object({ result: z.literal('deleted'), id: z.string(), external_id: z.string() }),
);

const resource = <R extends z.ZodType, B extends z.ZodType>(
  plural: string,
  label: string,
  item: R,
  body: B,
) => ({
  ...readEndpoints(plural, label, item),
  put: defineSyndicEndpoint({
    method: 'PUT',
    path: `/syndic/v1/${plural}/:external_id`,
    summary: `${label}: create or replace (idempotent by external_id; files base64, 10 MB each)`,
    scope: 'write',
    params: externalIdParams,
    body,
    response: upsertResponse(item),
  }),
  delete: defineSyndicEndpoint({
    method: 'DELETE',
    path: `/syndic/v1/${plural}/:external_id`,
    summary: `${label}: delete (the co-owners no longer see it; the external_id may be used again)`,
    scope: 'write',
    params: externalIdParams,
    response: deletedResponse,
  }),
});

export const syndicDocumentEndpoints = {
  groups: resource(
    'document-groups',
    'Document groups (copropriété or syndic)',
    syndicDocumentGroupResource,
    syndicDocumentGroupBody,
  ),
  documents: resource(
    'documents',
    "Documents (a co-owner's space, a group, a bank statement month, an assembly year)",
    syndicDocumentResource,
    syndicDocumentBody,
  ),
  invoices: resource(
    'invoices',
    'Supplier invoices with expenses, écritures and per-lot amounts',
    syndicInvoiceResource,
    syndicInvoiceBody,
  ),
  communications: resource(
    'communications',
    'Postal, e-mail and SMS communications sent to a co-owner, with attachments',
    syndicCommunicationResource,
    syndicCommunicationBody,
  ),
};

export const syndicChecklistEndpoints = {
  checklist: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietes/:external_id/document-checklist',
    summary:
      'Décret 2019-502 checklist of a copropriété: each document the law requires online, present, missing or stale, with the document it matched',
    scope: 'read',
    params: externalIdParams,
    response: okEnvelope(checklistSchema),
  }),
};
