import { z } from 'zod';
import { errorEnvelope, okEnvelope } from '../envelope.js';
import { chargeItem, billItem, financialYearItem, ledgerLineItem } from './syndicAccounts.js';
import { defineSyndicEndpoint } from './syndicApi.js';
import {
  administratorItem,
  coproprieteItem,
  coproprietaireItem,
  lotItem,
  repartitionItem,
} from './syndicPortfolio.js';

/**
 * A whole portfolio in one document ("File import"): the same items as the bulk
 * calls, grouped by resource. The server writes them in this order, one transaction per
 * building (the building's own item and everything that refers to it), so a building is
 * imported completely or not at all; a dry run reports every error and writes nothing.
 */
export const IMPORT_RESOURCES = [
  'administrators',
  'coproprietes',
  'lots',
  'repartitions',
  'coproprietaires',
  'charges',
  'financial_years',
  'bills',
  'ledger_lines',
] as const;
export type ImportResource = (typeof IMPORT_RESOURCES)[number];
/** Per resource and document: a 500-lot building has ~20,000 ledger lines; a portfolio more. */
export const IMPORT_MAX_ITEMS = 200_000;
/** Errors listed in a report (all are counted). */
export const IMPORT_MAX_ERRORS = 1000;

/** Each item's schema: the bulk item of the resource (PUT body plus `external_id`). */
export const importItemSchemas = {
  administrators: administratorItem,
  coproprietes: coproprieteItem,
  lots: lotItem,
  repartitions: repartitionItem,
  coproprietaires: coproprietaireItem,
  charges: chargeItem,
  financial_years: financialYearItem,
  bills: billItem,
  ledger_lines: ledgerLineItem,
} satisfies Record<ImportResource, z.ZodType>;

const items = (r: ImportResource) =>
  z
    .array(z.unknown())
    .max(IMPORT_MAX_ITEMS, { error: `Au plus ${IMPORT_MAX_ITEMS} éléments par ressource.` })
    .default([])
    .meta({ description: `Éléments de la forme du bulk ${r} (voir le PUT correspondant).` });

/**
 * The body: items are validated one by one by the server (each error is reported with its
 * resource, index and field), so the document itself only bounds their number.
 */
export const importDocument = z.object({
  administrators: items('administrators'),
  coproprietes: items('coproprietes'),
  lots: items('lots'),
  repartitions: items('repartitions'),
  coproprietaires: items('coproprietaires'),
  charges: items('charges'),
  financial_years: items('financial_years'),
  bills: items('bills'),
  ledger_lines: items('ledger_lines'),
});
export type ImportDocument = z.output<typeof importDocument>;

/** The fully typed document, for the JSON schema given to integrators (`admin import --schema`). */
export const importDocumentStrict = z.object(
  Object.fromEntries(IMPORT_RESOURCES.map((r) => [r, z.array(importItemSchemas[r]).optional()])) as {
    [K in ImportResource]: z.ZodOptional<z.ZodArray<(typeof importItemSchemas)[K]>>;
  },
);
export const importJsonSchema = () => z.toJSONSchema(importDocumentStrict, { io: 'input' });

const counts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
  /** Valid items of a building that had errors elsewhere: not written (all or nothing). */
  rejected: z.number().int(),
  /** Items of a co-owner removed or anonymised in the product: set aside, the building written. */
  skipped: z.number().int(),
});
export type ImportCounts = z.infer<typeof counts>;
export const importError = z.object({
  resource: z.enum(IMPORT_RESOURCES),
  /** Index of the item in its resource's array. */
  index: z.number().int(),
  /** Line of the CSV file the item came from (CLI import of CSV files), else null. */
  line: z.number().int().nullable(),
  external_id: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importError>;
/**
 * An item set aside without rejecting its building: the co-owner was removed from the building
 * (`removed`: `POST /coproprietaires/{external_id}/restore` brings it back) or anonymised
 * (`anonymised`: for good). Its ledger lines are still written, on the record kept for the accounts.
 */
export const importSkipped = z.object({
  resource: z.enum(IMPORT_RESOURCES),
  index: z.number().int(),
  external_id: z.string(),
  reason: z.enum(['removed', 'anonymised']),
  message: z.string(),
});
export type ImportSkipped = z.infer<typeof importSkipped>;
export const importReport = z.object({
  dry_run: z.boolean(),
  /** No error anywhere: everything was (or, in a dry run, would be) written. */
  ok: z.boolean(),
  buildings: z.array(
    z.object({
      /** The building's external_id; null for the items of no building (gestionnaires…). */
      copropriete: z.string().nullable(),
      status: z.enum(['imported', 'rejected', 'checked']),
      items: z.number().int(),
    }),
  ),
  counts: z.record(z.enum(IMPORT_RESOURCES), counts),
  error_count: z.number().int(),
  /** The first IMPORT_MAX_ERRORS errors, in document order. */
  errors: z.array(importError),
  /** Items set aside (a co-owner removed or anonymised in the product), in document order. */
  skipped: z.array(importSkipped),
  /** Items written but not applied as sent (a ledger line that would reopen a product payment). */
  warnings: z.array(
    z.object({ resource: z.enum(IMPORT_RESOURCES), external_id: z.string().nullable(), message: z.string() }),
  ),
});
export type ImportReport = z.infer<typeof importReport>;

/** The 422 answer: at least one building refused (or, in a dry run, would be); the report as `data`. */
export const importRejected = errorEnvelope.extend({
  code: z.literal('IMPORT_REJECTED'),
  data: importReport,
});

export const syndicImportEndpoints = {
  import: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/import',
    summary:
      'Import a portfolio document: one transaction per building (all or nothing), dry_run reports every error',
    scope: 'write',
    body: importDocument.extend({ dry_run: z.boolean().optional() }),
    response: okEnvelope(importReport),
    errorResponses: { 422: importRejected },
  }),
};
