import {
  type AssembleeRegister,
  CHAIN_GENESIS,
  publicPayload,
  REGISTER_FORMAT,
  type SignedHead,
  type SigningKey,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { sha256 } from '../../lib/crypto.js';
import type { AssembleeSigner } from '../../platform/signing.js';
import type { OwnedRecord } from '../access/access.service.js';
import * as repo from './assemblees.repo.js';
import * as registerRepo from './register.repo.js';
import { loadSyndicat } from './syndicat.js';

const repartitionOut = (
  r: { id: string; code: string; name: string; total_tantieme: number | null } | null,
) => (r ? { id: r.id, code: r.code, name: r.name, total: r.total_tantieme } : null);

const headOut = (h: registerRepo.HeadRow): SignedHead => ({
  assemblee_id: h.assemblee_id,
  event: h.event as SignedHead['event'],
  count: h.count,
  digest: h.digest,
  signed_at: h.signed_at.toISOString(),
  signature: h.signature,
  key_fingerprint: h.key_fingerprint,
});

/**
 * The register of an assembly for any co-owner of its building (votes in a copropriété are not
 * secret: the minutes name the opposing and abstaining co-owners, décret du 17 mars 1967 art. 17).
 * Records go out as the chain covers them, the sender of each sealed (see the contract's
 * publicPayload); the head of the register as served is signed at the request.
 */
export async function getRegister(
  db: Db,
  signer: AssembleeSigner,
  record: OwnedRecord,
  assembleeId: string,
  now = new Date(),
): Promise<AssembleeRegister> {
  const found = await registerRepo.findInCopropriete(db, assembleeId, record.copropriete.id);
  if (!found) throw new AppError('NOT_FOUND');
  const { assemblee: ag, copr_name } = found;
  const [records, resolutions, syndicat, owners, heads, general] = await Promise.all([
    repo.listRecords(db, ag.id),
    repo.listResolutions(db, ag.id),
    loadSyndicat(db, ag),
    registerRepo.listCoproprietaires(db, ag.copropriete_id),
    registerRepo.listHeads(db, ag.id),
    registerRepo.findRepartition(db, ag.general_repartition_id),
  ]);
  const attendance = new Map(syndicat.parts.map((p) => [p.coproprietaire.id, p.participant.attendance]));
  const tantiemes = new Map(syndicat.owners.map((o) => [o.id, o.tantiemes]));
  const published = [];
  for (const r of records)
    published.push({
      assemblee_id: r.assemblee_id,
      seq: r.seq,
      kind: r.kind,
      coproprietaire_id: r.coproprietaire_id,
      payload: await publicPayload(r.payload, sha256),
      prev_digest: r.prev_digest,
      digest: r.digest,
      current: r.current,
      created_at: r.created_at.toISOString(),
    });
  const last = records.at(-1);
  return {
    format: REGISTER_FORMAT,
    assemblee: {
      id: ag.id,
      name: ag.name,
      date: ag.date.toISOString(),
      copr_name,
      status_session: ag.status_session,
      general_repartition: repartitionOut(general ?? null),
    },
    resolutions: resolutions.map(({ resolution: r, repartition }) => ({
      id: r.id,
      number: r.number,
      title: r.title,
      article: r.article,
      no_vote: r.no_vote,
      amended: r.amended,
      repartition: repartitionOut(repartition),
    })),
    coproprietaires: owners.map((o) => ({
      id: o.id,
      name: o.name,
      tantiemes: tantiemes.get(o.id) ?? {},
      attendance: attendance.get(o.id) ?? null,
    })),
    records: published,
    heads: heads.map(headOut),
    head: signer.sign({
      assemblee_id: ag.id,
      event: 'current',
      count: records.length,
      digest: last?.digest ?? CHAIN_GENESIS,
      signed_at: now.toISOString(),
    }),
    signing_key: signer.key,
    ...(signer.retired.length ? { retired_keys: signer.retired } : {}),
  };
}

export const signingKey = (signer: AssembleeSigner): SigningKey => signer.key;
