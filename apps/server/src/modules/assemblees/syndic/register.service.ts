import { registerState } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import * as agRepo from '../assemblees.repo.js';
import { checkChain } from '../chain.service.js';
import { loadMinutesFacts } from '../minutes.service.js';
import { tallyFacts } from '../pv.js';
import { loadSyndicat, takingPart } from '../syndicat.js';
import { externalIdsOf, type SyndicApiContext, type Tx } from '../../syndic-api/kit/index.js';
import * as repo from './assemblees.repo.js';
import { REF } from './assemblees.repo.js';
import { assembleeOf } from './common.js';

/** Every ballot of the assembly as chained (current and superseded), with external ids. */
export async function listBallots(db: Db, api: SyndicApiContext, externalId: string) {
  const ag = await assembleeOf(db, api, externalId);
  const records = (await agRepo.listRecords(db, ag.id)).filter((r) => r.kind === 'ballot');
  const [ownerExt, res] = await Promise.all([
    externalIdsOf(
      db,
      api.syndicId,
      REF.coproprietaire,
      records.map((r) => r.coproprietaire_id),
    ),
    repo.resolutionsOf(db, ag.id),
  ]);
  const resExt = new Map(res.map((r) => [r.id, r.external_id]));
  const allReps = records.flatMap((r) =>
    ((r.payload.choices as { repartition: { id: string } | null }[]) ?? []).flatMap((c) =>
      c.repartition ? [c.repartition.id] : [],
    ),
  );
  const reps = await externalIdsOf(db, api.syndicId, REF.repartition, allReps);
  return records.map((r) => {
    const p = r.payload as {
      method?: string;
      ip?: string;
      user_agent?: string;
      coproprietaire?: { name?: string };
      choices?: {
        resolution_id: string;
        number: number;
        article: string;
        repartition: { id: string } | null;
        tantiemes: number;
        vote_1: 'agree' | 'disagree' | 'abstain' | null;
        vote_2: 'agree' | 'disagree' | 'abstain' | null;
      }[];
    };
    return {
      seq: r.seq,
      digest: r.digest,
      prev_digest: r.prev_digest,
      created_at: r.created_at.toISOString(),
      current: r.current,
      method: p.method ?? 'e_form',
      coproprietaire: {
        id: r.coproprietaire_id,
        external_id: ownerExt.get(r.coproprietaire_id) ?? null,
        name: p.coproprietaire?.name ?? '',
      },
      ip: p.ip ?? null,
      user_agent: p.user_agent ?? null,
      choices: (p.choices ?? []).map((c) => ({
        resolution: resExt.get(c.resolution_id) ?? null,
        number: c.number,
        article: c.article,
        repartition: c.repartition ? (reps.get(c.repartition.id) ?? null) : null,
        tantiemes: c.tantiemes,
        vote_1: c.vote_1,
        vote_2: c.vote_2,
      })),
    };
  });
}

export async function chainCheck(db: Db, api: SyndicApiContext, externalId: string) {
  const ag = await assembleeOf(db, api, externalId);
  return checkChain(db, ag.id);
}

/**
 * The legal tally, from the assembly's chained records alone (`tallyFacts`, as the minutes count):
 * what a `votes` row or a participant's attendance column says is not read. The base is every
 * co-owner of the syndicat; art. 22 is measured on the charges générales key.
 */
export async function tally(db: Db | Tx, api: SyndicApiContext, externalId: string) {
  const ag = await assembleeOf(db, api, externalId);
  if (!ag.general_repartition_id)
    throw new AppError(
      'CONFLICT',
      "Aucune clé des charges générales (general_repartition)\u202f: la réduction de l'article 22 ne peut être calculée.",
      { status: 409 },
    );
  const [facts, res] = await Promise.all([loadMinutesFacts(db, ag, ''), agRepo.listResolutions(db, ag.id)]);
  const counted = tallyFacts(facts);
  const [ownerExt, repExt] = await Promise.all([
    externalIdsOf(
      db,
      api.syndicId,
      REF.coproprietaire,
      counted.flatMap((t) => t.reduced.map((x) => x.coproprietaire_id)),
    ),
    externalIdsOf(
      db,
      api.syndicId,
      REF.repartition,
      res.flatMap((r) => (r.resolution.repartition_id ? [r.resolution.repartition_id] : [])),
    ),
  ]);
  const byId = new Map(res.map((r) => [r.resolution.id, r.resolution]));
  return counted.map((t) => {
    const r = byId.get(t.resolution_id)!;
    return {
      resolution: r.external_id,
      number: t.number,
      title: r.title,
      article: t.article,
      repartition: r.repartition_id ? (repExt.get(r.repartition_id) ?? null) : null,
      decision: t.decision,
      rule: t.rule,
      total: t.total,
      first: t.first,
      second: t.second,
      amended_defaulting: t.amended_defaulting,
      reduced: t.reduced.map((x) => ({
        coproprietaire: ownerExt.get(x.coproprietaire_id) ?? x.coproprietaire_id,
        from: x.from,
        to: x.to,
      })),
    };
  });
}

/**
 * The attendance sheet from the register alone (contract `registerState`, read as the PDF's
 * `takingPart`): every co-owner of the syndicat, how they took part, who represents them (loi
 * art. 22 I) and their voix in the charges générales key, by name.
 */
export async function attendanceSheet(db: Db, api: SyndicApiContext, externalId: string) {
  const ag = await assembleeOf(db, api, externalId);
  const [{ owners: everyone }, records] = await Promise.all([
    loadSyndicat(db, ag),
    agRepo.listRecords(db, ag.id),
  ]);
  const state = registerState(records);
  const mandataires = [...state.keys()].flatMap((id) => {
    const m = takingPart(state, id).mandataire?.coproprietaire_id;
    return m ? [m] : [];
  });
  const ids = [...new Set([...everyone.map((o) => o.id), ...mandataires])];
  const [ext, owners] = await Promise.all([
    externalIdsOf(db, api.syndicId, REF.coproprietaire, ids),
    repo.ownersByIds(db, ids),
  ]);
  const names = new Map(owners.map((o) => [o.owner.id, o.owner.display_name]));
  return everyone
    .map((o) => {
      const { attendance, mandataire: m } = takingPart(state, o.id);
      const mid = m?.coproprietaire_id ?? null;
      return {
        coproprietaire: ext.get(o.id) ?? o.id,
        name: names.get(o.id) ?? '',
        attendance,
        mandataire: m ? { name: m.name, coproprietaire: mid ? (ext.get(mid) ?? mid) : null } : null,
        tantiemes: ag.general_repartition_id ? (o.tantiemes[ag.general_repartition_id] ?? 0) : 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
}
