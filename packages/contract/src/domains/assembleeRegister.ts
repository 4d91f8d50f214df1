import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';

/**
 * The register of an assembly, readable by every co-owner of the building (votes in a copropriété are
 * not secret: décret du 17 mars 1967 art. 17, the minutes name the opposing and abstaining co-owners):
 * the chained records as published, what the tally needs to be recomputed, and the signed heads.
 * Exported as is, it is the file the offline verifier reads.
 */

export const REGISTER_FORMAT = 'tantieme.assembly-register.v1';

const uuid = z.string().uuid();

export const signedHeadSchema = z.object({
  assemblee_id: z.string(),
  event: z.enum(['vote_closed', 'ended', 'current']),
  count: z.number().int().min(0),
  digest: z.string(),
  signed_at: z.string(),
  signature: z.string(),
  key_fingerprint: z.string(),
});

export const signingKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  /** The raw 32-byte public key, base64. */
  public_key: z.string(),
  /** SHA-256 (hex) of the raw public key. */
  fingerprint: z.string(),
});
export type SigningKey = z.infer<typeof signingKeySchema>;

export const registerRecordSchema = z.object({
  assemblee_id: z.string(),
  seq: z.number().int(),
  kind: z.string(),
  coproprietaire_id: z.string(),
  payload: z.record(z.string(), z.unknown()),
  prev_digest: z.string(),
  digest: z.string(),
  current: z.boolean(),
  created_at: z.string(),
});

const repartitionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  total: z.number().nullable(),
});

export const assembleeRegisterSchema = z.object({
  format: z.literal(REGISTER_FORMAT),
  assemblee: z.object({
    id: z.string(),
    name: z.string(),
    date: z.string(),
    copr_name: z.string(),
    status_session: z.number().int().nullable(),
    /** The charges générales key (loi art. 22 I: the reduction of a co-owner above half). */
    general_repartition: repartitionSchema.nullable(),
  }),
  resolutions: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      title: z.string(),
      article: z.string(),
      no_vote: z.boolean(),
      /** Amended in session (loi art. 17-1 A: a correspondence 'Pour' then counts as défaillant). */
      amended: z.boolean(),
      repartition: repartitionSchema.nullable(),
    }),
  ),
  /** Every co-owner convened, with the tantièmes of each key (keyed by repartition id). */
  coproprietaires: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      tantiemes: z.record(z.string(), z.number()),
      attendance: z.string().nullable(),
    }),
  ),
  records: z.array(registerRecordSchema),
  /** Heads signed when the vote closed and when the assembly ended. */
  heads: z.array(signedHeadSchema),
  /** The head of the register as served, signed at the request. */
  head: signedHeadSchema,
  /** The key signing now; each head names the key that signed it by its fingerprint. */
  signing_key: signingKeySchema,
  /** Keys that signed before a rotation, kept by fingerprint so earlier heads still verify. */
  retired_keys: z.array(signingKeySchema).optional(),
});
export type AssembleeRegister = z.infer<typeof assembleeRegisterSchema>;

/** A minute to download: the URL (10 minutes), the file name, the SHA-256 its signatures carry, whether it is sealed. */
export const minuteDownloadSchema = z.object({
  url: z.string(),
  name: z.string(),
  /** SHA-256 of the document as signed (before its certificate page and seal). */
  sha256: z.string(),
  /** True when the URL serves the sealed PDF. */
  sealed: z.boolean(),
});

export const assembleeRegisterEndpoints = {
  register: defineEndpoint({
    method: 'GET',
    path: '/assemblee/:agId/coproprietes/:coproId/coproprietaire/:id/register',
    summary:
      "The assembly's register: every chained record as published, resolutions, tantièmes per key and the signed heads",
    tags: ['assemblee'],
    params: z.object({ agId: uuid, coproId: uuid, id: uuid }),
    response: okEnvelope(assembleeRegisterSchema),
  }),
  procesVerbal: defineEndpoint({
    method: 'GET',
    path: '/assemblee/:agId/coproprietes/:coproId/coproprietaire/:id/proces-verbal',
    summary:
      "A signed URL of the assembly's procès-verbal made from the register: the sealed PDF (PAdES, with its signing certificate page) once every requested signature is in, else the PDF as made; and the SHA-256 its signatures carry (404 before it is made)",
    tags: ['assemblee'],
    params: z.object({ agId: uuid, coproId: uuid, id: uuid }),
    response: okEnvelope(minuteDownloadSchema),
  }),
  feuilleDePresence: defineEndpoint({
    method: 'GET',
    path: '/assemblee/:agId/coproprietes/:coproId/coproprietaire/:id/feuille-de-presence',
    summary:
      "A signed URL of the assembly's attendance sheet made from the register: sealed once every requested signature is in, as the procès-verbal (404 before it is made)",
    tags: ['assemblee'],
    params: z.object({ agId: uuid, coproId: uuid, id: uuid }),
    response: okEnvelope(minuteDownloadSchema),
  }),
  signingKey: defineEndpoint({
    method: 'GET',
    path: '/assemblees/signing-key',
    summary: "The server's Ed25519 public key that signs the assemblies' chain heads, and its fingerprint",
    tags: ['assemblee'],
    auth: false,
    response: okEnvelope(signingKeySchema),
  }),
};
