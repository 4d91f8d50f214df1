import type { SyndicAssembleeBody } from '@tantieme/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  assembleeParticipants,
  assemblees,
  coproprietaireLots,
  coproprietaires,
  coproprietes,
  files,
  repartitions,
  resolutions,
  users,
} from '../../../db/schema/index.js';
import { type Executor, externalIdsOf, resolveExternalIds } from '../../syndic-api/kit/index.js';

/** Resource names in syndic_external_refs (shared with the portfolio module). */
export const AG = 'assemblee';
export const REF = {
  copropriete: 'copropriete',
  repartition: 'repartition',
  coproprietaire: 'coproprietaire',
};

export type ConvocationRisk = NonNullable<(typeof assemblees.$inferSelect)['convocation_risk']>;

/** The assembly as the API shows it: the PUT body (stored form) and the read-only fields. */
export type LoadedAssemblee = Omit<SyndicAssembleeBody, 'general_repartition'> & {
  /** Required by the PUT; null only for an assembly stored before it was. */
  general_repartition: string | null;
  convocation: { name: string; content_type: string; sha256: string; size: number } | null;
  valid_to: string | null;
  status_convocation: number;
  date_sent_convocation: string | null;
  published_at: string | null;
  convocation_risk: ConvocationRisk | null;
  status_session: number | null;
  total_lots: number;
  total_coproprietaires: number;
  total_tantiemes: number;
};

/** Storage key of an assembly's convocation; the file's SHA-256 is in its name. */
export const convocationKey = (coproId: string, agId: string, sha: string) =>
  `coproprietes/${coproId}/assemblees/${agId}/convocation-${sha}.pdf`;
const shaOfKey = (key: string) => /convocation-([0-9a-f]{64})\.pdf$/.exec(key)?.[1] ?? '';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The syndic's assemblies by id (another syndic's are simply absent). */
export async function assembleesOf(db: Executor, syndicId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ ag: assemblees })
    .from(assemblees)
    .innerJoin(coproprietes, eq(coproprietes.id, assemblees.copropriete_id))
    .where(and(eq(coproprietes.syndic_id, syndicId), inArray(assemblees.id, ids)));
}

