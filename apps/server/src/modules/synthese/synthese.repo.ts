import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  administrators,
  budgets,
  chargeInvoices,
  charges,
  coproprieteAdministrators,
  coproprietaireLots,
  financialYears,
  ledgerLines,
  lots,
  lotTantiemes,
  repartitions,
  type supplierInvoices,
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

export async function listFinancialYears(db: Db, coproprieteId: string) {
  return db
    .select()
    .from(financialYears)
    .where(eq(financialYears.copropriete_id, coproprieteId))
    .orderBy(asc(financialYears.year));
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

type SupplierInvoiceRow = typeof supplierInvoices.$inferSelect;
type LotRow = typeof lots.$inferSelect;
type RepartitionRow = typeof repartitions.$inferSelect;
type ChargeRow = typeof charges.$inferSelect;
type FinancialYearRow = typeof financialYears.$inferSelect;
type BudgetRow = typeof budgets.$inferSelect;
type ChargeInvoiceRow = typeof chargeInvoices.$inferSelect;
export type LedgerLineRow = typeof ledgerLines.$inferSelect;
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/** Rows as `json_agg(table)` gives them: column names are the Drizzle keys (decision 5). */
const agg = (q: SQL) => sql`coalesce((select json_agg(x) from (${q}) x), '[]'::json)`;

/**
 * Everything the dashboard's finance summary needs, in ONE statement (issue 13: it used to
 * be ten): the member's lots and tantièmes, the building's repartitions, charges, years,
 * invoices (with their supplier invoice) and budgets, and the member's ledger lines. Each
 * part is an indexed lookup on the copropriété or the record; see docs/performance.md.
 */
export async function generalData(db: Db, coproprietaireId: string, coproprieteId: string) {
  const owner = sql`${coproprietaireId}::uuid`;
  const copro = sql`${coproprieteId}::uuid`;
  const result = await db.execute(sql`select
    ${agg(sql`select l.* from coproprietaire_lots cl join lots l on l.id = cl.lot_id
      where cl.coproprietaire_id = ${owner}`)} as lots,
    ${agg(sql`select lt.repartition_id, sum(lt.tantieme)::int as tantieme
      from coproprietaire_lots cl join lot_tantiemes lt on lt.lot_id = cl.lot_id
      where cl.coproprietaire_id = ${owner} group by lt.repartition_id`)} as tantiemes,
    ${agg(sql`select * from repartitions where copropriete_id = ${copro} order by code, name`)} as repartitions,
    ${agg(sql`select * from charges where copropriete_id = ${copro} order by code, name`)} as charges,
    ${agg(sql`select * from financial_years where copropriete_id = ${copro} order by year`)} as years,
    ${agg(sql`select row_to_json(ci) as invoice,
        case when si.id is null then null else json_build_object('id', si.id, 'number', si.number,
          'fournisseur_name', si.fournisseur_name, 'source_urls', si.source_urls) end as supplier
      from charge_invoices ci join charges c on c.id = ci.charge_id
      left join supplier_invoices si on si.id = ci.supplier_invoice_id
      where c.copropriete_id = ${copro} order by ci.date, ci.created_date`)} as invoices,
    ${agg(sql`select b.* from budgets b join financial_years fy on fy.id = b.financial_year_id
      where fy.copropriete_id = ${copro}`)} as budgets,
    ${agg(sql`select * from ledger_lines where coproprietaire_id = ${owner} and copropriete_id = ${copro}
      order by date, created_at, id`)} as ledger`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const r = row as {
    lots: LotRow[];
    tantiemes: { repartition_id: string; tantieme: number }[];
    repartitions: RepartitionRow[];
    charges: ChargeRow[];
    years: FinancialYearRow[];
    invoices: {
      invoice: Json<ChargeInvoiceRow>;
      supplier: Pick<SupplierInvoiceRow, 'id' | 'number' | 'fournisseur_name' | 'source_urls'> | null;
    }[];
    budgets: BudgetRow[];
    ledger: Json<LedgerLineRow>[];
  };
  return {
    ...r,
    invoices: r.invoices.map((i) => ({
      invoice: { ...i.invoice, created_date: new Date(i.invoice.created_date) } as ChargeInvoiceRow,
      supplier: i.supplier,
    })),
    ledger: r.ledger.map((l) => ({ ...l, created_at: new Date(l.created_at) }) as LedgerLineRow),
  };
}

/** The member's ledger lines (open and settled) and the building's years, in one statement. */
/**
 * The dashboard transactions' two reads, run by the route with the session: the copropriété's
 * financial years and the record's whole ledger, by date.
 */
export function yearsAndLedgerReads(coproprietaireId: string, coproprieteId: string) {
  const copro = sql.placeholder('copro');
  return [
    {
      name: 'copro_years',
      build: (d: Db) =>
        d
          .select()
          .from(financialYears)
          .where(eq(financialYears.copropriete_id, copro))
          .orderBy(asc(financialYears.year)),
      values: { copro: coproprieteId },
    },
    {
      name: 'ledger_all',
      build: (d: Db) =>
        d
          .select()
          .from(ledgerLines)
          .where(
            and(
              eq(ledgerLines.coproprietaire_id, sql.placeholder('record')),
              eq(ledgerLines.copropriete_id, copro),
            ),
          )
          .orderBy(asc(ledgerLines.date), asc(ledgerLines.created_at), asc(ledgerLines.id)),
      values: { record: coproprietaireId, copro: coproprieteId },
    },
  ] as const;
}
