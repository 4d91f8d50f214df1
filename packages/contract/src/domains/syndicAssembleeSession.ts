import { z } from 'zod';
import { SIGNATURE_MODES } from '../rules/assemblee.js';
import { MANDATAIRE_EXCLUSIONS, type MandataireExclusion } from '../rules/proxies.js';
import { voteChoiceSchema } from './assemblees.js';
import { externalIdField, syndicText } from './syndicApi.js';

/**
 * The meeting in the syndic API: attendance and votes entered per resolution, with the mandataire
 * of a represented co-owner, and the signatures the syndic asks for.
 */

const text = syndicText;

/** Methods of a vote the syndic enters for the meeting (SPEC §3 vote methods). */
export const SESSION_VOTE_METHODS = ['saisie_par_admin', 'visio_direct', 'visio', 'telephone'] as const;

/** The mandataire of a represented co-owner (loi art. 22 I). */
export const mandataireBody = z.object({
  /** The mandataire when a co-owner of the building (external_id), else null. */
  coproprietaire: externalIdField.nullable().default(null),
  name: text(200),
  /**
   * How the mandataire is related to the syndic, as the syndic's software knows it; such a person
   * cannot receive a mandate (loi art. 22 I). null: not related.
   */
  exclusion: z
    .enum(Object.keys(MANDATAIRE_EXCLUSIONS) as [MandataireExclusion])
    .nullable()
    .default(null),
});

export const sessionVotesBody = z.object({
  votes: z
    .array(
      z.object({
        coproprietaire: externalIdField,
        /**
         * How the co-owner takes part in the meeting; 'absent' withdraws an attendance entered by
         * mistake. Present or represented, their correspondence form no longer counts (loi art.
         * 17-1 A, décret du 17 mars 1967 art. 9 bis). Chained when it changes.
         */
        attendance: z.enum(['present', 'represented', 'absent']),
        /** Required when represented: who represents them (loi art. 22 I). */
        mandataire: mandataireBody.nullable().default(null),
        method: z.enum(SESSION_VOTE_METHODS).default('saisie_par_admin'),
        /**
         * The resolutions entered by this call, each a chained record of its own: a resolution left
         * out keeps what was entered before. vote_1 or vote_2 left out keeps its earlier value (the
         * second vote of a 25-1 / 26-1 passerelle is entered after the first); null clears it.
         */
        choices: z
          .array(
            z
              .object({
                resolution: externalIdField,
                vote_1: voteChoiceSchema.nullable().optional(),
                vote_2: voteChoiceSchema.nullable().optional(),
              })
              .refine((c) => c.vote_1 !== undefined || c.vote_2 !== undefined, {
                error: 'Indiquez vote_1 ou vote_2.',
                path: ['vote_1'],
              }),
          )
          .max(300)
          .default([]),
      }),
    )
    .min(1, { error: 'Au moins un vote.' })
    .max(2000),
});

export const sessionVotesResult = z.array(
  z.object({
    coproprietaire: z.string(),
    /** The records this call chained for the co-owner, in order (none when nothing changed). */
    records: z.array(
      z.object({
        seq: z.number().int(),
        kind: z.enum(['attendance', 'session_vote']),
        resolution: z.string().nullable(),
        digest: z.string(),
      }),
    ),
  }),
);

export const signatureRequestBody = z.object({
  mode: z.enum(SIGNATURE_MODES),
  channel: z.enum(['email', 'sms']),
  /** The co-owners who sign (external ids), each sent their own link. */
  coproprietaires: z.array(externalIdField).min(1, { error: 'Au moins un copropriétaire.' }).max(2000),
  /** For PROCURATION: the owners each signer represents (signer external_id → represented external_ids). */
  procurations: z.record(externalIdField, z.array(externalIdField).min(1).max(50)).default({}),
  valid_hours: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(72),
});

export const signatureRequestRow = z.object({
  id: z.string(),
  coproprietaire: z.object({ id: z.string(), external_id: z.string().nullable(), name: z.string() }),
  mode: z.enum(SIGNATURE_MODES),
  status: z.enum(['pending', 'signed', 'expired']),
  channel: z.enum(['email', 'sms']).nullable(),
  recipient_masked: z.string().nullable(),
  expires_at: z.string(),
  signed_at: z.string().nullable(),
  /** The chained signature record, once signed. */
  record: z.object({ seq: z.number().int(), digest: z.string() }).nullable(),
  /**
   * A signed proxy (PROCURATION_DONNEE) as a sealed PDF (PAdES) with its signing certificate page;
   * signed URL valid 10 minutes. Null for other modes and before the signature.
   */
  sealed: z
    .object({ file_id: z.string(), name: z.string(), size: z.number().int(), url: z.string() })
    .nullable(),
});
