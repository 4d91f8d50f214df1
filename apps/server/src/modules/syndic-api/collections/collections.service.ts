/**
 * The syndic API's entrance to a building's SEPA collections and recovery settings (decision
 * 232): the syndic's external ids turned into the product's (another syndic's, or another
 * building's, remise is simply unknown: 404), then the console's own audited writes, so both
 * entrances give the same rows and the same audit lines.
 */
import { formatDate, type RecouvrementSettings, type SyndicCollectionBody } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import {
  answersAudited,
  COLLECTION_RESOURCE,
  generateAudited,
  settleAudited,
} from '../../collections/collections.audited.js';
import { collectionOf, remise } from '../../collections/collections.service.js';
import { saveSettingsAudited } from '../../recouvrement/recouvrement.audited.js';
import { settings as settingsOf, settingsBody } from '../../recouvrement/recouvrement.service.js';
import { claimExternalId, RES, refsOf, requireExternalId, type SyndicApiContext } from '../kit/index.js';

const buildingOf = (db: Db, api: SyndicApiContext, ext: string) =>
  requireExternalId(db, api.syndicId, RES.copropriete, ext);

/** The building and its remise named by the syndic's external ids; else 404. */
async function remiseOf(db: Db, api: SyndicApiContext, ext: string, collection: string) {
  const coproId = await buildingOf(db, api, ext);
  const id = await requireExternalId(db, api.syndicId, COLLECTION_RESOURCE, collection);
  if (!(await collectionOf(db, coproId, id))) throw new AppError('NOT_FOUND');
  return { coproId, id };
}

const present = (
  result: 'created' | 'unchanged',
  externalId: string,
  c: NonNullable<Awaited<ReturnType<typeof collectionOf>>>,
) => ({
  result,
  id: c.id,
  external_id: externalId,
  due_date: String(c.due_date),
  message_id: c.message_id,
  status: c.status,
  items: c.items,
  total_cents: c.total_cents,
});

/** The remise named by `external_id` if the syndic already made it there, else null. */
async function known(db: Db, api: SyndicApiContext, coproId: string, externalId: string) {
  const id = (await refsOf(db, api, COLLECTION_RESOURCE, [externalId])).get(externalId);
  if (!id) return null;
  const c = await collectionOf(db, coproId, id);
  if (!c) {
    const message = "Cet identifiant nomme une remise d'un autre immeuble.";
    throw new AppError('CONFLICT', message, { status: 409, errors: { external_id: message } });
  }
  return present('unchanged', externalId, c);
}

export async function generate(
  app: FastifyInstance,
  api: SyndicApiContext,
  ext: string,
  body: SyndicCollectionBody,
) {
  const coproId = await buildingOf(app.db, api, ext);
  const before = await known(app.db, api, coproId, body.external_id);
  if (before && before.due_date !== body.due_date) {
    // The remise went out for its own date: another date is another remise, another id.
    const message = `Cette remise est celle du ${formatDate(before.due_date)}.`;
    throw new AppError('CONFLICT', message, { status: 409, errors: { due_date: message } });
  }
  if (before) return before;
  const made = await generateAudited(app, api, coproId, body.due_date);
  if (!(await claimExternalId(app.db, api.syndicId, COLLECTION_RESOURCE, body.external_id, made.id))) {
    // A concurrent call with the same id won the name: answer its remise.
    const winner = await known(app.db, api, coproId, body.external_id);
    if (winner) return winner;
  }
  return present('created', body.external_id, made);
}

export async function file(db: Db, api: SyndicApiContext, ext: string, collection: string) {
  const r = await remiseOf(db, api, ext, collection);
  const x = await remise(db, r.coproId, r.id);
  return { filename: x.filename, content: x.xml };
}

export async function settle(app: FastifyInstance, api: SyndicApiContext, ext: string, collection: string) {
  const r = await remiseOf(app.db, api, ext, collection);
  return settleAudited(app, api, r.coproId, r.id);
}

export async function answers(app: FastifyInstance, api: SyndicApiContext, ext: string, content: string) {
  return answersAudited(app, api, await buildingOf(app.db, api, ext), content);
}

export async function settings(db: Db, api: SyndicApiContext, ext: string) {
  return settingsBody(await settingsOf(db, await buildingOf(db, api, ext)));
}

export async function setSettings(
  app: FastifyInstance,
  api: SyndicApiContext,
  ext: string,
  body: {
    reminder_days: number[];
    mise_en_demeure_days: number;
    mise_en_demeure_fee_cents: number;
    relance_fee_cents: number;
  },
) {
  const next: RecouvrementSettings = {
    reminderDays: body.reminder_days,
    miseEnDemeureDays: body.mise_en_demeure_days,
    miseEnDemeureFeeCents: body.mise_en_demeure_fee_cents,
    relanceFeeCents: body.relance_fee_cents,
  };
  return saveSettingsAudited(app, api, await buildingOf(app.db, api, ext), next);
}
