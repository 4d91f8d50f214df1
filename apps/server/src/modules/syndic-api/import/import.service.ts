import {
  IMPORT_MAX_ERRORS,
  IMPORT_RESOURCES,
  type ImportCounts,
  type ImportDocument,
  type ImportError,
  type ImportReport,
  type ImportResource,
  type ImportSkipped,
} from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import * as accounts from '../accounts/accounts.service.js';
import * as ledger from '../accounts/ledger.service.js';
import type { SyndicApiContext, Tx } from '../kit/index.js';
import { administrators, coproprietes } from '../portfolio/buildings.service.js';
import { coproprietaires } from '../portfolio/coproprietaires.service.js';
import { lots, repartitions } from '../portfolio/lots.service.js';
import { removedStates, setAsideMessage } from '../rgpd/rgpd.service.js';

/** Each resource's bulk semantics, in the order references need (a lot before its tantièmes). */
const RESOURCES = {
  administrators,
  coproprietes,
  lots,
  repartitions,
  coproprietaires,
  charges: accounts.charges,
  financial_years: accounts.financialYears,
  bills: accounts.bills,
  ledger_lines: ledger.ledgerLines,
} satisfies Record<ImportResource, { apply: unknown }>;

/** An item in its group, with where it sits in the document. */
interface Placed {
  resource: ImportResource;
  index: number;
  value: unknown;
}
interface Group {
  copropriete: string | null;
  items: Placed[];
}

const str = (v: unknown, key: string) => {
  const x = (v as Record<string, unknown> | null)?.[key];
  return typeof x === 'string' ? x.trim() : null;
};

/**
 * Groups the document by building: the building's item and every item naming it
 * (`copropriete`), ledger lines through their co-owner's building in the same document. What
 * names no building of the document (gestionnaires, ledger lines of co-owners already pushed)
 * forms the group `null`, written first.
 */
export function groupByBuilding(doc: ImportDocument): Group[] {
  const groups = new Map<string | null, Group>();
  const group = (c: string | null) => {
    let g = groups.get(c);
    if (!g) {
      g = { copropriete: c, items: [] };
      groups.set(c, g);
    }
    return g;
  };
  group(null);
  const ownerBuilding = new Map<string, string>();
  for (const v of doc.coproprietaires) {
    const ext = str(v, 'external_id');
    const c = str(v, 'copropriete');
    if (ext && c) ownerBuilding.set(ext, c);
  }
  for (const resource of IMPORT_RESOURCES)
    doc[resource].forEach((value, index) => {
      const building =
        resource === 'administrators'
          ? null
          : resource === 'coproprietes'
            ? str(value, 'external_id')
            : resource === 'ledger_lines'
              ? (ownerBuilding.get(str(value, 'coproprietaire') ?? '') ?? null)
              : str(value, 'copropriete');
      group(building).items.push({ resource, index, value });
    });
  return [...groups.values()].filter((g) => g.items.length > 0);
}

class Rollback extends Error {}

export interface ImportProgress {
  done: number;
  total: number;
  copropriete: string | null;
}

/**
 * Imports a portfolio document: one transaction per building, so a building with any error is
 * not written at all (its errors are reported) while the others are. A dry run does the same
 * work inside one transaction rolled back at the end, buildings as savepoints, so it reports
 * exactly what a real run would.
 */
export async function importPortfolio(
  db: Db,
  api: SyndicApiContext,
  doc: ImportDocument,
  opts: { dryRun?: boolean; onProgress?: (p: ImportProgress) => void } = {},
): Promise<ImportReport> {
  const dryRun = Boolean(opts.dryRun);
  const groups = groupByBuilding(doc);
  const counts = Object.fromEntries(
    IMPORT_RESOURCES.map((r) => [
      r,
      { created: 0, updated: 0, unchanged: 0, error: 0, rejected: 0, skipped: 0 },
    ]),
  ) as Record<ImportResource, ImportCounts>;
  const errors: ImportError[] = [];
  const warnings: ImportReport['warnings'] = [];
  const buildings: ImportReport['buildings'] = [];
  const skipped: ImportSkipped[] = [];
  // A back office keeps sending the co-owners removed or anonymised in the product: their items
  // are set aside, never an error that would keep their whole building out on every replay.
  const setAside = await removedStates(
    db,
    api.syndicId,
    doc.coproprietaires.flatMap((v) => str(v, 'external_id') ?? []),
  );

  /** Writes one group in `tx`; throws Rollback when an item is in error. */
  const writeGroup = async (tx: Tx, g: Group) => {
    const groupCounts: { resource: ImportResource; result: keyof ImportCounts }[] = [];
    const groupErrors: ImportError[] = [];
    const groupWarnings: ImportReport['warnings'] = [];
    for (const resource of IMPORT_RESOURCES) {
      const placed = g.items.filter((i) => {
        if (i.resource !== resource) return false;
        const ext = resource === 'coproprietaires' ? str(i.value, 'external_id') : null;
        const state = ext ? setAside.get(ext) : undefined;
        if (!ext || !state) return true;
        counts[resource].skipped++;
        skipped.push({
          resource,
          index: i.index,
          external_id: ext,
          reason: state,
          message: setAsideMessage(ext, state),
        });
        return false;
      });
      if (!placed.length) continue;
      const results = await RESOURCES[resource].apply(
        tx,
        api,
        placed.map((p) => p.value),
      );
      results.forEach((r, k) => {
        groupCounts.push({ resource, result: r.result });
        for (const message of r.warnings ?? [])
          groupWarnings.push({ resource, external_id: r.external_id, message });
        for (const [field, message] of Object.entries(r.errors ?? {}))
          groupErrors.push({
            resource,
            index: placed[k].index,
            line: null,
            external_id: r.external_id,
            field,
            message,
          });
      });
    }
    // A rejected building's valid items were not written: they count as rejected, not created.
    for (const c of groupCounts)
      counts[c.resource][groupErrors.length && c.result !== 'error' ? 'rejected' : c.result]++;
    errors.push(...groupErrors);
    // A rejected building wrote nothing: its warnings did not happen.
    if (!groupErrors.length) warnings.push(...groupWarnings);
    buildings.push({
      copropriete: g.copropriete,
      status: groupErrors.length ? 'rejected' : dryRun ? 'checked' : 'imported',
      items: g.items.length,
    });
    // A dry run's buildings stay written in its outer transaction (later ones may refer to
    // them), which is rolled back at the end.
    if (groupErrors.length) throw new Rollback();
  };
  const guarded = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
    }
  };

  let done = 0;
  const step = (g: Group) =>
    opts.onProgress?.({ done: ++done, total: groups.length, copropriete: g.copropriete });
  if (dryRun) {
    await guarded(() =>
      db.transaction(async (outer) => {
        for (const g of groups) {
          await guarded(() => outer.transaction((sp) => writeGroup(sp as Tx, g)));
          step(g);
        }
        throw new Rollback();
      }),
    );
  } else {
    for (const g of groups) {
      await guarded(() => db.transaction((tx) => writeGroup(tx, g)));
      step(g);
    }
  }
  const order = (e: ImportError) => IMPORT_RESOURCES.indexOf(e.resource) * 1e9 + e.index;
  errors.sort((a, b) => order(a) - order(b));
  return {
    dry_run: dryRun,
    ok: errors.length === 0,
    buildings,
    counts,
    error_count: errors.length,
    errors: errors.slice(0, IMPORT_MAX_ERRORS),
    skipped: skipped.sort((a, b) => a.index - b.index).slice(0, IMPORT_MAX_ERRORS),
    warnings: warnings.slice(0, IMPORT_MAX_ERRORS),
  };
}
