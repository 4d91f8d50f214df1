import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { invoiceStageField } from './consoleFactures.js';
import { defineSyndicEndpoint, externalIdField } from './syndicApi.js';

/**
 * The council's approval and the payment of supplier invoices in the syndic API (decision 227),
 * on the services the console uses: the assembly's threshold (loi art. 21, al. 2), « Envoyer au
 * conseil », the approval's state, and the payment against the bank for an invoice booked in
 * Tantième's journal.
 */

export const syndicCouncilThresholdBody = z
  .object({
    amount_cents: z
      .number()
      .int({ error: 'Montant en centimes (entier).' })
      .min(0)
      .max(100_000_000_000)
      .meta({
        description: 'Montant TTC des marchés et contrats à partir duquel le conseil syndical est consulté.',
      }),
  })
  .meta({ example: { amount_cents: 150_000 } });

export const syndicCouncilThreshold = z
  .object({
    amount_cents: z.number().int(),
    /** The resolution that set it, when recorded in the console. */
    resolution_id: z.string().nullable(),
    resolution_title: z.string().nullable(),
  })
  .meta({ example: { amount_cents: 150_000, resolution_id: null, resolution_title: null } });

export const syndicInvoiceApproval = z
  .object({
    stage: invoiceStageField,
    council_required: z.boolean(),
    council_comment: z.string().nullable(),
    council_by: z.string().nullable(),
    council_at: z.string().nullable(),
    paid_on: z.string().nullable(),
  })
  .meta({
    example: {
      stage: 'validee',
      council_required: true,
      council_comment: 'Conforme au devis voté.',
      council_by: 'Mme Hélène Moreau',
      council_at: '2026-03-12T18:40',
      paid_on: null,
    },
  });

export const syndicInvoicePaymentBody = z
  .object({
    date: z.iso
      .date({ error: 'Une date AAAA-MM-JJ.' })
      .meta({ description: 'Le jour où le virement est parti.' }),
  })
  .meta({ example: { date: '2026-03-25' } });

const params = z.object({ external_id: externalIdField });

export const syndicFactureEndpoints = {
  threshold: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/coproprietes/:external_id/council-threshold',
    summary:
      "The amount of contracts and marchés from which the assembly made the council's consultation compulsory (loi 1965 art. 21, al. 2)",
    scope: 'write',
    params,
    body: syndicCouncilThresholdBody,
    response: okEnvelope(syndicCouncilThreshold),
  }),
  approval: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/invoices/:external_id/approval',
    summary: 'Where a supplier invoice stands: sent to the council, its answer and comment, its payment',
    scope: 'read',
    params,
    response: okEnvelope(syndicInvoiceApproval),
  }),
  sendToCouncil: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/invoices/:external_id/council',
    summary:
      'Send a supplier invoice to the conseil syndical for its opinion; unchanged when it was sent already',
    scope: 'write',
    params,
    response: okEnvelope(syndicInvoiceApproval),
  }),
  payment: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/invoices/:external_id/payment',
    summary:
      "Record the payment of an invoice booked in Tantième's journal (401 / 512), once: the same day again is unchanged, another is 409; an invoice the council must approve first is 409",
    scope: 'write',
    params,
    body: syndicInvoicePaymentBody,
    response: okEnvelope(syndicInvoiceApproval),
  }),
};
