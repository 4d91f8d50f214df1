import type { SyndicInvoiceBody } from '@tantieme/contract';
import type { Executor } from '../../../db/client.js';
import { sha256OfKey } from '../../files/files.service.js';
import { canonical, externalIdsOf, RES, type SyndicApiContext } from '../../syndic-api/kit/index.js';
import * as repo from '../invoices.repo.js';

/** A supplier invoice as the syndic API shows it, references by the syndic's external_ids. */
export type InvoiceData = SyndicInvoiceBody;

const byCanonical = <T>(a: T, b: T) =>
  canonical(a) < canonical(b) ? -1 : canonical(a) > canonical(b) ? 1 : 0;

/** 31/12/2026 from an ISO date. */
export const frDay = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/** Sets compared sorted (decision 30): expenses, écritures, their lots and keys. */
export function sortInvoice(d: InvoiceData) {
  for (const x of d.depenses) x.repartitions.sort();
  for (const e of d.ecritures) e.lots.sort((a, b) => (a.lot < b.lot ? -1 : a.lot > b.lot ? 1 : 0));
  d.depenses.sort(byCanonical);
  d.ecritures.sort(byCanonical);
  return d;
}

export async function loadInvoices(db: Executor, api: SyndicApiContext, ids: string[]) {
  const rows = await repo.invoicesByIds(db, api.syndicId, ids);
  const invIds = rows.map((r) => r.id);
  const [deps, ecrs] = await Promise.all([repo.depensesOf(db, invIds), repo.ecrituresOf(db, invIds)]);
  const amounts = await repo.lotAmountsOf(
    db,
    ecrs.map((e) => e.id),
  );
  const repIds = deps.flatMap((d) =>
    (d.repartitions as { id?: string }[]).flatMap((r) => (r.id ? [r.id] : [])),
  );
  const [copros, reps, lotExt, chargeExt] = await Promise.all([
    externalIdsOf(
      db,
      api.syndicId,
      RES.copropriete,
      rows.map((r) => r.copropriete_id),
    ),
    externalIdsOf(db, api.syndicId, RES.repartition, repIds),
    externalIdsOf(
      db,
      api.syndicId,
      RES.lot,
      amounts.map((a) => a.lot_id),
    ),
    externalIdsOf(
      db,
      api.syndicId,
      RES.charge,
      deps.flatMap((d) => (d.charge_id ? [d.charge_id] : [])),
    ),
  ]);
  const out = new Map<string, InvoiceData>();
  for (const r of rows) {
    const src = r.source_urls[0] as
      | { path: string; content_type: string; name?: string; size?: number }
      | undefined;
    out.set(
      r.id,
      sortInvoice({
        copropriete: copros.get(r.copropriete_id) ?? '',
        invoice_date: r.invoice_date,
        amount_cents: r.amount_cents,
        fournisseur_name: r.fournisseur_name,
        compte_name: r.compte_name,
        number: r.number,
        internal_note: r.internal_note,
        status: r.status,
        file: src
          ? {
              name: src.name ?? src.path.split('/').pop() ?? '',
              content_type: src.content_type,
              sha256: sha256OfKey(src.path) ?? '',
              size: src.size ?? 0,
            }
          : null,
        depenses: deps
          .filter((d) => d.invoice_id === r.id)
          .map((d) => ({
            charge_name: d.charge_name,
            description: d.description,
            amount_ttc_cents: d.amount_ttc_cents,
            repartitions: (d.repartitions as { id?: string }[]).map((x) => reps.get(x.id ?? '') ?? ''),
            ...(d.charge_id ? { charge: chargeExt.get(d.charge_id) ?? '' } : {}),
          })),
        ecritures: ecrs
          .filter((e) => e.invoice_id === r.id)
          .map((e) => ({
            date: e.date,
            description: e.description,
            amount_cents: e.amount_cents,
            lots: amounts
              .filter((a) => a.ecriture_id === e.id)
              .map((a) => ({ lot: lotExt.get(a.lot_id) ?? '', amount_cents: a.amount_cents })),
          })),
      }),
    );
  }
  return out;
}
