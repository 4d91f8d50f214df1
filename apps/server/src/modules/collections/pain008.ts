/**
 * The remise a syndic uploads to its bank: ISO 20022 pain.008.001.02 (CustomerDirectDebitInitiation,
 * SEPA Core), written with fast-xml-parser's XMLBuilder, one PmtInf per sequence type (a mandate's
 * first debit FRST, the next ones RCUR). Every text goes through `sepaText` (SEPA character set).
 */
import { PAIN_008_NAMESPACE, remiseIban, sepaAmount, sepaText } from '@tantieme/contract';
import { XMLBuilder } from 'fast-xml-parser';

export interface RemiseDebit {
  endToEndId: string;
  amountCents: number;
  mandateId: string;
  /** YYYY-MM-DD. */
  signedOn: string;
  debtorName: string;
  iban: string;
  bic: string | null;
  remittance: string;
  sequence: 'FRST' | 'RCUR';
}

export interface Remise {
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD: the day the debits are taken. */
  collectionDate: string;
  creditor: { name: string; ics: string; iban: string; bic: string | null };
  debits: RemiseDebit[];
}

const sum = (ds: RemiseDebit[]) => sepaAmount(ds.reduce((s, d) => s + d.amountCents, 0));
const agent = (bic: string | null) =>
  bic ? { FinInstnId: { BIC: bic.toUpperCase() } } : { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } };
// ISODateTime without a zone, as the CFONB guide shows it.
const isoLocal = (d: Date) => d.toISOString().slice(0, 19);

function paymentInfo(r: Remise, sequence: 'FRST' | 'RCUR', debits: RemiseDebit[]) {
  return {
    PmtInfId: sepaText(`${r.messageId}-${sequence}`, 35),
    PmtMtd: 'DD',
    BtchBookg: 'true',
    NbOfTxs: debits.length,
    CtrlSum: sum(debits),
    PmtTpInf: { SvcLvl: { Cd: 'SEPA' }, LclInstrm: { Cd: 'CORE' }, SeqTp: sequence },
    ReqdColltnDt: r.collectionDate,
    Cdtr: { Nm: sepaText(r.creditor.name, 70) },
    CdtrAcct: { Id: { IBAN: remiseIban(r.creditor.iban) } },
    CdtrAgt: agent(r.creditor.bic),
    ChrgBr: 'SLEV',
    CdtrSchmeId: {
      Id: {
        PrvtId: { Othr: { Id: r.creditor.ics.replace(/\s/g, '').toUpperCase(), SchmeNm: { Prtry: 'SEPA' } } },
      },
    },
    DrctDbtTxInf: debits.map((d) => ({
      PmtId: { EndToEndId: d.endToEndId },
      InstdAmt: { '@_Ccy': 'EUR', '#text': sepaAmount(d.amountCents) },
      DrctDbtTx: { MndtRltdInf: { MndtId: sepaText(d.mandateId, 35), DtOfSgntr: d.signedOn } },
      DbtrAgt: agent(d.bic),
      Dbtr: { Nm: sepaText(d.debtorName, 70) },
      DbtrAcct: { Id: { IBAN: remiseIban(d.iban) } },
      RmtInf: { Ustrd: sepaText(d.remittance, 140) },
    })),
  };
}

export function writePain008(r: Remise): string {
  const groups = (['FRST', 'RCUR'] as const)
    .map((s) => [s, r.debits.filter((d) => d.sequence === s)] as const)
    .filter(([, ds]) => ds.length > 0);
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Document: {
      '@_xmlns': PAIN_008_NAMESPACE,
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      CstmrDrctDbtInitn: {
        GrpHdr: {
          MsgId: sepaText(r.messageId, 35),
          CreDtTm: isoLocal(r.createdAt),
          NbOfTxs: r.debits.length,
          CtrlSum: sum(r.debits),
          InitgPty: { Nm: sepaText(r.creditor.name, 70) },
        },
        PmtInf: groups.map(([s, ds]) => paymentInfo(r, s, ds)),
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });
  return builder.build(doc);
}
