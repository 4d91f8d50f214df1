import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  billLotLines,
  bills,
  charges,
  coproprietaireLots,
  coproprietaires,
  coproprietes,
  ledgerLines,
  lots,
  paymentTransactions,
  previewTokens,
  repartitions,
} from '../db/schema/index.js';
import { sha256 } from '../lib/crypto.js';
import { makeCoproprietaire, makeSignedInUser } from './factories.js';
import { ledgerLineRow, lotRow } from '../../seed/builders/rows.js';
import { coproprietaireLotRow, repartitionRow } from '../../seed/builders/copro.js';
import { billLotLineRow, billRow, chargeRow, paymentTransactionRow } from '../../seed/builders/finances.js';
import { previewTokenRow } from '../../seed/builders/identity.js';

const uid = () => randomBytes(3).toString('hex');

/**
 * A co-owner with two lots, two repartitions with a charge each, two quarterly calls (the
 * first paid, the second half paid), a fonds de travaux call and an overpayment credit:
 * open balance = 300 + 50 − 20 = 330,00 €.
 */
export async function makeFinanceOwner(db: Db) {
  const owner = await makeSignedInUser(db);
  const rec = await makeCoproprietaire(db, { user_id: owner.user.id });
  const coproId = rec.copropriete_id;
  const [lotA, lotB] = await db
    .insert(lots)
    .values([
      lotRow({ copropriete_id: coproId, lot_id: `A${uid()}`, name: 'A12', type_name: 'Appartement' }),
      lotRow({ copropriete_id: coproId, lot_id: `C${uid()}`, name: 'C03', type_name: 'Cave' }),
    ])
    .returning();
  await db
    .insert(coproprietaireLots)
    .values([
      coproprietaireLotRow({ coproprietaire_id: rec.id, lot_id: lotA.id }),
      coproprietaireLotRow({ coproprietaire_id: rec.id, lot_id: lotB.id }),
    ]);
  const [gen, asc] = await db
    .insert(repartitions)
    .values([
      repartitionRow({
        copropriete_id: coproId,
        code: '01',
        name: 'Charges générales',
        total_tantieme: 10_000,
      }),
      repartitionRow({ copropriete_id: coproId, code: '02', name: 'Ascenseur', total_tantieme: 1_000 }),
    ])
    .returning();
  const [eau, otis, alur] = await db
    .insert(charges)
    .values([
      chargeRow({
        copropriete_id: coproId,
        repartition_id: gen.id,
        code: '601',
        name: 'Eau froide',
        charge_type: 1,
      }),
      chargeRow({
        copropriete_id: coproId,
        repartition_id: asc.id,
        code: '615',
        name: 'Entretien ascenseur',
        charge_type: 1,
      }),
      chargeRow({
        copropriete_id: coproId,
        repartition_id: gen.id,
        code: '105',
        name: 'Fonds de travaux',
        charge_type: 3,
      }),
    ])
    .returning();
  const [q1, q2, ft] = await db
    .insert(bills)
    .values([
      billRow({
        copropriete_id: coproId,
        name: 'Appel de fonds – 1er trimestre 2026',
        date: '2026-01-01',
        bill_type: 'fonctionnement',
        total_cents: 1_000_000,
      }),
      billRow({
        copropriete_id: coproId,
        name: 'Appel de fonds – 2e trimestre 2026',
        date: '2026-04-01',
        bill_type: 'fonctionnement',
        total_cents: 1_000_000,
      }),
      billRow({
        copropriete_id: coproId,
        name: 'Fonds de travaux (loi ALUR) – 2e trimestre 2026',
        date: '2026-04-01',
        bill_type: 'fond_travaux',
        total_cents: 50_000,
      }),
    ])
    .returning();
  await db.insert(billLotLines).values([
    // Q2: lot A pays 200 € (150 eau + 50 ascenseur), lot B 100 € of eau.
    billLotLineRow({
      bill_id: q2.id,
      lot_id: lotA.id,
      repartition_id: gen.id,
      charge_id: eau.id,
      amount_cents: 15_000,
    }),
    billLotLineRow({
      bill_id: q2.id,
      lot_id: lotA.id,
      repartition_id: asc.id,
      charge_id: otis.id,
      amount_cents: 5_000,
    }),
    billLotLineRow({
      bill_id: q2.id,
      lot_id: lotB.id,
      repartition_id: gen.id,
      charge_id: eau.id,
      amount_cents: 10_000,
    }),
    billLotLineRow({
      bill_id: ft.id,
      lot_id: lotA.id,
      repartition_id: gen.id,
      charge_id: alur.id,
      amount_cents: 5_000,
    }),
  ]);
  const base = { coproprietaire_id: rec.id, copropriete_id: coproId };
  const [, , l3, l4] = await db
    .insert(ledgerLines)
    .values([
      ledgerLineRow({
        ...base,
        bill_id: q1.id,
        name: q1.name,
        date: '2026-01-01',
        amount_cents: 30_000,
        remaining_cents: 0,
        amount_type: 'debit',
        bill_type: 'fonctionnement',
      }),
      ledgerLineRow({
        ...base,
        name: 'Règlement par virement',
        date: '2026-01-10',
        amount_cents: 30_000,
        remaining_cents: 0,
        amount_type: 'credit',
        bill_type: 'other',
      }),
      ledgerLineRow({
        ...base,
        bill_id: q2.id,
        name: q2.name,
        date: '2026-04-01',
        amount_cents: 30_000,
        remaining_cents: 30_000,
        amount_type: 'debit',
        bill_type: 'fonctionnement',
      }),
      ledgerLineRow({
        ...base,
        bill_id: ft.id,
        name: ft.name,
        date: '2026-04-01',
        amount_cents: 5_000,
        remaining_cents: 5_000,
        amount_type: 'debit',
        bill_type: 'fond_travaux',
      }),
      ledgerLineRow({
        ...base,
        name: 'Règlement par chèque n° 1234567',
        date: '2026-05-02',
        amount_cents: 2_000,
        remaining_cents: 2_000,
        amount_type: 'credit',
        bill_type: 'other',
      }),
    ])
    .returning();
  return { owner, rec, coproId, lotA, lotB, bills: { q1, q2, ft }, open: { q2: l3, ft: l4 } };
}

