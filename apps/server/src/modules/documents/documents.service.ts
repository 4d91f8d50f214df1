import {
  canSeeBankStatements,
  canSeeCoproDocuments,
  canSeeCouncilDocuments,
  canSeeSyndicDocuments,
  type DocumentGroup,
  type DocumentItem,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import type { documentGroups } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import { type GuardRow, type OwnedRecord, scopeOf } from '../access/access.service.js';
import { type RowsOf, readAlone } from '../../db/prepared.js';
import { versionedCache } from '../../lib/versioned-cache.js';
import * as repo from './documents.repo.js';

/** Signed file URLs live one hour: long enough for a page left open, short enough to expire. */
export const FILE_URL_TTL_S = 3600;

export async function presentDocument(storage: StorageAdapter, d: repo.DocumentRow): Promise<DocumentItem> {
  return {
    id: d.id,
    name: d.name,
    content_type: d.content_type,
    capacity: d.size,
    amount_type: d.amount_type,
    source_url: await storage.signedGetUrl(d.storage_key, FILE_URL_TTL_S),
    amount: d.amount_cents,
    date: d.date,
    year: d.year,
    month: d.month,
  };
}

export const listTypes = (db: Db) => repo.listTypes(db);

/** A page of own documents: one row more than asked tells whether a next page exists. */
export function ownDocumentsRead(
  coproprietaireId: string,
  type: string,
  pageSize: number,
  pageState?: string,
) {
  return repo.ownDocumentsRead(coproprietaireId, type, pageSize + 1, pageState ? Number(pageState) : 0);
}

export async function presentOwnDocuments(
  storage: StorageAdapter,
  rows: repo.DocumentRow[],
  pageSize: number,
  pageState: string | undefined,
) {
  const offset = pageState ? Number(pageState) : 0;
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  return {
    data: await Promise.all(page.map((d) => presentDocument(storage, d))),
    page_state: more ? String(offset + pageSize) : null,
  };
}

type GroupRow = typeof documentGroups.$inferSelect;

async function presentGroups(db: Db, storage: StorageAdapter, groups: GroupRow[]): Promise<DocumentGroup[]> {
  const docs = await repo.listGroupDocuments(
    db,
    groups.map((g) => g.id),
  );
  return presentGroupsWith(storage, groups, docs);
}

async function presentGroupsWith(
  storage: StorageAdapter,
  groups: GroupRow[],
  docs: repo.DocumentRow[],
): Promise<DocumentGroup[]> {
  const byGroup = new Map<string, DocumentItem[]>();
  const agKind = new Map<string, string | null>();
  // Every link signed at once (not one await after the other), each list grown in place.
  const items = await Promise.all(docs.map((d) => presentDocument(storage, d)));
  docs.forEach((d, i) => {
    agKind.set(d.id, d.ag_kind);
    const list = byGroup.get(d.group_id!);
    if (list) list.push(items[i]);
    else byGroup.set(d.group_id!, [items[i]]);
  });
  return groups.map((g) => {
    const list = byGroup.get(g.id) ?? [];
    const kind = g.kind === 'AG' || g.kind === 'BANK_STATEMENT' ? g.kind : 'default';
    const base = {
      id: g.id,
      name: g.name,
      kind,
      copropriete_id: g.copropriete_id,
      syndic_id: g.syndic_id,
      number: g.number,
      approve_date: g.approve_date,
      documents: [] as DocumentItem[],
      years: [] as DocumentGroup['years'],
      months: [] as DocumentGroup['months'],
    } satisfies DocumentGroup;
    if (kind === 'AG') {
      const years = new Map<number, DocumentGroup['years'][number]>();
      for (const d of list) {
        const y = d.year ?? Number(d.date.slice(0, 4));
        const slot = years.get(y) ?? { year: y, quotes: [], records: [] };
        (agKind.get(d.id) === 'quote' ? slot.quotes : slot.records).push(d);
        years.set(y, slot);
      }
      base.years = [...years.values()].sort((a, b) => b.year - a.year);
    } else if (kind === 'BANK_STATEMENT') {
      const months = new Map<string, DocumentGroup['months'][number]>();
      for (const d of list) {
        const y = d.year ?? Number(d.date.slice(0, 4));
        const m = d.month ?? Number(d.date.slice(5, 7));
        const k = `${y}-${m}`;
        const slot = months.get(k) ?? { year: y, month: m, documents: [] };
        slot.documents.push(d);
        months.set(k, slot);
      }
      base.months = [...months.values()].sort((a, b) => b.year - a.year || b.month - a.month);
    } else {
      base.documents = list;
    }
    return base;
  });
}

/** 'Ceux de la copropriétés': §6 copro document scope (404 otherwise), bank statements by their own. */
export async function coproDocuments(db: Db, storage: StorageAdapter, records: OwnedRecord[]) {
  const allowed = records.filter((r) => canSeeCoproDocuments(scopeOf(r)));
  if (allowed.length !== records.length) throw new AppError('NOT_FOUND');
  const bank = new Set(allowed.filter((r) => canSeeBankStatements(scopeOf(r))).map((r) => r.copropriete.id));
  const council = new Set(
    allowed.filter((r) => canSeeCouncilDocuments(scopeOf(r))).map((r) => r.copropriete.id),
  );
  const groups = (
    await repo.listCoproGroups(
      db,
      allowed.map((r) => r.copropriete.id),
    )
  ).filter(
    (g) =>
      (g.kind !== 'BANK_STATEMENT' || bank.has(g.copropriete_id!)) &&
      (g.audience !== 'council' || council.has(g.copropriete_id!)),
  );
  return presentGroups(db, storage, groups);
}

/** Buildings' groups and documents kept per process (decision 75). */
export const COPRO_GROUPS_CACHED = 2_000;
const coproGroupsCache =
  versionedCache<RowsOf<ReturnType<typeof repo.coproGroupsReads>>>(COPRO_GROUPS_CACHED);

/**
 * `coproDocuments` for the caller's one building (`owner`, the guard's row, with its §6 scope
 * inputs and its `documents_version`). The groups and their documents are the same for every
 * co-owner of the building, so they are kept in memory and read again only when a group or a
 * document in one changed (migration 0015); the scope and the signed links are decided per request.
 */
export async function coproDocumentsOf(db: Db, storage: StorageAdapter, owner: GuardRow) {
  if (!canSeeCoproDocuments(scopeOf(owner))) throw new AppError('NOT_FOUND');
  const { id, documents_version } = owner.copropriete;
  const [groups, docs] = await coproGroupsCache(db, id, documents_version, () => {
    const [groupsRead, docsRead] = repo.coproGroupsReads(id);
    return Promise.all([readAlone(db, groupsRead), readAlone(db, docsRead)] as const);
  });
  const bank = canSeeBankStatements(scopeOf(owner));
  const council = canSeeCouncilDocuments(scopeOf(owner));
  const kept = groups.filter(
    (g) => (g.kind !== 'BANK_STATEMENT' || bank) && (g.audience !== 'council' || council),
  );
  const ids = new Set(kept.map((g) => g.id));
  return presentGroupsWith(
    storage,
    kept,
    docs.filter((d) => d.group_id !== null && ids.has(d.group_id)),
  );
}

/** 'Ceux du syndic': at least one record the caller holds under each syndic must see them. */
export async function syndicDocuments(db: Db, storage: StorageAdapter, bySyndic: OwnedRecord[][]) {
  const ids: string[] = [];
  for (const records of bySyndic) {
    if (!records.some((r) => canSeeSyndicDocuments(scopeOf(r)))) throw new AppError('NOT_FOUND');
    ids.push(records[0].syndic.id);
  }
  return presentGroups(db, storage, await repo.listSyndicGroups(db, ids));
}
