import { z } from 'zod';
import { DECISION_TYPE_CODES } from '../rules/decisionTypes.js';
import { RESOLUTION_ARTICLES } from '../rules/tally.js';
import { externalIdField, syndicText } from './syndicApi.js';

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
  /** What it decides, from the catalogue (DECISION_TYPES), which proposes the article and the key. */
  nature: z.enum(DECISION_TYPE_CODES).nullable().default(null),
  /** Required when the article or the key departs from the catalogue's proposal for `nature`. */
  article_reason: optText(2000),
  /**
   * The earlier assembly's resolution this one takes up (loi art. 25-1, 2e alinéa): energy-saving
   * works (art. 25 f) that got less than a third of all the voix, decided at art. 24 by a new
   * assembly convened within three months.
   */
  follows: z.object({ assemblee: externalIdField, resolution: externalIdField }).nullable().default(null),
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
