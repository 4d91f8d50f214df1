/**
 * The syndic API's entrance to a building's money: it turns the syndic's external ids into the
 * product's (another syndic's external id is simply unknown: 404, or a 400 naming the field in
 * a body) and calls the console's own services and audited writes, so both entrances give the
 * same rows and the same audit lines.
 */
import type { RecouvrementStep, StatementBody, SyndicBudgetBody, SyndicMatchBody } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { bankView } from '../../console/bank.console.service.js';
import * as money from '../../console/money.service.js';
import {
  generateAppelsAudited,
  importAudited,
  matchAudited,
  reverseAudited,
  saveBudgetAudited,
} from '../../console/money.writes.js';
import { exerciceOf } from '../../journal/journal.service.js';
import { todayInParis } from '../../payments/credit.service.js';
import { sendAudited } from '../../recouvrement/recouvrement.audited.js';
import { debtors as debtorsOf } from '../../recouvrement/recouvrement.service.js';
import { RES, refsOf, requireExternalId, type SyndicApiContext } from '../kit/index.js';

const FINANCIAL_YEAR = 'financial_year';

/** The exercice named by the syndic's external id, with its building; else 404. */
export async function yearOf(db: Db, api: SyndicApiContext, externalId: string) {
  const id = await requireExternalId(db, api.syndicId, FINANCIAL_YEAR, externalId);
  const year = await exerciceOf(db, id);
  if (!year) throw new AppError('NOT_FOUND');
  return { yearId: id, coproId: year.copropriete_id };
}

const buildingOf = (db: Db, api: SyndicApiContext, externalId: string) =>
  requireExternalId(db, api.syndicId, RES.copropriete, externalId);

const unknown = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', message, { status: 400, errors: { [field]: message } });

export async function budget(db: Db, api: SyndicApiContext, ext: string) {
  const y = await yearOf(db, api, ext);
  return money.overview(db, y.coproId, y.yearId);
}

export async function setBudget(db: Db, api: SyndicApiContext, ext: string, body: SyndicBudgetBody) {
  const y = await yearOf(db, api, ext);
  const key = (await refsOf(db, api, RES.repartition, [body.repartition])).get(body.repartition);
  if (!key) throw unknown('repartition', `Clé de répartition inconnue\u202f: ${body.repartition}`);
  return saveBudgetAudited(db, api, y.coproId, {
    financial_year_id: y.yearId,
    repartition_id: key,
    kind: body.kind,
    amount_cents: body.amount_cents,
    periods: body.periods,
    resolution_id: body.resolution_id,
  });
}

export async function generateAppels(
  db: Db,
  api: SyndicApiContext,
  ext: string,
  body: { kind: 'budget' | 'travaux' | 'fonds_travaux'; period: number },
) {
  const y = await yearOf(db, api, ext);
  return generateAppelsAudited(db, api, y.coproId, { financial_year_id: y.yearId, ...body });
}

export async function journal(
  db: Db,
  api: SyndicApiContext,
  ext: string,
  q: { compte?: string; source?: string; after?: number; limit: number; updated_since?: string },
) {
  const y = await yearOf(db, api, ext);
  return money.journalPage(db, y.coproId, { ...q, exercice: y.yearId });
}

export async function reverse(db: Db, api: SyndicApiContext, ext: string, ecritureId: string, date: string) {
  const y = await yearOf(db, api, ext);
  return reverseAudited(db, api, y.coproId, ecritureId, date);
}

export async function balances(db: Db, api: SyndicApiContext, ext: string) {
  const y = await yearOf(db, api, ext);
  return money.balances(db, y.coproId, y.yearId);
}

export async function bank(db: Db, api: SyndicApiContext, ext: string) {
  return bankView(db, await buildingOf(db, api, ext), api.syndicId);
}

export async function importStatement(db: Db, api: SyndicApiContext, ext: string, body: StatementBody) {
  return importAudited(db, api, await buildingOf(db, api, ext), body);
}

export async function match(
  db: Db,
  api: SyndicApiContext,
  ext: string,
  lineId: string,
  body: SyndicMatchBody,
) {
  const coproId = await buildingOf(db, api, ext);
  const owners = await refsOf(
    db,
    api,
    RES.coproprietaire,
    body.parts.map((p) => p.coproprietaire),
  );
  const errors: Record<string, string> = {};
  body.parts.forEach((p, i) => {
    if (!owners.has(p.coproprietaire))
      errors[`parts.${i}.coproprietaire`] = `Copropriétaire inconnu\u202f: ${p.coproprietaire}`;
  });
  const first = Object.values(errors)[0];
  if (first) throw new AppError('VALIDATION_ERROR', first, { status: 400, errors });
  return matchAudited(db, api, coproId, lineId, {
    parts: body.parts.map((p) => ({
      coproprietaire_id: owners.get(p.coproprietaire) as string,
      amount_cents: p.amount_cents,
    })),
  });
}

export async function debtors(app: FastifyInstance, api: SyndicApiContext, ext: string) {
  return debtorsOf(app, await buildingOf(app.db, api, ext), todayInParis());
}

/** A co-owner of another building of the syndic, named here, is a 404 as an unknown one. */
export async function sendStep(
  app: FastifyInstance,
  api: SyndicApiContext,
  ext: string,
  owner: string,
  step: RecouvrementStep,
) {
  const coproprieteId = await buildingOf(app.db, api, ext);
  const ownerId = await requireExternalId(app.db, api.syndicId, RES.coproprietaire, owner);
  return sendAudited(app, api, { coproprieteId, ownerId, step });
}
