import {
  type ConsoleDocument,
  type consoleDocumentBody,
  consoleDocumentKind,
  type syndicUploadsBody,
} from '@tantieme/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import type { NotifyDeps } from '../../notifications/notify.js';
import { adoptExternalIds, RES, type SyndicApiContext } from '../../syndic-api/kit/index.js';
import { checklistOf } from '../checklist.service.js';
import { FILE_URL_TTL_S, listTypes } from '../documents.service.js';
import { loadDocuments } from '../syndic/documents.load.js';
import { deleteDocument, documentsResource } from '../syndic/documents.service.js';
import { documentGroupsResource } from '../syndic/groups.service.js';
import { presignUploads, stageFiles } from '../syndic/uploads.js';
import * as repo from './console.repo.js';

/**
 * A building's documents in the syndic's console: the third entrance of documents. A file goes
 * up as the syndic API's bulk does it (presigned PUT, then the stored form), and the document is
 * written by the API's own bulk service, one item per file: same rows, same audit line, same
 * webhook and notices, nothing written when the item is refused (decision 221).
 */

export interface ConsoleDocs {
  db: Db;
  storage: StorageAdapter;
  notify: NotifyDeps;
}
/** The building and its writer, as the console guard hands them. */
export interface DocsBuilding {
  copro: { id: string; syndic_id: string };
  api: SyndicApiContext;
}

async function present(storage: StorageAdapter, r: repo.BuildingDocumentRow): Promise<ConsoleDocument> {
  const own = !!r.coproprietaire_id;
  return {
    id: r.id,
    name: r.name,
    type_label: own
      ? (r.type_name ?? r.type_code ?? '')
      : r.group_kind === 'AG'
        ? 'Assemblées générales'
        : r.group_kind === 'BANK_STATEMENT'
          ? 'Relevés bancaires'
          : (r.group_name ?? ''),
    audience: own ? 'coproprietaire' : r.group_audience === 'council' ? 'conseil' : 'copropriete',
    coproprietaire: own ? { id: r.coproprietaire_id!, name: r.owner_name ?? '' } : null,
    date: r.date,
    size: r.size,
    content_type: r.content_type,
    url: await storage.signedGetUrl(r.storage_key, FILE_URL_TTL_S),
  };
}

/** The page: every document of the building, the décret 2019-502 checklist, the own types. */
export async function documentsPage(d: ConsoleDocs, b: DocsBuilding) {
  const [rows, checklist, types] = await Promise.all([
    repo.buildingDocuments(d.db, b.copro.id),
    checklistOf(d.db, b.copro.id, b.copro.syndic_id),
    listTypes(d.db),
  ]);
  return {
    documents: await Promise.all(rows.map((r) => present(d.storage, r))),
    checklist,
    own_types: types.map((t) => ({ code: t.code, name: t.name })),
  };
}

/** Step 1, the syndic API's: a URL of the app (relative) or of S3 for each file. */
export async function presign(
  d: ConsoleDocs,
  b: DocsBuilding,
  files: z.output<typeof syndicUploadsBody>['files'],
) {
  const { uploads } = await presignUploads(d.db, d.storage, '', b.copro.syndic_id, files);
  return {
    uploads: uploads.map((u) => ({ sha256: u.sha256, url: u.url, headers: u.headers, uploaded: u.uploaded })),
  };
}

