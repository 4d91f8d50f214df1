import {
  type BillBody,
  billItem,
  type ChargeBody,
  chargeItem,
  type FinancialYearBody,
  financialYearItem,
} from '@tantieme/contract';
import {
  type BulkItem,
  externalResource,
  addFieldError,
  type ItemErrors,
  resolveExternalIds,
  type SyndicApiContext,
  type Tx,
} from '../kit/index.js';
import * as repo from './accounts.repo.js';
import * as billsRepo from './bills.repo.js';
import * as chargesRepo from './charges.repo.js';
import * as yearsRepo from './years.repo.js';
import { billRemoval, chargeRemoval, financialYearRemoval } from './removals.js';
import { checkSameCopro } from '../portfolio/checks.js';
import { A } from './accounts.repo.js';

export type Errors = ItemErrors;
export const addError = addFieldError;

const LABEL: Record<string, string> = {
  copropriete: 'Copropriété inconnue',
  repartition: 'Clé de répartition inconnue',
  lot: 'Lot inconnu',
  charge: 'Charge inconnue',
  financial_year: 'Exercice inconnu',
  bill: 'Appel de fonds inconnu',
  coproprietaire: 'Copropriétaire inconnu',
};

/**
 * Resolves references by external_id and checks they exist and sit in the item's building:
 * an unknown one, or one of another copropriété, is an error on its field.
 */
export async function checkRefs<T>(
  tx: Tx,
  api: SyndicApiContext,
  items: BulkItem<T>[],
  errors: Errors,
  resource: keyof typeof LABEL,
  table: Parameters<typeof repo.coproOf>[1] | null,
  refs: (d: T) => { field: string; ext: string | null }[],
  coproOfItem?: (d: T) => string | undefined,
) {
  const all = items.flatMap((i) => refs(i.data).flatMap((r) => (r.ext ? [r.ext] : [])));
  const found = await resolveExternalIds(tx, api.syndicId, resource, all);
  const copro = table ? await repo.coproOf(tx, table, [...found.values()]) : new Map<string, string>();
  for (const i of items)
    for (const r of refs(i.data)) {
      if (!r.ext) continue;
      const id = found.get(r.ext);
      if (!id) addError(errors, i.index, r.field, `${LABEL[resource]} : ${r.ext}`);
      else if (coproOfItem && table && coproOfItem(i.data) && copro.get(id) !== coproOfItem(i.data))
        addError(errors, i.index, r.field, `${r.ext} n'est pas dans cette copropriété.`);
    }
  return found;
}

async function coproIds<T extends { copropriete: string }>(
  tx: Tx,
  api: SyndicApiContext,
  items: BulkItem<T>[],
  errors: Errors,
) {
  const found = await checkRefs(tx, api, items, errors, 'copropriete', null, (d) => [
    { field: 'copropriete', ext: d.copropriete },
  ]);
  return (d: T) => found.get(d.copropriete);
}

export const charges = externalResource({
  remove: chargeRemoval,
  item: chargeItem,
  spec: (api) => ({
    resource: A.charge,
    load: (tx, ids) => chargesRepo.loadCharges(tx, api.syndicId, ids),
    insert: (tx, rows) => chargesRepo.insertCharges(tx, api.syndicId, rows),
    updateMany: (tx, rows) => chargesRepo.updateCharges(tx, api.syndicId, rows),
  }),
  check: async (tx, api, items: BulkItem<ChargeBody>[]) => {
    const errors: Errors = new Map();
    const copro = await coproIds(tx, api, items, errors);
    await checkRefs(
      tx,
      api,
      items,
      errors,
      'repartition',
      'repartitions',
      (d) => [{ field: 'repartition', ext: d.repartition }],
      copro,
    );
    await checkSameCopro(tx, api, A.charge, items, errors, (ids) =>
      chargesRepo.loadCharges(tx, api.syndicId, ids),
    );
    return errors;
  },
});

