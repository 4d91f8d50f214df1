import type { SyndicStoredFile } from '@tantieme/contract';
import type { Tx } from '../../../db/client.js';
import { normaliseFile, type Uploads } from '../../files/syndic/stored-files.js';
import {
  addFieldError,
  type BulkItem,
  type ItemErrors,
  RES,
  refsOf,
  storedIdsOf,
  type SyndicApiContext,
} from '../../syndic-api/kit/index.js';
import * as repo from '../invoices.repo.js';
import { frDay, type InvoiceData, loadInvoices, sortInvoice } from './invoices.load.js';

/**
 * What the schema cannot check of supplier invoices: their building, keys, charges and lots are
 * the syndic's and of that building, the dépenses add up to the amount, an exercice covers a
 * dépense booked to a charge; a file sent is checked and replaced by its stored form.
 */
export async function checkInvoices(
  tx: Tx,
  api: SyndicApiContext,
  items: BulkItem<InvoiceData>[],
  uploads: Uploads,
) {
  const errors: ItemErrors = new Map();
  const [copros, reps, lotRefs, existing, chargeRefs] = await Promise.all([
    refsOf(
      tx,
      api,
      RES.copropriete,
      items.map((i) => i.data.copropriete),
    ),
    refsOf(
      tx,
      api,
      RES.repartition,
      items.flatMap((i) => i.data.depenses.flatMap((x) => x.repartitions)),
    ),
    refsOf(
      tx,
      api,
      RES.lot,
      items.flatMap((i) => i.data.ecritures.flatMap((e) => e.lots.map((l) => l.lot))),
    ),
    storedIdsOf(tx, api, RES.invoice, items),
    refsOf(
      tx,
      api,
      RES.charge,
      items.flatMap((i) => i.data.depenses.flatMap((x) => (x.charge ? [x.charge] : []))),
    ),
  ]);
  const chargeCopro = new Map(
    (await repo.chargesByIds(tx, [...chargeRefs.values()])).map((r) => [r.id, r.copropriete_id]),
  );
  const repCopro = new Map(
    (await repo.repartitionsByIds(tx, [...reps.values()])).map((r) => [r.id, r.copropriete_id]),
  );
  const lotCopro = new Map(
    (await repo.lotsByIds(tx, [...lotRefs.values()])).map((r) => [r.id, r.copropriete_id]),
  );
  const before = await loadInvoices(tx, api, [...existing.values()]);
  for (const { index, externalId, data: d } of items) {
    const coproId = copros.get(d.copropriete);
    if (!coproId) addFieldError(errors, index, 'copropriete', `Copropriété inconnue : ${d.copropriete}`);
    const prev = before.get(existing.get(externalId) ?? '');
    if (prev && prev.copropriete !== d.copropriete)
      addFieldError(errors, index, 'copropriete', "La copropriété d'une facture existante ne change pas.");
    for (const [k, x] of d.depenses.entries())
      for (const [j, ext] of x.repartitions.entries()) {
        const rid = reps.get(ext);
        const field = `depenses.${k}.repartitions.${j}`;
        if (!rid) addFieldError(errors, index, field, `Clé de répartition inconnue : ${ext}`);
        else if (coproId && repCopro.get(rid) !== coproId)
          addFieldError(errors, index, field, `${ext} n'est pas une clé de cette copropriété.`);
      }
    for (const [k, x] of d.depenses.entries()) {
      if (!x.charge) continue;
      const cid = chargeRefs.get(x.charge);
      const field = `depenses.${k}.charge`;
      if (!cid) addFieldError(errors, index, field, `Charge inconnue : ${x.charge}`);
      else if (coproId && chargeCopro.get(cid) !== coproId)
        addFieldError(errors, index, field, `${x.charge} n'est pas une charge de cette copropriété.`);
    }
    if (
      coproId &&
      d.depenses.some((x) => x.charge) &&
      !(await repo.exerciceCovering(tx, coproId, d.invoice_date))
    )
      addFieldError(
        errors,
        index,
        'invoice_date',
        `Aucun exercice de cette copropriété ne couvre le ${frDay(d.invoice_date)} : la dépense ne peut pas être imputée.`,
      );
    if (d.depenses.length) {
      const sum = d.depenses.reduce((s, x) => s + x.amount_ttc_cents, 0);
      if (sum !== d.amount_cents)
        addFieldError(
          errors,
          index,
          'depenses',
          `La somme des dépenses (${sum} centimes) diffère du montant de la facture (${d.amount_cents} centimes).`,
        );
    }
    d.ecritures.forEach((e, k) => {
      const seen = new Set<string>();
      e.lots.forEach((l, j) => {
        const lid = lotRefs.get(l.lot);
        const field = `ecritures.${k}.lots.${j}.lot`;
        if (!lid) addFieldError(errors, index, field, `Lot inconnu : ${l.lot}`);
        else if (coproId && lotCopro.get(lid) !== coproId)
          addFieldError(errors, index, field, `Le lot ${l.lot} n'est pas dans cette copropriété.`);
        if (seen.has(l.lot))
          addFieldError(errors, index, field, `Le lot ${l.lot} est en double dans cette écriture.`);
        seen.add(l.lot);
      });
    });
    if (d.file) {
      const pf = prev?.file as SyndicStoredFile | null | undefined;
      const known = new Map<string, SyndicStoredFile>(pf ? [[pf.sha256, pf]] : []);
      const f = normaliseFile(d.file, known, uploads);
      if ('field' in f) addFieldError(errors, index, `file.${f.field}`, f.message);
      else d.file = f.file;
    }
    sortInvoice(d);
  }
  return errors;
}
