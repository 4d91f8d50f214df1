import { z } from 'zod';
import { idField, moneyCents } from '../fields.js';

/** The bank's schemas of the console and the syndic API: statements, their lines, matches. */
export const csvMappingBody = z.object({
  date: z.string().trim().min(1).max(100),
  amount: z.string().trim().max(100).optional(),
  debit: z.string().trim().max(100).optional(),
  credit: z.string().trim().max(100).optional(),
  label: z.string().trim().min(1).max(100),
  name: z.string().trim().max(100).optional(),
  ref: z.string().trim().max(100).optional(),
  decimal: z.enum(['.', ',']).optional(),
});
export type CsvMappingBody = z.output<typeof csvMappingBody>;

export const statementBody = z.object({
  format: z.enum(['camt053', 'csv', 'ofx']),
  /** The file's text (at most 10 Mo). */
  content: z.string().min(1, { error: 'Le fichier est vide.' }).max(10_000_000),
  mapping: csvMappingBody.optional(),
  /** For CSV: keep the columns under this bank's name for next time. */
  bank_name: z.string().trim().max(100).optional(),
});
export type StatementBody = z.output<typeof statementBody>;

export const statementImported = z.object({
  statement_id: z.string(),
  known: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  outgoing: z.number().int(),
});

const bankLine = z.object({
  id: z.string(),
  date: z.string(),
  amount_cents: z.number().int(),
  name: z.string(),
  reference: z.string(),
  status: z.enum(['matched', 'unmatched', 'outgoing']),
  coproprietaire: z.object({ id: z.string(), name: z.string() }).nullable(),
  confidence: z.number().int().nullable(),
  reason: z.string().nullable(),
  suggestions: z.array(
    z.object({ coproprietaireId: z.string(), confidence: z.number(), reason: z.string() }),
  ),
});
export type BankLineView = z.output<typeof bankLine>;
export const bankView = z.object({
  statements: z.array(
    z.object({
      id: z.string(),
      statement_ref: z.string(),
      format: z.string(),
      imported_at: z.string(),
      lines: z.number().int(),
      matched: z.number().int(),
      unmatched: z.number().int(),
      outgoing: z.number().int(),
      credits_cents: z.number().int(),
      debits_cents: z.number().int(),
    }),
  ),
  unmatched: z.array(bankLine),
  matched: z.array(bankLine),
  mappings: z.array(z.object({ bank_name: z.string(), mapping: csvMappingBody })),
  coproprietaires: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type BankView = z.output<typeof bankView>;

export const matchBody = z.object({
  /** One co-owner, or a split among several whose amounts make the credit. */
  parts: z
    .array(
      z.object({
        coproprietaire_id: idField,
        amount_cents: moneyCents.min(1, { error: 'Au moins 1 centime.' }),
      }),
    )
    .min(1, { error: 'Au moins un copropriétaire.' })
    .max(20),
});
export type MatchBody = z.output<typeof matchBody>;
