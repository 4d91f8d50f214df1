import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { okEnvelope } from '../envelope.js';
import { idField } from '../fields.js';
import { BUREAU_ROLES } from '../rules/pvNotification.js';
import { BLANK_PROXY_DESIGNATORS } from '../rules/meetingDesk.js';
import { voteChoiceSchema } from './assemblees.js';
import { coproParams } from './console.js';
import { defineSyndicEndpoint, externalIdField, externalIdParams, syndicText } from './syndicApi.js';

/**
 * The meeting desk: what the syndic enters on the day of the assembly (émargement, visio, arrivals
 * and departures, paper or e-mailed forms, blank proxies, the votes of each resolution), each entry
 * a chained record of the register. The console names co-owners and resolutions by id, the syndic
 * API by external_id: one body, its ids checked by the entrance (rules in rules/meetingDesk.ts).
 */

/** Paper or e-mail: the form as the syndic received it (décret du 17 mars 1967, art. 9 bis). */
/** The Socket.IO event a desk entry sends: `{ assemblee_id, seq }`. */
export const DESK_EVENT = 'assemblee-desk';

export const DESK_FORM_METHODS = ['papier', 'courriel'] as const;
export const DESK_ATTENDANCE = ['present', 'visio', 'represented', 'absent'] as const;

const deskEntryOf = (ref: z.ZodType<string, string>) => {
  const mandataire = z.object({
    /** The mandataire when a co-owner of the building, else null (named by `name`). */
    coproprietaire: ref.nullable().default(null),
    name: syndicText(200),
  });
  /** An arrival or departure takes effect from the vote of this resolution on (0: from the start). */
  const from = z.number().int().min(0).max(1000).default(0);
  return z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('attendance'),
      coproprietaire: ref,
      /** visio: present through visioconférence (décret art. 13-1); absent: not or no longer there. */
      attendance: z.enum(DESK_ATTENDANCE),
      mandataire: mandataire.nullable().default(null),
      from_resolution: from,
    }),
    z.object({
      kind: z.literal('blank_proxy'),
      /** The co-owner who sent a proxy without a mandataire's name. */
      coproprietaire: ref,
      mandataire,
      /** Who designated the mandataire (loi art. 22 I, décret art. 15-1), by role and name. */
      designated_by: z.object({ role: z.enum(BLANK_PROXY_DESIGNATORS), name: syndicText(200) }),
      /** Who was there when the proxies were handed over. */
      conseil: z.boolean(),
      president_conseil_present: z.boolean(),
      membre_conseil_present: z.boolean(),
      from_resolution: from,
    }),
    z.object({
      kind: z.literal('paper_form'),
      coproprietaire: ref,
      method: z.enum(DESK_FORM_METHODS),
      /** When the syndic received it: it counts only received in time (décret art. 9 bis). */
      received_at: z.iso.datetime({
        offset: true,
        error: 'Date et heure attendues au format ISO 8601 avec fuseau (2026-12-04T10:12:00+01:00).',
      }),
      choices: z
        .array(
          z.object({
            resolution: ref,
            vote_1: voteChoiceSchema.nullable(),
            /** The second vote of a 25-1 / 26-1 passerelle, marked on the form in advance. */
            vote_2: voteChoiceSchema.nullable().default(null),
          }),
        )
        .min(1, { error: 'Au moins une résolution.' })
        .max(300),
    }),
    z.object({
      kind: z.literal('bureau'),
      /** A bureau resolution (président de séance, scrutateur, secrétaire), once adopted. */
      resolution: ref,
      /** Who is elected: a co-owner present, or by name the mandataire of a represented one. */
      member: mandataire,
    }),
    z.object({
      kind: z.literal('amendment'),
      resolution: ref,
      /** Who proposes it: a co-owner present, or represented (through their mandataire). */
      proposed_by: ref,
      /** The resolution's text as amended in session, before its vote. */
      text: syndicText(4000),
      /** The amendment stays within the question on the agenda (décret 1967 art. 13). */
      within_agenda: z.boolean(),
    }),
    z.object({
      kind: z.literal('votes'),
      resolution: ref,
      /** Each co-owner's vote at the meeting on this resolution; vote_2 for the second vote. */
      votes: z
        .array(
          z
            .object({
              coproprietaire: ref,
              vote_1: voteChoiceSchema.nullable().optional(),
              vote_2: voteChoiceSchema.nullable().optional(),
            })
            .refine((v) => v.vote_1 !== undefined || v.vote_2 !== undefined, {
              error: 'Indiquez vote_1 ou vote_2.',
              path: ['vote_1'],
            }),
        )
        .min(1, { error: 'Au moins un vote.' })
        .max(2000),
    }),
  ]);
};

export const consoleDeskEntry = deskEntryOf(idField);
export type ConsoleDeskEntry = z.output<typeof consoleDeskEntry>;

const count = z.object({ voix: z.number().int(), count: z.number().int() });
const round = z.object({
  pour: count,
  contre: count,
  abstention: count,
  /** Present, represented or by correspondence at this resolution's vote. */
  participants: count,
});

export const deskParticipant = z.object({
  id: z.string(),
  name: z.string(),
  /** Voix in the charges générales key. */
  voix: z.number().int(),
  attendance: z.enum(['present', 'represented', 'correspondence']).nullable(),
  visio: z.boolean(),
  mandataire: z
    .object({
      name: z.string(),
      coproprietaire: z.string().nullable(),
      designated_by: z.object({ role: z.enum(BLANK_PROXY_DESIGNATORS), name: z.string() }).nullable(),
    })
    .nullable(),
  /** The form that counts, with its date of receipt when entered by the syndic. */
  form: z.object({ received_at: z.string().nullable() }).nullable(),
  late_forms: z.array(z.object({ received_at: z.string(), method: z.string() })),
  /** Votes cast at the meeting, per resolution number (vote_2: the passerelle's second vote). */
  votes: z.array(
    z.object({
      resolution: z.number().int(),
      vote_1: voteChoiceSchema.nullable(),
      vote_2: voteChoiceSchema.nullable(),
    }),
  ),
});

