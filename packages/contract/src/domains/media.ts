import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { UPLOAD_TYPES } from '../rules/files.js';

/** SPEC §7 POST /media/presigned-url, then a PUT of the file to the URL with its Content-Type. */
export const presignedUrlBody = z.object({
  bucket: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9._-]*$/, { error: 'Nom de dossier invalide' }),
  file_name: z.string().trim().min(1).max(255),
  file_type: z.string().refine((t) => t in UPLOAD_TYPES, { error: 'Type de fichier non autorisé.' }),
  meta_data: z.record(z.string(), z.string().max(500)).optional(),
});

export const mediaEndpoints = {
  presignedUrl: defineEndpoint({
    method: 'POST',
    path: '/media/presigned-url',
    summary: 'A short-lived URL to PUT one file to (allow-listed type, server-chosen name)',
    tags: ['media'],
    body: presignedUrlBody,
    response: okEnvelope(z.object({ upload_url: z.string(), key: z.string(), expires_in: z.number().int() })),
  }),
};
