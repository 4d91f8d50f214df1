import {
  canSeeInvoiceFiles,
  canSeeInvoiceStatus,
  canSeeInvoices,
  type InvoiceCard,
  type InvoiceDetail,
  paidBadge,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { readAlone } from '../../db/prepared.js';
import type { supplierInvoices } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { StorageAdapter } from '../../platform/storage.js';
import { type GuardRow, type OwnedRecord, type ScopeRow, scopeOf } from '../access/access.service.js';
import { FILE_URL_TTL_S } from '../documents/documents.service.js';
import { versionedCache } from '../../lib/versioned-cache.js';
import * as repo from './invoices.repo.js';

type InvoiceRow = typeof supplierInvoices.$inferSelect;

/** §6: the invoice list's scope, or a 404 as for a record that is not the caller's. */
export function assertInvoicesVisible(rec: ScopeRow) {
  if (!canSeeInvoices(scopeOf(rec))) throw new AppError('NOT_FOUND');
}

const isExternal = (p: string) => /^https?:\/\//i.test(p);

async function signedSources(storage: StorageAdapter, rec: ScopeRow, inv: InvoiceRow) {
  if (!canSeeInvoiceFiles(scopeOf(rec))) return [];
  return Promise.all(
    inv.source_urls.map(async (s) => ({
      path: isExternal(s.path) ? s.path : await storage.signedGetUrl(s.path, FILE_URL_TTL_S),
      content_type: s.content_type,
    })),
  );
}

/** Pages of buildings' invoices kept per process: 30 rows each at most (decision 74). */
export const INVOICE_PAGES_CACHED = 2_000;
const pages = versionedCache<InvoiceRow[]>(INVOICE_PAGES_CACHED);

/**
 * A page of invoice cards of the caller's building (`owner`, the guard's row, with its §6 scope
 * inputs and its `finance_version`). The rows are the same for every co-owner of the building,
 * so they are kept in memory and read again only when an invoice of the building changed
 * (migration 0014); the scope and the signed links are decided per request.
 */
export async function invoiceCards(
  db: Db,
  storage: StorageAdapter,
  owner: GuardRow,
  limit: number,
  offset: number,
): Promise<InvoiceCard[]> {
  assertInvoicesVisible(owner);
  const { id, finance_version } = owner.copropriete;
  const rows = await pages(db, `${id}:${limit}:${offset}`, finance_version, () =>
    readAlone(db, repo.invoicesPageRead(id, limit, offset)),
  );
  return presentInvoices(storage, owner, rows);
}

async function presentInvoices(storage: StorageAdapter, rec: ScopeRow, rows: InvoiceRow[]) {
  const scope = scopeOf(rec);
  return Promise.all(
    rows.map(async (r) => {
      const sources = await signedSources(storage, rec, r);
      return {
        id: r.id,
        invoice_date: r.invoice_date,
        amount: r.amount_cents,
        fournisseur_name: r.fournisseur_name,
        status: canSeeInvoiceStatus(scope) ? r.status : null,
        paid: paidBadge(scope, r.status),
        thumbnail: sources[0] ?? null,
      };
    }),
  );
}

/** The invoice of the path, in the caller's copropriété and syndic, or a 404. */
export async function findVisibleInvoice(
  db: Db,
  invoiceId: string,
  guard: (coproprieteId: string) => Promise<OwnedRecord>,
  where: { syndicId?: string; coproprieteId?: string },
) {
  const found = await repo.findInvoice(db, invoiceId);
  if (!found) throw new AppError('NOT_FOUND');
  if (where.syndicId && found.invoice.syndic_id !== where.syndicId) throw new AppError('NOT_FOUND');
  if (where.coproprieteId && found.invoice.copropriete_id !== where.coproprieteId)
    throw new AppError('NOT_FOUND');
  const rec = await guard(found.invoice.copropriete_id);
  assertInvoicesVisible(rec);
  return { ...found, rec };
}

export async function invoiceDetail(
  db: Db,
  storage: StorageAdapter,
  found: Awaited<ReturnType<typeof findVisibleInvoice>>,
): Promise<InvoiceDetail> {
  const { invoice: inv, rec } = found;
  const scope = scopeOf(rec);
  const sources = await signedSources(storage, rec, inv);
  const depenses = await repo.listDepenses(db, inv.id);
  return {
    id: inv.id,
    invoice_date: inv.invoice_date,
    amount: inv.amount_cents,
    fournisseur_name: inv.fournisseur_name,
    copr_name: found.copr_name,
    copropriete_id: inv.copropriete_id,
    compte_name: inv.compte_name,
    number: inv.number,
    internal_note: inv.internal_note,
    status: canSeeInvoiceStatus(scope) ? inv.status : null,
    paid: paidBadge(scope, inv.status),
    source_url: sources[0] ? { path: sources[0].path } : null,
    source_urls: sources,
    depenses: depenses.map((d) => ({
      id: d.id,
      charge_name: d.charge_name,
      description: d.description,
      amount_ttc: d.amount_ttc_cents,
      repartitions: d.repartitions,
    })),
  };
}

export async function listEcritures(db: Db, invoiceId: string) {
  const rows = await repo.listEcritures(db, invoiceId);
  return rows.map((e) => ({ id: e.id, date: e.date, description: e.description, amount: e.amount_cents }));
}

export function lotShares(db: Db, rec: OwnedRecord, ecritureIds: string[], lotIds: string[]) {
  assertInvoicesVisible(rec);
  return repo.lotShares(db, rec.copropriete.id, rec.coproprietaire.id, ecritureIds, lotIds);
}