export async function loadAssemblees(db: Executor, syndicId: string, ids: string[]) {
  const rows = await assembleesOf(db, syndicId, ids);
  const out = new Map<string, LoadedAssemblee>();
  if (rows.length === 0) return out;
  const agIds = rows.map((r) => r.ag.id);
  const fileIds = rows.flatMap((r) => (r.ag.convocation_file_id ? [r.ag.convocation_file_id] : []));
  const [res, parts, convs] = await Promise.all([
    db
      .select()
      .from(resolutions)
      .where(inArray(resolutions.assemblee_id, agIds))
      .orderBy(asc(resolutions.number)),
    db.select().from(assembleeParticipants).where(inArray(assembleeParticipants.assemblee_id, agIds)),
    fileIds.length ? db.select().from(files).where(inArray(files.id, fileIds)) : Promise.resolve([]),
  ]);
  const repIds = [
    ...res.flatMap((r) => (r.repartition_id ? [r.repartition_id] : [])),
    ...parts.flatMap((p) => Object.keys(p.tantiemes ?? {})),
    ...rows.flatMap((r) => (r.ag.general_repartition_id ? [r.ag.general_repartition_id] : [])),
  ];
  const [coproExt, repExt, ownerExt, follows] = await Promise.all([
    externalIdsOf(
      db,
      syndicId,
      REF.copropriete,
      rows.map((r) => r.ag.copropriete_id),
    ),
    externalIdsOf(db, syndicId, REF.repartition, repIds),
    externalIdsOf(
      db,
      syndicId,
      REF.coproprietaire,
      parts.map((p) => p.coproprietaire_id),
    ),
    followRefsOf(
      db,
      syndicId,
      res.flatMap((r) => (r.follows_resolution_id ? [r.follows_resolution_id] : [])),
    ),
  ]);
  const fileById = new Map(convs.map((f) => [f.id, f]));
  for (const { ag } of rows) {
    const file = ag.convocation_file_id ? fileById.get(ag.convocation_file_id) : undefined;
    out.set(ag.id, {
      copropriete: coproExt.get(ag.copropriete_id) ?? '',
      name: ag.name,
      year: ag.year,
      type: ag.type as 'ORDINAIRE' | 'EXTRAORDINAIRE',
      date: ag.date.toISOString(),
      priority: ag.priority as 0 | 1,
      status: ag.status as 1 | 2 | 3,
      date_effectue: iso(ag.date_effectue),
      valid_to: iso(ag.valid_to),
      visio_url: ag.visio_url,
      convocation: file
        ? {
            name: file.name,
            content_type: file.content_type,
            sha256: shaOfKey(file.storage_key),
            size: file.size,
          }
        : null,
      general_repartition: ag.general_repartition_id ? (repExt.get(ag.general_repartition_id) ?? null) : null,
      resolutions: res
        .filter((r) => r.assemblee_id === ag.id)
        .map((r) => ({
          external_id: r.external_id ?? r.id,
          number: r.number,
          title: r.title,
          preamble: r.preamble,
          content: r.content,
          comment: r.comment,
          article: r.article as 'ART-24' | 'ART-25' | 'ART-26',
          no_vote: r.no_vote,
          repartition: r.repartition_id ? (repExt.get(r.repartition_id) ?? null) : null,
          amended: r.amended,
          nature: r.nature as LoadedAssemblee['resolutions'][number]['nature'],
          article_reason: r.article_reason,
          follows: r.follows_resolution_id ? (follows.get(r.follows_resolution_id) ?? null) : null,
        })),
      participants: parts
        .filter((p) => p.assemblee_id === ag.id)
        .map((p) => ({
          coproprietaire: ownerExt.get(p.coproprietaire_id) ?? p.coproprietaire_id,
          tantiemes: p.tantiemes
            ? Object.fromEntries(Object.entries(p.tantiemes).map(([k, v]) => [repExt.get(k) ?? k, v]))
            : null,
          // 'correspondence' comes from an online ballot, not from the syndic.
          attendance: (p.attendance === 'present' || p.attendance === 'represented' ? p.attendance : null) as
            | 'present'
            | 'represented'
            | null,
        }))
        .sort((a, b) => a.coproprietaire.localeCompare(b.coproprietaire)),
      status_convocation: ag.status_convocation,
      date_sent_convocation: iso(ag.date_sent_convocation),
      published_at: iso(ag.published_at),
      convocation_risk: ag.convocation_risk ?? null,
      status_session: ag.status_session,
      total_lots: ag.total_lots,
      total_coproprietaires: ag.total_coproprietaires,
      total_tantiemes: ag.total_tantiemes,
    });
  }
  return out;
}

export type AssembleeValues = Omit<typeof assemblees.$inferInsert, 'id' | 'created_at'>;

export async function insertAssemblee(tx: Executor, id: string, v: AssembleeValues) {
  await tx.insert(assemblees).values({ id, ...v });
}
export async function updateAssemblee(tx: Executor, id: string, v: Partial<AssembleeValues>) {
  await tx.update(assemblees).set(v).where(eq(assemblees.id, id));
}

/** Stores the convocation's file row (the object is already in storage); an identical key is reused. */
export async function upsertFile(
  tx: Executor,
  v: { storage_key: string; name: string; content_type: string; size: number },
) {
  const [row] = await tx
    .insert(files)
    .values(v)
    .onConflictDoUpdate({ target: files.storage_key, set: { name: v.name } })
    .returning({ id: files.id });
  return row.id;
}
export function renameFile(tx: Executor, id: string, name: string) {
  return tx.update(files).set({ name }).where(eq(files.id, id));
}

