import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { requiredString } from '../fields.js';
import { named } from '../openapi.js';
import { recouvrementSettingsBody } from './consoleCollections.js';
import { defineSyndicEndpoint, externalIdField } from './syndicApi.js';

/**
 * A building's SEPA collections by file and its recovery settings on the syndic API, beside the
 * console's screens and on the same services (decisions 213 and 232): the remise of a due date
 * (pain.008.001.02), named by the syndic's external_id, its file, its settlement, and the bank's
 * answers (pain.002, camt.054), each debit moving once whatever the number of imports.
 */

const buildingParams = z.object({ external_id: externalIdField });
const remiseParams = buildingParams.extend({ collection: externalIdField });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Une date AAAA-MM-JJ.' });

export const syndicCollectionBody = named(
  'SyndicSepaCollectionBody',
  z.object({
    external_id: externalIdField.meta({
      description: 'La remise chez le syndic\u202f: la même une seconde fois ne crée rien.',
    }),
    due_date: day.meta({ description: "L'échéance (au plus tôt après le préavis du mandat)." }),
  }),
  { example: { external_id: 'REM-2026-04', due_date: '2026-04-10' } },
);
export type SyndicCollectionBody = z.output<typeof syndicCollectionBody>;

const generated = named(
  'SyndicSepaCollection',
  z.object({
    result: z.enum(['created', 'unchanged']),
    id: z.string(),
    external_id: z.string(),
    due_date: z.string(),
    message_id: z.string(),
    status: z.enum(['generated', 'settled']),
    items: z.number().int(),
    total_cents: z.number().int(),
  }),
  {
    description: "`unchanged`\u202f: cette remise existait déjà, rien n'a été écrit ni annoncé.",
    example: {
      result: 'created',
      id: '0193b5c2-4f1e-7a3b-9c2d-1e2f3a4b5c6d',
      external_id: 'REM-2026-04',
      due_date: '2026-04-10',
      message_id: 'TANT-20260410-K3P9Q2W7ZA',
      status: 'generated',
      items: 3,
      total_cents: 690_001,
    },
  },
);

const remiseFile = named('SepaRemiseFile', z.object({ filename: z.string(), content: z.string() }), {
  description: 'La remise telle que la banque la prend (pain.008.001.02).',
  example: {
    filename: 'prelevements-2026-04-10.xml',
    content:
      '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02">…</Document>',
  },
});

const settled = named('SepaSettlement', z.object({ settled: z.number().int() }), {
  description: 'Les prélèvements crédités par cet appel (0 la seconde fois).',
  example: { settled: 3 },
});

export const syndicAnswersBody = named(
  'SepaAnswersBody',
  z.object({ content: requiredString.max(5_000_000) }),
  {
    description: 'Le fichier de la banque (pain.002 ou camt.054), tel quel.',
    example: {
      content:
        '<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">…</Document>',
    },
  },
);

const answers = named(
  'SepaAnswersImported',
  z.object({
    format: z.enum(['pain002', 'camt054']),
    known: z.boolean(),
    rejected: z.number().int(),
    returned: z.number().int(),
    unchanged: z.number().int(),
    unknown: z.number().int(),
  }),
  {
    description:
      'Importer deux fois la même réponse ne change rien\u202f: `known` vrai, aucun prélèvement ne bouge.',
    example: { format: 'pain002', known: false, rejected: 1, returned: 0, unchanged: 0, unknown: 0 },
  },
);

export const syndicRecouvrementSettings = named('RecouvrementSettings', recouvrementSettingsBody, {
  description:
    "Les délais des relances et de la mise en demeure (jours après l'échéance) et les frais de l'art. 10-1 de la loi n° 65-557 (en centimes).",
  example: {
    reminder_days: [15, 30],
    mise_en_demeure_days: 45,
    mise_en_demeure_fee_cents: 4_000,
    relance_fee_cents: 0,
  },
});

export const syndicCollectionEndpoints = {
  generate: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietes/:external_id/sepa-collections',
    summary:
      'Generate the remise (pain.008) of a due date, each co-owner pre-notified; the same external_id again answers it unchanged (409 with another due date)',
    scope: 'write',
    params: buildingParams,
    body: syndicCollectionBody,
    response: okEnvelope(generated),
  }),
  file: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietes/:external_id/sepa-collections/:collection/file',
    summary: 'The remise as the bank takes it (pain.008.001.02 XML)',
    scope: 'read',
    params: remiseParams,
    response: okEnvelope(remiseFile),
  }),
  settle: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietes/:external_id/sepa-collections/:collection/settlement',
    summary:
      'The bank took the remise: each debit still submitted is credited with its écriture, once (a second call settles none)',
    scope: 'write',
    params: remiseParams,
    response: okEnvelope(settled),
  }),
  answers: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietes/:external_id/sepa-answers',
    summary:
      "Import the bank's answers (pain.002 rejections, camt.054 returns): a return reverses the credit and reopens the debits, once; payment.failed is sent",
    scope: 'write',
    params: buildingParams,
    body: syndicAnswersBody,
    response: okEnvelope(answers),
  }),
  settings: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietes/:external_id/recouvrement-settings',
    summary: 'The delays of the reminders and of the mise en demeure, and the fees of art. 10-1',
    scope: 'read',
    params: buildingParams,
    response: okEnvelope(syndicRecouvrementSettings),
  }),
  setSettings: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/coproprietes/:external_id/recouvrement-settings',
    summary:
      'Set the recovery delays and fees, all at once (a 400 names each wrong field, nothing is written)',
    scope: 'write',
    params: buildingParams,
    body: syndicRecouvrementSettings,
    response: okEnvelope(syndicRecouvrementSettings),
  }),
};
