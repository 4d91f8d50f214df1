import type { FastifyInstance } from 'fastify';
import { ecritureLotAmounts, ecritures, invoiceDepenses, supplierInvoices } from '../db/schema/index.js';
import {
  ecritureLotAmountRow,
  ecritureRow,
  invoiceDepenseRow,
  supplierInvoiceRow,
} from '../../seed/builders/documents.js';

import { makeFile, PDF } from './factories.files.js';

/**
 * 32 supplier invoices of a building, the first (Otis, 120 €) with its expense, its accounting
 * entry and its split over two lots (70 € and 50 €).
 */
export async function makeSupplierInvoices(
  app: FastifyInstance,
  o: { syndic: { id: string }; copro: { id: string }; lotA: { id: string }; lotB: { id: string } },
) {
  const db = app.db;
  const { syndic, copro, lotA, lotB } = o;
  const invoiceFile = await makeFile(app, 'facture.pdf', 'application/pdf', PDF);
  const invoices = await db
    .insert(supplierInvoices)
    .values(
      Array.from({ length: 32 }, (_, i) =>
        supplierInvoiceRow({
          syndic_id: syndic.id,
          copropriete_id: copro.id,
          invoice_date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
          amount_cents: 12_000 + i,
          fournisseur_name: i === 0 ? 'Otis' : `Fournisseur ${i}`,
          compte_name: '401 OTIS',
          number: `F-${1000 + i}`,
          internal_note: 'Conforme au contrat',
          status: i === 0 ? 6 : 2,
          source_urls: [{ path: invoiceFile.storage_key, content_type: 'application/pdf' }],
        }),
      ),
    )
    .returning();
  const invoice = invoices[0];
  await db.insert(invoiceDepenses).values(
    invoiceDepenseRow({
      invoice_id: invoice.id,
      charge_name: 'Ascenseur',
      description: 'Entretien trimestriel',
      amount_ttc_cents: 12_000,
      repartitions: [{ name: 'Charges ascenseur' }],
    }),
  );
  const [ecriture] = await db
    .insert(ecritures)
    .values(
      ecritureRow({
        invoice_id: invoice.id,
        date: '2026-01-10',
        description: 'Otis – entretien',
        amount_cents: 12_000,
      }),
    )
    .returning();
  await db
    .insert(ecritureLotAmounts)
    .values([
      ecritureLotAmountRow({ ecriture_id: ecriture.id, lot_id: lotA.id, amount_cents: 7_000 }),
      ecritureLotAmountRow({ ecriture_id: ecriture.id, lot_id: lotB.id, amount_cents: 5_000 }),
    ]);

  return { invoice, ecriture };
}
