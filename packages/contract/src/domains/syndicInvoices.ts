import { z } from 'zod';
import { syndicCents, syndicFileField, syndicOptText, syndicStoredFile } from './syndicDocumentFields.js';
import { externalIdField, syndicDay, syndicText } from './syndicApi.js';

/** Supplier invoices in the syndic API, with their expenses, écritures and per-lot amounts (decision 52). */

const text = syndicText;
const optText = syndicOptText;
const day = syndicDay;
const cents = syndicCents;

export const syndicInvoiceDepense = z.object({
  charge_name: text(200),
  description: optText(1000),
  amount_ttc_cents: cents,
  /** Distribution keys (external_ids of répartitions of this copropriété). */
  repartitions: z.array(externalIdField).max(20).default([]),
  charge: externalIdField.optional().meta({
    description:
      "La charge (external_id) où la dépense est imputée : elle compte alors dans le « Réalisé » de l'exercice qui couvre la date de la facture (400 sur `invoice_date` si aucun ne la couvre).",
  }),
});
export const syndicInvoiceEcriture = z.object({
  date: day,
  description: text(500),
  amount_cents: cents,
  /** Each lot's share of this écriture ('Ma quote part'); a lot once per écriture. */
  lots: z
    .array(z.object({ lot: externalIdField, amount_cents: cents }))
    .max(2000)
    .default([]),
});
export const syndicInvoiceBody = z.object({
  copropriete: externalIdField,
  invoice_date: day,
  amount_cents: cents,
  fournisseur_name: text(200),
  compte_name: optText(200),
  number: optText(100),
  internal_note: optText(2000),
  /** 5, 6 and 7 mean paid (SPEC §9). */
  status: z.number().int().min(0).max(20).default(1),
  /** The source document (a JPEG is shown as a picture, anything else in a frame). */
  file: syndicFileField.nullable().default(null),
  depenses: z.array(syndicInvoiceDepense).max(200).default([]),
  ecritures: z.array(syndicInvoiceEcriture).max(200).default([]),
});
export type SyndicInvoiceBody = z.output<typeof syndicInvoiceBody>;
export const syndicInvoiceResource = syndicInvoiceBody.extend({
  id: z.string(),
  external_id: z.string(),
  file: syndicStoredFile.nullable(),
});
