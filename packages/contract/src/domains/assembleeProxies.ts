import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { voteChoiceSchema } from './assemblees.js';

/**
 * A proxy given online (loi du 10 juillet 1965, art. 22 I): the co-owner names a mandataire (a
 * co-owner of the building or a named person), optionally with a voting instruction per resolution,
 * and signs the proxy's PDF through the signature page (PROCURATION_DONNEE). The mandataire, when a
 * co-owner of the building, sees the proxies they hold and signs their acceptance (PROCURATION).
 */

const uuid = z.string().uuid();
const agParams = z.object({ agId: uuid, coproId: uuid, id: uuid });
const proxyParams = agParams.extend({ proxyId: uuid });
const agPath = '/assemblee/:agId/coproprietes/:coproId/coproprietaire/:id';

const personName = z
  .string()
  .trim()
  .min(1, { error: 'Champ obligatoire.' })
  .max(80, { error: '80 caractères au plus.' });

export const giveProxyBody = z.object({
  mandataire: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('coproprietaire'), coproprietaire_id: uuid }),
    z.object({
      kind: z.literal('personne'),
      nom: personName,
      prenom: personName,
      email: z.string().trim().max(254).email({ error: 'Adresse e-mail invalide.' }).nullable().optional(),
    }),
  ]),
  /** A resolution left out is left to the mandataire's judgement ('libre'). */
  instructions: z
    .array(z.object({ resolution_id: uuid, vote: voteChoiceSchema }))
    .max(200)
    .default([]),
});
export type GiveProxyBody = z.input<typeof giveProxyBody>;

export const PROXY_STATUSES = ['pending', 'active', 'withdrawn'] as const;

export const proxySchema = z.object({
  id: z.string(),
  mandant: z.object({ id: z.string(), name: z.string() }),
  mandataire: z.object({
    coproprietaire_id: z.string().nullable(),
    name: z.string(),
    email: z.string().nullable(),
  }),
  instructions: z.array(
    z.object({
      resolution_id: z.string(),
      number: z.number().int(),
      title: z.string(),
      vote: voteChoiceSchema,
    }),
  ),
  status: z.enum(PROXY_STATUSES),
  created_at: z.string(),
  signed_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  /** SHA-256 of the proxy's PDF, the document the mandant's signature is given to. */
  document_sha256: z.string(),
  /** Whether the signed proxy is kept as a sealed PDF (PAdES), downloadable through `sealed`. */
  sealed: z.boolean(),
});
export type ProxyInfo = z.infer<typeof proxySchema>;

export const proxiesDataSchema = z.object({
  /** Until the meeting starts a proxy can be given or withdrawn. */
  open: z.boolean(),
  given: z.array(proxySchema),
  held: z.array(proxySchema),
  /** The co-owners of the building the caller may choose (not themself). */
  candidates: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ProxiesData = z.infer<typeof proxiesDataSchema>;

const signatureLink = z.object({
  /** The signature page, with its single-use token. */
  signature_url: z.string(),
});

export const assembleeProxyEndpoints = {
  proxies: defineEndpoint({
    method: 'GET',
    path: `${agPath}/proxies`,
    summary: 'The proxies the co-owner gave and holds for the assembly, and the co-owners they may choose',
    tags: ['assemblee'],
    params: agParams,
    response: okEnvelope(proxiesDataSchema),
  }),
  give: defineEndpoint({
    method: 'POST',
    path: `${agPath}/proxies`,
    summary:
      'Give a proxy (checked against loi art. 22 I): its PDF is made and a PROCURATION_DONNEE signature link returned; it counts once signed',
    tags: ['assemblee'],
    params: agParams,
    body: giveProxyBody,
    response: okEnvelope(signatureLink.extend({ proxy: proxySchema })),
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: `${agPath}/proxies/:proxyId/withdraw`,
    summary: 'Withdraw a proxy given, until the meeting starts (chained; the proxy is kept as withdrawn)',
    tags: ['assemblee'],
    params: proxyParams,
    response: okEnvelope(proxySchema),
  }),
  sealed: defineEndpoint({
    method: 'GET',
    path: `${agPath}/proxies/:proxyId/sealed`,
    summary:
      'A signed URL of the sealed PDF of a proxy the co-owner gave or holds (PAdES, with its signing certificate page)',
    tags: ['assemblee'],
    params: proxyParams,
    response: okEnvelope(z.object({ url: z.string(), name: z.string() })),
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: `${agPath}/proxies/:proxyId/accept`,
    summary: 'The mandataire signs their acceptance of a proxy held: a PROCURATION signature link',
    tags: ['assemblee'],
    params: proxyParams,
    response: okEnvelope(signatureLink),
  }),
};
