import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  administrators,
  budgets,
  chargeInvoices,
  charges,
  coproprieteAdministrators,
  coproprietaireLots,
  financialYears,
  lots,
  lotTantiemes,
  repartitions,
  supplierInvoices,
  syndicContacts,
  syndics,
  verificationStatus,
} from '../../db/schema/index.js';

export async function findSyndic(db: Db, syndicId: string) {
  const [row] = await db.select().from(syndics).where(eq(syndics.id, syndicId)).limit(1);
  return row;
}

export async function listSyndicContacts(db: Db, syndicId: string) {
  return db
    .select()
    .from(syndicContacts)
    .where(eq(syndicContacts.syndic_id, syndicId))
    .orderBy(asc(syndicContacts.sort), asc(syndicContacts.last_name));
}

export async function listAdministrators(db: Db, coproprieteId: string) {
  return db
    .select({ administrator: administrators })
    .from(coproprieteAdministrators)
    .innerJoin(administrators, eq(administrators.id, coproprieteAdministrators.administrator_id))
    .where(eq(coproprieteAdministrators.copropriete_id, coproprieteId))
    .orderBy(asc(administrators.last_name), asc(administrators.first_name));
}

export async function findVerificationStatus(db: Db, coproprieteId: string) {
  const [row] = await db
    .select()
    .from(verificationStatus)
    .where(eq(verificationStatus.copropriete_id, coproprieteId))
    .limit(1);
  return row;
}

export async function listOwnerLots(db: Db, coproprietaireId: string) {
  return db
    .select({ lot: lots })
    .from(coproprietaireLots)
    .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
    .where(eq(coproprietaireLots.coproprietaire_id, coproprietaireId));
}

export async function findOwnerLot(db: Db, coproprietaireId: string, lotId: string) {
  const [row] = await db
    .select({ lot: lots })
    .from(coproprietaireLots)
    .innerJoin(lots, eq(lots.id, coproprietaireLots.lot_id))
    .where(and(eq(coproprietaireLots.coproprietaire_id, coproprietaireId), eq(lots.id, lotId)))
    .limit(1);
  return row?.lot;
}

export async function listLotTantiemes(db: Db, lotId: string) {
  return db
    .select({
      name: repartitions.name,
      code: repartitions.code,
      tantieme: lotTantiemes.tantieme,
      total_tantieme: repartitions.total_tantieme,
    })
    .from(lotTantiemes)
    .innerJoin(repartitions, eq(repartitions.id, lotTantiemes.repartition_id))
    .where(eq(lotTantiemes.lot_id, lotId))
    .orderBy(asc(repartitions.code), asc(repartitions.name));
}

/** The member's tantièmes per repartition: the sum over the lots they hold. */
export async function memberTantiemes(db: Db, coproprietaireId: string) {
  return db
    .select({
      repartition_id: lotTantiemes.repartition_id,
      tantieme: sql<number>`sum(${lotTantiemes.tantieme})::int`,
    })
    .from(coproprietaireLots)
    .innerJoin(lotTantiemes, eq(lotTantiemes.lot_id, coproprietaireLots.lot_id))
    .where(eq(coproprietaireLots.coproprietaire_id, coproprietaireId))
    .groupBy(lotTantiemes.repartition_id);
}

export async function listRepartitions(db: Db, coproprieteId: string) {
  return db
    .select()
    .from(repartitions)
    .where(eq(repartitions.copropriete_id, coproprieteId))
    .orderBy(asc(repartitions.code), asc(repartitions.name));
}

export async function listCharges(db: Db, coproprieteId: string) {
  return db
    .select()
    .from(charges)
    .where(eq(charges.copropriete_id, coproprieteId))
    .orderBy(asc(charges.code), asc(charges.name));
}

export async function listFinancialYears(db: Db, coproprieteId: string) {
  return db
    .select()
    .from(financialYears)
    .where(eq(financialYears.copropriete_id, coproprieteId))
    .orderBy(asc(financialYears.year));
}

export async function listChargeInvoices(db: Db, coproprieteId: string) {
  return db
    .select({
      invoice: chargeInvoices,
      supplier: {
        id: supplierInvoices.id,
        number: supplierInvoices.number,
        fournisseur_name: supplierInvoices.fournisseur_name,
        source_urls: supplierInvoices.source_urls,
      },
    })
    .from(chargeInvoices)
    .innerJoin(charges, eq(charges.id, chargeInvoices.charge_id))
    .leftJoin(supplierInvoices, eq(supplierInvoices.id, chargeInvoices.supplier_invoice_id))
    .where(eq(charges.copropriete_id, coproprieteId))
    .orderBy(asc(chargeInvoices.date), asc(chargeInvoices.created_date));
}

export async function listBudgets(db: Db, coproprieteId: string) {
  return db
    .select({ budget: budgets })
    .from(budgets)
    .innerJoin(financialYears, eq(financialYears.id, budgets.financial_year_id))
    .where(eq(financialYears.copropriete_id, coproprieteId));
}

/** Sum of operating (or any type) budgets and realised invoices of one year. */
export async function yearTotalsByChargeType(db: Db, financialYearId: string, chargeType: number) {
  const [b] = await db
    .select({ total: sql<number>`coalesce(sum(${budgets.amount_cents}), 0)::int` })
    .from(budgets)
    .innerJoin(charges, eq(charges.id, budgets.charge_id))
    .where(and(eq(budgets.financial_year_id, financialYearId), eq(charges.charge_type, chargeType)));
  const [r] = await db
    .select({ total: sql<number>`coalesce(sum(${chargeInvoices.amount_cents}), 0)::int` })
    .from(chargeInvoices)
    .innerJoin(charges, eq(charges.id, chargeInvoices.charge_id))
    .where(and(eq(chargeInvoices.financial_year_id, financialYearId), eq(charges.charge_type, chargeType)));
  return { budget: Number(b?.total ?? 0), realised: Number(r?.total ?? 0) };
}
