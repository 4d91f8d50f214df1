import {
  type CoproprietaireBody,
  civilityOf,
  type ImportColumn,
  type ImportDocument,
  IMPORT_COLUMN_LABELS,
  IMPORT_RESOURCES,
  keyNameOf,
  normaliseHeader,
  type SheetError,
  type SheetPreview,
} from '@tantieme/contract';
import type { Sheet } from './import.sheet.js';
import { newConsoleExternalId } from './writes.js';

/** What the building already holds, by what a spreadsheet names it with (import.state.ts). */
export interface BuildingState {
  copro: string;
  /** lot number → its external id and fields. */
  lots: Map<string, { ext: string; name: string; type_name: string; floor: string | null }>;
  /** normalised key name or code → the key (its external id, current resource). */
  keys: Map<
    string,
    { ext: string; current: Record<string, unknown> & { tantiemes: { lot: string; tantieme: number }[] } }
  >;
  /** e-mail or normalised name → a co-owner's external id (records removed or anonymised left out). */
  owners: Map<string, string>;
  /** external id → the co-owner's current resource (read only for those the file names). */
  ownerResource: (ext: string) => Promise<Record<string, unknown>>;
}

/** Where each item of the document came from, to name an error's row and column. */
export interface Plan {
  doc: ImportDocument;
  errors: SheetError[];
  lotRows: number[];
  ownerRows: number[];
  keyOrigins: { column: string; totalRow: number | null; entryRows: (number | null)[] }[];
  summary: SheetPreview['summary'];
}

const INT = /^\d+$/;
const compact = (s: string) => s.replace(/[\s\u00a0\u202f]/g, '');
export const nameKey = (s: string) => `name:${normaliseHeader(s)}`;
export const mailKey = (s: string) => `mail:${s.trim().toLowerCase()}`;

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

/** The co-owners: rows of one owner (same reference, e-mail or name) become one record with their lots. */
async function planOwners(
  plan: Plan,
  lotRows: { row: number; cells: string[]; ext: string }[],
  cell: (cells: string[], c: ImportColumn) => string,
  fail: (row: number | null, k: number | null, message: string) => void,
  at: (c: ImportColumn) => number,
  state: BuildingState,
) {
  const groups = new Map<string, { rows: { row: number; cells: string[] }[]; lots: string[] }>();
  const who = (cells: string[]) =>
    (['owner_ref', 'last_name', 'first_name', 'company', 'email'] as const).map((c) => cell(cells, c));
  // A name written once with its e-mail and once without (the cellar's row) is one co-owner.
  const mailOfName = new Map<string, string>();
  for (const r of lotRows) {
    const [, last, first, company, email] = who(r.cells);
    const nk = nameKey(company || `${last} ${first}`);
    if (email && !mailOfName.has(nk)) mailOfName.set(nk, mailKey(email));
  }
  for (const r of lotRows) {
    const [ref, last, first, company, email] = who(r.cells);
    if (!ref && !last && !first && !company && !email) continue;
    if (!last && !company) {
      fail(r.row, at('last_name'), 'Nom ou société du copropriétaire manquant.');
      continue;
    }
    const nk = nameKey(company || `${last} ${first}`);
    const key = ref ? `ref:${ref}` : email ? mailKey(email) : (mailOfName.get(nk) ?? nk);
    const g = groups.get(key) ?? { rows: [], lots: [] };
    g.rows.push(r);
    g.lots.push(r.ext);
    groups.set(key, g);
  }
  for (const g of groups.values()) {
    const { row, cells } = g.rows.find((r) => cell(r.cells, 'email')) ?? g.rows[0]!;
    const v = (c: ImportColumn) => cell(cells, c);
    const civilityText = v('civility');
    const civility = civilityOf(civilityText);
    if (civility === undefined)
      fail(row, at('civility'), `Civilité « ${civilityText} » non reconnue (M., Mme, M. et Mme, M. ou Mme).`);
    const email = v('email');
    const known =
      (email ? state.owners.get(mailKey(email)) : undefined) ??
      state.owners.get(nameKey(v('company') || `${v('last_name')} ${v('first_name')}`));
    const person = {
      civility: civility ?? null,
      first_name: v('first_name') || null,
      last_name: v('last_name') || null,
      company: v('company') || null,
    };
    const address = v('address') ? { full_address: v('address') } : null;
    let item: Record<string, unknown>;
    if (known) {
      const {
        id: _i,
        attached: _a,
        removed_at: _r,
        ...current
      } = (await state.ownerResource(known)) as Partial<
        CoproprietaireBody & { id: string; attached: boolean; removed_at: string | null }
      >;
      const contacts = [...(current.contacts ?? [])];
      const first = contacts[0] ?? { ...person, emails: [], phones: [] };
      const emails = first.emails ?? [];
      const phones = first.phones ?? [];
      contacts[0] = {
        ...first,
        emails:
          email && !emails.some((e) => e.value.toLowerCase() === email.toLowerCase())
            ? [{ value: email }, ...emails]
            : emails,
        phones:
          v('phone') && !phones.some((p) => p.value === v('phone'))
            ? [{ value: v('phone') }, ...phones]
            : phones,
      };
      item = {
        ...current,
        external_id: known,
        civility: person.civility ?? current.civility ?? null,
        first_name: person.first_name ?? current.first_name ?? null,
        last_name: person.last_name ?? current.last_name ?? null,
        company: person.company ?? current.company ?? null,
        address: address ?? current.address ?? null,
        contacts,
        // The file adds lots; it never takes one away (a sale is recorded on its own).
        lots: [...new Set([...(current.lots ?? []), ...g.lots])],
      };
    } else {
      item = {
        external_id: newConsoleExternalId(),
        copropriete: state.copro,
        ...person,
        address,
        contacts:
          email || v('phone')
            ? [
                {
                  ...person,
                  emails: email ? [{ value: email }] : [],
                  phones: v('phone') ? [{ value: v('phone') }] : [],
                },
              ]
            : [],
        lots: g.lots,
      };
    }
    plan.summary[known ? 'coproprietaires_updated' : 'coproprietaires_created']++;
    plan.doc.coproprietaires.push(item);
    plan.ownerRows.push(row);
  }
}
