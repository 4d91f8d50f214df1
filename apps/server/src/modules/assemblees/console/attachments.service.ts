import { hash } from 'node:crypto';
import { type ResolutionAttachmentBody, UPLOAD_TYPES } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { checkFileBytes } from '../../files/files.service.js';
import { insertFile } from '../assemblees.repo.js';
import * as repo from './prepare.repo.js';
import type { ConsoleBuilding } from '../../access/console.guard.js';
import { getAssemblee, updateAssemblee } from './prepare.service.js';

type Deps = { db: Db; storage: StorageAdapter };

/** The convocation made again from the agenda as stored, so it names the attachments. */
async function remake(deps: Deps, b: ConsoleBuilding, agId: string) {
  const ag = await getAssemblee(deps.db, b.copro.id, agId);
  return updateAssemblee(deps, b, agId, {
    name: ag.name,
    type: ag.type,
    date: ag.date,
    visio_url: ag.visio_url,
    resolutions: ag.resolutions_detail.map((r) => ({
      nature: r.nature,
      title: r.title,
      content: r.content,
      article: r.article,
      repartition_id: r.repartition_id,
      article_reason: r.article_reason,
      no_vote: r.no_vote,
    })),
  });
}

/**
 * The attachments of a resolution (quotes, contracts): stored like the building's other files and
 * listed on the resolution, so the convocation names them and each co-owner convened reads them
 * from their assembly's page (decret 1967 art. 11: notified with the convocation). Only before the
 * publication: what was notified is what the assembly votes on.
 */
async function editable(db: Db, coproId: string, agId: string, resolutionId: string) {
  const ag = await repo.assembleeInBuilding(db, coproId, agId);
  if (!ag) throw new AppError('NOT_FOUND');
  const r = (await repo.resolutionsOf(db, agId)).find((x) => x.id === resolutionId);
  if (!r) throw new AppError('NOT_FOUND');
  if (ag.published_at)
    throw new AppError(
      'CONFLICT',
      "L'assemblée est convoquée\u202f: les pièces jointes notifiées avec la convocation ne changent plus (décret du 17 mars 1967, art. 11 et 13).",
      { status: 409 },
    );
  return r;
}

export async function attachToResolution(
  deps: Deps,
  b: ConsoleBuilding,
  agId: string,
  resolutionId: string,
  body: ResolutionAttachmentBody,
) {
  const { db, storage } = deps;
  const coproId = b.copro.id;
  const r = await editable(db, coproId, agId, resolutionId);
  const bytes = Buffer.from(body.content_base64, 'base64');
  const problem = checkFileBytes(body.content_type, bytes);
  if (problem) throw new AppError('VALIDATION_ERROR', problem, { errors: { content_base64: problem } });
  const digest = hash('sha256', bytes, 'hex');
  const key = `coproprietes/${coproId}/assemblees/${agId}/resolutions/${r.id}/${digest.slice(0, 16)}.${UPLOAD_TYPES[body.content_type]!.ext}`;
  await storage.put(key, bytes, body.content_type);
  const file = await insertFile(db, {
    storage_key: key,
    name: body.name,
    content_type: body.content_type,
    size: bytes.length,
  });
  await repo.setResolutionFiles(db, r.id, [...r.files, { id: file.id, name: body.name }]);
  return remake(deps, b, agId);
}

export async function detachFromResolution(
  deps: Deps,
  b: ConsoleBuilding,
  agId: string,
  resolutionId: string,
  fileId: string,
) {
  const r = await editable(deps.db, b.copro.id, agId, resolutionId);
  // A removal already made (or never attached) answers the agenda as it stands.
  if (!r.files.some((f) => f.id === fileId)) return getAssemblee(deps.db, b.copro.id, agId);
  await repo.setResolutionFiles(
    deps.db,
    r.id,
    r.files.filter((f) => f.id !== fileId),
  );
  return remake(deps, b, agId);
}
