import {
  builtinCarnetCandidate,
  CHECKLIST_ITEMS,
  type Checklist,
  type ChecklistCandidate,
  computeChecklist,
  hasSyndicatPermission,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { type OwnedRecord, scopeOf } from '../access/access.service.js';
import * as missingRepo from './checklist.missing.repo.js';
import * as repo from './checklist.repo.js';

const parisDay = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

/** The document types the co-owners' own items read (a co-owner's other documents match none). */
const OWN_TYPES = [...new Set(CHECKLIST_ITEMS.flatMap((i) => (i.audience === 'own' ? (i.types ?? []) : [])))];

const groupBy = <T extends { copropriete_id: string | null }>(rows: T[]) => {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    if (!r.copropriete_id) continue;
    const list = out.get(r.copropriete_id);
    if (list) list.push(r);
    else out.set(r.copropriete_id, [r]);
  }
  return out;
};

/**
 * The décret 2019-502 checklists of buildings of one syndic (rules and list in the contract):
 * every document of their groups, of the syndic's groups and of their co-owners' own spaces,
 * matched to the items; read in one statement per kind whatever the number of buildings.
 */
export async function checklistsOf(
  db: Db,
  coproIds: string[],
  syndicId: string,
  now = new Date(),
): Promise<Map<string, Checklist>> {
  if (coproIds.length === 0) return new Map();
  const [groups, syndic, own, owners, lastAg, carnets, held] = await Promise.all([
    repo.groupDocuments(db, coproIds).then(groupBy),
    repo.syndicDocuments(db, syndicId),
    repo.ownDocuments(db, coproIds, OWN_TYPES).then(groupBy),
    repo.currentOwners(db, coproIds).then(groupBy),
    repo.lastAnnualAg(db, coproIds, now).then(groupBy),
    repo.builtinCarnet(db, coproIds).then(groupBy),
    repo.heldAssemblees(db, coproIds, now).then(groupBy),
  ]);
  const syndicCandidates = syndic.map((s) => ({ ...s, source: 'syndic' as const }));
  const today = parisDay(now);
  const out = new Map<string, Checklist>();
  for (const id of coproIds) {
    const carnet = carnets.get(id)?.[0];
    const builtin = builtinCarnetCandidate(
      carnet
        ? { ...carnet, updated_on: parisDay(carnet.updated_at), works_plan: carnet.works_plan ?? null }
        : null,
    );
    const candidates: ChecklistCandidate[] = [
      ...(groups.get(id) ?? []).map((g) => ({
        id: g.id,
        name: g.name,
        date: g.date,
        group_name: g.group_name,
        source:
          g.kind === 'BANK_STATEMENT'
            ? ('bank' as const)
            : g.kind === 'AG'
              ? ('ag' as const)
              : ('copro' as const),
      })),
      ...syndicCandidates,
      ...(own.get(id) ?? []).map(({ copropriete_id: _, ...o }) => ({
        ...o,
        group_name: null,
        source: 'own' as const,
      })),
      ...(builtin ? [builtin] : []),
    ];
    const assemblies = (held.get(id) ?? []).map((a) => ({ date: parisDay(a.date), has_pv: !!a.pv_file_id }));
    const lastDate = lastAg.get(id)?.[0]?.date;
    const last = lastDate ? parisDay(lastDate) : null;
    out.set(id, {
      copropriete_id: id,
      today,
      last_ag_date: last,
      items: computeChecklist(candidates, {
        today,
        lastAg: last,
        owners: (owners.get(id) ?? []).map((o) => o.id),
        assemblies,
      }),
    });
  }
  return out;
}

/** The checklist of one copropriété. */
export async function checklistOf(db: Db, coproprieteId: string, syndicId: string, now = new Date()) {
  return (await checklistsOf(db, [coproprieteId], syndicId, now)).get(coproprieteId) as Checklist;
}

/** Council members and the president only (décret art. 3 items are theirs): anyone else gets 404. */
export function councilChecklist(db: Db, rec: OwnedRecord) {
  if (!hasSyndicatPermission(scopeOf(rec))) throw new AppError('NOT_FOUND');
  return checklistOf(db, rec.copropriete.id, rec.syndic.id);
}

/** Per database: each building's missing count, at its `checklist_version`, valid until `until`. */
const missingCache = new WeakMap<object, Map<string, { version: number; missing: number; until: number }>>();

/**
 * How many décret 2019-502 items each building misses (its checklist's `missing` items), given
 * each building's `checklist_version` as just read: from memory while the version is unchanged
 * and no assembly date has passed, the others computed together in one statement (the SQL form of
 * the contract's rule, `checklist.missing.repo.ts`).
 */
export async function missingDocumentCounts(
  db: Db,
  buildings: { id: string; checklist_version: number }[],
  now = new Date(),
): Promise<Map<string, number>> {
  const cache = missingCache.get(db) ?? new Map();
  missingCache.set(db, cache);
  const out = new Map<string, number>();
  const stale: string[] = [];
  for (const b of buildings) {
    const hit = cache.get(b.id);
    if (hit && hit.version === b.checklist_version && now.getTime() < hit.until) out.set(b.id, hit.missing);
    else stale.push(b.id);
  }
  for (const r of await missingRepo.missingCounts(db, stale, now)) {
    out.set(r.id, r.missing);
    cache.set(r.id, {
      version: r.version,
      missing: r.missing,
      until: r.next_assembly?.getTime() ?? Infinity,
    });
  }
  return out;
}

/** The SQL count alone, never from memory (the test that holds it equal to the checklist). */
export async function missingDocumentCountsNow(db: Db, ids: string[], now = new Date()) {
  return new Map((await missingRepo.missingCounts(db, ids, now)).map((r) => [r.id, r.missing]));
}
