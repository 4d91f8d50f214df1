import {
  type Assemblee,
  assembleeStatusLabel,
  formatInt,
  formatParisDate,
  formatParisTime,
  sentStatusLabel,
} from '@tantieme/contract';
import { frAg } from '../fr';

/** The §2.20 list cells of one assembly (dates in Paris time). */
export function agCells(a: Assemblee) {
  return {
    type: a.type === 'EXTRAORDINAIRE' ? frAg.typeExt : frAg.typeOrd,
    date: formatParisDate(a.date),
    convocation: sentStatusLabel(a.status_convocation, a.date_sent_convocation, formatParisDate),
    pv: sentStatusLabel(a.status_proces_verbal, a.date_sent_proces_verbal, formatParisDate),
    done: assembleeStatusLabel(a.status, a.date_effectue, formatParisDate),
    totals: [a.total_lots, a.total_coproprietaires, a.total_tantiemes].map(formatInt).join('/'),
    // While the vote by correspondence is open: until when (SPEC §4 valid_to).
    voteUntil:
      a.vote_active && a.valid_to
        ? frAg.voteDeadline(formatParisDate(a.valid_to), formatParisTime(a.valid_to))
        : null,
  };
}

export const detailTitle = (a: { name: string; year: number }) =>
  frAg.detailTitle.replace('{name}', a.name).replace('{year}', String(a.year));