/** A document of the building, or 404 (another building's, or none). */
async function documentOf(d: ConsoleDocs, b: DocsBuilding, id: string) {
  const [row] = await repo.buildingDocuments(d.db, b.copro.id, [id]);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const ext = async (db: Db, b: DocsBuilding, resource: string, id: string) =>
  (await adoptExternalIds(db, b.copro.syndic_id, resource, [id])).get(id)!;

/** The building's shelf for a kind, created through the API's group resource when missing. */
async function shelf(
  d: ConsoleDocs,
  b: DocsBuilding,
  kind: { code: string; shelf: string },
  audience: 'all' | 'council',
) {
  const name = kind.shelf;
  const found = await repo.shelfOf(d.db, b.copro.id, name, audience);
  if (found) return ext(d.db, b, RES.group, found);
  // One external id per building, kind and audience: the shelf is the same whoever opens it.
  const external = `gestion-rayon-${b.copro.id}-${kind.code}-${audience}`;
  await documentGroupsResource.put(d.db, b.api, external, {
    scope: 'copropriete',
    copropriete: await ext(d.db, b, RES.copropriete, b.copro.id),
    name,
    number: null,
    approve_date: null,
    sort: 0,
    audience,
  });
  return external;
}

const field = (f: string) =>
  f.startsWith('file') ? 'file' : f === 'coproprietaire' ? 'coproprietaire_id' : f === 'group' ? 'kind' : f;

/** Where the API files the document (its `place` and references), from the console's choice. */
async function placeOf(d: ConsoleDocs, b: DocsBuilding, body: z.output<typeof consoleDocumentBody>) {
  if (body.audience === 'coproprietaire') {
    const owner = await repo.ownerOfBuilding(d.db, b.copro.id, body.coproprietaire_id!);
    if (!owner)
      throw new AppError('VALIDATION_ERROR', undefined, {
        errors: { coproprietaire_id: "Ce copropriétaire n'est pas de l'immeuble." },
      });
    return {
      place: 'coproprietaire' as const,
      coproprietaire: await ext(d.db, b, RES.coproprietaire, owner),
      type: body.type!,
    };
  }
  const kind = consoleDocumentKind(body.kind!)!;
  const year = Number(body.date.slice(0, 4));
  if (kind.place !== 'group') {
    if (body.audience === 'conseil')
      throw new AppError('VALIDATION_ERROR', undefined, {
        errors: {
          audience: `« ${kind.shelf} » suit la règle de sa rubrique : choisissez « Tout l'immeuble ».`,
        },
      });
    const copropriete = await ext(d.db, b, RES.copropriete, b.copro.id);
    return kind.place === 'ag'
      ? { place: 'ag' as const, copropriete, year, ag_kind: 'record' as const }
      : { place: 'bank_statement' as const, copropriete, year, month: Number(body.date.slice(5, 7)) };
  }
  return {
    place: 'group' as const,
    group: await shelf(d, b, kind, body.audience === 'conseil' ? 'council' : 'all'),
  };
}

/**
 * Step 2: one file published (or a document's file replaced) by the syndic API's bulk, one item.
 * Its refusal is a 400 naming the console's fields; nothing of it is written.
 */
export async function publish(d: ConsoleDocs, b: DocsBuilding, body: z.output<typeof consoleDocumentBody>) {
  const current = body.replaces ? await documentOf(d, b, body.replaces) : null;
  const external = current
    ? await ext(d.db, b, RES.document, current.id)
    : `gestion-document-${crypto.randomUUID()}`;
  // A replacement keeps the place the API reads back (its shelf, year, month, co-owner, type).
  const place = current ? (await loadDocuments(d.db, b.api, [current.id])).get(current.id)! : null;
  const item = {
    external_id: external,
    ...(place ?? (await placeOf(d, b, body))),
    name: body.name,
    date: body.date,
    amount_cents: place?.amount_cents ?? null,
    amount_type: place?.amount_type ?? null,
    file: body.file,
  };
  const staged = await stageFiles(d.storage, b.copro.syndic_id, [item]);
  const out = await documentsResource(d.storage, d.notify, staged).bulk(d.db, b.api, [item], false);
  const r = out.results[0]!;
  if (r.result === 'error' || !r.id) {
    const errors = Object.fromEntries(Object.entries(r.errors ?? {}).map(([k, v]) => [field(k), v]));
    throw new AppError('VALIDATION_ERROR', Object.values(errors)[0], { errors });
  }
  return present(d.storage, await documentOf(d, b, r.id));
}

/** A document deleted by the syndic API's deletion (audit line, tombstone, file rows). */
export async function remove(d: ConsoleDocs, b: DocsBuilding, id: string) {
  const row = await documentOf(d, b, id);
  await deleteDocument(d.db, b.api, await ext(d.db, b, RES.document, row.id));
  return { deleted: true as const };
}
