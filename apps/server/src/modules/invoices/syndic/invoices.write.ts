import type { SyndicStoredFile } from '@tantieme/contract';
import type { Tx } from '../../../db/client.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { releaseKeys } from '../../files/removal.service.js';
import { putObject, type Uploads } from '../../files/syndic/stored-files.js';
import { checkedId, RES, refsOf, type SyndicApiContext } from '../../syndic-api/kit/index.js';
import * as repo from '../invoices.repo.js';
import type { InvoiceData } from './invoices.load.js';

export async function writeInvoice(
  tx: Tx,
  api: SyndicApiContext,
  storage: StorageAdapter,
  uploads: Uploads,
  id: string,
  d: InvoiceData,
  exists: boolean,
) {
  const coproId = await checkedId(tx, api, RES.copropriete, d.copropriete);
  const file = d.file as SyndicStoredFile | null;
  const source = file
    ? [
        {
          path: await putObject(storage, uploads, `syndic/${api.syndicId}/invoices/${id}`, file),
          content_type: file.content_type,
          name: file.name,
          size: file.size,
        },
      ]
    : [];
  const before = exists ? await repo.sourceKeysOf(tx, id) : [];
  await releaseKeys(
    tx,
    before.filter((k) => !source.some((x) => x.path === k)),
  );
  await repo.upsertInvoiceRow(
    tx,
    id,
    {
      syndic_id: api.syndicId,
      copropriete_id: coproId,
      invoice_date: d.invoice_date,
      amount_cents: d.amount_cents,
      fournisseur_name: d.fournisseur_name,
      compte_name: d.compte_name,
      number: d.number,
      internal_note: d.internal_note,
      status: d.status,
      source_urls: source,
    },
    exists,
  );
  const repIds = await refsOf(
    tx,
    api,
    RES.repartition,
    d.depenses.flatMap((x) => x.repartitions),
  );
  const reps = new Map((await repo.repartitionsByIds(tx, [...repIds.values()])).map((r) => [r.id, r.name]));
  const chargeIds = await refsOf(
    tx,
    api,
    RES.charge,
    d.depenses.flatMap((x) => (x.charge ? [x.charge] : [])),
  );
  await repo.insertDepenses(
    tx,
    d.depenses.map((x) => ({
      invoice_id: id,
      charge_name: x.charge_name,
      description: x.description,
      amount_ttc_cents: x.amount_ttc_cents,
      // The name is what the co-owner reads; the id lets the API show the key's external_id back.
      repartitions: x.repartitions.map((ext) => {
        const rid = repIds.get(ext)!;
        return { name: reps.get(rid) ?? ext, id: rid };
      }),
      charge_id: x.charge ? (chargeIds.get(x.charge) ?? null) : null,
    })),
  );
  await writeChargeSpending(tx, coproId, id, d, chargeIds);
  const lotIds = await refsOf(
    tx,
    api,
    RES.lot,
    d.ecritures.flatMap((e) => e.lots.map((l) => l.lot)),
  );
  for (const e of d.ecritures)
    await repo.insertEcriture(
      tx,
      { invoice_id: id, date: e.date, description: e.description, amount_cents: e.amount_cents },
      e.lots.map((l) => ({ lot_id: lotIds.get(l.lot)!, amount_cents: l.amount_cents })),
    );
}

/**
 * A dépense booked to a charge is the building's spending on that charge in the exercice that
 * covers the invoice's date: what 'Budget de fonctionnement' shows as 'Réalisé' and what the
 * council verifies. Written again with the invoice, so an update never counts twice.
 */
async function writeChargeSpending(
  tx: Tx,
  coproId: string,
  invoiceId: string,
  d: InvoiceData,
  chargeIds: Map<string, string>,
) {
  const booked = d.depenses.filter((x) => x.charge && chargeIds.has(x.charge));
  const year = booked.length ? await repo.exerciceCovering(tx, coproId, d.invoice_date) : null;
  await repo.replaceChargeSpending(
    tx,
    invoiceId,
    year
      ? booked.map((x) => ({
          charge_id: chargeIds.get(x.charge as string)!,
          financial_year_id: year,
          supplier_invoice_id: invoiceId,
          ecriture_description: `${d.fournisseur_name} : ${x.charge_name}`,
          description: x.description,
          amount_cents: x.amount_ttc_cents,
          date: d.invoice_date,
        }))
      : [],
  );
}
