import {
  formatParisDate,
  hasSecondVote,
  parisDate,
  registerState,
  type sessionVotesBody,
} from '@tantieme/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import * as agRepo from '../assemblees.repo.js';
import { appendRecord } from '../chain.js';
import { type FieldErrors, type SyndicApiContext, writeAudit } from '../../syndic-api/kit/index.js';
import * as repo from './assemblees.repo.js';
import { AG, REF } from './assemblees.repo.js';
import { assembleeOf, type Deps } from './common.js';
import { issueHead, notifySignedHead } from '../head.service.js';
import { assembleeSigner } from '../../../platform/signing.js';
import { articleLabel, checkDelegations, generalTotal } from './proxies.js';
import { syndicatOwners } from '../syndicat.js';
import { exclusionOf } from '../proxies.limits.js';

/**
 * Starts the meeting session: the online vote closes (a vote waiting on the row lock then sees it), and
 * the chain's head, signed, goes to every participant with the notification.
 */
export function startSession(deps: Deps, api: SyndicApiContext, externalId: string) {
  return startSessionOf(deps, api, async (tx) => (await assembleeOf(tx, api, externalId)).id, externalId);
}

/** startSession for an assembly found by `find` (the console names it by id); externalId for the audit. */
export async function startSessionOf(
  deps: Deps,
  api: SyndicApiContext,
  find: (tx: agRepo.Tx) => Promise<string>,
  externalId: string | null,
) {
  let afterCommit: () => Promise<void> = async () => {};
  const result = await deps.db.transaction(async (tx) => {
    const ag = (await agRepo.lockAssemblee(tx, await find(tx)))!;
    if (ag.status_session !== null)
      return { result: 'unchanged' as const, status_session: ag.status_session };
    // Starting closes the online vote: never before the meeting's day, or the forms still to come
    // would be lost and the close would count every resolution without them.
    if (parisDate(new Date()) < parisDate(ag.date))
      throw new AppError(
        'CONFLICT',
        `La séance ne peut commencer que le jour de l'assemblée, le ${formatParisDate(ag.date)}\u202f: d'ici là, le vote par correspondance reste ouvert.`,
        { status: 409 },
      );
    await repo.updateAssemblee(tx, ag.id, { status_session: 1 });
    const head = await issueHead(tx, assembleeSigner(deps.config), ag.id, 'vote_closed');
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
type Entry = SessionVotes['votes'][number];
type Mandataire = { name: string; coproprietaire_id: string | null; exclusion: string | null };

const sameMandataire = (a: Record<string, unknown> | null, b: Mandataire | null) =>
  (a?.name ?? null) === (b?.name ?? null) &&
  (a?.coproprietaire_id ?? null) === (b?.coproprietaire_id ?? null) &&
  (a?.exclusion ?? null) === (b?.exclusion ?? null);

/**
 * Records attendance and the votes cast at the meeting, as the syndic's software entered them,
 * once the session has started: an attendance record when it changes (with the mandataire of a
 * represented co-owner), then one record per resolution entered, which sets only that resolution's
 * vote_1 / vote_2 (contract `registerState`). The proxies that result are checked against loi art.
 * 22 I. All in one transaction under the assembly's row lock, or nothing (400 naming the field).
 */
export async function recordSessionVotes(
  db: Db,
  api: SyndicApiContext,
  externalId: string,
  body: SessionVotes,
) {
  const ag0 = await assembleeOf(db, api, externalId);
  const ownerIds = await repo.resolveAll(db, api.syndicId, REF.coproprietaire, [
    ...body.votes.map((v) => v.coproprietaire),
    ...body.votes.flatMap((v) => (v.mandataire?.coproprietaire ? [v.mandataire.coproprietaire] : [])),
  ]);
  return db.transaction(async (tx) => {
    const ag = (await agRepo.lockAssemblee(tx, ag0.id))!;
    if (ag.status_session === null)
      throw new AppError('CONFLICT', "La séance n'a pas commencé : appelez d'abord start-session.", {
        status: 409,
      });
    const [rows, parts, fromLots, records] = await Promise.all([
      agRepo.listResolutions(tx, ag.id),
      repo.participantsOf(tx, ag.id),
      agRepo.coproTantiemes(tx, ag.copropriete_id),
      agRepo.listRecords(tx, ag.id),
    ]);
    const state = registerState(records);
    const byExt = new Map(rows.map((r) => [r.resolution.external_id ?? r.resolution.id, r]));
    const partOf = new Map(parts.map((p) => [p.coproprietaire_id, p]));
    const owners = new Map(
      (await repo.ownersByIds(tx, [...new Set(ownerIds.values())])).map((o) => [o.owner.id, o.owner]),
    );
    const errors: FieldErrors = {};
    const seen = new Set<string>();
    body.votes.forEach((v, i) => {
      const oid = ownerIds.get(v.coproprietaire);
      if (seen.has(v.coproprietaire))
        errors[`votes.${i}.coproprietaire`] ??= `${v.coproprietaire} est en double.`;
      seen.add(v.coproprietaire);
      if (!oid || !partOf.has(oid))
        errors[`votes.${i}.coproprietaire`] ??= `${v.coproprietaire} n'est pas convoqué à cette assemblée.`;
      if (v.attendance === 'represented' && !v.mandataire)
        errors[`votes.${i}.mandataire`] ??= 'Un copropriétaire représenté nomme son mandataire.';
      if (v.attendance !== 'represented' && v.mandataire)
        errors[`votes.${i}.mandataire`] ??=
          "Un mandataire ne s'indique que pour un copropriétaire représenté.";
      const m = v.mandataire?.coproprietaire;
      if (m && owners.get(ownerIds.get(m) ?? '')?.copropriete_id !== ag.copropriete_id)
        errors[`votes.${i}.mandataire.coproprietaire`] ??=
          `Copropriétaire inconnu dans cette copropriété : ${m}`;
      if (v.attendance === 'absent' && v.choices.length)
        errors[`votes.${i}.choices`] ??= 'Un copropriétaire absent ne vote pas en séance.';
      const resSeen = new Set<string>();
      v.choices.forEach((c, j) => {
        const f = `votes.${i}.choices.${j}`;
        const r = byExt.get(c.resolution)?.resolution;
        if (!r) errors[`${f}.resolution`] ??= `Résolution inconnue : ${c.resolution}`;
        else if (r.no_vote)
          errors[`${f}.resolution`] ??= `La résolution ${c.resolution} n'est pas soumise au vote.`;
        else if (c.vote_2 != null && !hasSecondVote(r.article))
          errors[`${f}.vote_2`] ??= `Pas de second vote pour une résolution ${articleLabel(r.article)}.`;
        if (resSeen.has(c.resolution)) errors[`${f}.resolution`] ??= `${c.resolution} est en double.`;
        resSeen.add(c.resolution);
      });
    });
    if (Object.keys(errors).length) throw new AppError('VALIDATION_ERROR', undefined, { errors });

    // Loi art. 22 I: the syndic and its préposés are known by name, whatever the software declares,
    // as the co-owner's own proxy finds them (exclusionOf).
    const outside = [
      ...new Set(
        body.votes.flatMap((v) => (v.mandataire && !v.mandataire.coproprietaire ? [v.mandataire.name] : [])),
      ),
    ];
    const found = new Map(
      await Promise.all(
        outside.map(
          async (n) => [n, await exclusionOf(tx, api.syndicId, { nom: n, prenom: '', email: null })] as const,
        ),
      ),
    );
    const mandataireOf = (v: Entry): Mandataire | null =>
      v.mandataire
        ? {
            name: v.mandataire.name,
            coproprietaire_id: v.mandataire.coproprietaire
              ? ownerIds.get(v.mandataire.coproprietaire)!
              : null,
            exclusion:
              v.mandataire.exclusion ??
              (v.mandataire.coproprietaire ? null : (found.get(v.mandataire.name) ?? null)),
          }
        : null;
    checkDelegations(
      body,
      state,
      mandataireOf,
      ownerIds,
      syndicatOwners(parts, fromLots),
      ag.general_repartition_id,
      await generalTotal(tx, ag.general_repartition_id),
    );

    const now = new Date();
    const out = [];
    for (const v of body.votes) {
      const oid = ownerIds.get(v.coproprietaire)!;
      const name = owners.get(oid)?.display_name ?? '';
      const st = state.get(oid);
      const common = {
        created_at: now.toISOString(),
        coproprietaire: { id: oid, name },
        entered_by: { key_id: api.keyId, name: api.actor },
      };
      const recs: {
        seq: number;
        kind: 'attendance' | 'session_vote';
        resolution: string | null;
        digest: string;
      }[] = [];
      const wanted = v.attendance === 'absent' ? null : v.attendance;
      const meeting = st?.attendance === 'present' || st?.attendance === 'represented' ? st.attendance : null;
      const mandataire = mandataireOf(v);
      if (wanted !== meeting || !sameMandataire(st?.mandataire ?? null, mandataire)) {
        const rec = await appendRecord(tx, {
          assemblee_id: ag.id,
          kind: 'attendance',
          coproprietaire_id: oid,
          payload: { ...common, attendance: wanted, mandataire },
          created_at: now,
        });
        recs.push({ seq: rec.seq, kind: 'attendance', resolution: null, digest: rec.digest });
        await agRepo.setAttendance(tx, ag.id, oid, wanted ?? (st?.form ? 'correspondence' : null));
      }
      for (const c of v.choices) {
        const { resolution: r, repartition } = byExt.get(c.resolution)!;
        const tantiemes = partOf.get(oid)?.tantiemes ?? fromLots.get(oid) ?? {};
        const rec = await appendRecord(tx, {
          assemblee_id: ag.id,
          kind: 'session_vote',
          coproprietaire_id: oid,
          payload: {
            ...common,
            method: v.method,
            resolution_id: r.id,
            number: r.number,
            article: r.article,
            tantiemes: repartition ? (tantiemes[repartition.id] ?? 0) : 0,
            ...(c.vote_1 !== undefined ? { vote_1: c.vote_1 } : {}),
            ...(c.vote_2 !== undefined ? { vote_2: c.vote_2 } : {}),
          },
          created_at: now,
        });
        recs.push({ seq: rec.seq, kind: 'session_vote', resolution: c.resolution, digest: rec.digest });
        const prev = st?.session.get(r.id);
        await agRepo.upsertVote(tx, {
          resolution_id: r.id,
          coproprietaire_id: oid,
          vote_value: c.vote_1 !== undefined ? c.vote_1 : (prev?.vote_1 ?? null),
          vote_2_value: c.vote_2 !== undefined ? c.vote_2 : (prev?.vote_2 ?? null),
          method: v.method,
          user_id: null,
          updated_at: now,
          record_id: rec.id,
        });
      }
      out.push({ coproprietaire: v.coproprietaire, records: recs });
    }
    await writeAudit(
      tx,
      api,
      out
        .filter((o) => o.records.length)
        .map((o) => ({
          action: 'created' as const,
          resource: 'session_vote',
          resourceId: ag.id,
          externalId,
          changes: {
            coproprietaire: { before: null, after: o.coproprietaire },
            seq: { before: null, after: o.records.map((r) => r.seq).join(',') },
          },
        })),
    );
    return out;
  });
}
