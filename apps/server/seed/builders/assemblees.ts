import type * as s from '../../src/db/schema/index.js';
import { type Given, type LinkOf, newRowId, type RowOf } from './kit.js';

/** General assemblies: the meeting, its resolutions and votes, convocations, register, proxies. */

export type AssembleeRow = RowOf<typeof s.assemblees>;
export type AssembleeParticipantRow = LinkOf<typeof s.assembleeParticipants>;
export type ResolutionRow = RowOf<typeof s.resolutions>;
export type VoteRow = RowOf<typeof s.votes>;
export type AssembleeRecordRow = RowOf<typeof s.assembleeRecords>;
export type AssembleeConvocationRow = LinkOf<typeof s.assembleeConvocations>;
export type SignatureTokenRow = RowOf<typeof s.signatureTokens>;
export type AssembleeProxyRow = RowOf<typeof s.assembleeProxies>;

/** An ordinary assembly of the year of its date. */
export function assembleeRow(v: Given<AssembleeRow, 'copropriete_id' | 'date'>): AssembleeRow {
  return {
    id: newRowId(),
    name: 'Assemblée générale ordinaire',
    year: new Date(v.date).getUTCFullYear(),
    ...v,
  };
}

export const assembleeParticipantRow = (v: AssembleeParticipantRow): AssembleeParticipantRow => ({ ...v });

export const resolutionRow = (v: Given<ResolutionRow, 'assemblee_id' | 'number'>): ResolutionRow => ({
  id: newRowId(),
  title: `Résolution n° ${v.number}`,
  ...v,
});

export const voteRow = (v: Given<VoteRow, 'resolution_id' | 'coproprietaire_id'>): VoteRow => ({
  id: newRowId(),
  ...v,
});

/** A register entry: the caller chains `seq`, `prev_digest` and `digest` (see the register's rule). */
export const assembleeRecordRow = (
  v: Given<
    AssembleeRecordRow,
    | 'assemblee_id'
    | 'seq'
    | 'kind'
    | 'coproprietaire_id'
    | 'payload'
    | 'created_at'
    | 'prev_digest'
    | 'digest'
  >,
): AssembleeRecordRow => ({ id: newRowId(), ...v });

export const assembleeConvocationRow = (v: AssembleeConvocationRow): AssembleeConvocationRow => ({ ...v });

export const signatureTokenRow = (
  v: Given<SignatureTokenRow, 'token_hash' | 'assemblee_id' | 'coproprietaire_id' | 'mode' | 'expires_at'>,
): SignatureTokenRow => ({ id: newRowId(), ...v });

export const assembleeProxyRow = (
  v: Given<
    AssembleeProxyRow,
    'assemblee_id' | 'mandant_id' | 'mandataire_name' | 'instructions' | 'file_id' | 'document_sha256'
  >,
): AssembleeProxyRow => ({ id: newRowId(), ...v });
