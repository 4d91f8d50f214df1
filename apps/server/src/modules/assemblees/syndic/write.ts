import type { StorageAdapter } from '../../../platform/storage.js';
import * as agRepo from '../assemblees.repo.js';
import {
  type BulkItem,
  externalResource,
  type SyndicApiContext,
  type Tx,
} from '../../syndic-api/kit/index.js';
import * as repo from './assemblees.repo.js';
import { AG, type LoadedAssemblee, REF } from './assemblees.repo.js';
import { check } from './check.js';
import { followedResolutions } from './follows.repo.js';
import { type Data, takenPart, type Uploads } from './common.js';
import { appendRecord } from '../chain.js';

/** Writes one assembly (insert or update) from checked data, in the upsert's transaction. */
async function write(
  tx: Tx,
  api: SyndicApiContext,
  storage: StorageAdapter,
  uploads: Uploads,
  id: string,
  d: Data,
  before: LoadedAssemblee | null,
) {
  const exts = (resource: string, list: string[]) => repo.resolveAll(tx, api.syndicId, resource, list);
  const coproId = (await exts(REF.copropriete, [d.copropriete])).get(d.copropriete)!;
  const reps = await exts(REF.repartition, [
    ...d.resolutions.flatMap((r) => (r.repartition ? [r.repartition] : [])),
    ...d.participants.flatMap((p) => Object.keys(p.tantiemes ?? {})),
    d.general_repartition,
  ]);
  const owners = await exts(
    REF.coproprietaire,
    d.participants.map((p) => p.coproprietaire),
  );

  // The convocation file: a new digest is a new object and row; the same digest keeps the row.
  let fileId: string | null = null;
  if (d.convocation) {
    const current = before ? (await agRepo.lockAssemblee(tx, id))?.convocation_file_id : null;
    if (before?.convocation?.sha256 === d.convocation.sha256 && current) {
      fileId = current;
      if (before.convocation.name !== d.convocation.name)
        await repo.renameFile(tx, current, d.convocation.name);
    } else {
      const pdf = uploads.get(d.convocation.sha256);
      if (!pdf) throw new Error('convocation upload missing after check');
      const key = repo.convocationKey(coproId, id, d.convocation.sha256);
      await storage.put(key, pdf, 'application/pdf');
      fileId = await repo.upsertFile(tx, {
        storage_key: key,
        name: d.convocation.name,
        content_type: 'application/pdf',
        size: pdf.length,
      });
    }
  }

  const values: repo.AssembleeValues = {
    copropriete_id: coproId,
    name: d.name,
    year: d.year,
    type: d.type,
    date: new Date(d.date),
    priority: d.priority,
    status: d.status,
    date_effectue: d.date_effectue ? new Date(d.date_effectue) : null,
    valid_to: d.valid_to ? new Date(d.valid_to) : null,
    visio_url: d.visio_url,
    convocation_file_id: fileId,
    general_repartition_id: reps.get(d.general_repartition)!,
  };
  if (before) await repo.updateAssemblee(tx, id, values);
  else await repo.insertAssemblee(tx, id, values);

  // Resolutions by their external_id: kept ids for those that stay (their votes follow them).
  const existingRes = before ? await repo.resolutionsOf(tx, id) : [];
  const byExt = new Map(existingRes.map((r) => [r.external_id ?? r.id, r]));
  const keep = new Set(d.resolutions.map((r) => r.external_id));
  await repo.deleteResolutions(
    tx,
    existingRes.filter((r) => !keep.has(r.external_id ?? r.id)).map((r) => r.id),
  );
  const followed = await followedResolutions(
    tx,
    api.syndicId,
    d.resolutions.flatMap((r) => (r.follows ? [r.follows] : [])),
  );
  const resValues = (r: Data['resolutions'][number]) => ({
    number: r.number,
    title: r.title,
    preamble: r.preamble,
    content: r.content,
    comment: r.comment,
    article: r.article,
    no_vote: r.no_vote,
    repartition_id: r.repartition ? (reps.get(r.repartition) ?? null) : null,
    amended: r.amended,
    nature: r.nature,
    article_reason: r.article_reason,
    follows_resolution_id: r.follows
      ? (followed.get(`${r.follows.assemblee}/${r.follows.resolution}`)?.resolution.id ?? null)
      : null,
  });
  // Numbers may be swapped between resolutions: move the kept ones out of the way first.
  for (const r of existingRes)
    if (keep.has(r.external_id ?? r.id)) await repo.updateResolution(tx, r.id, { number: -r.number - 1000 });
  const inserts = [];
  for (const r of d.resolutions) {
    const row = byExt.get(r.external_id);
    if (row) await repo.updateResolution(tx, row.id, resValues(r));
    else inserts.push({ assemblee_id: id, external_id: r.external_id, ...resValues(r) });
  }
  await repo.insertResolutions(tx, inserts);

  // Participants: new ones are not convened yet (publish does it); the syndic's attendance is kept
  // apart from the online ballot's 'correspondence', which a PUT never clears.
  const existingParts = before ? await repo.participantsOf(tx, id) : [];
  const partByOwner = new Map(existingParts.map((p) => [p.coproprietaire_id, p]));
  const wanted = new Map(d.participants.map((p) => [owners.get(p.coproprietaire)!, p]));
  await repo.deleteParticipants(
    tx,
    id,
    existingParts.filter((p) => !wanted.has(p.coproprietaire_id)).map((p) => p.coproprietaire_id),
  );
  const voted = before ? await takenPart(tx, id) : new Map<string, string>();
  const newParts = [];
  for (const [ownerId, p] of wanted) {
    const tantiemes = p.tantiemes
      ? Object.fromEntries(Object.entries(p.tantiemes).map(([ext, v]) => [reps.get(ext)!, v]))
      : null;
    const attendance = p.attendance ?? voted.get(ownerId) ?? null;
    if (partByOwner.has(ownerId)) await repo.updateParticipant(tx, id, ownerId, { tantiemes, attendance });
    else newParts.push({ assemblee_id: id, coproprietaire_id: ownerId, tantiemes, attendance });
  }
  await repo.insertParticipants(tx, newParts);
  // A presence declared by the PUT is chained like one entered at the meeting (the tally reads
  // only the register); represented is recorded by session-votes, with the mandataire.
  const present = [...wanted].filter(
    ([oid, p]) => p.attendance === 'present' && voted.get(oid) !== 'present',
  );
  if (present.length) await agRepo.lockAssemblee(tx, id);
  for (const [oid] of present)
    await appendRecord(tx, {
      assemblee_id: id,
      kind: 'attendance',
      coproprietaire_id: oid,
      payload: {
        created_at: new Date().toISOString(),
        attendance: 'present',
        mandataire: null,
        entered_by: { key_id: api.keyId, name: api.actor },
      },
      created_at: new Date(),
    });
  await updateTotals(tx, id, coproId, values.general_repartition_id!);
}

