/**
 * The files of the year's close, stored then behind a short-lived signed URL: an annex as PDF,
 * the journal and the balances as CSV (RFC 4180, `;` separated, UTF-8 with a BOM: what French
 * Excel opens as is; amounts in euros with a decimal comma).
 */
import { ANNEXES, type AnnexNumber, centsCell, toCsv } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { type ZipEntry, zipStream } from '../../platform/zip-stream.js';
import { annexes } from './annexes.service.js';
import { annexFileName, isReady, renderAnnex } from './annexes.pdf.js';
import { balances, exerciceOf, journalPage } from './money.service.js';

interface Who {
  coproId: string;
  copro: string;
  syndic: string;
}

async function store(app: FastifyInstance, key: string, body: Buffer, type: string, name: string) {
  await app.platform.storage.put(key, body, type);
  return { url: await app.platform.storage.signedGetUrl(key, 600, { download: name }), name };
}

export async function annexPdf(app: FastifyInstance, who: Who, n: AnnexNumber, exercice?: string) {
  const v = await annexes(app.db, who.coproId, exercice);
  if (!isReady(v)) throw new AppError('NOT_FOUND', "Aucun exercice\u202f: pas d'annexe à produire.");
  const name = annexFileName(n, who.copro, v.exercice.couple);
  const pdf = await renderAnnex(n, v, who);
  return store(
    app,
    `coproprietes/${who.coproId}/cloture/${v.exercice.id}/annexe-${n}.pdf`,
    pdf,
    'application/pdf',
    name,
  );
}

async function journalCsv(app: FastifyInstance, coproId: string, exercice: string) {
  const rows: string[][] = [];
  let after: number | undefined;
  do {
    const page = await journalPage(app.db, coproId, { exercice, after, limit: 1000 });
    for (const e of page.ecritures)
      for (const l of e.lines)
        rows.push([
          String(e.number),
          e.date,
          e.piece ?? '',
          e.libelle,
          e.source,
          l.account,
          l.coproprietaire?.name ?? '',
          centsCell(l.debit_cents),
          centsCell(l.credit_cents),
        ]);
    after = page.next_after ?? undefined;
  } while (after !== undefined);
  return toCsv(
    ['N°', 'Date', 'Pièce', 'Libellé', 'Origine', 'Compte', 'Copropriétaire', 'Débit', 'Crédit'],
    rows,
  );
}

async function balancesCsv(app: FastifyInstance, coproId: string, exercice: string) {
  const b = await balances(app.db, coproId, exercice);
  return toCsv(
    ['Compte', 'Intitulé', 'Débit', 'Crédit', 'Solde débiteur', 'Solde créditeur'],
    b.accounts.map((a) => {
      const s = a.debit_cents - a.credit_cents;
      return [
        a.account,
        a.label,
        centsCell(a.debit_cents),
        centsCell(a.credit_cents),
        centsCell(Math.max(s, 0)),
        centsCell(Math.max(-s, 0)),
      ];
    }),
  );
}

const safe = (name: string) => name.replace(/[/\\:*?"<>|]/g, '-');

/**
 * The handover file for a next syndic: one ZIP holding the exercice's journal and balances as
 * CSV and every annex as PDF, so the accounts pass on complete without the product.
 */
async function handover(app: FastifyInstance, who: Who, exercice: string, couple: string) {
  const v = await annexes(app.db, who.coproId, exercice);
  if (!isReady(v)) throw new AppError('NOT_FOUND');
  const files: [string, Buffer][] = [
    [`Journal – ${couple}.csv`, Buffer.from(await journalCsv(app, who.coproId, exercice), 'utf8')],
    [`Balances – ${couple}.csv`, Buffer.from(await balancesCsv(app, who.coproId, exercice), 'utf8')],
  ];
  for (const n of Object.keys(ANNEXES).map(Number) as AnnexNumber[])
    files.push([annexFileName(n, who.copro, couple), await renderAnnex(n, v, who)]);
  const entries: ZipEntry[] = files.map(([name, body]) => ({
    name: safe(name),
    size: body.length,
    read: async () => body,
  }));
  const parts: Buffer[] = [];
  for await (const part of zipStream(entries)) parts.push(part);
  return Buffer.concat(parts);
}

const KINDS = {
  journal: { label: 'Journal', ext: 'csv', type: 'text/csv; charset=utf-8' },
  balances: { label: 'Balances', ext: 'csv', type: 'text/csv; charset=utf-8' },
  passation: { label: 'Dossier de passation', ext: 'zip', type: 'application/zip' },
} as const;

export async function closeExport(
  app: FastifyInstance,
  who: Who,
  fichier: keyof typeof KINDS,
  exercice?: string,
) {
  const { current } = await exerciceOf(app.db, who.coproId, exercice);
  if (!current) throw new AppError('NOT_FOUND', 'Aucun exercice\u202f: rien à exporter.');
  const kind = KINDS[fichier];
  const body =
    fichier === 'passation'
      ? await handover(app, who, current.id, current.couple)
      : Buffer.from(
          fichier === 'journal'
            ? await journalCsv(app, who.coproId, current.id)
            : await balancesCsv(app, who.coproId, current.id),
          'utf8',
        );
  const name = safe(`${kind.label} – ${who.copro} – ${current.couple}.${kind.ext}`);
  const key = `coproprietes/${who.coproId}/cloture/${current.id}/${fichier}.${kind.ext}`;
  return store(app, key, body, kind.type, name);
}
