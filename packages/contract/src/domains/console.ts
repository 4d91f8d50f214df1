import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField, requiredString } from '../fields.js';
import { CONSOLE_ACTIONS, CONSOLE_ROLES } from '../rules/console.js';
import { addressValueSchema } from './address.js';

/**
 * The syndic's console (`/gestion`): the third entrance of each domain, for the syndic's staff
 * and the volunteer syndic, signed in with the product's session (decision 167). A building out
 * of the actor's reach answers 404; an action their role may not do, 403.
 */

export const consoleRole = z.enum(CONSOLE_ROLES);
export const consoleAction = z.enum(CONSOLE_ACTIONS);
export const coproParams = z.object({ coproId: idField });

const buildingRef = z.object({ id: z.string(), name: z.string() });

/** Who I am in the console. */
export const consoleMe = z.object({
  user: z.object({ id: z.string(), email: z.string().nullable(), display_name: z.string() }),
  /** staff: a member of a syndic's staff; benevole: the volunteer syndic of their building(s). */
  kind: z.enum(['staff', 'benevole']),
  role: consoleRole,
  /** The staff member (administrators row); null for a volunteer syndic. */
  staff: z.object({ id: z.string(), display_name: z.string() }).nullable(),
  syndic: z.object({ id: z.string(), name: z.string() }),
  /** The buildings I may act on, by name. */
  buildings: z.array(buildingRef),
  /** What my role may do (rules/console.ts): the web shows only these buttons. */
  actions: z.array(consoleAction),
  /** I also hold co-owner records: the switch to my co-owner space is shown. */
  has_coproprietaire_space: z.boolean(),
});
export type ConsoleMe = z.output<typeof consoleMe>;

/** What needs action in a building, each count a link to the screen that resolves it. */
export const buildingActions = z.object({
  new_signalements: z.number().int(),
  unanswered_conversations: z.number().int(),
  pending_invitations: z.number().int(),
  /** Documents of the décret n° 2019-502 list missing from the building's documents. */
  missing_documents: z.number().int(),
  /** Co-owners whose balance owed is over the threshold. */
  balances_over_threshold: z.number().int(),
  /** Assemblies not convened yet whose date leaves less than the legal delay plus a margin. */
  assemblies_to_convene: z.number().int(),
});
export type BuildingActions = z.output<typeof buildingActions>;

export const portfolioBuilding = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  full_address: z.string(),
  lots: z.number().int(),
  coproprietaires: z.number().int(),
  actions: buildingActions,
});

export const DEFAULT_BALANCE_THRESHOLD_CENTS = 100_000;

export const searchHit = z.object({
  buildings: z.array(buildingRef.extend({ full_address: z.string() })),
  coproprietaires: z.array(z.object({ id: z.string(), name: z.string(), copropriete: buildingRef })),
  lots: z.array(z.object({ id: z.string(), number: z.string(), name: z.string(), copropriete: buildingRef })),
});

export const buildingBody = z.object({
  name: requiredString.max(200, { error: '200 caractères au plus.' }),
  address: addressValueSchema,
});
export type BuildingBody = z.output<typeof buildingBody>;

export const buildingDetail = z.object({
  id: z.string(),
  name: z.string(),
  address: addressValueSchema.partial().extend({ full_address: z.string() }),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lots: z.number().int(),
  coproprietaires: z.number().int(),
  /** The syndic's own id of the building in its back office, when it has one. */
  external_id: z.string().nullable(),
  /** The volunteer syndic of the building, if any. */
  benevole: z.object({ user_id: z.string(), name: z.string() }).nullable(),
});

/** One line of a building's history: every write, by the console, the API or an import. */
export const historyLine = z.object({
  id: z.string(),
  at: z.string(),
  /** staff: a staff member or volunteer syndic in the console; api: an API key; import: the admin import. */
  actor: z.object({ kind: z.enum(['console', 'api', 'import']), name: z.string() }),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});

export const consoleEndpoints = {
  me: defineEndpoint({
    method: 'GET',
    path: '/gestion/moi',
    summary:
      'The signed-in console actor: staff (role, syndic) or volunteer syndic, buildings, actions (404 when neither)',
    tags: ['gestion'],
    response: okEnvelope(consoleMe),
  }),
  portfolio: defineEndpoint({
    method: 'GET',
    path: '/gestion/portefeuille',
    summary:
      'The buildings within reach with what needs action in each: by name, or most actions first (sort=actions), the first `limit`',
    tags: ['gestion'],
    query: z.object({
      balance_threshold_cents: z.coerce
        .number()
        .int()
        .min(0)
        .max(1e11)
        .default(DEFAULT_BALANCE_THRESHOLD_CENTS),
      /** name: every building by name; actions: the buildings with the most to do first. */
      sort: z.enum(['name', 'actions']).default('name'),
      /** The first buildings only (the home shows 50 and a link to all). */
      limit: z.coerce.number().int().min(1).max(10_000).optional(),
    }),
    response: okEnvelope(
      z.object({
        buildings: z.array(portfolioBuilding),
        /** Every building within reach, whatever `limit`. */
        total: z.number().int(),
        balance_threshold_cents: z.number().int(),
      }),
    ),
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/gestion/recherche',
    summary: 'Search buildings, co-owners and lots within reach (20 of each at most)',
    tags: ['gestion'],
    query: z.object({ q: z.string().trim().min(2, { error: '2 caractères au moins.' }).max(100) }),
    response: okEnvelope(searchHit),
  }),
  building: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId',
    summary: 'A building',
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(buildingDetail),
  }),
  createBuilding: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes',
    summary: 'Create a copropriété (name, address); a gestionnaire who creates it is assigned to it',
    tags: ['gestion'],
    body: buildingBody,
    response: okEnvelope(buildingDetail),
  }),
  updateBuilding: defineEndpoint({
    method: 'PUT',
    path: '/gestion/coproprietes/:coproId',
    summary: "Change a building's name and address",
    tags: ['gestion'],
    params: coproParams,
    body: buildingBody,
    response: okEnvelope(buildingDetail),
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/historique',
    summary: "The building's history: every write through the console, the API or an import, newest first",
    tags: ['gestion'],
    params: coproParams,
    query: z.object({ cursor: z.string().max(200).optional() }),
    response: okEnvelope(z.object({ lines: z.array(historyLine), next_cursor: z.string().nullable() })),
  }),
};
