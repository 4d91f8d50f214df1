import { randomUUID } from 'node:crypto';
import { bureauFirstError, type ConsoleAssembleeBody, syndicAssembleeBody } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import type { ConsoleBuilding } from '../../access/console.guard.js';
import { adoptBuilding } from '../../console/refs.js';
import { apiBody, newConsoleExternalId, renamingErrors } from '../../console/writes.js';
import { adoptExternalIds, externalIdsOf } from '../../syndic-api/kit/index.js';
import { AG } from '../syndic/assemblees.repo.js';
import { assembleesResource } from '../syndic/write.js';
import { renderConvocation } from './convocation.pdf.js';
import * as repo from './prepare.repo.js';

/**
 * An assembly prepared in the console goes through the syndic API's own resource (check, write,
 * catalogue law, art. 26 keys): the console's body is turned into the API's, its references given
 * external ids (decision 169), and the convocation PDF made from the agenda.
 */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The building's charges générales key: the one of that kind, else its only key. */
function generalKey(keys: Awaited<ReturnType<typeof repo.keysOf>>) {
  const general = keys.find((k) => k.kind === 'generales') ?? (keys.length === 1 ? keys[0] : undefined);
  if (!general)
    throw new AppError('VALIDATION_ERROR', undefined, {
      errors: {
        resolutions:
          "Aucune clé des charges générales dans cet immeuble\u202f: créez-la (ou marquez-la comme telle) depuis l'écran des lots.",
      },
    });
  return general;
}

export async function listAssemblees(db: Db, coproId: string) {
  const [rows, keys] = await Promise.all([repo.assembleesOfBuilding(db, coproId), repo.keysOf(db, coproId)]);
  return {
    repartitions: keys,
    assemblees: rows.map((r) => ({
      id: r.ag.id,
      name: r.ag.name,
      type: r.ag.type as 'ORDINAIRE' | 'EXTRAORDINAIRE',
      date: r.ag.date.toISOString(),
      published_at: iso(r.ag.published_at),
      status_session: r.ag.status_session,
      resolutions: r.resolutions,
      participants: r.participants,
    })),
  };
}

/** One assembly of the building with its agenda; another building's is a 404. */
export async function getAssemblee(db: Db, coproId: string, agId: string) {
  const ag = await repo.assembleeInBuilding(db, coproId, agId);
  if (!ag) throw new AppError('NOT_FOUND');
  const [res, participants, keys] = await Promise.all([
    repo.resolutionsOf(db, agId),
    repo.participantCount(db, agId),
    repo.keysOf(db, coproId),
  ]);
  return {
    id: ag.id,
    name: ag.name,
    type: ag.type as 'ORDINAIRE' | 'EXTRAORDINAIRE',
    date: ag.date.toISOString(),
    published_at: iso(ag.published_at),
    status_session: ag.status_session,
    resolutions: res.length,
    participants,
    visio_url: ag.visio_url,
    valid_to: iso(ag.valid_to),
    general_repartition_id: ag.general_repartition_id ?? '',
    repartitions: keys,
    resolutions_detail: res.map((r) => ({
      id: r.id,
      number: r.number,
      nature: r.nature as ConsoleAssembleeBody['resolutions'][number]['nature'],
      title: r.title,
      content: r.content,
      article: r.article as ConsoleAssembleeBody['resolutions'][number]['article'],
      repartition_id: r.repartition_id === ag.general_repartition_id ? null : r.repartition_id,
      article_reason: r.article_reason,
      no_vote: r.no_vote,
      files: r.files,
    })),
  };
}

/** The API's field names back to the console's: resolutions.2.repartition → resolutions.2.repartition_id. */
const consoleField = (f: string) => f.replace(/^(resolutions\.\d+\.)repartition$/, '$1repartition_id');

