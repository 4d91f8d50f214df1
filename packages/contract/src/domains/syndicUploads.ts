import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../rules/files.js';
import { syndicStoredFile } from './syndicDocumentFields.js';
import { documentPlaces } from './syndicDocuments.js';
import {
  BULK_MAX_ITEMS,
  bulkBody,
  bulkResponse,
  defineSyndicEndpoint,
  externalIdField,
} from './syndicApi.js';

/**
 * Documents in bulk: the bytes go straight to storage by presigned PUT (S3 in production, the
 * app's signed `/files/` URL by default), then one bulk call registers the documents by their
 * stored form {name, content_type, sha256, size}. A file is addressed by its SHA-256, so the same
 * file announced twice is uploaded once.
 */

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, { error: 'Empreinte SHA-256 (hexadécimale) attendue.' });
const contentType = z.string().refine((t) => t in UPLOAD_TYPES, { error: 'Type de fichier non autorisé.' });

/** A file about to be uploaded: what the bulk call will announce for it. */
export const syndicUploadRequest = z.object({
  sha256,
  size: z
    .number()
    .int()
    .min(1, { error: 'Fichier vide.' })
    .max(UPLOAD_MAX_BYTES, { error: 'Le fichier est trop volumineux.' }),
  content_type: contentType,
});
export const syndicUploadsBody = z.object({
  files: z
    .array(syndicUploadRequest)
    .min(1, { error: 'Au moins un fichier est requis.' })
    .max(BULK_MAX_ITEMS, { error: `Au plus ${BULK_MAX_ITEMS} fichiers par appel.` }),
});

/** Where to PUT one file: the URL, its method and headers, until when it is valid. */
export const syndicPresignedUpload = z.object({
  sha256: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  method: z.literal('PUT'),
  url: z.string().meta({ description: 'Adresse absolue, à utiliser telle quelle (signée, à usage unique).' }),
  headers: z.record(z.string(), z.string()),
  expires_at: z.string(),
  /** The file is already there (announced and uploaded before): no PUT needed. */
  uploaded: z.boolean(),
});
export const syndicUploadsResponse = okEnvelope(z.object({ uploads: z.array(syndicPresignedUpload) }));

/** A file announced in a bulk item: the stored form of a file uploaded by presigned URL. */
const uploadedFile = syndicStoredFile.extend({ content_type: contentType });

/** A document of the bulk call: the PUT body with its external_id and the file's stored form. */
export const syndicDocumentItem = documentPlaces(uploadedFile, { external_id: externalIdField });

export const syndicUploadEndpoints = {
  uploads: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/documents/uploads',
    summary:
      'Documents in bulk, step 1: a presigned PUT URL for each of up to 1,000 files, named by their SHA-256 (valid 1 hour)',
    scope: 'write',
    body: syndicUploadsBody,
    response: syndicUploadsResponse,
  }),
  bulk: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/documents/bulk',
    summary:
      'Documents in bulk, step 2: create or replace up to 1,000 documents whose files went up by presigned URL; one result per item',
    scope: 'write',
    body: bulkBody(syndicDocumentItem),
    response: bulkResponse,
  }),
};
