import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { SIGNATURE_MODES } from '../rules/assemblee.js';

/** General assemblies of SPEC §2.19, §2.20, §3 and §7, at exactly the paths of §7. */

const uuid = z.string().uuid();
export const voteChoiceSchema = z.enum(['agree', 'disagree', 'abstain']);
export const signatureModeSchema = z.enum(SIGNATURE_MODES);

/** SPEC §3 Assembly. Dates are ISO instants; valid_to is the end of the vote by correspondence. */
export const assembleeSchema = z.object({
  id: z.string(),
  name: z.string(),
  year: z.number().int(),
  copr_name: z.string(),
  type: z.string(),
  date: z.string(),
  priority: z.number().int(),
  status_convocation: z.number().int(),
  date_sent_convocation: z.string().nullable(),
  status_proces_verbal: z.number().int(),
  date_sent_proces_verbal: z.string().nullable(),
  status: z.number().int(),
  date_effectue: z.string().nullable(),
  total_lots: z.number().int(),
  total_coproprietaires: z.number().int(),
  total_tantiemes: z.number().int(),
  status_session: z.number().int().nullable(),
  valid_to: z.string().nullable(),
  /** Computed by the server's clock with `isVoteActive` (SPEC §4). */
  vote_active: z.boolean(),
});
export type Assemblee = z.infer<typeof assembleeSchema>;

const methodsSchema = z.record(z.string(), z.object({ value: voteChoiceSchema, date: z.string() }));
export const resolutionVoteSchema = z.object({
  last_method: z.string().nullable(),
  methods: methodsSchema,
});

/** SPEC §3 Resolution; `vote` / `vote_2` are the caller's own recorded choices. */
export const resolutionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  preamble: z.string().nullable(),
  content: z.string().nullable(),
  comment: z.string().nullable(),
  article: z.string(),
  no_vote: z.boolean(),
  repartition: z.object({ code: z.string(), name: z.string() }).nullable(),
  files: z.array(z.object({ id: z.string(), name: z.string(), url: z.string(), content_type: z.string() })),
  vote: resolutionVoteSchema,
  vote_2: resolutionVoteSchema,
});
export type Resolution = z.infer<typeof resolutionSchema>;

/** The caller's current ballot: its place in the assembly's chain and its digest. */
export const ballotInfoSchema = z.object({
  id: z.string(),
  seq: z.number().int(),
  digest: z.string(),
  prev_digest: z.string(),
  created_at: z.string(),
  method: z.string(),
});
export type BallotInfo = z.infer<typeof ballotInfoSchema>;

export const resolutionsDataSchema = z.object({
  assemblee: assembleeSchema,
  resolutions: z.array(resolutionSchema),
  ballot: ballotInfoSchema.nullable(),
});
export type ResolutionsData = z.infer<typeof resolutionsDataSchema>;

const agParams = z.object({ agId: uuid, coproId: uuid, id: uuid });
const listParams = z.object({ coproId: uuid, id: uuid });
const agPath = '/assemblee/:agId/coproprietes/:coproId/coproprietaire/:id';

/** SPEC §7 vote submission body. */
export const voteBodySchema = z.object({
  coproprietaire: z.object({ id: uuid, name: z.string().max(300) }),
  list_data: z
    .array(
      z.object({
        id: uuid,
        title: z.string().max(1000),
        field: z.object({
          vote_1: z.object({ vote_value: voteChoiceSchema.nullable() }),
          vote_2: z.object({ vote_value: voteChoiceSchema.nullable() }).optional(),
        }),
        has_vote_two: z.boolean(),
      }),
    )
    .min(1)
    .max(200),
});
export type VoteBody = z.infer<typeof voteBodySchema>;

export const chainLinkSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(['ballot', 'signature', 'attendance', 'session_vote']),
  digest: z.string(),
  prev_digest: z.string(),
  created_at: z.string(),
  current: z.boolean(),
});
export const chainCheckSchema = z.object({
  ok: z.boolean(),
  length: z.number().int(),
  /** The first record whose digest or link does not verify, and why. */
  first_broken: z
    .object({ seq: z.number().int(), reason: z.enum(['digest', 'link', 'sequence', 'current']) })
    .nullable(),
});
export type ChainCheck = z.infer<typeof chainCheckSchema>;

