import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { addressSchema } from './identity.js';

/** copro_settings of SPEC §3 as the client reads them. */
export const coproSettingsSchema = z.object({
  show_invoice: z.string().optional(),
  show_invoice_scope: z.string().optional(),
  show_invoice_status: z.string().optional(),
  show_invoice_status_scope: z.string().optional(),
  show_copro_document: z.string().optional(),
  show_copro_document_scope: z.string().optional(),
  show_syndic_document: z.string().optional(),
  show_syndic_document_scope: z.string().optional(),
  show_releves_bancaires: z.string().optional(),
  show_releves_bancaires_scope: z.string().optional(),
  show_assemblee_function: z.boolean().optional(),
});
export type CoproSettings = z.infer<typeof coproSettingsSchema>;

export const coproprieteRefSchema = z.object({
  id: z.string(),
  syndic_id: z.string(),
  syndic_disable: z.boolean(),
  name: z.string(),
  address: z.object({ full_address: z.string().nullable().optional() }),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const permissionsSchema = z.object({
  view_invoices: z.boolean().optional(),
  view_invoice_status: z.boolean().optional(),
  view_copro_documents: z.boolean().optional(),
  view_releves_bancaires: z.boolean().optional(),
  view_syndic_documents: z.boolean().optional(),
});

/** A co-owner record as listed for the signed-in user (SPEC §3 Co-owner, list fields). */
export const coproprietaireSummarySchema = z.object({
  id: z.string(),
  name: z.object({ fr: z.string() }),
  display_name: z.object({ fr: z.string() }),
  unique_code: z.string(),
  address: addressSchema.nullable(),
  coproprietes: z.array(coproprieteRefSchema),
  is_member_syndicat: z.boolean(),
  is_president: z.boolean(),
  copro_settings: coproSettingsSchema,
  permissions: permissionsSchema,
  init_settings_done: z.boolean(),
  list_ag_available: z.array(z.object({ id: z.string(), is_send_convocation: z.boolean() })),
  total_notification: z.number().int(),
});
export type CoproprietaireSummary = z.infer<typeof coproprietaireSummarySchema>;

export const coproprietaireEndpoints = {
  all: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/all',
    summary: "The signed-in user's co-owner records",
    tags: ['coproprietaires'],
    response: okEnvelope(z.array(coproprietaireSummarySchema)),
  }),
};
