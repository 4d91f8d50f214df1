import { earliestMeetingDate, parisDate } from '@tantieme/contract';
import * as agRepo from '../assemblees.repo.js';
import type { Executor } from '../../syndic-api/kit/index.js';
import * as repo from './assemblees.repo.js';
import type { ConvocationRisk } from './assemblees.repo.js';

export interface RecordedPresentation {
  coproprietaire: string;
  first_presented_at: Date;
  source: 'provider' | 'syndic';
}

/**
 * The risk after a first presentation recorded once published (décret 1967 art. 9 and 64: 21 days
 * from the day after it). Late: the co-owner is listed with the source; in time again (a corrected
 * date): removed, and the risk goes when nobody is left. The first override's time and key stay.
 */
export function riskAfterPresentation(
  risk: ConvocationRisk | null,
  meeting: Date,
  p: RecordedPresentation,
  by: { at: Date; key_id: string },
): ConvocationRisk | null {
  const earliest = earliestMeetingDate(p.first_presented_at);
  const others = (risk?.late ?? []).filter((l) => l.coproprietaire !== p.coproprietaire);
  const late =
    parisDate(meeting) < earliest
      ? [
          ...others,
          {
            coproprietaire: p.coproprietaire,
            earliest_meeting: earliest,
            first_presentation_source: p.source,
          },
        ].sort((a, b) => a.coproprietaire.localeCompare(b.coproprietaire))
      : others;
  if (late.length === 0) return null;
  return {
    overridden_at: risk?.overridden_at ?? by.at.toISOString(),
    key_id: risk?.key_id ?? by.key_id,
    late,
  };
}

/** Writes the assembly's risk after a recorded presentation (the assembly row locked); the change, if any. */
export async function recordPresentationRisk(
  tx: Executor,
  agId: string,
  p: RecordedPresentation,
  by: { at: Date; key_id: string },
) {
  const ag = (await agRepo.lockAssemblee(tx as agRepo.Tx, agId))!;
  const before = ag.convocation_risk ?? null;
  const after = riskAfterPresentation(before, ag.date, p, by);
  if (JSON.stringify(before) === JSON.stringify(after)) return null;
  await repo.updateAssemblee(tx, agId, { convocation_risk: after });
  return { before, after };
}
