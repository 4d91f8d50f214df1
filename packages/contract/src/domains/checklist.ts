import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';

/** The décret 2019-502 checklist of a copropriété (rules in rules/checklist.ts, decision 55). */
export const checklistRowSchema = z.object({
  code: z.string(),
  audience: z.enum(['all', 'own', 'council']),
  label: z.string(),
  reference: z.string(),
  status: z.enum(['present', 'missing', 'stale']),
  document: z.object({ id: z.string(), name: z.string(), date: z.string() }).nullable(),
  counts: z
    .object({
      present: z.number().int(),
      stale: z.number().int(),
      missing: z.number().int(),
      total: z.number().int(),
    })
    .nullable(),
  /** Décret 2019-502 art. 1, 8°: the last three assemblies held, each with its PV present or missing. */
  assemblies: z
    .array(
      z.object({
        date: z.string(),
        year: z.number().int(),
        status: z.enum(['present', 'missing']),
        document: z.object({ id: z.string(), name: z.string(), date: z.string() }).nullable(),
      }),
    )
    .nullable(),
});
export type ChecklistRowData = z.infer<typeof checklistRowSchema>;
export const checklistSchema = z.object({
  copropriete_id: z.string(),
  /** The day the freshness was judged on (Paris), and the last annual general meeting held, if any. */
  today: z.string(),
  last_ag_date: z.string().nullable(),
  items: z.array(checklistRowSchema),
});
export type Checklist = z.infer<typeof checklistSchema>;

export const checklistEndpoints = {
  forCouncil: defineEndpoint({
    method: 'GET',
    path: '/documents/:coproId/checklist',
    summary:
      "Décret 2019-502 checklist of the record's copropriété: each required document present, missing or stale (council members and the president only; 404 otherwise)",
    tags: ['documents'],
    params: z.object({ coproId: idField }),
    response: okEnvelope(checklistSchema),
  }),
};
