import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { attachCodeField, uuidParam } from '../fields.js';
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

/** A contact of the record (SPEC §3 Co-owner contacts[]); display_name is computed by the server. */
export const contactSchema = z.object({
  id: z.string(),
  civility: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string(),
  company: z.string().nullable(),
  addresses: z.array(z.object({ full_address: z.string(), additional_address: z.string().nullable() })),
  emails: z.array(z.object({ value: z.string() })),
  phones: z.array(z.object({ value: z.string() })),
});
export type Contact = z.infer<typeof contactSchema>;

export const memberSchema = z.object({
  civility: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  display_name: z.string(),
});

/** The lots of the record, sorted by name (SPEC §3 Lot, summary fields). */
export const lotSummarySchema = z.object({
  id: z.string(),
  lot_id: z.string(),
  name: z.string(),
  type_name: z.string(),
});

/** Per-lot supplementary info of SPEC §3. */
export const lotSupplementSchema = z.object({
  use_type: z.enum(['own', 'rent']).optional(),
  agency_name: z.string().nullable().optional(),
  agency_phone: z.string().nullable().optional(),
  agency_email: z.string().nullable().optional(),
  locataire_name: z.string().nullable().optional(),
  locataire_phone: z.string().nullable().optional(),
  locataire_email: z.string().nullable().optional(),
  trusted_person: z.string().nullable().optional(),
  trusted_person_phone: z.string().nullable().optional(),
  ignore: z.boolean().optional(),
});

export const userSupplementInfoSchema = z.object({
  contact: z
    .object({ phone: z.string().nullable().optional(), email: z.string().nullable().optional() })
    .nullable()
    .optional(),
  lots: z.record(z.string(), lotSupplementSchema).optional(),
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
  contacts: z.array(contactSchema),
  members: z.array(memberSchema),
  lots: z.array(lotSummarySchema),
  user_supplement_info: userSupplementInfoSchema.nullable(),
});
export type CoproprietaireSummary = z.infer<typeof coproprietaireSummarySchema>;

/** SPEC §4 Attach by code: the pending co-owner, stored as a user setting under this key. */
export const PENDING_ATTACH_SETTING_KEY = 'pending-attach-coproprietaire';

/** Attach dialog messages of SPEC §8 (first message text of the error). */
export const attachMessages = {
  codeInvalid: 'Ce code est invalide',
  alreadyMine: "L'utilisateur existe déjà dans votre environnement.",
} as const;

/** Is-member flags per (copropriété, co-owner) pair (SPEC §7 get-member-union-syndicat-by-coproprietaires). */
export const memberUnionBody = z.object({
  datas: z
    .array(z.object({ copr_id: uuidParam, id: uuidParam }))
    .min(1)
    .max(50),
});
export const memberUnionRowSchema = z.object({
  copr_id: z.string(),
  id: z.string(),
  is_member_syndicat: z.boolean(),
  is_president: z.boolean(),
});

export const coproprietaireEndpoints = {
  all: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/all',
    summary: "The signed-in user's co-owner records",
    tags: ['coproprietaires'],
    response: okEnvelope(z.array(coproprietaireSummarySchema)),
  }),
  /** SPEC §7 POST code/{code}/add-coproprietaire-to-user: attach a record by its 9-character code. */
  attach: defineEndpoint({
    method: 'POST',
    path: '/coproprietaires/code/:code/add-coproprietaire-to-user',
    summary: 'Attach a co-owner record to the signed-in user by its attach code',
    tags: ['coproprietaires'],
    params: z.object({ code: attachCodeField }),
    response: okEnvelope(z.object({ id: z.string() })),
  }),
  /** SPEC §7 DELETE {id}/remove-coproprietaire: detach (the record and its data stay; re-attachable by code). */
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/coproprietaires/:id/remove-coproprietaire',
    summary: 'Detach a co-owner record from the signed-in user',
    tags: ['coproprietaires'],
    params: z.object({ id: uuidParam }),
    response: okEnvelope(z.boolean()),
  }),
  /** SPEC §7 GET {id}/{id2}/details-coproprietaire: id = copropriété id, id2 = co-owner id (docs/api.md). */
  details: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/:id/:id2/details-coproprietaire',
    summary: 'One co-owner record of a copropriété, with contacts, members and lots',
    tags: ['coproprietaires'],
    params: z.object({ id: uuidParam, id2: uuidParam }),
    response: okEnvelope(coproprietaireSummarySchema),
  }),
  /** SPEC §7 GET /coproprietaires//coproprietes/{id}: the caller's record in that copropriété (docs/api.md). */
  byCopropriete: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires//coproprietes/:id',
    summary: "The caller's co-owner record in a copropriété (also for the syndic preview)",
    tags: ['coproprietaires'],
    params: z.object({ id: uuidParam }),
    response: okEnvelope(coproprietaireSummarySchema),
  }),
  /** SPEC §7 POST get-member-union-syndicat-by-coproprietaires. */
  memberUnion: defineEndpoint({
    method: 'POST',
    path: '/coproprietaires/get-member-union-syndicat-by-coproprietaires',
    summary: 'Council member and president flags of the given records',
    tags: ['coproprietaires'],
    body: memberUnionBody,
    response: okEnvelope(z.array(memberUnionRowSchema)),
  }),
  /** SPEC §4 pending attach setting: the record waiting for the user's confirmation, or null. */
  pendingAttach: defineEndpoint({
    method: 'GET',
    path: '/coproprietaires/pending-attach',
    summary: 'The co-owner record the user is asked to confirm (pending attach setting)',
    tags: ['coproprietaires'],
    response: okEnvelope(z.object({ coproprietaire: coproprietaireSummarySchema }).nullable()),
  }),
  /** 'Oui' of the pending attach confirmation: deletes the setting. */
  confirmPendingAttach: defineEndpoint({
    method: 'DELETE',
    path: '/coproprietaires/pending-attach',
    summary: 'Delete the pending attach setting (the user confirmed)',
    tags: ['coproprietaires'],
    response: okEnvelope(z.boolean()),
  }),
};
