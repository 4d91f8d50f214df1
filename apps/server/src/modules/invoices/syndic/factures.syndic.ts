/**
 * The syndic API's entrance to the council's approval and the payment (decision 227): the
 * invoice or the building by the syndic's external id (another syndic's: 404), then the same
 * services as the console's. Replays are unchanged: a second send answers the state, the same
 * payment day again too.
 */
import type { FastifyInstance } from 'fastify';
import { syndicFactureEndpoints as e } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import {
  RES,
  requireExternalId,
  type SyndicApiContext,
  syndicRoute,
  writeAudit,
} from '../../syndic-api/kit/index.js';
import * as factures from '../factures.service.js';
import * as repo from '../factures.repo.js';

type View = Awaited<ReturnType<typeof factures.viewOf>>;
const approval = (v: View) => ({
  stage: v.stage,
  council_required: v.council_required,
  council_comment: v.council_comment,
  council_by: v.council_by,
  council_at: v.council_at,
  paid_on: v.paid_on,
});

async function invoiceOf(db: Db, api: SyndicApiContext, ext: string) {
  const id = await requireExternalId(db, api.syndicId, RES.invoice, ext);
  const coproId = await repo.coproOf(db, id);
  if (!coproId) throw new AppError('NOT_FOUND');
  return { id, coproId };
}

export async function syndicFacturesRoutes(app: FastifyInstance) {
  const db = app.db;
  const storage: StorageAdapter = app.platform.storage;
  syndicRoute(app, e.threshold, async ({ api, params, body }) => {
    const coproId = await requireExternalId(db, api.syndicId, RES.copropriete, params.external_id);
    const before = await factures.thresholdOf(db, coproId);
    const out = await factures.saveThreshold(db, coproId, {
      amount_cents: body.amount_cents,
      resolution_id: before?.resolution_id ?? null,
    });
    if (before?.amount_cents !== out.amount_cents)
      await writeAudit(db, api, [
        {
          action: 'updated',
          resource: 'council_threshold',
          resourceId: coproId,
          externalId: params.external_id,
          changes: { amount_cents: { before: before?.amount_cents ?? null, after: out.amount_cents } },
        },
      ]);
    return out;
  });
  syndicRoute(app, e.approval, async ({ api, params }) => {
    const inv = await invoiceOf(db, api, params.external_id);
    return approval(await factures.viewOf(db, storage, inv.coproId, inv.id));
  });
  syndicRoute(app, e.sendToCouncil, async ({ api, params }) => {
    const inv = await invoiceOf(db, api, params.external_id);
    const now = await factures.viewOf(db, storage, inv.coproId, inv.id);
    if (now.stage !== 'a_valider') return approval(now);
    return approval(await factures.sendToCouncil(db, storage, inv.coproId, inv.id));
  });
  syndicRoute(app, e.payment, async ({ api, params, body }) => {
    const inv = await invoiceOf(db, api, params.external_id);
    const now = await factures.viewOf(db, storage, inv.coproId, inv.id);
    if (now.paid_on === body.date) return approval(now);
    return approval(await factures.pay(db, storage, inv.coproId, inv.id, body.date));
  });
}
