import { z } from 'zod';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../rules/files.js';
import { syndicText } from './syndicApi.js';

/**
 * The fields the syndic API's documents, supplier invoices and communications share: a file sent
 * in a PUT or in its stored form, an optional text, an amount in cents.
 */

const text = syndicText;

/** An optional text: null or omitted, never empty. */
export const syndicOptText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'Valeur vide : envoyez null ou omettez le champ.' })
    .max(max)
    .nullable()
    .default(null);
export const syndicCents = z.number().int({ error: 'Montant en centimes (entier).' }).min(-1e11).max(1e11);

/** Base64 of at most UPLOAD_MAX_BYTES (a larger file is a 413 from the server, in French). */
const BASE64_MAX = Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 8;

/**
 * A file sent in a PUT: its name (shown to the co-owner; the storage name is chosen by the
 * server), its type (the upload allow-list of decision 48, checked against the magic bytes) and
 * its bytes in base64 (10 MB at most). An image must decode; its sizes are stored beside it
 * (decision 56).
 */
export const syndicFileUpload = z.object({
  name: text(200),
  content_type: z.string().refine((t) => t in UPLOAD_TYPES, { error: 'Type de fichier non autorisé.' }),
  content_base64: z
    .string()
    .min(1, { error: 'Contenu base64 attendu.' })
    .max(BASE64_MAX + 1024, { error: 'Le fichier est trop volumineux.' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Contenu base64 attendu.' }),
});
/** A file as stored: sending this form back keeps the stored file (an identical PUT is `unchanged`). */
export const syndicStoredFile = z.object({
  name: text(200),
  content_type: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Empreinte SHA-256 (hexadécimale) attendue.' }),
  size: z.number().int().min(0),
});
export type SyndicStoredFile = z.infer<typeof syndicStoredFile>;
export const syndicFileField = z.union([syndicFileUpload, syndicStoredFile], {
  error:
    'Fichier attendu : {name, content_type, content_base64} ou la forme enregistrée {name, content_type, sha256, size}.',
});
