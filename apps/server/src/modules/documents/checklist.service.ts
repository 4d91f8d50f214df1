import {
  builtinCarnetCandidate,
  type Checklist,
  type ChecklistCandidate,
  computeChecklist,
  hasSyndicatPermission,
} from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { type OwnedRecord, scopeOf } from '../access/access.service.js';
import * as repo from './checklist.repo.js';

const parisDay = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });

/**
 * The décret 2019-502 checklist of a copropriété (rules and list in the contract): every document
 * of its groups, of its syndic's groups and of its co-owners' own spaces, matched to the items.
 */
export async function checklistOf(
  db: Db,
  coproprieteId: string,
  syndicId: string,
  now = new Date(),
): Promise<Checklist> {
  const [groups, syndic, own, owners, lastAg, carnet, held] = await Promise.all([
    repo.groupDocuments(db, coproprieteId),
    repo.syndicDocuments(db, syndicId),
    repo.ownDocuments(db, coproprieteId),
    repo.currentOwners(db, coproprieteId),
    repo.lastAnnualAg(db, coproprieteId, now),
    repo.builtinCarnet(db, coproprieteId),
    repo.heldAssemblies(db, coproprieteId, now),
  ]);
  const builtin = builtinCarnetCandidate(
    carnet
      ? { ...carnet, updated_on: parisDay(carnet.updated_at), works_plan: carnet.works_plan ?? null }
      : null,
  );
  const candidates: ChecklistCandidate[] = [
    ...groups.map((g) => ({
      id: g.id,
      name: g.name,
      date: g.date,
      group_name: g.group_name,
      source:
        g.kind === 'BANK_STATEMENT'
          ? ('bank' as const)
          : g.kind === 'AG'
            ? ('ag' as const)
            : ('copro' as const),
    })),
    ...syndic.map((s) => ({ ...s, source: 'syndic' as const })),
    ...own.map((o) => ({ ...o, group_name: null, source: 'own' as const })),
    ...(builtin ? [builtin] : []),
  ];
  const assemblies = held.map((a) => ({ date: parisDay(a.date), has_pv: !!a.pv_file_id }));
  const today = parisDay(now);
  const last = lastAg ? parisDay(lastAg) : null;
  return {
    copropriete_id: coproprieteId,
    today,
    last_ag_date: last,
    items: computeChecklist(candidates, { today, lastAg: last, owners, assemblies }),
  };
}

/** Council members and the president only (décret art. 3 items are theirs): anyone else gets 404. */
export function councilChecklist(db: Db, rec: OwnedRecord) {
  if (!hasSyndicatPermission(scopeOf(rec))) throw new AppError('NOT_FOUND');
  return checklistOf(db, rec.copropriete.id, rec.syndic.id);
}
