import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { SIGNATURE_MODES } from '../rules/assemblee.js';
import { MANDATAIRE_EXCLUSIONS, type MandataireExclusion } from '../rules/proxies.js';
import { RESOLUTION_ARTICLES } from '../rules/tally.js';
import { chainCheckSchema, voteChoiceSchema } from './assemblees.js';
import { syndicProxyRow } from './syndicProxies.js';
import {
  deltaPage,
  listQuery,
  defineSyndicEndpoint,
  externalIdField,
  externalIdParams,
  upsertResponse,
  syndicText,
} from './syndicApi.js';

/**
 * General assemblies in the syndic API (decisions 29, 33-36): the syndic's software
 * prepares an assembly (resolutions, participants and their tantièmes, convocation file, meeting
 * link), publishes the convocation, starts the session, asks for signatures and reads the ballots,
 * the signatures, the chain check and the legal tally.
 */

const text = syndicText;
const optText = (max: number) => z.string().trim().max(max).nullable().default(null);
const instant = z.iso.datetime({
  offset: true,
  error: 'Date et heure attendues au format ISO 8601 avec fuseau (2026-06-15T18:00:00+02:00).',
});
const tantiemesMap = z
  .record(externalIdField, z.number().int().min(0, { error: 'Tantièmes positifs ou nuls.' }).max(1e9))
  .nullable()
  .default(null)
  .meta({
    description:
      'Tantièmes du copropriétaire par clé de répartition (external_id de la répartition → tantièmes) ; null = ceux de ses lots, figés à la publication de la convocation.',
  });

export const syndicResolutionBody = z.object({
  /** The syndic's id of the resolution within this assembly. */
  external_id: externalIdField,
  number: z.number().int().min(1).max(1000),
  title: text(500),
  preamble: optText(20_000),
  content: optText(50_000),
  comment: optText(20_000),
  /** Loi art. 24, 25, 26, or unanimity (UNANIMITE: every co-owner of the syndicat, of the key). */
  article: z.enum(RESOLUTION_ARTICLES, {
    error: 'Article attendu : ART-24, ART-25, ART-26 ou UNANIMITE.',
  }),
  /** Information only (no vote). */
  no_vote: z.boolean().default(false),
  /** The repartition whose tantièmes vote (loi art. 24 IV); required unless no_vote. */
  repartition: externalIdField.nullable().default(null),
  /** Amended in session (loi art. 17-1 A): correspondence 'Pour' then count as défaillants. */
  amended: z.boolean().default(false),
});

export const syndicParticipantBody = z.object({
  coproprietaire: externalIdField,
  tantiemes: tantiemesMap,
  /**
   * Attendance at the meeting as the syndic records it. null = absent, or voting by correspondence
   * when the co-owner cast an online ballot (set by the ballot, never cleared by a PUT).
   */
  attendance: z.enum(['present', 'represented']).nullable().default(null),
});

const convocationUpload = z.object({
  name: text(200).regex(/\.pdf$/i, { error: 'Le fichier de convocation est un PDF (.pdf).' }),
  content_type: z.literal('application/pdf', { error: 'Type attendu : application/pdf.' }),
  content_base64: z
    .string()
    .min(1)
    .max(14_000_000)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'Contenu base64 attendu.' }),
});
/** The convocation as stored (the PUT's upload is replaced by its digest and size). */
export const storedConvocation = z.object({
  name: z.string(),
  content_type: z.string(),
  sha256: z.string(),
  size: z.number().int(),
});

export const syndicAssembleeBody = z.object({
  copropriete: externalIdField,
  name: text(200),
  year: z.number().int().min(1990).max(2100),
  type: z.enum(['ORDINAIRE', 'EXTRAORDINAIRE']).default('ORDINAIRE'),
  /** The meeting's date and time. */
  date: instant,
  /** 1 = urgent (SPEC §9). */
  priority: z.union([z.literal(0), z.literal(1)]).default(0),
  /** SPEC §4: 1 En cours, 2 Terminée, 3 Effectué. */
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  date_effectue: instant.nullable().default(null),
  /**
   * End of the vote by correspondence; null = the legal default, the end of the fourth day before
   * the meeting in Paris time (décret du 17 mars 1967, art. 9 bis: three clear days).
   */
  valid_to: instant.nullable().default(null),
  visio_url: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https:\/\/\S+$/, { error: 'Lien https:// attendu.' })
    .nullable()
    .default(null),
  convocation: z.union([convocationUpload, storedConvocation]).nullable().default(null).meta({
    description:
      'Le PDF de convocation ({name, content_type, content_base64}), ou null. La ressource renvoie {name, content_type, sha256, size} ; renvoyer cette forme garde le fichier tel quel.',
  }),
  /**
   * The repartition of the quote-parts of the common parts (charges générales), required: the loi
   * art. 22 reduction is measured on it for every vote, and it gives total_tantiemes.
   */
  general_repartition: externalIdField.meta({
    description:
      "Clé des charges générales (external_id de la répartition), obligatoire : la réduction de l'article 22 de la loi du 10 juillet 1965 se mesure sur elle.",
  }),
  resolutions: z.array(syndicResolutionBody).max(300).default([]),
  participants: z.array(syndicParticipantBody).max(5000).default([]),
});
export type SyndicAssembleeBody = z.output<typeof syndicAssembleeBody>;

