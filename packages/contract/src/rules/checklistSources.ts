/**
 * What the décret 2019-502 checklist reads besides uploaded documents: the built-in carnet
 * d'entretien (art. 1, 3°) and the assemblies held, for the PVs of the last three (art. 1, 8°).
 */

/** A document as these checks read it (a subset of the checklist's candidate). */
export interface SourceDoc {
  id: string;
  name: string;
  /** YYYY-MM-DD */
  date: string;
}

/** The built-in carnet as the checklist reads it: id, last update (YYYY-MM-DD), whether it says anything. */
export interface BuiltinCarnet {
  id: string;
  updated_on: string;
  construction_year: number | null;
  insurance_contracts: readonly unknown[];
  maintenance_contracts: readonly unknown[];
  major_works: readonly unknown[];
  works_plan: { items: readonly unknown[] } | null;
  dtg_works: readonly unknown[];
}

export const BUILTIN_CARNET_NAME = "Carnet d'entretien en ligne";

/**
 * The built-in carnet counts for art. 1, 3° (décret 2019-502) as soon as it has content: an empty
 * carnet (no contract, no work, no plan, no DTG list) informs no one and stays 'missing'.
 */
export function builtinCarnetCandidate(
  c: BuiltinCarnet | null,
): (SourceDoc & { source: 'builtin'; group_name: null }) | null {
  if (!c) return null;
  const hasContent =
    c.construction_year !== null ||
    c.insurance_contracts.length > 0 ||
    c.maintenance_contracts.length > 0 ||
    c.major_works.length > 0 ||
    (c.works_plan?.items.length ?? 0) > 0 ||
    c.dtg_works.length > 0;
  if (!hasContent) return null;
  return { id: c.id, source: 'builtin', group_name: null, name: BUILTIN_CARNET_NAME, date: c.updated_on };
}

/** An assembly held, as the art. 1, 8° check reads it. */
export interface ChecklistAssemblee {
  /** YYYY-MM-DD (Paris) */
  date: string;
  /** The PV was stored on the assembly itself. */
  has_pv: boolean;
}

export interface ChecklistAssembleeRow {
  date: string;
  year: number;
  status: 'present' | 'missing';
  document: { id: string; name: string; date: string } | null;
}

/**
 * Décret 2019-502 art. 1, 8°: the procès-verbaux of the last three general assemblies. Each of the
 * last three assemblies held by `today` has its PV when one is stored on the assembly, or when a
 * PV document (AG years or the building's groups) is dated that year and not before the meeting.
 */
export function lastAssembleesPv(
  assemblies: ChecklistAssemblee[],
  pvDocs: SourceDoc[],
  today: string,
): ChecklistAssembleeRow[] {
  const held = assemblies
    .filter((a) => a.date <= today)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, 3);
  return held.map((a) => {
    const year = Number(a.date.slice(0, 4));
    const doc = pvDocs
      .filter((d) => d.date >= a.date && d.date.slice(0, 4) === a.date.slice(0, 4))
      .sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))[0];
    const document = doc ? { id: doc.id, name: doc.name, date: doc.date } : null;
    return { date: a.date, year, status: a.has_pv || doc ? 'present' : 'missing', document };
  });
}