/** n payment transactions, one per day back from 2026-11-01, alternating methods. */
export async function makePaymentTransactions(db: Db, coproprietaireId: string, n: number) {
  const methods = ['card', 'check', 'cash', 'card,check'];
  const rows = Array.from({ length: n }, (_, i) =>
    paymentTransactionRow({
      coproprietaire_id: coproprietaireId,
      amount_cents: 10_000 + i,
      fee_cents: 100,
      net_cents: 9_900 + i,
      currency: 'eur',
      date: new Date(Date.UTC(2026, 10, 1, 10) - i * 86_400_000),
      payment_method: methods[i % methods.length],
      transfer_destination_name: 'Syndicat des copropriétaires',
      description: `Paiement ${i + 1}`,
    }),
  );
  if (rows.length) await db.insert(paymentTransactions).values(rows);
}

export async function makePreviewToken(db: Db, syndicId: string, coproprietaireId: string) {
  const token = randomBytes(16).toString('hex');
  await db.insert(previewTokens).values(
    previewTokenRow({
      token_hash: sha256(token),
      syndic_id: syndicId,
      coproprietaire_id: coproprietaireId,
      expires_at: new Date(Date.now() + 3_600_000),
    }),
  );
  return token;
}

/** The copropriété row of a co-owner record (preview tokens carry its syndic). */
export async function recordCopro(db: Db, coproprietaireId: string) {
  const [row] = await db
    .select({ copropriete: coproprietes })
    .from(coproprietaires)
    .innerJoin(coproprietes, eq(coproprietes.id, coproprietaires.copropriete_id))
    .where(eq(coproprietaires.id, coproprietaireId));
  return row;
}
