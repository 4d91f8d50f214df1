import { z } from 'zod';
import { defineEndpoint, type Endpoint } from '../endpoint.js';
import { idField } from '../fields.js';
import { okEnvelope } from '../envelope.js';
import { documentAs } from '../openapi.js';

/**
 * Syndic integration API v1 (`/api/syndic/v1`), authenticated by one of the syndic's API keys
 * (header `x-api-key`). Conventions (docs/decisions/029-syndic-api-v1-conventions.md):
 * every resource carries the syndic's own `external_id`; `PUT …/{external_id}` is an idempotent
 * upsert answering `created` / `updated` / `unchanged`; bulk calls take up to 1,000 items and answer
 * per item; lists are cursor-paginated; every write is in the audit log.
 */

/** A required text field of a syndic resource. */
export const syndicText = (max: number) =>
  z.string().trim().min(1, { error: 'Ce champ est requis.' }).max(max);
/** A calendar day (AAAA-MM-JJ) that exists: 2026-10-32 is a 400, never a database error. */
export const syndicDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date attendue au format AAAA-MM-JJ.' })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    },
    { error: "Cette date n'existe pas." },
  );

export const SYNDIC_API_PREFIX = '/syndic/v1';
export const SYNDIC_API_KEY_HEADER = 'x-api-key';
export const SYNDIC_SCOPES = ['read', 'write', 'webhooks'] as const;
export type SyndicScope = (typeof SYNDIC_SCOPES)[number];
export const BULK_MAX_ITEMS = 1000;

/** A syndic endpoint: a contract endpoint with the key scope it needs. */
export type SyndicEndpoint = Endpoint & { scope: SyndicScope };

/**
 * Defines a syndic API endpoint: tag `syndic-api`, no bearer session (the API key is checked
 * by `syndicRoute` on the server), and the scope the key must hold.
 */
export const defineSyndicEndpoint = <
  const E extends Omit<Endpoint, 'auth' | 'tags'> & { scope: SyndicScope },
>(
  e: E,
) => {
  if (!e.path.startsWith(`${SYNDIC_API_PREFIX}/`))
    throw new Error(`Syndic endpoint outside ${SYNDIC_API_PREFIX}`);
  return defineEndpoint({ ...e, auth: false as const, tags: ['syndic-api'] });
};

/** The syndic's own identifier of a resource (its management software's id). */
export const externalIdField = z
  .string()
  .trim()
  .min(1, { error: "L'identifiant externe est requis." })
  .max(100, { error: "L'identifiant externe fait au plus 100 caractères." })
  .regex(/^[A-Za-z0-9._:@-]+$/, {
    error: "L'identifiant externe ne contient que lettres, chiffres et . _ : @ -",
  });
export const externalIdParams = z.object({ external_id: externalIdField });

export const upsertResult = z.enum(['created', 'updated', 'unchanged']);

/** Answer of a `PUT …/{external_id}`: what happened and the resource as stored. */
export const upsertResponse = <T extends z.ZodType>(resource: T) =>
  okEnvelope(
    z.object({
      result: upsertResult,
      id: z.string(),
      resource,
      /** What was written but not applied as sent (a ledger line's lettrage conflict). */
      warnings: z.array(z.string()).optional(),
    }),
  );

/**
 * Body of a bulk call. Items are validated one by one by the server (an invalid item is reported
 * in its result, the others are written), so the array itself only bounds their number.
 */
export const bulkBody = <T extends z.ZodType>(item: T) => {
  const limits = (items: z.ZodArray) =>
    items
      .min(1, { error: 'Au moins un élément est requis.' })
      .max(BULK_MAX_ITEMS, { error: `Au plus ${BULK_MAX_ITEMS} éléments par appel.` });
  const body = z.object({
    items: limits(z.array(z.unknown())).meta({
      description: `1 à ${BULK_MAX_ITEMS} éléments, chacun de la forme : ${describeKeys(item)}`,
    }),
    dry_run: z.boolean().optional(),
  });
  // The document shows the item's own schema: a generated client types each item.
  return documentAs(
    body,
    z.object({
      items: limits(z.array(item)).meta({
        description: `1 à ${BULK_MAX_ITEMS} éléments, validés un par un (un résultat par élément).`,
      }),
      dry_run: z.boolean().optional().meta({ description: "true : tout est vérifié, rien n'est écrit." }),
    }),
  );
};