const bureauMember = z.object({ id: z.string().nullable(), name: z.string() });
/** The bureau of the meeting (décret 1967 art. 15): ids of co-owners, or null for someone else. */
export const deskBureau = z.object({
  president: bureauMember.nullable(),
  secretaire: bureauMember.nullable(),
  scrutateurs: z.array(bureauMember),
});

export const deskState = z.object({
  assemblee: z.object({
    id: z.string(),
    name: z.string(),
    date: z.string(),
    /** null: not started; 1: in session; 2: closed. */
    status_session: z.number().int().nullable(),
    /** The forms received after this instant do not count (décret art. 9 bis). */
    form_deadline: z.string(),
  }),
  /** The first resolution put to the vote without votes yet: an arrival now counts from it. */
  next_resolution: z.number().int().nullable(),
  resolutions: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      title: z.string(),
      article: z.string(),
      no_vote: z.boolean(),
      amended: z.boolean(),
      /** A bureau resolution's role (décret 1967 art. 15), null for another question. */
      bureau_role: z.enum(BUREAU_ROLES).nullable(),
      /** The texts amended in session, in order; the last is the one voted. */
      amendments: z.array(z.object({ text: z.string(), at: z.string() })),
      decision: z.enum(['adopted', 'rejected', 'no_vote']),
      rule: z.string().nullable(),
      total: count,
      first: round.nullable(),
      /** The passerelle's second vote (art. 25-1, 26-1), when the first vote opens it. */
      second: round.nullable(),
      second_vote_open: z.boolean(),
    }),
  ),
  participants: z.array(deskParticipant),
  bureau: deskBureau,
  /** The register's length: the realtime event carries it, a tablet behind reads again. */
  seq: z.number().int(),
});
export type DeskState = z.infer<typeof deskState>;

const deskParams = coproParams.extend({ assembleeId: idField });

export const deskMeeting = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  status_session: z.number().int().nullable(),
});

export const consoleDeskEndpoints = {
  meetings: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/seances',
    summary: "The building's assemblies whose meeting is today or in session: the desk's way in",
    tags: ['gestion'],
    params: coproParams,
    response: okEnvelope(z.array(deskMeeting)),
  }),
  state: defineEndpoint({
    method: 'GET',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/seance',
    summary:
      'The meeting desk: attendance, forms, proxies and the live tally of each resolution, from the register',
    tags: ['gestion'],
    params: deskParams,
    response: okEnvelope(deskState),
  }),
  entry: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/seance/entrees',
    summary:
      'Enter an attendance, an arrival or departure, a paper form, a blank proxy or the votes of a resolution: a chained record; answers the desk as it now stands',
    tags: ['gestion'],
    params: deskParams,
    body: consoleDeskEntry,
    response: okEnvelope(deskState),
  }),
  open: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/seance/ouverture',
    summary:
      "Open the meeting on its day: the online vote by correspondence closes and the register's signed head goes to every participant",
    tags: ['gestion'],
    params: deskParams,
    response: okEnvelope(deskState),
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/gestion/coproprietes/:coproId/assemblees/:assembleeId/seance/cloture',
    summary: "End the meeting: the register's head is signed and sent to every participant",
    tags: ['gestion'],
    params: deskParams,
    response: okEnvelope(deskState),
  }),
};

export const syndicDeskEntryBody = z
  .object({
    /** The syndic's id of this entry: a second call with it records nothing twice. */
    external_id: externalIdField,
    entry: deskEntryOf(externalIdField),
  })
  .meta({
    example: {
      external_id: 'AG-2026-12-FORM-0042',
      entry: {
        kind: 'paper_form',
        coproprietaire: 'CP-0042',
        method: 'papier',
        received_at: '2026-12-04T10:12:00+01:00',
        choices: [
          { resolution: 'R1', vote_1: 'agree' },
          { resolution: 'R4', vote_1: 'disagree', vote_2: 'agree' },
        ],
      },
    },
  });

export const syndicDeskEntryResult = z
  .object({
    result: z.enum(['created', 'unchanged']),
    /** The records the entry chained, in order. */
    records: z.array(z.object({ seq: z.number().int(), kind: z.string(), digest: z.string() })),
    /** For a paper form: whether it counts (received in time, décret art. 9 bis). */
    counted: z.boolean().nullable(),
  })
  .meta({
    example: {
      result: 'created',
      records: [{ seq: 58, kind: 'ballot', digest: 'c0ffee…' }],
      counted: true,
    },
  });

export const syndicDeskEndpoints = {
  entry: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/desk-entries',
    summary:
      'The meeting desk: an attendance (present, visio, represented, absent; an arrival or departure from a given resolution), a paper or e-mailed correspondence form with its date of receipt (counted only when received three clear days before, décret 1967 art. 9 bis), a blank proxy with who designated the mandataire (loi art. 22 I, décret art. 15-1), or the votes of one resolution; each a chained record, idempotent by the external_id of the entry. Refused (400 naming the field) when the proxy limits of art. 22 are exceeded, when a co-owner votes on a resolution they were not present at, or when an arrival or departure would reopen a vote already taken',
    scope: 'write',
    params: externalIdParams,
    body: syndicDeskEntryBody,
    response: okEnvelope(syndicDeskEntryResult),
  }),
};