export const syndicAssembleeResource = syndicAssembleeBody.extend({
  id: z.string(),
  external_id: z.string(),
  convocation: storedConvocation.nullable(),
  general_repartition: z.string().nullable(),
  valid_to: z.string().nullable(),
  /** Read-only: set by publish and start-session. */
  status_convocation: z.number().int(),
  date_sent_convocation: z.string().nullable(),
  published_at: z.string().nullable(),
  /**
   * Set when the syndic published with override_delay although the 21 days of décret 1967 art. 9
   * and 64 could not run for the co-owners listed, or when a first presentation recorded later
   * (by the LRE provider or the syndic) breaks them: a risk of annulment, shown as such.
   */
  convocation_risk: z
    .object({
      overridden_at: z.string(),
      key_id: z.string(),
      late: z.array(
        z.object({
          coproprietaire: z.string(),
          earliest_meeting: z.string(),
          /**
           * Absent for a delay foreseen at publish; 'provider' or 'syndic' when the first presentation
           * recorded afterwards came later than foreseen.
           */
          first_presentation_source: z.enum(['provider', 'syndic']).optional(),
        }),
      ),
    })
    .nullable(),
  status_session: z.number().int().nullable(),
  total_lots: z.number().int(),
  total_coproprietaires: z.number().int(),
  total_tantiemes: z.number().int(),
});

const agParams = externalIdParams;

export const publishResult = z.object({
  published_at: z.string(),
  /**
   * Co-owners convened by this call, by channel: a lettre recommandée électronique for those with
   * a recorded express consent (loi art. 42-1), the post otherwise.
   */
  sent: z.object({ lre: z.number().int(), postal: z.number().int() }),
  /** Participants who already had their convocation (a second call sends nothing twice). */
  already_sent: z.number().int(),
  /** Legal risks the syndic chose to take (the 21-day delay overridden), in French. */
  warnings: z.array(z.string()),
});

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

export const syndicBallotRow = z.object({
  seq: z.number().int(),
  digest: z.string(),
  prev_digest: z.string(),
  created_at: z.string(),
  current: z.boolean(),
  method: z.string(),
  coproprietaire: z.object({ id: z.string(), external_id: z.string().nullable(), name: z.string() }),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  choices: z.array(
    z.object({
      resolution: z.string().nullable(),
      number: z.number().int(),
      article: z.string(),
      repartition: z.string().nullable(),
      tantiemes: z.number().int(),
      vote_1: voteChoiceSchema.nullable(),
      vote_2: voteChoiceSchema.nullable(),
    }),
  ),
});

const choiceCount = z.object({ tantiemes: z.number().int(), count: z.number().int() });
const voteCount = z.object({
  agree: choiceCount,
  disagree: choiceCount,
  abstain: choiceCount,
  participants: choiceCount,
});
export const syndicTallyRow = z.object({
  resolution: z.string().nullable(),
  number: z.number().int(),
  title: z.string(),
  article: z.string(),
  repartition: z.string().nullable(),
  decision: z.enum(['adopted', 'rejected', 'no_vote']),
  rule: z.enum(['ART-24', 'ART-25', 'ART-25-1', 'ART-26', 'ART-26-1', 'UNANIMITE']).nullable(),
  total: choiceCount,
  first: voteCount.nullable(),
  second: voteCount.nullable(),
  amended_defaulting: z.number().int(),
  /** Co-owners whose votes were reduced under loi art. 22 (more than half of the votes). */
  reduced: z.array(z.object({ coproprietaire: z.string(), from: z.number().int(), to: z.number().int() })),
});

/** A line of the attendance sheet (feuille de présence), from the register. */
export const attendanceRow = z.object({
  coproprietaire: z.string(),
  name: z.string(),
  /** null: absent (défaillant). */
  attendance: z.enum(['present', 'represented', 'correspondence']).nullable(),
  /** Who represents them (loi art. 22 I), when represented. */
  mandataire: z.object({ name: z.string(), coproprietaire: z.string().nullable() }).nullable(),
  /** Their voix in the charges générales key. */
  tantiemes: z.number().int(),
});

const storedFile = z.object({
  file_id: z.string(),
  name: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** Signed download URL, valid 10 minutes. */
  url: z.string(),
});
/**
 * A stored act of the assembly: its file, the SHA-256 of its bytes (what a signature carries), a
 * signed URL, and the sealed PDF (PAdES, with its signing certificate page) once every requested
 * signature of it is in, else null.
 */
const storedAct = storedFile.extend({ sealed: storedFile.nullable() });
export const assembleeDocumentsResult = z.object({
  result: z.enum(['created', 'unchanged']),
  proces_verbal: storedAct,
  feuille_de_presence: storedAct,
});

