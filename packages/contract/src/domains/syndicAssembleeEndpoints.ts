import { z } from 'zod';
import { okEnvelope } from '../envelope.js';
import { chainCheckSchema } from './assemblees.js';
import { publishResult, syndicAssembleeBody, syndicAssembleeResource } from './syndicAssemblees.js';
import {
  assembleeDocumentsResult,
  attendanceRow,
  syndicBallotRow,
  syndicTallyRow,
} from './syndicAssembleeRecords.js';
import {
  sessionVotesBody,
  sessionVotesResult,
  signatureRequestBody,
  signatureRequestRow,
} from './syndicAssembleeSession.js';
import { syndicProxyRow } from './syndicProxies.js';
import { deltaPage, defineSyndicEndpoint, externalIdParams, listQuery, upsertResponse } from './syndicApi.js';

const agParams = externalIdParams;

export const syndicAssembleeEndpoints = {
  list: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees',
    summary: 'General assemblies: list by external_id',
    scope: 'read',
    query: listQuery,
    response: okEnvelope(deltaPage(syndicAssembleeResource)),
  }),
  get: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id',
    summary: 'A general assembly with its resolutions and participants',
    scope: 'read',
    params: agParams,
    response: okEnvelope(syndicAssembleeResource),
  }),
  put: defineSyndicEndpoint({
    method: 'PUT',
    path: '/syndic/v1/assemblees/:external_id',
    summary:
      'Create or replace a general assembly with its resolutions, participants and tantièmes, convocation file and meeting link (idempotent by external_id)',
    scope: 'write',
    params: agParams,
    body: syndicAssembleeBody,
    response: upsertResponse(syndicAssembleeResource),
  }),
  publish: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/publish',
    query: z.object({
      /**
       * Publish although the meeting is too close for some co-owners (urgency, décret 1967 art. 9):
       * recorded on the assembly as convocation_risk.
       */
      override_delay: z.enum(['true', 'false']).default('false'),
    }),
    summary:
      'Publish the convocation: a notification to each participant, a lettre recommandée électronique to those with a recorded express consent to electronic notice (loi art. 42-1), a postal record otherwise; refused (409 CONVOCATION_TOO_LATE, naming them) when the 21 days from the first presentation (décret 1967 art. 9 and 64; the post estimated J+1 ouvré) cannot run for some co-owners, unless override_delay=true. A second call sends nothing twice and retries the LRE not deposited yet',
    scope: 'write',
    params: agParams,
    response: okEnvelope(publishResult),
  }),
  startSession: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/start-session',
    summary: 'Start the meeting session (closes the online vote by correspondence)',
    scope: 'write',
    params: agParams,
    response: okEnvelope(
      z.object({ result: z.enum(['updated', 'unchanged']), status_session: z.number().int() }),
    ),
  }),
  close: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/close',
    summary:
      "Close the assembly once held (after start-session; status_session 2): the register's head is signed and sent to every participant, and the webhook event assemblee.closed carries the final tally",
    scope: 'write',
    params: agParams,
    response: okEnvelope(
      z.object({
        result: z.enum(['updated', 'unchanged']),
        status_session: z.number().int(),
        head: z
          .object({
            count: z.number().int(),
            digest: z.string(),
            signed_at: z.string(),
            signature: z.string(),
          })
          .nullable(),
      }),
    ),
  }),
  signatureRequests: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/signature-requests',
    summary:
      'Ask co-owners to sign (attendance, proxy, minutes…): each gets their own single-use link by e-mail or SMS',
    scope: 'write',
    params: agParams,
    body: signatureRequestBody,
    response: okEnvelope(z.array(signatureRequestRow)),
  }),
  sessionVotes: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/session-votes',
    summary:
      'Record attendance (present, represented with the mandataire, absent) and the votes cast at the meeting, per resolution (after start-session); each change is a chained record, proxies are checked against loi art. 22 I',
    scope: 'write',
    params: agParams,
    body: sessionVotesBody,
    response: okEnvelope(sessionVotesResult),
  }),
  signatures: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/signatures',
    summary: 'The signature requests of an assembly and their state (pending, signed, expired)',
    scope: 'read',
    params: agParams,
    response: okEnvelope(z.array(signatureRequestRow)),
  }),
  proxies: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/proxies',
    summary:
      'The proxies of an assembly from the register: given through the syndic API or online by the co-owner, active or withdrawn, with the voting instructions',
    scope: 'read',
    params: agParams,
    response: okEnvelope(z.array(syndicProxyRow)),
  }),
  ballots: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/ballots',
    summary: 'Every ballot by correspondence, current and superseded, as chained',
    scope: 'read',
    params: agParams,
    response: okEnvelope(z.array(syndicBallotRow)),
  }),
  chain: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/chain-check',
    summary: 'Verify the hash chain of ballots and signatures; reports the first broken record',
    scope: 'read',
    params: agParams,
    response: okEnvelope(chainCheckSchema),
  }),
  attendance: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/attendance',
    summary:
      'The attendance sheet from the register: every co-owner present, represented (and by whom) or by correspondence, with their voix',
    scope: 'read',
    params: agParams,
    response: okEnvelope(z.array(attendanceRow)),
  }),
  documents: defineSyndicEndpoint({
    method: 'POST',
    path: '/syndic/v1/assemblees/:external_id/documents',
    summary:
      'Make and store the procès-verbal (décret 1967 art. 17) and the attendance sheet (art. 14) from the register, once the assembly is closed; a second call returns the stored files. Signatures in PV_* and FDP_* modes carry their SHA-256; once every requested signature is in, the sealed PDF (PAdES) comes with each',
    scope: 'write',
    params: agParams,
    response: okEnvelope(assembleeDocumentsResult),
  }),
  tally: defineSyndicEndpoint({
    method: 'GET',
    path: '/syndic/v1/assemblees/:external_id/tally',
    summary:
      'The legal count of each resolution (loi 1965 art. 24, 25, 25-1, 26, 26-1, 17-1 A, 22) from attendance and ballots',
    scope: 'read',
    params: agParams,
    response: okEnvelope(z.array(syndicTallyRow)),
  }),
};