/** SPEC §3 Signature token info (plus what the page shows of the assembly and the syndic's logo). */
export const signatureTokenInfoSchema = z.object({
  coproprietaire_name: z.string(),
  mode: signatureModeSchema,
  coproprietaire: z.object({
    name: z.string(),
    procurations: z.record(z.string(), z.object({ coproprietaire_name: z.string() })).nullable(),
  }),
  copr_id: z.string(),
  year_id: z.string(),
  coproprietaire_id: z.string(),
  assemblee: z.object({ name: z.string(), date: z.string(), copr_name: z.string() }),
  logo: z.string().nullable(),
});
export type SignatureTokenInfo = z.infer<typeof signatureTokenInfoSchema>;

/** PNG of the drawn signature, base64 (at most ~750 kB once decoded). */
export const signatureFileSchema = z.object({
  name: z.literal('signature.png'),
  content_type: z.literal('image/png'),
  data: z
    .string()
    .max(1_000_000)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});

export const signatureBodySchema = z.object({
  copr_id: uuid,
  year_id: uuid,
  coproprietaire_id: uuid,
  mode: signatureModeSchema,
  auth_token: z.string().min(1).max(200),
  signature: signatureFileSchema,
  signed_on_paper: z.literal(false),
});
export type SignatureBody = z.infer<typeof signatureBodySchema>;

export const assembleeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/assemblee/coproprietes/:coproId/coproprietaire/:id/get-list-ag-available',
    summary: "The co-owner's general assemblies (SPEC §2.20 list)",
    tags: ['assemblee'],
    params: listParams,
    response: okEnvelope(z.array(assembleeSchema)),
  }),
  resolutions: defineEndpoint({
    method: 'GET',
    path: `${agPath}/resolutions`,
    summary: "The assembly, its resolutions with the caller's recorded votes, and the caller's ballot",
    tags: ['assemblee'],
    params: agParams,
    response: okEnvelope(resolutionsDataSchema),
  }),
  convocationFile: defineEndpoint({
    method: 'GET',
    path: `${agPath}/convocation-file`,
    summary: "The co-owner's convocation (null when none was generated or sent)",
    tags: ['assemblee'],
    params: agParams,
    response: okEnvelope(
      z.object({ url: z.string(), name: z.string(), content_type: z.string() }).nullable(),
    ),
  }),
  visioInfo: defineEndpoint({
    method: 'GET',
    path: `${agPath}/visio-info`,
    summary: 'The meeting link (SPEC §7 visio response: url)',
    tags: ['assemblee'],
    params: agParams,
    response: okEnvelope(z.object({ url: z.string().nullable() })),
  }),
  vote: defineEndpoint({
    method: 'POST',
    path: `${agPath}/resolution/vote-internet`,
    summary: 'Vote by correspondence online (replaces the current ballot, chained)',
    tags: ['assemblee'],
    params: agParams,
    body: voteBodySchema,
    response: okEnvelope(ballotInfoSchema),
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: `${agPath}/ballot-receipt`,
    summary: 'A signed URL of the PDF receipt of the current ballot (arrêté du 2 juillet 2020 form)',
    tags: ['assemblee'],
    params: agParams,
    response: okEnvelope(z.object({ url: z.string(), name: z.string() })),
  }),
  chain: defineEndpoint({
    method: 'GET',
    path: `${agPath}/ballot-chain`,
    summary: "The assembly's published chain of digests, the caller's own digests and its verification",
    tags: ['assemblee'],
    params: agParams,
    response: okEnvelope(
      z.object({
        links: z.array(chainLinkSchema),
        mine: z.array(z.string()),
        check: chainCheckSchema,
      }),
    ),
  }),
  signatureToken: defineEndpoint({
    method: 'GET',
    path: '/assemblee/signatures/tokens/:token',
    summary: 'What a signature link asks for (SPEC §3 Signature token info)',
    tags: ['assemblee'],
    auth: false,
    params: z.object({ token: z.string().min(1).max(200) }),
    response: okEnvelope(signatureTokenInfoSchema),
  }),
  signature: defineEndpoint({
    method: 'POST',
    path: '/assemblee/signatures',
    summary: 'Signs with a drawn signature (single-use token), stored and chained',
    tags: ['assemblee'],
    auth: false,
    body: signatureBodySchema,
    response: okEnvelope(z.object({ digest: z.string(), signed_at: z.string() })),
  }),
};