export const syndicAssembleeEndpoints = {
  list: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees',
    summary: 'General assemblies: list by external_id',
    scope: 'read',
    query: listQuery,
    response: okEnvelope(deltaPage(syndicAssembleeResource)),
  }),
  get: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id',
    summary: 'A general assembly with its resolutions and participants',
    scope: 'read',
    params: agParams,
    response: okEnvelope(syndicAssembleeResource),
  }),
  put: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/assemblees/:external_id',
    summary:
      'Create or replace a general assembly with its resolutions, participants and tantièmes, convocation file and meeting link (idempotent by external_id)',
    scope: 'write',
    params: agParams,
    body: syndicAssembleeBody,
    response: upsertResponse(syndicAssembleeResource),
  }),
  publish: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/publish',
    query: z.object({
      /**
       * Publish although the meeting is too close for some co-owners (urgency, décret 1967 art. 9):
       * recorded on the assembly as convocation_risk.
       */
      override_delay: z.enum(['true', 'false']).default('false'),
    }),
    summary:
      'Publish the convocation: a notification to each participant, a lettre recommandée électronique to those with a recorded express consent to electronic notice (loi art. 42-1), a postal record otherwise; refused (409 CONVOCATION_TOO_LATE, naming them) when the 21 days from the first presentation (décret 1967 art. 9 and 64; the post estimated J+1 ouvré) cannot run for some co-owners, unless override_delay=true. A second call sends nothing twice and retries the LRE not deposited yet',
    scope: 'write',
    params: agParams,
    response: okEnvelope(publishResult),
  }),
  startSession: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/start-session',
    summary: 'Start the meeting session (closes the online vote by correspondence)',
    scope: 'write',
    params: agParams,
    response: okEnvelope(
      z.object({ result: z.enum(['updated', 'unchanged']), status_session: z.number().int() }),
    ),
  }),
  close: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/close',
    summary:
      "Close the assembly once held (after start-session; status_session 2): the register's head is signed and sent to every participant, and the webhook event assemblee.closed carries the final tally",
    scope: 'write',
    params: agParams,
    response: okEnvelope(
      z.object({
        result: z.enum(['updated', 'unchanged']),
        status_session: z.number().int(),
        head: z
          .object({
            count: z.number().int(),
            digest: z.string(),
            signed_at: z.string(),
            signature: z.string(),
          })
          .nullable(),
      }),
    ),
  }),
  signatureRequests: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/signature-requests',
    summary:
      'Ask co-owners to sign (attendance, proxy, minutes…): each gets their own single-use link by e-mail or SMS',
    scope: 'write',
    params: agParams,
    body: signatureRequestBody,
    response: okEnvelope(z.array(signatureRequestRow)),
  }),
  sessionVotes: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/session-votes',
    summary:
      'Record attendance (present, represented with the mandataire, absent) and the votes cast at the meeting, per resolution (after start-session); each change is a chained record, proxies are checked against loi art. 22 I',
    scope: 'write',
    params: agParams,
    body: sessionVotesBody,
    response: okEnvelope(sessionVotesResult),
  }),
  signatures: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/signatures',
    summary: 'The signature requests of an assembly and their state (pending, signed, expired)',
    scope: 'read',
    params: agParams,
    response: okEnvelope(z.array(signatureRequestRow)),
  }),
  proxies: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/proxies',
    summary:
      'The proxies of an assembly from the register: given through the syndic API or online by the co-owner, active or withdrawn, with the voting instructions',
    scope: 'read',
    params: agParams,
    response: okEnvelope(z.array(syndicProxyRow)),
  }),
  ballots: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/ballots',
    summary: 'Every ballot by correspondence, current and superseded, as chained',
    scope: 'read',
    params: agParams,
    response: okEnvelope(z.array(syndicBallotRow)),
  }),
  chain: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/chain-check',
    summary: 'Verify the hash chain of ballots and signatures; reports the first broken record',
    scope: 'read',
    params: agParams,
    response: okEnvelope(chainCheckSchema),
  }),
  attendance: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/attendance',
    summary:
      'The attendance sheet from the register: every co-owner present, represented (and by whom) or by correspondence, with their voix',
    scope: 'read',
    params: agParams,
    response: okEnvelope(z.array(attendanceRow)),
  }),
  documents: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/documents',
    summary:
      'Make and store the procès-verbal (décret 1967 art. 17) and the attendance sheet (art. 14) from the register, once the assembly is closed; a second call returns the stored files. Signatures in PV_* and FDP_* modes carry their SHA-256; once every requested signature is in, the sealed PDF (PAdES) comes with each',
    scope: 'write',
    params: agParams,
    response: okEnvelope(assembleeDocumentsResult),
  }),
  tally: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/tally',
    summary:
      'The legal count of each resolution (loi 1965 art. 24, 25, 25-1, 26, 26-1, 17-1 A, 22) from attendance and ballots',
    scope: 'read',
    params: agParams,
    response: okEnvelope(z.array(syndicTallyRow)),
  }),
};
