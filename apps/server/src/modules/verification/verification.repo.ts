import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  chargeInvoices,
  charges,
  coproprietaires,
  financialYears,
  supplierInvoices,
  verificationStatus,
} from '../../db/schema/index.js';

type Q = Db | Tx;

export async function status(db: Q, coproprieteId: string) {
  const [row] = await db
    .select()
    .from(verificationStatus)
    .where(eq(verificationStatus.copropriete_id, coproprieteId))
    .limit(1);
  return { syndic_submit: row?.syndic_submit ?? 0, syndicat_finish: row?.syndicat_finish ?? 0 };
}

export async function setStatus(
  db: Q,
  coproprieteId: string,
  v: { syndic_submit?: number; syndicat_finish?: number },
) {
  await db
    .insert(verificationStatus)
    .values({ copropriete_id: coproprieteId, ...v })
    .onConflictDoUpdate({ target: verificationStatus.copropriete_id, set: v });
}

/** The years under verification: those not closed (the current one), else the latest. */
export async function currentYears(db: Q, coproprieteId: string) {
  const years = await db
    .select()
    .from(financialYears)
    .where(eq(financialYears.copropriete_id, coproprieteId))
    .orderBy(desc(financialYears.year));
  const open = years.filter((y) => !y.closed);
  return open.length > 0 ? open : years.slice(0, 1);
}

export async function invoicesOf(db: Q, coproprieteId: string, yearIds: string[], chargeTypes: number[]) {
  if (yearIds.length === 0) return [];
  return db
    .select({ invoice: chargeInvoices, charge: charges, supplier: supplierInvoices })
    .from(chargeInvoices)
    .innerJoin(charges, eq(charges.id, chargeInvoices.charge_id))
    .leftJoin(supplierInvoices, eq(supplierInvoices.id, chargeInvoices.supplier_invoice_id))
    .where(
      and(
        eq(charges.copropriete_id, coproprieteId),
        inArray(chargeInvoices.financial_year_id, yearIds),
        inArray(charges.charge_type, chargeTypes),
      ),
    )
    .orderBy(asc(charges.code), asc(chargeInvoices.date), asc(chargeInvoices.id));
}

export async function findInvoice(db: Q, coproprieteId: string, chargeId: string, invoiceId: string) {
  const [row] = await db
    .select({ invoice: chargeInvoices, charge: charges })
    .from(chargeInvoices)
    .innerJoin(charges, eq(charges.id, chargeInvoices.charge_id))
    .where(
      and(
        eq(chargeInvoices.id, invoiceId),
        eq(chargeInvoices.charge_id, chargeId),
        eq(charges.copropriete_id, coproprieteId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function setSyndicat(db: Q, ids: string[], value: number) {
  if (ids.length === 0) return;
  await db
    .update(chargeInvoices)
    .set({ verification_syndicat: value })
    .where(inArray(chargeInvoices.id, ids));
}

/** The council members' records of the copropriété (their rooms get the live event). */
export async function councilRecordIds(db: Q, coproprieteId: string) {
  const rows = await db
    .select({ id: coproprietaires.id })
    .from(coproprietaires)
    .where(
      and(eq(coproprietaires.copropriete_id, coproprieteId), eq(coproprietaires.is_member_syndicat, true)),
    );
  return rows.map((r) => r.id);
}
