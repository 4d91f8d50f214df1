import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { errorEnvelope, okEnvelope } from '../envelope.js';
import { requiredString } from '../fields.js';
import { IMPORT_COLUMNS } from '../rules/importColumns.js';
import { coproParams } from './console.js';
import { importReport } from './syndicImport.js';

/**
 * Lots and co-owners from the spreadsheet a syndic already keeps (CSV or XLSX, one row per lot),
 * in the console: checked and previewed (nothing written), then written on confirmation through
 * the syndic API's import service (same rows, audit lines and webhooks as `POST /syndic/v1/import`).
 */

/** A spreadsheet of a few thousand lots is well under a megabyte; base64 adds a third. */
export const SHEET_MAX_BYTES = 5 * 1024 * 1024;
export const SHEET_MAX_ROWS = 5000;

export const sheetImportBody = z.object({
  filename: requiredString.max(255).regex(/\.(csv|xlsx)$/i, { error: 'Un fichier .csv ou .xlsx.' }),
  content_base64: z
    .string()
    .max(Math.ceil((SHEET_MAX_BYTES * 4) / 3) + 4, { error: 'Fichier de plus de 5 Mo.' })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'Contenu illisible.' }),
  /** The column of each header, in order; guessed from the headers when absent. */
  columns: z.array(z.enum(IMPORT_COLUMNS)).max(100).optional(),
  /** false: check and preview only; true: write (refused while the file has errors). */
  confirm: z.boolean().default(false),
});
export type SheetImportBody = z.output<typeof sheetImportBody>;

export const sheetError = z.object({
  /** The spreadsheet's row number (as the spreadsheet shows it); null for the whole file. */
  row: z.number().int().nullable(),
  /** The column's header; null for the whole row. */
  column: z.string().nullable(),
  message: z.string(),
});
export type SheetError = z.output<typeof sheetError>;

export const sheetPreview = z.object({
  filename: z.string(),
  headers: z.array(z.string()),
  columns: z.array(z.enum(IMPORT_COLUMNS)),
  /** Each row of the file under the header (at most SHEET_MAX_ROWS), its cells as text. */
  rows: z.array(z.object({ row: z.number().int(), cells: z.array(z.string()) })),
  /** What the import will do (or did). */
  summary: z.object({
    lots_created: z.number().int(),
    lots_updated: z.number().int(),
    coproprietaires_created: z.number().int(),
    coproprietaires_updated: z.number().int(),
    keys: z.array(
      z.object({ name: z.string(), total: z.number().int(), sum: z.number().int(), created: z.boolean() }),
    ),
  }),
  errors: z.array(sheetError),
  /** true once written; false for a preview (or when refused). */
  written: z.boolean(),
  /** The syndic API import's report (dry run for a preview). */
  report: importReport,
});
export type SheetPreview = z.output<typeof sheetPreview>;

/** 422: a confirmation while the file has errors; the preview as `data`, nothing written. */
export const sheetRejected = errorEnvelope.extend({ code: z.literal('IMPORT_REJECTED'), data: sheetPreview });

export const consoleImportEndpoints = {
  sheet: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/import',
    summary:
      'Import lots and co-owners from a CSV or XLSX spreadsheet: preview with errors per row and column, then write on confirmation',
    tags: ['gestion'],
    params: coproParams,
    body: sheetImportBody,
    response: okEnvelope(sheetPreview),
    errorResponses: { 422: sheetRejected },
  }),
};
