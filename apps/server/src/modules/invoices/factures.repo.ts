/**
 * The rows of supplier invoices captured in the console: the list with its journal numbers, the
 * council's answer, the payment set once (a conditional update), the building's threshold.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { councilThresholds, supplierInvoices } from '../../db/schema/index.js';

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

export type FactureRow = {
  id: string;
  copropriete_id: string;
  fournisseur_name: string;
  invoice_date: string;
  number: string | null;
  amount_cents: number;
  account: string | null;
  repartition_id: string | null;
  repartition_name: string | null;
  status: number;
  council: 'envoyee' | 'approuvee' | 'refusee' | null;
  council_comment: string | null;
  council_by: string | null;
  council_at: string | null;
  paid_on: string | null;
  ecriture_number: number | null;
  payment_number: number | null;
  source_urls: { path: string; content_type: string }[];
};

const SELECT = sql`
  select i.id, i.copropriete_id, i.fournisseur_name, to_char(i.invoice_date, 'YYYY-MM-DD') as invoice_date,
    i.number, i.amount_cents, i.account, i.repartition_id, r.name as repartition_name, i.status,
    i.council, i.council_comment,
    nullif(c.display_name, '') as council_by,
    to_char(i.council_at at time zone 'Europe/Paris', 'YYYY-MM-DD"T"HH24:MI') as council_at,
    to_char(i.paid_on, 'YYYY-MM-DD') as paid_on, e.number as ecriture_number, p.number as payment_number,
    i.source_urls
  from supplier_invoices i
  left join repartitions r on r.id = i.repartition_id
  left join coproprietaires c on c.id = i.council_by
  left join journal_ecritures e on e.id = i.ecriture_id
  left join journal_ecritures p on p.id = i.payment_ecriture_id`;

/** The building's invoices, newest first (the console shows the last 200). */
export async function listOf(db: Executor, coproprieteId: string) {
  return rows<FactureRow>(
    await db.execute(sql`${SELECT} where i.copropriete_id = ${coproprieteId}
      order by i.invoice_date desc, i.id limit 200`),
  );
}

/** Those sent to the council, waiting first. */
export async function sentToCouncil(db: Executor, coproprieteId: string) {
  return rows<FactureRow>(
    await db.execute(sql`${SELECT} where i.copropriete_id = ${coproprieteId} and i.council is not null
      order by (i.council = 'envoyee') desc, i.invoice_date desc, i.id limit 200`),
  );
}

export async function one(db: Executor, coproprieteId: string, id: string) {
  const [r] = rows<FactureRow>(
    await db.execute(sql`${SELECT} where i.id = ${id} and i.copropriete_id = ${coproprieteId}`),
  );
  return r ?? null;
}

/** The same row locked for the caller's transaction (a payment or an answer waits its turn). */
export async function lockOne(tx: Tx, coproprieteId: string, id: string) {
  await tx.execute(
    sql`select id from supplier_invoices where id = ${id} and copropriete_id = ${coproprieteId} for update`,
  );
  return one(tx, coproprieteId, id);
}

export async function insertCaptured(tx: Tx, v: typeof supplierInvoices.$inferInsert) {
  const [r] = await tx.insert(supplierInvoices).values(v).returning({ id: supplierInvoices.id });
  return r.id;
}

export async function setCaptureEcriture(tx: Tx, id: string, ecritureId: string) {
  await tx.update(supplierInvoices).set({ ecriture_id: ecritureId }).where(eq(supplierInvoices.id, id));
}

/** Sent to the council, only when it was never asked. */
export async function markSent(db: Executor, id: string) {
  const r = await db
    .update(supplierInvoices)
    .set({ council: 'envoyee' })
    .where(and(eq(supplierInvoices.id, id), isNull(supplierInvoices.council)))
    .returning({ id: supplierInvoices.id });
  return r.length > 0;
}

/** The council's answer, only while it is waiting. */
export async function answer(
  db: Executor,
  id: string,
  v: { council: 'approuvee' | 'refusee'; comment: string | null; by: string },
) {
  const r = await db
    .update(supplierInvoices)
    .set({ council: v.council, council_comment: v.comment, council_by: v.by, council_at: new Date() })
    .where(and(eq(supplierInvoices.id, id), eq(supplierInvoices.council, 'envoyee')))
    .returning({ id: supplierInvoices.id });
  return r.length > 0;
}

/** Paid, once: the update takes only an unpaid row. */
export async function markPaid(tx: Tx, id: string, ecritureId: string, paidOn: string, status: number) {
  const r = await tx
    .update(supplierInvoices)
    .set({ payment_ecriture_id: ecritureId, paid_on: paidOn, status })
    .where(and(eq(supplierInvoices.id, id), isNull(supplierInvoices.payment_ecriture_id)))
    .returning({ id: supplierInvoices.id });
  return r.length > 0;
}

export async function threshold(db: Executor, coproprieteId: string) {
  const [r] = rows<{ amount_cents: string; resolution_id: string | null; resolution_title: string | null }>(
    await db.execute(sql`
      select t.amount_cents::text, t.resolution_id, r.title as resolution_title
      from council_thresholds t left join resolutions r on r.id = t.resolution_id
      where t.copropriete_id = ${coproprieteId}`),
  );
  return r ? { ...r, amount_cents: Number(r.amount_cents) } : null;
}

export async function setThreshold(
  db: Executor,
  coproprieteId: string,
  amountCents: number,
  resolutionId: string | null,
) {
  await db
    .insert(councilThresholds)
    .values({ copropriete_id: coproprieteId, amount_cents: amountCents, resolution_id: resolutionId })
    .onConflictDoUpdate({
      target: councilThresholds.copropriete_id,
      set: { amount_cents: amountCents, resolution_id: resolutionId, updated_at: new Date() },
    });
}

export async function keysOf(db: Executor, coproprieteId: string) {
  return rows<{ id: string; name: string }>(
    await db.execute(sql`
      select id, name from repartitions where copropriete_id = ${coproprieteId} order by code, id`),
  );
}

export async function resolutionsOf(db: Executor, coproprieteId: string) {
  return rows<{ id: string; title: string; assemblee_date: string | null }>(
    await db.execute(sql`
      select r.id, r.title, to_char(a.date, 'YYYY-MM-DD') as assemblee_date
      from resolutions r join assemblees a on a.id = r.assemblee_id
      where a.copropriete_id = ${coproprieteId} order by a.date desc, r.number`),
  );
}

/** The key's lots and tantièmes (positive ones), in a stable order: the quote-parts' weights. */
export async function keyLots(db: Executor, repartitionId: string) {
  return rows<{ lot_id: string; tantieme: number }>(
    await db.execute(sql`
      select t.lot_id, t.tantieme from lot_tantiemes t join lots l on l.id = t.lot_id
      where t.repartition_id = ${repartitionId} and t.tantieme > 0 order by l.lot_id, l.id`),
  );
}

/** The building of an invoice (the syndic API names it by its external id only). */
export async function coproOf(db: Executor, id: string) {
  const [r] = rows<{ copropriete_id: string }>(
    await db.execute(sql`select copropriete_id from supplier_invoices where id = ${id}`),
  );
  return r?.copropriete_id ?? null;
}