async function save(
  deps: { db: Db; storage: StorageAdapter },
  b: ConsoleBuilding,
  agId: string | null,
  body: ConsoleAssembleeBody,
) {
  const { db, storage } = deps;
  const { api, copro } = b;
  const keys = await repo.keysOf(db, copro.id);
  const general = generalKey(keys);
  const keyIds = new Set(keys.map((k) => k.id));
  const errors: Record<string, string> = {};
  body.resolutions.forEach((r, k) => {
    if (r.repartition_id && !keyIds.has(r.repartition_id))
      errors[`resolutions.${k}.repartition_id`] = "Cette clé n'est pas une clé de cet immeuble.";
  });
  // Décret 1967 art. 15: the bureau is designated at the start of the meeting.
  const bureau = bureauFirstError(body.resolutions.map((r) => r.nature));
  if (bureau) errors.resolutions = bureau;
  if (Object.keys(errors).length) throw new AppError('VALIDATION_ERROR', undefined, { errors });

  const coproExt = await adoptBuilding(db, api.syndicId, copro.id);
  const repExt = await adoptExternalIds(db, api.syndicId, 'repartition', [...keyIds]);
  const ownerIds = await repo.currentOwnerIds(db, copro.id);
  const ownerExt = await adoptExternalIds(db, api.syndicId, 'coproprietaire', ownerIds);
  // Resolutions keep their external ids by position: before publication nothing has been voted.
  const existing = agId ? await repo.resolutionsOf(db, agId) : [];
  const date = new Date(body.date);
  const keyOf = (id: string | null) => keys.find((k) => k.id === (id ?? general.id));
  const pdf = await renderConvocation({
    syndic: await repo.syndicName(db, api.syndicId),
    copropriete: copro.name,
    name: body.name,
    type: body.type,
    date,
    voteUntil: null,
    visioUrl: body.visio_url,
    resolutions: body.resolutions.map((r, k) => ({
      number: k + 1,
      title: r.title,
      content: r.content,
      article: r.article,
      no_vote: r.no_vote,
      nature: r.nature,
      key: keyOf(r.repartition_id)?.name ?? null,
      files: (existing[k]?.files ?? []).map((f) => f.name),
    })),
  });
  const data = apiBody(syndicAssembleeBody, {
    copropriete: coproExt,
    name: body.name,
    year: Number(body.date.slice(0, 4)),
    type: body.type,
    date: body.date,
    visio_url: body.visio_url,
    convocation: {
      name: 'convocation.pdf',
      content_type: 'application/pdf',
      content_base64: pdf.toString('base64'),
    },
    general_repartition: repExt.get(general.id),
    resolutions: body.resolutions.map((r, k) => ({
      external_id: existing[k]?.external_id ?? `gestion-${randomUUID()}`,
      number: k + 1,
      title: r.title,
      content: r.content,
      article: r.article,
      no_vote: r.no_vote,
      repartition: r.no_vote ? null : repExt.get(r.repartition_id ?? general.id),
      nature: r.nature,
      article_reason: r.article_reason,
    })),
    participants: ownerIds.map((id) => ({ coproprietaire: ownerExt.get(id) })),
  });
  const ext = agId ? (await externalIdsOf(db, api.syndicId, AG, [agId])).get(agId)! : newConsoleExternalId();
  const done = await renamingErrors(
    () => assembleesResource(storage).put(db, api, ext, data as never),
    consoleField,
  );
  return getAssemblee(db, copro.id, (done as { id: string }).id);
}

export function createAssemblee(
  deps: { db: Db; storage: StorageAdapter },
  b: ConsoleBuilding,
  body: ConsoleAssembleeBody,
) {
  return save(deps, b, null, body);
}

/** Changes an assembly not convened yet; once the convocations are out, its agenda is what they said. */
export async function updateAssemblee(
  deps: { db: Db; storage: StorageAdapter },
  b: ConsoleBuilding,
  agId: string,
  body: ConsoleAssembleeBody,
) {
  const ag = await repo.assembleeInBuilding(deps.db, b.copro.id, agId);
  if (!ag) throw new AppError('NOT_FOUND');
  if (ag.published_at)
    throw new AppError(
      'CONFLICT',
      "Les convocations sont parties\u202f: l'ordre du jour ne se modifie plus (décret du 17 mars 1967, art. 13).",
      { status: 409 },
    );
  await adoptExternalIds(deps.db, b.api.syndicId, AG, [agId]);
  return save(deps, b, agId, body);
}
