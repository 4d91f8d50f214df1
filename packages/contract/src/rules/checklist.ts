/**
 * How the décret 2019-502 checklist (./checklistItems.ts) reads the stored documents: a document
 * matches an item by where it is and its names, an annual item goes stale, and one copropriété's
 * checklist is computed from its documents, co-owners and assemblies.
 */

import {
  CHECKLIST_ITEMS,
  type ChecklistAudience,
  type ChecklistItemDef,
  type ChecklistSource,
  type ChecklistStatus,
} from './checklistItems.js';
import { type ChecklistAssemblee, type ChecklistAssembleeRow, lastAssembleesPv } from './checklistSources.js';

/** Lower case, accents removed, apostrophes and punctuation as spaces: what the patterns read. */
export const normaliseForMatch = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’'`]/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A document as the checklist reads it: where it is, its group's name, its own name and date. */
export interface ChecklistCandidate {
  id: string;
  source: ChecklistSource;
  group_name: string | null;
  name: string;
  /** YYYY-MM-DD */
  date: string;
  type_code?: string | null;
  /** The co-owner record of an own document. */
  coproprietaire_id?: string | null;
}

export function matchesItem(item: ChecklistItemDef, d: ChecklistCandidate): boolean {
  if (!item.sources.includes(d.source)) return false;
  if (item.types && !(d.type_code && item.types.includes(d.type_code))) return false;
  if (!item.include.length) return true;
  const text = normaliseForMatch(`${d.group_name ?? ''} ${d.name}`);
  return item.include.some((r) => r.test(text)) && !(item.exclude ?? []).some((r) => r.test(text));
}

const addMonths = (iso: string, months: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
};

/**
 * Whether an annual item's latest document is stale on `today`: older than a year, or dated
 * more than three months before the last annual general meeting (null when none was held).
 */
export function isStale(date: string, today: string, lastAg: string | null): boolean {
  if (date < addMonths(today, -12)) return true;
  return !!lastAg && lastAg <= today && date < addMonths(lastAg, -3);
}

export interface ChecklistRow {
  code: string;
  audience: ChecklistAudience;
  label: string;
  reference: string;
  status: ChecklistStatus;
  /** The newest matching document (for 'own' items: the newest of all co-owners'). */
  document: { id: string; name: string; date: string } | null;
  /** 'own' items: how many co-owner records have it, fresh, stale or not at all. */
  counts: { present: number; stale: number; missing: number; total: number } | null;
  /** Art. 1, 8°: each of the last three assemblies held, with its PV present or missing. */
  assemblies: ChecklistAssembleeRow[] | null;
}

/**
 * The checklist of one copropriété: each item present, missing or stale, with the document it
 * matched. `owners` are the building's co-owner records (own items count them one by one: present
 * when every record has a fresh one, missing when one has none, stale otherwise).
 */
export function computeChecklist(
  candidates: ChecklistCandidate[],
  ctx: { today: string; lastAg: string | null; owners: string[]; assemblies?: ChecklistAssemblee[] },
): ChecklistRow[] {
  return CHECKLIST_ITEMS.map((item) => {
    const found = candidates
      .filter((d) => matchesItem(item, d))
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.name.localeCompare(b.name)));
    const newest = found[0] ?? null;
    const base = {
      code: item.code,
      audience: item.audience,
      label: item.label,
      reference: `Décret n° 2019-502, ${item.reference}`,
      document: newest ? { id: newest.id, name: newest.name, date: newest.date } : null,
    };
    const stale = (date: string) => !!item.annual && isStale(date, ctx.today, ctx.lastAg);
    const assemblies =
      item.code === 'pv_ag' && ctx.assemblies?.some((a) => a.date <= ctx.today)
        ? lastAssembleesPv(ctx.assemblies, found, ctx.today)
        : null;
    if (assemblies) {
      // Every one of the last three PVs must be online; one missing makes the item missing.
      const status: ChecklistStatus = assemblies.some((a) => a.status === 'missing') ? 'missing' : 'present';
      return { ...base, status, counts: null, assemblies };
    }
    if (item.audience !== 'own') {
      const status: ChecklistStatus = !newest ? 'missing' : stale(newest.date) ? 'stale' : 'present';
      return { ...base, status, counts: null, assemblies: null };
    }
    const counts = { present: 0, stale: 0, missing: 0, total: ctx.owners.length };
    for (const owner of ctx.owners) {
      const mine = found.find((d) => d.coproprietaire_id === owner);
      if (!mine) counts.missing++;
      else if (stale(mine.date)) counts.stale++;
      else counts.present++;
    }
    const status: ChecklistStatus =
      counts.total === 0 || counts.missing > 0 ? 'missing' : counts.stale > 0 ? 'stale' : 'present';
    return { ...base, status, counts, assemblies: null };
  });
}
