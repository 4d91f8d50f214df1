import {
  type ImportColumn,
  type ImportDocument,
  IMPORT_COLUMN_LABELS,
  IMPORT_RESOURCES,
  keyNameOf,
  normaliseHeader,
  type SheetError,
} from '@tantieme/contract';
import type { BuildingState, Plan } from './import.model.js';
import { planOwners } from './import.owners.js';
import type { Sheet } from './import.sheet.js';
import { newConsoleExternalId } from './writes.js';

const INT = /^\d+$/;
const compact = (s: string) => s.replace(/[\s\u00a0\u202f]/g, '');

/** Turns the rows into the syndic API's import document for this one building. */
export async function planImport(sheet: Sheet, columns: ImportColumn[], state: BuildingState): Promise<Plan> {
  const errors: SheetError[] = [];
  const header = (k: number) => sheet.headers[k] || `Colonne ${k + 1}`;
  const at = (c: ImportColumn) => columns.indexOf(c);
  const fail = (row: number | null, k: number | null, message: string) =>
    errors.push({ row, column: k === null || k < 0 ? null : header(k), message });
  const doc = Object.fromEntries(IMPORT_RESOURCES.map((r) => [r, []])) as unknown as ImportDocument;

  const plan: Plan = {
    doc,
    errors,
    lotRows: [],
    ownerRows: [],
    keyOrigins: [],
    summary: {
      lots_created: 0,
      lots_updated: 0,
      coproprietaires_created: 0,
      coproprietaires_updated: 0,
      keys: [],
    },
  };
  const lotCol = at('lot_number');
  if (lotCol < 0) {
    fail(
      null,
      null,
      `Aucune colonne « ${IMPORT_COLUMN_LABELS.lot_number} »\u202f: indiquez celle qui porte le numéro des lots.`,
    );
    return plan;
  }
  const cell = (cells: string[], c: ImportColumn) => (at(c) < 0 ? '' : (cells[at(c)] ?? '').trim());

  // ── lots ──
  const seen = new Map<string, number>();
  const lotRows: { row: number; cells: string[]; ext: string }[] = [];
  let totalRow: { row: number; cells: string[] } | null = null;
  for (const r of sheet.rows) {
    const number = cell(r.cells, 'lot_number');
    if (/^total/i.test(number)) {
      totalRow = r;
      continue;
    }
    if (!number) {
      if (r.cells.some((c) => c !== '')) fail(r.row, lotCol, 'Numéro de lot manquant.');
      continue;
    }
    const before = seen.get(number);
    if (before !== undefined) {
      fail(r.row, lotCol, `Lot n° ${number} déjà en ligne ${before}.`);
      continue;
    }
    seen.set(number, r.row);
    const known = state.lots.get(number);
    const ext = known?.ext ?? newConsoleExternalId();
    plan.summary[known ? 'lots_updated' : 'lots_created']++;
    doc.lots.push({
      external_id: ext,
      copropriete: state.copro,
      number,
      name: cell(r.cells, 'lot_name') || known?.name || `Lot ${number}`,
      type_name: cell(r.cells, 'lot_type') || known?.type_name || 'Autre',
      floor: cell(r.cells, 'floor') || known?.floor || null,
    });
    plan.lotRows.push(r.row);
    lotRows.push({ ...r, ext });
  }

  // ── keys: one per tantièmes column ──
  const keyNames = new Map<string, number>();
  columns.forEach((c, k) => {
    if (c !== 'tantiemes') return;
    const name = keyNameOf(header(k));
    const known = state.keys.get(normaliseHeader(name)) ?? state.keys.get(normaliseHeader(header(k)));
    if (keyNames.has(normaliseHeader(name))) {
      fail(null, k, `Deux colonnes pour la clé « ${name} »\u202f: gardez-en une.`);
      return;
    }
    keyNames.set(normaliseHeader(name), k);
    const entries: { lot: string; tantieme: number }[] = [];
    const entryRows: (number | null)[] = [];
    for (const r of lotRows) {
      const v = compact(r.cells[k] ?? '');
      if (!v) continue;
      if (!INT.test(v)) {
        fail(r.row, k, `« ${r.cells[k]} » n'est pas un nombre entier de tantièmes.`);
        continue;
      }
      entries.push({ lot: r.ext, tantieme: Number(v) });
      entryRows.push(r.row);
    }
    const totalText = totalRow ? compact(totalRow.cells[k] ?? '') : '';
    if (totalText && !INT.test(totalText))
      fail(totalRow!.row, k, `« ${totalRow!.cells[k]} » n'est pas un nombre entier de tantièmes.`);
    const inFile = new Set(entries.map((e) => e.lot));
    const kept = (known?.current.tantiemes ?? []).filter((t) => !inFile.has(t.lot));
    const all = [
      ...kept.map((t) => ({ entry: t, row: null })),
      ...entries.map((e, i) => ({ entry: e, row: entryRows[i]! })),
    ];
    const sum = all.reduce((s, x) => s + x.entry.tantieme, 0);
    if (!known && sum === 0) return; // an empty column makes no key
    const total =
      totalText && INT.test(totalText)
        ? Number(totalText)
        : ((known?.current.total_tantieme as number | undefined) ?? sum);
    const general = name === 'Charges générales';
    doc.repartitions.push(
      known
        ? {
            ...known.current,
            external_id: known.ext,
            total_tantieme: total,
            tantiemes: all.map((x) => x.entry),
          }
        : {
            external_id: newConsoleExternalId(),
            copropriete: state.copro,
            code: general ? 'CG' : keyCode(name),
            name,
            total_tantieme: total,
            ...(general ? { kind: 'generales' } : {}),
            tantiemes: all.map((x) => x.entry),
          },
    );
    plan.keyOrigins.push({
      column: header(k),
      totalRow: totalText ? totalRow!.row : null,
      entryRows: all.map((x) => x.row),
    });
    plan.summary.keys.push({ name, total, sum, created: !known });
  });

  await planOwners(plan, lotRows, cell, fail, at, state);
  return plan;
}

/** A new key's code from its name: « Ascenseur bâtiment B » → ASC-B… kept short (30 at most). */
function keyCode(name: string) {
  return normaliseHeader(name).toUpperCase().replace(/ /g, '-').slice(0, 30);
}
