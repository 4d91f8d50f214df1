import { hasSecondVote, type sessionVotesBody } from '@tantieme/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import * as agRepo from '../../assemblees/assemblees.repo.js';
import { appendRecord } from '../../assemblees/chain.js';
import { type FieldErrors, type SyndicApiContext, writeAudit } from '../kit/index.js';
import * as repo from './assemblees.repo.js';
import { AG, REF } from './assemblees.repo.js';
import { assembleeOf, type Deps } from './common.js';
import { issueHead, notifySignedHead } from '../../assemblees/head.service.js';
import { assemblySigner } from '../../../platform/signing.js';

/**
 * Starts the meeting session: the online vote closes (a vote waiting on the row lock then sees it), and
 * the chain's head, signed, goes to every participant with the notification.
 */
export async function startSession(deps: Deps, api: SyndicApiContext, externalId: string) {
  let afterCommit: () => Promise<void> = async () => {};
  const result = await deps.db.transaction(async (tx) => {
    const ag0 = await assembleeOf(tx, api, externalId);
    const ag = (await agRepo.lockAssemblee(tx, ag0.id))!;
    if (ag.status_session !== null)
      return { result: 'unchanged' as const, status_session: ag.status_session };
    await repo.updateAssemblee(tx, ag.id, { status_session: 1 });
    const head = await issueHead(tx, assemblySigner(deps.config), ag.id, 'vote_closed');
    afterCommit = await notifySignedHead(tx, deps, { assemblee: ag, head });
    await writeAudit(tx, api, [
      {
        action: 'updated',
        resource: AG,
        resourceId: ag.id,
        externalId,
        changes: { status_session: { before: null, after: 1 } },
      },
    ]);
    return { result: 'updated' as const, status_session: 1 };
  });
  await afterCommit();
  return result;
}

type SessionVotes = z.output<typeof sessionVotesBody>;

/**
 * Records the votes cast at the meeting by members present or represented, as the syndic's
 * software entered them, once the session has started. Each vote is a ballot of the same chain
 * (method, attendance and the key that entered it in its payload) replacing the co-owner's
 * current one, and their per-resolution choices; all of them in one transaction under the
 * assembly's row lock, or none (400 naming the field).
 */
export async function recordSessionVotes(
  db: Db,
  api: SyndicApiContext,
  externalId: string,
  body: SessionVotes,
) {
  const ag0 = await assembleeOf(db, api, externalId);
  const ownerIds = await repo.resolveAll(
    db,
    api.syndicId,
    REF.coproprietaire,
    body.votes.map((v) => v.coproprietaire),
  );
  return db.transaction(async (tx) => {
    const ag = (await agRepo.lockAssemblee(tx, ag0.id))!;
    if (ag.status_session === null)
      throw new AppError('CONFLICT', "La séance n'a pas commencé : appelez d'abord start-session.", {
        status: 409,
      });
    const [rows, parts, fromLots] = await Promise.all([
      agRepo.listResolutions(tx, ag.id),
      repo.participantsOf(tx, ag.id),
      agRepo.coproTantiemes(tx, ag.copropriete_id),
    ]);
    const byExt = new Map(rows.map((r) => [r.resolution.external_id ?? r.resolution.id, r]));
    const partOf = new Map(parts.map((p) => [p.coproprietaire_id, p]));
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    body.votes.forEach((v, i) => {
      const oid = ownerIds.get(v.coproprietaire);
      if (seen.has(v.coproprietaire))
        errors[`votes.${i}.coproprietaire`] ??= `${v.coproprietaire} est en double.`;
      seen.add(v.coproprietaire);
      if (!oid || !partOf.has(oid))
        errors[`votes.${i}.coproprietaire`] ??= `${v.coproprietaire} n'est pas convoqué à cette assemblée.`;
      const resSeen = new Set<string>();
      v.choices.forEach((c, j) => {
        const f = `votes.${i}.choices.${j}`;
        const r = byExt.get(c.resolution)?.resolution;
        if (!r) errors[`${f}.resolution`] ??= `Résolution inconnue : ${c.resolution}`;
        else if (r.no_vote)
          errors[`${f}.resolution`] ??= `La résolution ${c.resolution} n'est pas soumise au vote.`;
        else if (c.vote_2 !== null && !hasSecondVote(r.article))
          errors[`${f}.vote_2`] ??= "Pas de second vote pour une résolution de l'article 24.";
        if (resSeen.has(c.resolution)) errors[`${f}.resolution`] ??= `${c.resolution} est en double.`;
        resSeen.add(c.resolution);
      });
    });
    if (Object.keys(errors).length) throw new AppError('VALIDATION_ERROR', undefined, { errors });

    const now = new Date();
    const voting = rows.filter((r) => !r.resolution.no_vote);
    const out = [];
    for (const v of body.votes) {
      const oid = ownerIds.get(v.coproprietaire)!;
      const owner = partOf.get(oid)!;
      const tantiemes = owner.tantiemes ?? fromLots.get(oid) ?? {};
      const choice = new Map(v.choices.map((c) => [c.resolution, c]));
      const [o] = await repo.ownersByIds(tx, [oid]);
      const payload = {
        created_at: now.toISOString(),
        method: v.method,
        attendance: v.attendance,
        coproprietaire: { id: oid, name: o?.owner.display_name ?? '' },
        entered_by: { key_id: api.keyId, name: api.actor },
        ip: null,
        user_agent: null,
        choices: voting.map(({ resolution: r, repartition }) => {
          const c = choice.get(r.external_id ?? r.id);
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
            vote_1: c?.vote_1 ?? null,
            vote_2: hasSecondVote(r.article) ? (c?.vote_2 ?? null) : null,
          };
        }),
      };
      await agRepo.supersedeBallots(tx, ag.id, oid);
      const rec = await appendRecord(tx, {
        assemblee_id: ag.id,
        kind: 'ballot',
        coproprietaire_id: oid,
        payload,
        created_at: now,
      });
      await agRepo.replaceVotes(
        tx,
        oid,
        payload.choices.map((c) => ({
          resolution_id: c.resolution_id,
          coproprietaire_id: oid,
          vote_value: c.vote_1,
          vote_2_value: c.vote_2,
          method: v.method,
          user_id: null,
          updated_at: now,
          record_id: rec.id,
        })),
      );
      await agRepo.setAttendance(tx, ag.id, oid, v.attendance);
      out.push({ coproprietaire: v.coproprietaire, seq: rec.seq, digest: rec.digest });
    }
    await writeAudit(
      tx,
      api,
      out.map((o) => ({
        action: 'created' as const,
        resource: 'session_vote',
        resourceId: ag.id,
        externalId,
        changes: {
          coproprietaire: { before: null, after: o.coproprietaire },
          seq: { before: null, after: o.seq },
        },
      })),
    );
    return out;
  });
}