/** Read-only totals: participants, their lots, their tantièmes in the charges générales key. */
async function updateTotals(tx: Tx, id: string, coproId: string, general: string) {
  const parts = await repo.participantsOf(tx, id);
  const fromLots = await agRepo.coproTantiemes(tx, coproId);
  const total = parts.reduce(
    (s, p) => s + ((p.tantiemes ?? fromLots.get(p.coproprietaire_id))?.[general] ?? 0),
    0,
  );
  await repo.updateAssemblee(tx, id, {
    total_coproprietaires: parts.length,
    total_lots: await repo.countLots(
      tx,
      parts.map((p) => p.coproprietaire_id),
    ),
    total_tantiemes: total,
  });
}

/** The assemblies resource (decision 29): one per request, so the PUT's upload travels with it. */
export function assembleesResource(storage: StorageAdapter, uploads: Uploads = new Map()) {
  return externalResource({
    item: null as never,
    spec: (api) => ({
      resource: AG,
      load: (db, ids) => repo.loadAssemblees(db, api.syndicId, ids) as Promise<Map<string, Data>>,
      insert: async (tx, rows) => {
        for (const r of rows) await write(tx, api, storage, uploads, r.id, r.data, null);
      },
      update: (tx, id, data, before) =>
        write(tx, api, storage, uploads, id, data, before as unknown as LoadedAssemblee),
    }),
    check: (tx, api, items: BulkItem<Data>[]) => check(tx, api, items, uploads),
  });
}
