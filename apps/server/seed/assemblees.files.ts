import { documentGroups, documents } from '../src/db/schema/index.js';
import { pastFeuillePdf } from './assemblees.proxies.js';
import { convocationPdf, pvPdf } from './assemblees.pdf.js';
import { type ResolutionDef, voteUntilDay } from './assemblees.rules.js';
import { documentGroupRow, documentRow } from './builders/documents.js';
import { addDays } from './clock.js';
import { newId, type SeedContext, type StoredFile, storeFile } from './context.js';
import type { CoproInfo, OwnerInfo } from './copro.js';
import { frDate } from './format.js';

/** The meeting days of the demo's assemblies: past, next, the convocation's sending, the previous year's. */
export interface MeetingDates {
  past: string;
  next: string;
  sent: string;
  prev: string;
}

/** Puts a PDF of the building's assemblies in storage, under its year. */
export const storeMeetingFile = (
  ctx: SeedContext,
  copro: CoproInfo,
  path: string,
  name: string,
  pdf: Buffer,
) => storeFile(ctx, `coproprietes/${copro.id}/assemblees/${path}`, name, pdf, 'application/pdf');

/**
 * The convocations and minutes of the three meetings and the past one's attendance sheet, stored;
 * returns the files and the past minutes' bytes (which the seal signs).
 */
export async function seedMeetingFiles(
  ctx: SeedContext,
  copro: CoproInfo,
  d: MeetingDates,
  agendas: { past: ResolutionDef[]; upcoming: ResolutionDef[]; previous: ResolutionDef[] },
  present: OwnerInfo[],
) {
  const { past: pastDate, next: nextDate, sent: sentDate, prev: prevDate } = d;
  const { past, upcoming, previous: prevItems } = agendas;
  const pastYear = Number(pastDate.slice(0, 4));
  const prevYear = pastYear - 1;
  const store = (path: string, name: string, pdf: Buffer) => storeMeetingFile(ctx, copro, path, name, pdf);
  const [pastConv, pastPv, nextConv, prevConv, prevPv] = await Promise.all([
    convocationPdf(ctx, copro, {
      title: 'Assemblée générale ordinaire annuelle',
      date: pastDate,
      time: '18:30',
      sent: addDays(pastDate, -26),
      voteUntil: voteUntilDay(pastDate),
      items: past,
    }),
    pvPdf(ctx, copro, {
      title: 'Assemblée générale ordinaire annuelle',
      date: pastDate,
      end: '21 h 10',
      items: past,
      present,
    }),
    convocationPdf(ctx, copro, {
      title: 'Assemblée générale ordinaire',
      date: nextDate,
      time: '18:30',
      sent: sentDate,
      voteUntil: voteUntilDay(nextDate),
      items: upcoming,
    }),
    convocationPdf(ctx, copro, {
      title: 'Assemblée générale ordinaire annuelle',
      date: prevDate,
      time: '18:30',
      sent: addDays(prevDate, -25),
      voteUntil: voteUntilDay(prevDate),
      items: prevItems,
    }),
    pvPdf(ctx, copro, {
      title: 'Assemblée générale ordinaire annuelle',
      date: prevDate,
      end: '20 h 45',
      items: prevItems,
      present: copro.owners.filter((o) => !['roux', 'vidal', 'blanc', 'leroy', 'fontaine'].includes(o.key)),
    }),
  ]);
  const files = {
    pastConv: store(
      `${pastYear}/convocation-ago-${pastYear}.pdf`,
      `Convocation AGO ${pastYear}.pdf`,
      pastConv,
    ),
    pastPv: store(
      `${pastYear}/proces-verbal-ago-${pastYear}.pdf`,
      `Procès-verbal AGO ${pastYear}.pdf`,
      pastPv,
    ),
    nextConv: store(
      `${nextDate.slice(0, 4)}/convocation-ag-${nextDate}.pdf`,
      `Convocation AG du ${frDate(nextDate)}.pdf`,
      nextConv,
    ),
    prevConv: store(
      `${prevYear}/convocation-ago-${prevYear}.pdf`,
      `Convocation AGO ${prevYear}.pdf`,
      prevConv,
    ),
    prevPv: store(
      `${prevYear}/proces-verbal-ago-${prevYear}.pdf`,
      `Procès-verbal AGO ${prevYear}.pdf`,
      prevPv,
    ),
    pastFeuille: store(
      `${pastYear}/feuille-de-presence-ago-${pastYear}.pdf`,
      `Feuille de présence AGO ${pastYear}.pdf`,
      await pastFeuillePdf(ctx, copro, { date: pastDate, present, byForm: ['claire', 'sci'] }),
    ),
  };
  return { files, pastPv };
}

export type MeetingFiles = Awaited<ReturnType<typeof seedMeetingFiles>>['files'];

/** The copropriété's "Assemblées générales" document group, by year. */
export function seedMeetingDocuments(
  ctx: SeedContext,
  copro: CoproInfo,
  files: MeetingFiles,
  d: MeetingDates,
) {
  const { past: pastDate, next: nextDate, sent: sentDate, prev: prevDate } = d;
  const groupId = newId();
  ctx.rows.add(
    documentGroups,
    documentGroupRow({
      id: groupId,
      scope: 'copropriete',
      copropriete_id: copro.id,
      name: 'Assemblées générales',
      kind: 'AG',
      sort: 4,
    }),
  );
  const agDoc = (f: StoredFile, name: string, date: string, kind: 'quote' | 'record') =>
    documentRow({
      group_id: groupId,
      file_id: f.id,
      name,
      date,
      year: Number(date.slice(0, 4)),
      ag_kind: kind,
    });

  ctx.rows.add(
    documents,
    agDoc(
      files.prevConv,
      `Convocation à l'assemblée générale ordinaire du ${frDate(prevDate)}`,
      addDays(prevDate, -25),
      'quote',
    ),
    agDoc(
      files.prevPv,
      `Procès-verbal de l'assemblée générale ordinaire du ${frDate(prevDate)}`,
      addDays(prevDate, 10),
      'record',
    ),
    agDoc(
      files.pastConv,
      `Convocation à l'assemblée générale ordinaire du ${frDate(pastDate)}`,
      addDays(pastDate, -26),
      'quote',
    ),
    agDoc(
      files.pastPv,
      `Procès-verbal de l'assemblée générale ordinaire du ${frDate(pastDate)}`,
      addDays(pastDate, 12),
      'record',
    ),
    agDoc(
      files.nextConv,
      `Convocation à l'assemblée générale ordinaire du ${frDate(nextDate)}`,
      sentDate,
      'quote',
    ),
  );
}
