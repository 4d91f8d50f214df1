/**
 * Bank statements as banks hand them: ISO 20022 camt.053 (XML, parsed by fast-xml-parser), CSV
 * with the column mapping the syndic saved for their bank, OFX 1.x (SGML) or 2.x (XML). Each
 * gives the statement's id and its lines with a reference unique within it, amounts in cents.
 */
import { createHash } from 'node:crypto';
import { parseCsv } from '@tantieme/contract';
import { XMLParser } from 'fast-xml-parser';

export interface StatementLine {
  ref: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Signed cents: positive = money in. */
  amountCents: number;
  name: string;
  reference: string;
}

export interface ParsedStatement {
  statementRef: string;
  iban: string | null;
  lines: StatementLine[];
}

export class StatementError extends Error {}

const sha = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24);

/** '412.50', '-1 234,5', '1.234,56' → cents, without floating point. */
export function toCents(raw: string, decimal: '.' | ',' = '.'): number {
  let s = raw.replace(/[\s\u00a0\u202f€]/g, '');
  s = decimal === ',' ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  const m = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) throw new StatementError(`Montant illisible\u202f: «\u202f${raw}\u202f».`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** 'DD/MM/YYYY', 'YYYY-MM-DD', 'YYYYMMDD…' → YYYY-MM-DD. */
export function toIsoDate(raw: string): string {
  const s = raw.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  m = /^(\d{4})(\d{2})(\d{2})/.exec(s);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  throw new StatementError(`Date illisible\u202f: «\u202f${raw}\u202f».`);
}

const arr = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string =>
  v === undefined || v === null
    ? ''
    : typeof v === 'object'
      ? text((v as { '#text'?: unknown })['#text'])
      : String(v);

type Node = Record<string, unknown>;
const at = (n: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Node)[k] : undefined), n);

/** camt.053 (BkToCstmrStmt/Stmt/Ntry): one line per entry, its bank reference as the line's. */
export function parseCamt053(xml: string): ParsedStatement {
  const doc = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false }).parse(
    xml,
  );
  const stmt = arr(at(doc, 'Document', 'BkToCstmrStmt', 'Stmt') as Node | Node[])[0];
  if (!stmt) throw new StatementError("Ce fichier n'est pas un relevé camt.053.");
  const lines = arr(stmt.Ntry as Node | Node[]).map((e, i) => {
    const tx = arr(at(e, 'NtryDtls', 'TxDtls') as Node | Node[])[0] ?? {};
    const sign = text(e.CdtDbtInd) === 'DBIT' ? -1 : 1;
    const credit = sign > 0;
    const party =
      at(tx, 'RltdPties', credit ? 'Dbtr' : 'Cdtr', 'Nm') ??
      at(tx, 'RltdPties', credit ? 'Dbtr' : 'Cdtr', 'Pty', 'Nm');
    const ustrd = arr(at(tx, 'RmtInf', 'Ustrd') as unknown).map(text);
    const ref = text(e.AcctSvcrRef) || text(e.NtryRef) || text(at(tx, 'Refs', 'EndToEndId')) || `#${i + 1}`;
    return {
      ref,
      date: toIsoDate(
        text(at(e, 'BookgDt', 'Dt')) || text(at(e, 'BookgDt', 'DtTm')) || text(at(e, 'ValDt', 'Dt')),
      ),
      amountCents: sign * toCents(text(e.Amt)),
      name: text(party),
      reference: [...ustrd, text(at(e, 'AddtlNtryInf'))].filter(Boolean).join(' '),
    };
  });
  return { statementRef: text(stmt.Id), iban: text(at(stmt, 'Acct', 'Id', 'IBAN')) || null, lines };
}

/** The columns of a bank's CSV, as the syndic maps them once for that bank. */
export interface CsvMapping {
  date: string;
  /** One signed amount column, or a debit and a credit column. */
  amount?: string;
  debit?: string;
  credit?: string;
  label: string;
  name?: string;
  /** The bank's own id of the line, when it gives one. */
  ref?: string;
  decimal?: '.' | ',';
}

/**
 * A CSV statement: without a line id column, a line's reference is its content and its rank
 * among identical lines, so the same file gives the same references.
 */
export function parseCsvStatement(csv: string, given: CsvMapping): ParsedStatement {
  const table = parseCsv(csv);
  // The CSV reader lower-cases the header; the syndic names the columns as the bank writes them.
  const lower = (n?: string) => n?.trim().toLowerCase();
  const mapping = {
    ...given,
    date: lower(given.date) ?? '',
    label: lower(given.label) ?? '',
    amount: lower(given.amount),
    debit: lower(given.debit),
    credit: lower(given.credit),
    name: lower(given.name),
    ref: lower(given.ref),
  };
  for (const col of [mapping.date, mapping.label, mapping.amount ?? mapping.credit])
    if (col && !table.header.includes(col))
      throw new StatementError(
        `La colonne «\u202f${[given.date, given.label, given.amount ?? given.credit].find((g) => lower(g) === col)}\u202f» est absente du fichier.`,
      );
  const seen = new Map<string, number>();
  const dec = mapping.decimal ?? ',';
  const lines = table.rows
    .filter((r) => Object.values(r.cells).some((v) => v.trim()))
    .map((r) => {
      const c = r.cells;
      const amount = mapping.amount
        ? toCents(c[mapping.amount], dec)
        : (c[mapping.credit ?? ''] ? toCents(c[mapping.credit ?? ''], dec) : 0) -
          Math.abs(c[mapping.debit ?? ''] ? toCents(c[mapping.debit ?? ''], dec) : 0);
      const date = toIsoDate(c[mapping.date]);
      const label = (c[mapping.label] ?? '').trim();
      const key = `${date}|${amount}|${label}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      return {
        ref: mapping.ref && c[mapping.ref] ? c[mapping.ref] : sha(`${key}|${n}`),
        date,
        amountCents: amount,
        name: (mapping.name ? c[mapping.name] : '')?.trim() ?? '',
        reference: label,
      };
    });
  return { statementRef: `csv:${sha(csv)}`, iban: null, lines };
}

/** OFX: each <STMTTRN> (SGML, closing tags optional, or XML). */
export function parseOfx(ofx: string): ParsedStatement {
  const field = (block: string, tag: string) =>
    new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block)?.[1]?.trim() ?? '';
  const blocks = ofx
    .split(/<STMTTRN>/i)
    .slice(1)
    .map((b) => b.split(/<\/STMTTRN>/i)[0]);
  if (!/<OFX>/i.test(ofx)) throw new StatementError("Ce fichier n'est pas un relevé OFX.");
  const lines = blocks.map((b, i) => ({
    ref: field(b, 'FITID') || `#${i + 1}`,
    date: toIsoDate(field(b, 'DTPOSTED')),
    amountCents: toCents(field(b, 'TRNAMT')),
    name: field(b, 'NAME'),
    reference: field(b, 'MEMO'),
  }));
  const account = field(ofx, 'ACCTID');
  const period = `${field(ofx, 'DTSTART')}-${field(ofx, 'DTEND')}`;
  return { statementRef: `ofx:${account}:${period}`, iban: null, lines };
}
