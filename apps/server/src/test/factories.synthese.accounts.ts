import type { Db } from '../db/client.js';
import { budgets, chargeInvoices, charges, financialYears, ledgerLines } from '../db/schema/index.js';
import { budgetRow, chargeInvoiceRow, chargeRow, financialYearRow } from '../../seed/builders/finances.js';
import { ledgerLineRow } from '../../seed/builders/rows.js';

/**
 * The dashboard's accounts: years 2024 and 2025, three charges with their budgets and invoices,
 * and the member's ledger (2024 settled, 300 € still due on the first call of 2025).
 */
export async function makeDashboardAccounts(
  db: Db,
  o: { copro: { id: string }; record: { id: string }; gen: { id: string }; asc: { id: string } },
) {
  const { copro, record, gen, asc } = o;
  const [y2024, y2025] = await db
    .insert(financialYears)
    .values([
      financialYearRow({
        copropriete_id: copro.id,
        year: 2024,
        couple: '2024',
        start_date: '2024-01-01',
        end_date: '2024-12-31',
      }),
      financialYearRow({
        copropriete_id: copro.id,
        year: 2025,
        couple: '2025',
        start_date: '2025-01-01',
        end_date: '2025-12-31',
      }),
    ])
    .returning();
  const [eau, entretien, ravalement] = await db
    .insert(charges)
    .values([
      chargeRow({
        copropriete_id: copro.id,
        repartition_id: gen.id,
        code: '601',
        name: 'Eau froide',
        charge_type: 1,
      }),
      chargeRow({
        copropriete_id: copro.id,
        repartition_id: asc.id,
        code: '615',
        name: 'Entretien ascenseur',
        charge_type: 1,
      }),
      chargeRow({
        copropriete_id: copro.id,
        repartition_id: gen.id,
        code: '671',
        name: 'Ravalement',
        charge_type: 2,
      }),
    ])
    .returning();
  await db
    .insert(budgets)
    .values([
      budgetRow({ financial_year_id: y2024.id, charge_id: eau.id, amount_cents: 1_000_000 }),
      budgetRow({ financial_year_id: y2025.id, charge_id: eau.id, amount_cents: 1_200_000 }),
      budgetRow({ financial_year_id: y2025.id, charge_id: entretien.id, amount_cents: 300_000 }),
      budgetRow({ financial_year_id: y2025.id, charge_id: ravalement.id, amount_cents: 5_000_000 }),
    ]);
  await db.insert(chargeInvoices).values([
    chargeInvoiceRow({
      charge_id: eau.id,
      financial_year_id: y2024.id,
      ecriture_description: 'Eau 2024',
      amount_cents: 900_000,
      date: '2024-06-30',
    }),
    chargeInvoiceRow({
      charge_id: eau.id,
      financial_year_id: y2025.id,
      ecriture_description: 'Eau S1',
      amount_cents: 400_000,
      date: '2025-06-30',
    }),
    chargeInvoiceRow({
      charge_id: eau.id,
      financial_year_id: y2025.id,
      ecriture_description: 'Eau S2',
      amount_cents: 500_000,
      date: '2025-12-15',
      verification_syndic: 1,
    }),
    chargeInvoiceRow({
      charge_id: entretien.id,
      financial_year_id: y2025.id,
      ecriture_description: 'Contrat ascenseur',
      amount_cents: 240_000,
      date: '2025-03-01',
    }),
    chargeInvoiceRow({
      charge_id: ravalement.id,
      financial_year_id: y2025.id,
      ecriture_description: 'Ravalement',
      amount_cents: 3_000_000,
      date: '2025-09-01',
    }),
  ]);
  await db.insert(ledgerLines).values([
    ledgerLineRow({
      coproprietaire_id: record.id,
      copropriete_id: copro.id,
      name: 'Appel de fonds 2024',
      date: '2024-01-05',
      amount_cents: 50_000,
      remaining_cents: 0,
      amount_type: 'debit',
      bill_type: 'fonctionnement',
    }),
    ledgerLineRow({
      coproprietaire_id: record.id,
      copropriete_id: copro.id,
      name: 'Virement',
      date: '2024-02-01',
      amount_cents: 50_000,
      remaining_cents: 0,
      amount_type: 'credit',
    }),
    ledgerLineRow({
      coproprietaire_id: record.id,
      copropriete_id: copro.id,
      name: 'Appel de fonds T1 2025',
      date: '2025-01-05',
      amount_cents: 80_000,
      remaining_cents: 30_000,
      amount_type: 'debit',
      bill_type: 'fonctionnement',
    }),
    ledgerLineRow({
      coproprietaire_id: record.id,
      copropriete_id: copro.id,
      name: 'Chèque',
      date: '2025-02-10',
      amount_cents: 50_000,
      remaining_cents: 0,
      amount_type: 'credit',
    }),
  ]);
  return { y2024, y2025 };
}
