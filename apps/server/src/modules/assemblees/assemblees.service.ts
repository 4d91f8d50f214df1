import {
  type Assemblee,
  type BallotInfo,
  hasSecondVote,
  isResolutionVoteValid,
  isVoteActive,
  type Resolution,
  type ResolutionsData,
  type VoteBody,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { randomToken } from '../../lib/crypto.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import type { OwnedRecord } from '../access/access.service.js';
import { contentTypeOf } from '../files/content-type.js';
import { legalDeadline, presentAssemblee, presentBallot, presentVotes } from './assemblees.presenter.js';
import type { RowsOf } from '../../db/prepared.js';
import * as repo from './assemblees.repo.js';
import { appendRecord } from './chain.js';
import { queueCoproprietaireEvent } from '../syndic-api/webhooks/webhooks.service.js';
import { renderBallotReceipt } from './receipt.js';

export interface ClientMeta {
  ip: string;
  user_agent: string;
  user_id: string | null;
}

/** The record's assemblies: the read (run by the route with the session), then the list. */
export const assembleesRead = repo.assembleesRead;

export function presentAssemblees(
  rows: RowsOf<ReturnType<typeof assembleesRead>>,
  now = new Date(),
): Assemblee[] {
  return rows.map((r) => presentAssemblee(r.assemblee, r.copr_name, now));
}

/** The assembly as the record sees it; 404 when the record is not convened to it. */
export async function participation(db: Db, record: OwnedRecord, assembleeId: string) {
  const row = await repo.findParticipation(db, assembleeId, record.coproprietaire.id);
  if (!row || row.assemblee.copropriete_id !== record.copropriete.id) throw new AppError('NOT_FOUND');
  return row;
}

export async function getResolutions(
  db: Db,
  storage: StorageAdapter,
  record: OwnedRecord,
  assembleeId: string,
  now = new Date(),
): Promise<ResolutionsData> {
  const p = await participation(db, record, assembleeId);
  const rows = await repo.listResolutions(db, assembleeId);
  const ids = rows.map((r) => r.resolution.id);
  const fileIds = rows.flatMap((r) => r.resolution.files.map((f) => f.id));
  const [own, fileRows, ballot] = await Promise.all([
    repo.listOwnVotes(db, record.coproprietaire.id, ids),
    repo.findFiles(db, fileIds),
    repo.currentBallot(db, assembleeId, record.coproprietaire.id),
  ]);
  const fileById = new Map(fileRows.map((f) => [f.id, f]));
  const voteByRes = new Map(own.map((v) => [v.resolution_id, v]));
  const resolutions: Resolution[] = [];
  for (const { resolution: r, repartition } of rows) {
    const files = [];
    for (const f of r.files) {
      const file = fileById.get(f.id);
      if (!file) continue;
      files.push({
        id: file.id,
        name: f.name || file.name,
        url: await storage.signedGetUrl(file.storage_key),
        content_type: file.content_type || contentTypeOf(file.storage_key),
      });
    }
    resolutions.push({
      id: r.id,
      number: r.number,
      title: r.title,
      preamble: r.preamble,
      content: r.content,
      comment: r.comment,
      article: r.article,
      no_vote: r.no_vote,
      repartition: repartition ? { code: repartition.code, name: repartition.name } : null,
      files,
      ...presentVotes(voteByRes.get(r.id)),
    });
  }
  return {
    assemblee: presentAssemblee(p.assemblee, p.copr_name, now),
    resolutions,
    ballot: ballot ? presentBallot(ballot) : null,
  };
}

export async function getConvocationFile(
  db: Db,
  storage: StorageAdapter,
  record: OwnedRecord,
  assembleeId: string,
) {
  const p = await participation(db, record, assembleeId);
  // The co-owner's own convocation when the syndic sent one, else the assembly's.
  const fileId = p.participant.convocation_file_id ?? p.assemblee.convocation_file_id;
  if (!fileId || !p.participant.is_send_convocation) return null;
  const [file] = await repo.findFiles(db, [fileId]);
  if (!file) return null;
  return {
    url: await storage.signedGetUrl(file.storage_key),
    name: file.name,
    content_type: file.content_type || contentTypeOf(file.storage_key),
  };
}

export async function getVisioInfo(db: Db, record: OwnedRecord, assembleeId: string) {
  const p = await participation(db, record, assembleeId);
  return { url: p.assemblee.visio_url ?? null };
}

/** The tantièmes the record carries, per repartition id: fixed at convocation, else from its lots. */
async function tantiemesOf(
  db: Db | repo.Tx,
  participant: { tantiemes: Record<string, number> | null },
  coproprietaireId: string,
) {
  return participant.tantiemes ?? (await repo.ownerTantiemes(db, coproprietaireId));
}

/**
 * Records a vote by correspondence (SPEC §4, §7). The window and completeness are enforced here
 * whatever the client sends. One transaction, under the assembly's row lock: the previous ballot
 * is superseded, the new one chained, the per-resolution choices replaced.
 */
export async function vote(
  db: Db,
  record: OwnedRecord,
  assembleeId: string,
  body: VoteBody,
  meta: ClientMeta,
  now = new Date(),
): Promise<BallotInfo> {
  const p = await participation(db, record, assembleeId);
  if (body.coproprietaire.id !== record.coproprietaire.id)
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: { 'coproprietaire.id': 'Copropriétaire invalide.' },
    });
  return db.transaction(async (tx) => {
    const ag = await repo.lockAssemblee(tx, assembleeId);
    if (!ag) throw new AppError('NOT_FOUND');
    if (ag.status_session !== null) throw new AppError('assemblee_session_has_been_start');
    if (!isVoteActive({ status_session: ag.status_session, valid_to: legalDeadline(ag) }, now))
      throw new AppError('VOTE_CLOSED');

    const rows = await repo.listResolutions(tx, assembleeId);
    const byId = new Map(rows.map((r) => [r.resolution.id, r]));
    const choices = new Map(body.list_data.map((d) => [d.id, d]));
    for (const [i, d] of body.list_data.entries())
      if (!byId.has(d.id))
        throw new AppError('VALIDATION_ERROR', undefined, {
          errors: { [`list_data.${i}.id`]: 'Résolution inconnue.' },
        });
    const voting = rows.filter((r) => !r.resolution.no_vote);
    const missing = voting.filter(
      (r) =>
        !isResolutionVoteValid(r.resolution, {
          vote_1: choices.get(r.resolution.id)?.field.vote_1.vote_value,
          vote_2: choices.get(r.resolution.id)?.field.vote_2?.vote_value,
        }),
    );
    if (missing.length > 0)
      throw new AppError('VOTE_INCOMPLETE', undefined, {
        errors: Object.fromEntries(
          missing.map((r) => [r.resolution.id, `Résolution n° ${r.resolution.number}`]),
        ),
      });

    const tantiemes = await tantiemesOf(tx, p.participant, record.coproprietaire.id);
    const created = now.toISOString();
    const payload = {
      created_at: created,
      method: 'e_form',
      coproprietaire: { id: record.coproprietaire.id, name: record.coproprietaire.display_name },
      user_id: meta.user_id,
      ip: meta.ip,
      user_agent: meta.user_agent,
      sender_nonce: randomToken(16),
      choices: voting.map(({ resolution: r, repartition }) => {
        const c = choices.get(r.id);
        return {
          resolution_id: r.id,
          number: r.number,
          title: r.title,
          article: r.article,
          repartition: repartition
            ? { id: repartition.id, code: repartition.code, name: repartition.name }
            : null,
          tantiemes: repartition ? (tantiemes[repartition.id] ?? 0) : 0,
          total_tantiemes: repartition?.total_tantieme ?? null,
          vote_1: c?.field.vote_1.vote_value ?? null,
          vote_2: hasSecondVote(r.article) ? (c?.field.vote_2?.vote_value ?? null) : null,
        };
      }),
    };
    await repo.supersedeBallots(tx, assembleeId, record.coproprietaire.id);
    const rec = await appendRecord(tx, {
      assemblee_id: assembleeId,
      kind: 'ballot',
      coproprietaire_id: record.coproprietaire.id,
      payload,
      created_at: now,
    });
    await repo.replaceVotes(
      tx,
      record.coproprietaire.id,
      payload.choices.map((c) => ({
        resolution_id: c.resolution_id,
        coproprietaire_id: record.coproprietaire.id,
        vote_value: c.vote_1,
        vote_2_value: c.vote_2,
        method: 'e_form',
        user_id: meta.user_id,
        updated_at: now,
        record_id: rec.id,
      })),
    );
    await repo.setAttendance(tx, assembleeId, record.coproprietaire.id, 'correspondence');
    // Decision 37: the syndic's webhook hears of it in the same transaction.
    await queueCoproprietaireEvent(tx, record.coproprietaire.id, 'ballot.cast', {
      assemblee: { id: assembleeId, external_id: await repo.assembleeExternalId(tx, assembleeId) },
      seq: rec.seq,
      digest: rec.digest,
      created_at: created,
      method: 'e_form',
    });
    return presentBallot(rec);
  });
}

/** A signed URL of the ballot's PDF receipt, rendered and stored on first request. */
export async function getReceipt(db: Db, storage: StorageAdapter, record: OwnedRecord, assembleeId: string) {
  const p = await participation(db, record, assembleeId);
  const ballot = await repo.currentBallot(db, assembleeId, record.coproprietaire.id);
  if (!ballot) throw new AppError('NO_BALLOT');
  const name = `Accusé de vote - ${p.assemblee.name} - ${p.assemblee.year}.pdf`;
  let key = ballot.receipt_key;
  if (!key) {
    key = `coproprietes/${p.assemblee.copropriete_id}/assemblees/${assembleeId}/receipts/${ballot.id}.pdf`;
    const pdf = await renderBallotReceipt({
      assemblee: p.assemblee,
      coprName: p.copr_name,
      coproprietaire: record.coproprietaire,
      ballot,
    });
    await storage.put(key, pdf, 'application/pdf');
    await repo.setReceiptKey(db, ballot.id, key);
  }
  return { url: await storage.signedGetUrl(key, 600, { download: name }), name };
}
