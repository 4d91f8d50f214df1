import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField, requiredString } from '../fields.js';
import { coproParams } from './console.js';

/**
 * A building's lots and keys (répartitions) in the console: each key with its total checked
 * against its lots' tantièmes and the difference named (rules/repartition.ts).
 */

const tantieme = z
  .number({ error: 'Un nombre entier.' })
  .int({ error: 'Un nombre entier.' })
  .min(0, { error: 'Positif ou nul.' })
  .max(1_000_000_000);

export const lotBodyConsole = z.object({
  /** The lot's number in the règlement de copropriété. */
  number: requiredString.max(30, { error: '30 caractères au plus.' }),
  name: z.string().trim().max(200).default(''),
  type_name: requiredString.max(60).default('Appartement'),
  /** 'RDC', '2', 'Sous-sol'…; null when not said. */
  floor: z.string().trim().max(30).nullable().default(null),
});
export type LotBodyConsole = z.output<typeof lotBodyConsole>;

export const consoleLot = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  type_name: z.string(),
  floor: z.string().nullable(),
  /** repartition id → tantièmes. */
  tantiemes: z.record(z.string(), z.number().int()),
  coproprietaires: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ConsoleLot = z.output<typeof consoleLot>;

export const repartitionBodyConsole = z.object({
  code: requiredString.max(30, { error: '30 caractères au plus.' }),
  name: requiredString.max(200, { error: '200 caractères au plus.' }),
  total_tantieme: z
    .number({ error: 'Un nombre entier.' })
    .int({ error: 'Un nombre entier.' })
    .min(1, { error: 'Au moins 1.' })
    .max(1_000_000_000),
});
export type RepartitionBodyConsole = z.output<typeof repartitionBodyConsole>;

/** A key and its check: the lots' sum against the total, the difference named in French. */
export const consoleRepartition = repartitionBodyConsole.extend({
  id: z.string(),
  /** Sum of the lots' tantièmes. */
  sum: z.number().int(),
  /** total − sum: positive when tantièmes are missing, negative when they exceed. */
  difference: z.number().int(),
  /** null when the sum is the total (or no lot has tantièmes yet). */
  error: z.string().nullable(),
});
export type ConsoleRepartition = z.output<typeof consoleRepartition>;

/**
 * The tantièmes grid of one or more keys, each key whole (every lot's share): a key whose lots
 * do not make its total is refused with the difference named (400, field
 * `repartitions.<i>.tantiemes`), as the syndic API refuses it; a lot left out has none in that key.
 */
export const tantiemesBody = z.object({
  repartitions: z
    .array(
      z.object({
        repartition_id: idField,
        tantiemes: z.array(z.object({ lot_id: idField, tantieme })).max(5000),
      }),
    )
    .min(1)
    .max(50),
});
export type TantiemesBody = z.output<typeof tantiemesBody>;

const lotParams = coproParams.extend({ lotId: idField });
const repartitionParams = coproParams.extend({ repartitionId: idField });
const lotsAndKeys = z.object({ lots: z.array(consoleLot), repartitions: z.array(consoleRepartition) });

export const consoleLotEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/lots',
    summary: "A building's lots with their tantièmes and owners, and its keys with their totals checked",
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(lotsAndKeys),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/lots',
    summary: "Add a lot (number, type, floor); its tantièmes are set with the keys' grid",
    tags: ['gestion'],
    params: coproParams,
    body: lotBodyConsole,
    response: okEnvelope(lotsAndKeys),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/lots/:lotId',
    summary: "Change a lot's number, name, type or floor",
    tags: ['gestion'],
    params: lotParams,
    body: lotBodyConsole,
    response: okEnvelope(lotsAndKeys),
  }),
  createRepartition: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/repartitions',
    summary: 'Add a key (charges générales, ascenseur…) with its total',
    tags: ['gestion'],
    params: coproParams,
    body: repartitionBodyConsole,
    response: okEnvelope(lotsAndKeys),
  }),
  updateRepartition: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/repartitions/:repartitionId',
    summary: "Change a key's code, name or total",
    tags: ['gestion'],
    params: repartitionParams,
    body: repartitionBodyConsole,
    response: okEnvelope(lotsAndKeys),
  }),
  tantiemes: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId/tantiemes',
    summary:
      "Set the lots' tantièmes of whole keys; refused with the difference named when a key's sum is not its total",
    tags: ['gestion'],
    params: coproParams,
    body: tantiemesBody,
    response: okEnvelope(lotsAndKeys),
  }),
};