export function resolutionsOf(tx: Executor, agId: string) {
  return tx.select().from(resolutions).where(eq(resolutions.assemblee_id, agId));
}
export function deleteResolutions(tx: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve();
  return tx.delete(resolutions).where(inArray(resolutions.id, ids));
}
export async function insertResolutions(tx: Executor, rows: (typeof resolutions.$inferInsert)[]) {
  if (rows.length) await tx.insert(resolutions).values(rows);
}
export function updateResolution(tx: Executor, id: string, v: Partial<typeof resolutions.$inferInsert>) {
  return tx.update(resolutions).set(v).where(eq(resolutions.id, id));
}

export function participantsOf(tx: Executor, agId: string) {
  return tx.select().from(assembleeParticipants).where(eq(assembleeParticipants.assemblee_id, agId));
}
export function deleteParticipants(tx: Executor, agId: string, ownerIds: string[]) {
  if (ownerIds.length === 0) return Promise.resolve();
  return tx
    .delete(assembleeParticipants)
    .where(
      and(
        eq(assembleeParticipants.assemblee_id, agId),
        inArray(assembleeParticipants.coproprietaire_id, ownerIds),
      ),
    );
}
export async function insertParticipants(tx: Executor, rows: (typeof assembleeParticipants.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 500)
    await tx.insert(assembleeParticipants).values(rows.slice(i, i + 500));
}
export function updateParticipant(
  tx: Executor,
  agId: string,
  ownerId: string,
  v: Partial<typeof assembleeParticipants.$inferInsert>,
) {
  return tx
    .update(assembleeParticipants)
    .set(v)
    .where(
      and(eq(assembleeParticipants.assemblee_id, agId), eq(assembleeParticipants.coproprietaire_id, ownerId)),
    );
}

/** Lots held by the participants (for total_lots). */
export async function countLots(db: Executor, ownerIds: string[]) {
  if (ownerIds.length === 0) return 0;
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${coproprietaireLots.lot_id})::int` })
    .from(coproprietaireLots)
    .where(inArray(coproprietaireLots.coproprietaire_id, ownerIds));
  return Number(r?.n ?? 0);
}

/** copropriété of each co-owner record, and whether it was removed. */
export async function ownersInfo(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { copropriete_id: string; removed: boolean }>();
  const rows = await db
    .select({
      id: coproprietaires.id,
      copropriete_id: coproprietaires.copropriete_id,
      removed_at: coproprietaires.removed_at,
    })
    .from(coproprietaires)
    .where(inArray(coproprietaires.id, ids));
  return new Map(
    rows.map((r) => [r.id, { copropriete_id: r.copropriete_id, removed: r.removed_at !== null }]),
  );
}

export function ownersByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ owner: coproprietaires, user_email: users.email, user_phone: users.phone })
    .from(coproprietaires)
    .leftJoin(users, eq(users.id, coproprietaires.user_id))
    .where(inArray(coproprietaires.id, ids));
}

export async function resolveAll(db: Executor, syndicId: string, resource: string, ext: string[]) {
  return resolveExternalIds(db, syndicId, resource, ext);
}

export function repartitionsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(repartitions)
    .where(inArray(repartitions.id, [...new Set(ids)]));
}

/** Resolution id → the syndic's ids of that resolution and its assembly. */
export async function followRefsOf(db: Executor, syndicId: string, ids: string[]) {
  const out = new Map<string, { assemblee: string; resolution: string }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ id: resolutions.id, ext: resolutions.external_id, ag: resolutions.assemblee_id })
    .from(resolutions)
    .where(inArray(resolutions.id, [...new Set(ids)]));
  const agExt = await externalIdsOf(
    db,
    syndicId,
    AG,
    rows.map((r) => r.ag),
  );
  for (const r of rows) {
    const ag = agExt.get(r.ag);
    if (ag) out.set(r.id, { assemblee: ag, resolution: r.ext ?? r.id });
  }
  return out;
}