export const financialYears = externalResource({
  remove: financialYearRemoval,
  item: financialYearItem,
  spec: (api) => ({
    resource: A.financialYear,
    load: (tx, ids) => yearsRepo.loadYears(tx, api.syndicId, ids),
    insert: (tx, rows) => yearsRepo.insertYears(tx, api.syndicId, rows),
    updateMany: (tx, rows) => yearsRepo.updateYears(tx, api.syndicId, rows),
  }),
  check: async (tx, api, items: BulkItem<FinancialYearBody>[]) => {
    const errors: Errors = new Map();
    const copro = await coproIds(tx, api, items, errors);
    await checkRefs(
      tx,
      api,
      items,
      errors,
      'charge',
      'charges',
      (d) => d.budgets.map((b, k) => ({ field: `budgets.${k}.charge`, ext: b.charge })),
      copro,
    );
    await checkSameCopro(tx, api, A.financialYear, items, errors, (ids) =>
      yearsRepo.loadYears(tx, api.syndicId, ids),
    );
    const mine = await resolveExternalIds(
      tx,
      api.syndicId,
      A.financialYear,
      items.map((i) => i.externalId),
    );
    const taken = await yearsRepo.yearsTaken(
      tx,
      items.flatMap((i) => copro(i.data) ?? []),
    );
    const seen = new Set<string>();
    for (const i of items) {
      const key = `${copro(i.data)}|${i.data.year}`;
      const holder = taken.get(key);
      if (seen.has(key) || (holder && holder !== mine.get(i.externalId)))
        addError(errors, i.index, 'year', `L'exercice ${i.data.year} existe déjà pour cette copropriété.`);
      seen.add(key);
      const dup = new Set<string>();
      i.data.budgets.forEach((b, k) => {
        if (dup.has(b.charge))
          addError(errors, i.index, `budgets.${k}.charge`, `La charge ${b.charge} est en double.`);
        dup.add(b.charge);
      });
    }
    for (const i of items) i.data.budgets.sort((a, b) => a.charge.localeCompare(b.charge));
    return errors;
  },
});

export const bills = externalResource({
  remove: billRemoval,
  item: billItem,
  spec: (api) => ({
    resource: A.bill,
    load: (tx, ids) => billsRepo.loadBills(tx, api.syndicId, ids),
    insert: (tx, rows) => billsRepo.insertBills(tx, api.syndicId, rows),
    updateMany: (tx, rows) => billsRepo.updateBills(tx, api.syndicId, rows),
  }),
  check: async (tx, api, items: BulkItem<BillBody>[]) => {
    const errors: Errors = new Map();
    const copro = await coproIds(tx, api, items, errors);
    await checkRefs(
      tx,
      api,
      items,
      errors,
      'financial_year',
      'financial_years',
      (d) => [{ field: 'financial_year', ext: d.financial_year }],
      copro,
    );
    await checkRefs(
      tx,
      api,
      items,
      errors,
      'lot',
      'lots',
      (d) => d.lines.map((l, k) => ({ field: `lines.${k}.lot`, ext: l.lot })),
      copro,
    );
    await checkRefs(
      tx,
      api,
      items,
      errors,
      'repartition',
      'repartitions',
      (d) => d.lines.map((l, k) => ({ field: `lines.${k}.repartition`, ext: l.repartition })),
      copro,
    );
    await checkRefs(
      tx,
      api,
      items,
      errors,
      'charge',
      'charges',
      (d) => d.lines.map((l, k) => ({ field: `lines.${k}.charge`, ext: l.charge })),
      copro,
    );
    await checkSameCopro(tx, api, A.bill, items, errors, (ids) => billsRepo.loadBills(tx, api.syndicId, ids));
    for (const i of items) {
      const sum = i.data.lines.reduce((s, l) => s + l.amount_cents, 0);
      if (i.data.lines.length > 0 && sum !== i.data.total_cents)
        addError(
          errors,
          i.index,
          'lines',
          `La somme des lignes (${sum}) diffère du total (${i.data.total_cents}).`,
        );
    }
    for (const i of items) billsRepo.sortBillLines(i.data.lines);
    return errors;
  },
});
