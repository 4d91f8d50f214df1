import { z } from 'zod';
import { voteChoiceSchema } from './assemblees.js';

/**
 * A proxy of an assembly as the syndic's software reads it: given through the syndic API (the
 * attendance it recorded at the meeting) or online by the co-owner, active or withdrawn, read from
 * the chained attendance records (loi du 10 juillet 1965, art. 22 I).
 */
export const syndicProxyRow = z.object({
  origin: z.enum(['syndic', 'online']).meta({
    description:
      'syndic\u202f: saisi par le syndic\u202f; online\u202f: donné en ligne par le copropriétaire.',
  }),
  status: z.enum(['active', 'withdrawn']),
  mandant: z.object({ id: z.string(), external_id: z.string().nullable(), name: z.string() }),
  mandataire: z.object({
    name: z.string(),
    coproprietaire: z
      .object({ id: z.string(), external_id: z.string().nullable() })
      .nullable()
      .meta({ description: 'null\u202f: une personne extérieure au syndicat.' }),
  }),
  /** Voting instructions of an online proxy; a resolution absent is left to the mandataire. */
  instructions: z.array(
    z.object({ resolution: z.string().nullable(), number: z.number().int(), vote: voteChoiceSchema }),
  ),
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
  /** The chained record that gave it. */
  record: z.object({ seq: z.number().int(), digest: z.string() }),
  /** SHA-256 of the signed proxy PDF (online proxies). */
  document_sha256: z.string().nullable(),
  accepted_at: z.string().nullable(),
});

export const SYNDIC_PROXY_EXAMPLE = {
  origin: 'online',
  status: 'active',
  mandant: { id: '5f0c1d2e-0000-4000-8000-000000000042', external_id: 'CP-0042', name: 'M. Paul Durand' },
  mandataire: {
    name: 'Mme Claire Martin',
    coproprietaire: { id: '5f0c1d2e-0000-4000-8000-000000000007', external_id: 'CP-0007' },
  },
  instructions: [{ resolution: 'AG2026-R03', number: 3, vote: 'agree' }],
  given_at: '2026-12-01T18:04:00.000Z',
  withdrawn_at: null,
  record: { seq: 12, digest: '3f5a…' },
  document_sha256: 'b1946ac92492d2347c6235b4d2611184…',
  accepted_at: null,
} as const;
