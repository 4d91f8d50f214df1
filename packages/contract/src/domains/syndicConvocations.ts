import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { defineSyndicEndpoint, externalIdField } from './syndicApi.js';

/**
 * The convocation of each co-owner of an assembly (décret 1967 art. 9, 64 and 64-1; loi 1965 art.
 * 42-1): the channel their recorded consent gives, the proof of sending and the first
 * presentation the 21 days run from, and whether the meeting date leaves them.
 */
/** 'email': a plain e-mail, only on assemblies published before convocations went by LRE (backfilled). */
export const CONVOCATION_CHANNELS = ['lre', 'postal', 'email'] as const;
export const PRESENTATION_SOURCES = ['provider', 'syndic', 'estimated'] as const;

export const syndicConvocationRow = z
  .object({
    coproprietaire: z.string().meta({ description: 'external_id du copropriétaire.' }),
    name: z.string(),
    channel: z.enum(CONVOCATION_CHANNELS).meta({
      description:
        "lre : lettre recommandée électronique (consentement exprès enregistré, loi art. 42-1) ; postal : lettre recommandée avec avis de réception ; email : courriel simple, pour une assemblée publiée avant l'envoi par LRE (reprise estimée).",
    }),
    consent_given_at: z.string().nullable().meta({
      description:
        'Date du consentement sur lequel reposait la LRE (texte antérieur à la loi du 9 avril 2024).',
    }),
    postal_request_received_at: z.string().nullable().meta({
      description:
        'Date de réception de la demande de voie postale sur laquelle repose la lettre recommandée.',
    }),
    provider: z.string().nullable(),
    sending_id: z
      .string()
      .nullable()
      .meta({ description: "Identifiant de dépôt chez le prestataire LRE (preuve d'envoi)." }),
    sent_at: z.string().nullable(),
    first_presented_at: z.string().nullable(),
    first_presentation_source: z.enum(PRESENTATION_SOURCES).nullable().meta({
      description:
        "provider : preuve du prestataire LRE ; syndic : date saisie par le syndic (avis de La Poste) ; estimated : J+1 ouvré après l'envoi, à confirmer.",
    }),
    earliest_meeting: z.string().nullable().meta({
      description: 'Première date (Europe/Paris) où la réunion peut se tenir : présentation + 22 jours.',
    }),
    deadline_ok: z.boolean().nullable().meta({
      description:
        "La date de la réunion laisse les 21 jours ; null tant que la présentation n'est pas connue.",
    }),
    error: z.string().nullable(),
  })
  .meta({
    example: {
      coproprietaire: 'CP-0042',
      name: 'Mme Claire Martin',
      channel: 'lre',
      consent_given_at: null,
      postal_request_received_at: null,
      provider: 'ar24',
      sending_id: '4200',
      sent_at: '2026-05-20T08:15:00.000Z',
      first_presented_at: '2026-05-20T08:16:30.000Z',
      first_presentation_source: 'provider',
      earliest_meeting: '2026-06-11',
      deadline_ok: true,
      error: null,
    },
  });
export type SyndicConvocationRow = z.infer<typeof syndicConvocationRow>;

export const postalPresentationBody = z
  .object({
    first_presented_at: z.iso
      .datetime({
        offset: true,
        error: 'Date et heure attendues au format ISO 8601 avec fuseau (2026-05-21T10:30:00+02:00).',
      })
      .meta({ description: "Première présentation de la lettre recommandée, d'après La Poste." }),
  })
  .meta({ example: { first_presented_at: '2026-05-21T10:30:00+02:00' } });

const convocationParams = z.object({ external_id: externalIdField, coproprietaire: externalIdField });

export const syndicConvocationEndpoints = {
  list: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/convocations',
    summary:
      'The convocation of each co-owner: channel (LRE, the post when asked for or without an address), sending, first presentation and whether the meeting leaves the 21 days (décret 1967 art. 9 and 64); reads the LRE provider for presentations not known yet',
    scope: 'read',
    params: z.object({ external_id: externalIdField }),
    response: okEnvelope(z.array(syndicConvocationRow)),
  }),
  postalPresentation: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/assemblees/:external_id/convocations/:coproprietaire/first-presentation',
    summary:
      "Record the first presentation of a co-owner's postal convocation (from La Poste's notice), replacing the J+1 ouvré estimate; 409 for an LRE, whose date comes from the provider",
    scope: 'write',
    params: convocationParams,
    body: postalPresentationBody,
    response: okEnvelope(syndicConvocationRow),
  }),
};
