import { documents } from '../src/db/schema/index.js';
import { addDays, isoOf } from './clock.js';
import { type SeedContext, type StoredFile, storeFile } from './context.js';
import type { CoproInfo, OwnerInfo } from './copro.js';
import type { FinanceInfo, LedgerEntry } from './finances.js';
import { frDate } from './format.js';
import type { InvoicesResult } from './invoices.js';
import type { Block } from '../src/lib/pdf.js';
import { documentRow } from './builders/documents.js';
import { callPdf, decomptePdf, ownerCalls, statementPdf, textPdf } from './documents.pdf.js';
import { slug } from './documents.js';

export interface OwnDocsOptions {
  /** Only calls from this date. */
  callsFrom?: string;
  statements: string[];
  decomptes: number[];
  ag?: { convocations: [StoredFile, string, string][]; pvs: [StoredFile, string, string][] };
  extras?: { name: string; date: string; blocks: Block[] }[];
}

/** "Mes documents" of a co-owner record, by document type. */
export async function seedOwnDocuments(
  ctx: SeedContext,
  copro: CoproInfo,
  fin: FinanceInfo,
  inv: InvoicesResult | null,
  ledger: LedgerEntry[],
  owner: OwnerInfo,
  opt: OwnDocsOptions,
): Promise<Map<string, StoredFile>> {
  const byName = new Map<string, StoredFile>();
  const base = `coproprietaires/${owner.id}`;
  const add = (type: string, name: string, date: string, file: StoredFile, amount?: number) => {
    byName.set(name, file);
    ctx.rows.add(
      documents,
      documentRow({
        coproprietaire_id: owner.id,
        type_code: type,
        file_id: file.id,
        name,
        date,
        year: Number(date.slice(0, 4)),
        month: Number(date.slice(5, 7)),
        amount_cents: amount === undefined ? null : Math.abs(amount),
        amount_type: amount === undefined ? null : amount >= 0 ? 'debit' : 'credit',
      }),
    );
  };
  const jobs: Promise<void>[] = [];
  for (const call of ownerCalls(fin, owner)) {
    if (opt.callsFrom && call.date < opt.callsFrom) continue;
    if (call.amount <= 0) continue;
    jobs.push(
      callPdf(ctx, copro, owner, call).then((pdf) => {
        const file = storeFile(
          ctx,
          `${base}/appels/${call.date}.pdf`,
          `${call.name}.pdf`,
          pdf,
          'application/pdf',
        );
        add('APPEL_FONDS', call.name, addDays(call.date, -15), file, call.amount);
      }),
    );
  }
  for (const at of opt.statements) {
    const s = statementPdf(ctx, copro, owner, ledger, at);
    jobs.push(
      s.pdf.then((pdf) => {
        const name = `Relevé de compte au ${frDate(at)}`;
        const file = storeFile(ctx, `${base}/releves/${at}.pdf`, `${name}.pdf`, pdf, 'application/pdf');
        add('RELEVE_COMPTE', name, addDays(at, 2), file, s.balance);
      }),
    );
  }
  if (inv)
    for (const year of opt.decomptes) {
      // The individual statement of a year is sent in May of the next year.
      if (isoOf(year + 1, 5, 20) > ctx.clock.today) continue;
      const d = decomptePdf(ctx, copro, fin, inv, owner, year);
      jobs.push(
        d.pdf.then((pdf) => {
          const name = `Décompte individuel de charges – exercice ${year}`;
          const file = storeFile(ctx, `${base}/decomptes/${year}.pdf`, `${name}.pdf`, pdf, 'application/pdf');
          add('DECOMPTE_CHARGES', name, d.date, file, d.amount);
        }),
      );
    }
  for (const [file, name, date] of opt.ag?.convocations ?? []) add('CONVOCATION_AG', name, date, file);
  for (const [file, name, date] of opt.ag?.pvs ?? []) add('PV_AG', name, date, file);
  for (const e of opt.extras ?? []) {
    const extra = { ...e, date: [e.date, ctx.clock.today].sort()[0] };
    jobs.push(
      textPdf(ctx, copro.syndic.issuer, extra.name, copro.name, extra.date, [
        { p: `${owner.postal.name},` },
        ...extra.blocks,
      ]).then((pdf) => {
        const file = storeFile(
          ctx,
          `${base}/autres/${slug(extra.name)}.pdf`,
          `${extra.name}.pdf`,
          pdf,
          'application/pdf',
        );
        add('AUTRE', extra.name, extra.date, file);
      }),
    );
  }
  await Promise.all(jobs);
  return byName;
}
