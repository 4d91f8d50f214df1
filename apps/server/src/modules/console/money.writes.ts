/**
 * A building's money writes with their audit line, shared by the console's routes and the
 * syndic API's: one code path, so the same action through either entrance writes the same rows
 * and the same line in the syndic's audit log (only the actor differs: the user or the key).
 * A write that changes nothing (the same budget, a period already called, a statement already
 * imported) leaves no line.
 */
import type { AppelsBody, BudgetBody, MatchBody, StatementBody } from '@tantieme/contract';
import type { Db } from '../../db/client.js';
import { budgetsOf } from '../appels/appels.service.js';
import { type SyndicApiContext, writeAudit } from '../syndic-api/kit/index.js';
import { importConsole, matchConsole } from './bank.console.service.js';
import * as money from './money.service.js';

export async function saveBudgetAudited(
  db: Db,
  api: SyndicApiContext,
  coproprieteId: string,
  body: BudgetBody,
) {
  // Reading the overview first checks that the exercice is this building's (else 404).
  const current = await money.overview(db, coproprieteId, body.financial_year_id);
  const before = (await budgetsOf(db, body.financial_year_id, body.kind)).find(
    (b) => b.repartition_id === body.repartition_id,
  );
  const same =
    before &&
    Number(before.amount_cents) === body.amount_cents &&
    before.periods === body.periods &&
    before.resolution_id === body.resolution_id;
  if (same) return { result: 'unchanged' as const, budget: current };
  const budget = await money.saveBudget(db, coproprieteId, body);
  await writeAudit(db, api, [
    {
      action: 'updated',
      resource: 'budget',
      resourceId: body.financial_year_id,
      changes: {
        [`${body.kind}:${body.repartition_id}`]: {
          before: before ? Number(before.amount_cents) : null,
          after: body.amount_cents,
        },
      },
    },
  ]);
  return { result: before ? ('updated' as const) : ('created' as const), budget };
}

export async function generateAppelsAudited(
  db: Db,
  api: SyndicApiContext,
  coproprieteId: string,
  body: AppelsBody,
) {
  const out = await money.generateAppels(db, coproprieteId, body);
  if (out.created)
    await writeAudit(db, api, [
      {
        action: 'created',
        resource: 'appel',
        resourceId: out.bill_id,
        values: { kind: body.kind, period: body.period, total_cents: out.total_cents },
      },
    ]);
  return out;
}

export async function reverseAudited(
  db: Db,
  api: SyndicApiContext,
  coproprieteId: string,
  ecritureId: string,
  date: string,
) {
  const out = await money.reverseEcriture(db, coproprieteId, ecritureId, date);
  await writeAudit(db, api, [
    { action: 'created', resource: 'ecriture', resourceId: out.id, values: { reverses: ecritureId } },
  ]);
  return out;
}

export async function importAudited(
  db: Db,
  api: SyndicApiContext,
  coproprieteId: string,
  body: StatementBody,
) {
  const out = await importConsole(db, coproprieteId, api.syndicId, body);
  if (out.matched + out.unmatched + out.outgoing > 0)
    await writeAudit(db, api, [
      {
        action: 'created',
        resource: 'bank_statement',
        resourceId: out.statement_id,
        values: { format: body.format, matched: out.matched, unmatched: out.unmatched },
      },
    ]);
  return out;
}

export async function matchAudited(
  db: Db,
  api: SyndicApiContext,
  coproprieteId: string,
  lineId: string,
  body: MatchBody,
) {
  const out = await matchConsole(db, coproprieteId, lineId, body);
  await writeAudit(db, api, [
    {
      action: 'updated',
      resource: 'bank_line',
      resourceId: lineId,
      changes: { status: { before: 'unmatched', after: 'matched' } },
    },
  ]);
  return out;
}