function describeKeys(item: z.ZodType): string {
  const shape = (item as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? `{ ${Object.keys(shape).join(', ')} }` : 'voir le PUT correspondant';
}

export const bulkItemResult = z.object({
  index: z.number().int(),
  external_id: z.string().nullable(),
  result: z.enum(['created', 'updated', 'unchanged', 'error']),
  id: z.string().nullable(),
  /** Field path (`contacts.0.emails.0.value`) → French message, for `error` only. */
  errors: z.record(z.string(), z.string()).optional(),
  /** French messages on a written item not applied as sent (a ledger line's lettrage conflict). */
  warnings: z.array(z.string()).optional(),
});
export type BulkItemResult = z.infer<typeof bulkItemResult>;
export const bulkResponse = okEnvelope(
  z.object({
    dry_run: z.boolean(),
    counts: z.object({
      created: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      error: z.number().int(),
    }),
    results: z.array(bulkItemResult),
  }),
);

/** Cursor pagination: `?limit=&cursor=`; the answer's `next_cursor` is null on the last page. */
export const cursorQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(300).optional(),
});
export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

/**
 * A resource the syndic deleted, in a delta list: its external_id and when. A later PUT of the
 * same external_id creates a new resource (and the tombstone goes).
 */
export const tombstone = z.object({
  external_id: z.string(),
  deleted: z.literal(true),
  deleted_at: z.string(),
});

/**
 * A resource list, and its delta: with `updated_since` (ISO 8601 with offset), only what was
 * created, changed or deleted at or after it, deletions as tombstones in `deleted` (a page's
 * `items` and `deleted` together hold at most `limit`, in external_id order). Use as `updated_since` the
 * time the previous sync started, minus a margin (a write committed late keeps its start time).
 */
export const listQuery = cursorQuery.extend({
  updated_since: z.iso
    .datetime({ offset: true, error: 'Date ISO 8601 attendue (ex. 2026-11-27T18:00:00Z).' })
    .optional(),
});
export const deltaPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    /** With `updated_since`: what was deleted since (always empty without it). */
    deleted: z.array(tombstone),
    next_cursor: z.string().nullable(),
  });

/** One audit entry: who (the key), when, what changed (field → before/after). */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  key: z.object({ id: z.string().nullable(), name: z.string() }),
  action: z.enum([
    'created',
    'updated',
    'deleted',
    'detached',
    'regenerated',
    'sent',
    'revoked',
    'acknowledged',
    'conflict',
    'restored',
    'anonymised',
  ]),
  resource: z.string(),
  resource_id: z.string().nullable(),
  external_id: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});

const coproprieteRow = z.object({
  id: z.string(),
  name: z.string(),
  full_address: z.string().nullable(),
  coproprietaires: z.number().int(),
});

export const syndicApiEndpoints = {
  coproprietes: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/coproprietes',
    summary: "The syndic's copropriétés",
    scope: 'read',
    response: okEnvelope(z.array(coproprieteRow)),
  }),
  previewToken: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/coproprietaires/:id/preview-token',
    summary: 'A read-only preview token for one co-owner record (valid 24 h)',
    scope: 'read',
    // The only path taking the product's id (a preview is asked from a record already read), not
    // the external_id: the `id` answered by the co-owner resource.
    params: z.object({
      id: idField.meta({
        description:
          "L'identifiant de la fiche dans le produit : le champ `id` de `GET /syndic/v1/coproprietaires/{external_id}` (pas l'external_id).",
      }),
    }),
    response: okEnvelope(z.object({ token: z.string(), expires_at: z.string(), url: z.string() })),
  }),
  auditLog: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/audit-log',
    summary:
      "Every write made with the syndic's keys and its console, newest first (who, when, what changed); `updated_since`: the entries written since (an entry is never changed nor deleted: `deleted` stays empty)",
    scope: 'read',
    query: listQuery.extend({
      resource: z.string().max(50).optional(),
      external_id: externalIdField.optional(),
    }),
    response: okEnvelope(deltaPage(auditEntry)),
  }),
};
