/**
 * The bank's answers about a remise: pain.002 (CustomerPaymentStatusReport, a debit rejected before
 * settlement) and camt.054 (BankToCustomerDebitCreditNotification, a debit returned after it).
 * Each gives the file's id and, per debit, its end-to-end id and the reason code.
 */
import { XMLParser } from 'fast-xml-parser';

export interface SepaAnswer {
  endToEndId: string;
  reason: string | null;
}

export interface ParsedAnswers {
  format: 'pain002' | 'camt054';
  ref: string;
  answers: SepaAnswer[];
}

export class AnswersError extends Error {}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());

export function parseAnswers(xml: string): ParsedAnswers {
  let doc: Record<string, unknown>;
  try {
    doc = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false }).parse(xml);
  } catch {
    throw new AnswersError('Le fichier est illisible.');
  }
  // biome-ignore lint/suspicious/noExplicitAny: an XML tree walked by its ISO 20022 names
  const root = (doc as any)?.Document;
  if (root?.CstmrPmtStsRpt) {
    const r = root.CstmrPmtStsRpt;
    const answers: SepaAnswer[] = [];
    for (const p of list(r.OrgnlPmtInfAndSts))
      for (const t of list(p.TxInfAndSts)) {
        if (text(t.TxSts) !== 'RJCT') continue;
        answers.push({
          endToEndId: text(t.OrgnlEndToEndId),
          reason: text(list(t.StsRsnInf)[0]?.Rsn?.Cd) || null,
        });
      }
    return { format: 'pain002', ref: text(r.GrpHdr?.MsgId), answers: answers.filter((a) => a.endToEndId) };
  }
  if (root?.BkToCstmrDbtCdtNtfctn) {
    const r = root.BkToCstmrDbtCdtNtfctn;
    const answers: SepaAnswer[] = [];
    for (const n of list(r.Ntfctn))
      for (const e of list(n.Ntry)) {
        // A return takes the money back: a debit of the account, or a reversal of the credit.
        const back = text(e.CdtDbtInd) === 'DBIT' || text(e.RvslInd) === 'true';
        if (!back) continue;
        for (const d of list(e.NtryDtls))
          for (const t of list(d.TxDtls))
            answers.push({ endToEndId: text(t.Refs?.EndToEndId), reason: text(t.RtrInf?.Rsn?.Cd) || null });
      }
    return { format: 'camt054', ref: text(r.GrpHdr?.MsgId), answers: answers.filter((a) => a.endToEndId) };
  }
  throw new AnswersError("Ce fichier n'est ni un pain.002 ni un camt.054.");
}
