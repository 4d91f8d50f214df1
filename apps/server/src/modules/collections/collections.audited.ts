/**
 * The SEPA collections' writes with their audit line, shared by the console's routes and the
 * syndic API's: the same action through either entrance writes the same rows and the same line
 * (only the actor differs). A refused action writes neither.
 */
import type { FastifyInstance } from 'fastify';
import { type SyndicApiContext, writeAudit } from '../syndic-api/kit/index.js';
import { importAnswers, settle } from './collections.answers.js';
import { generate } from './collections.service.js';

export const COLLECTION_RESOURCE = 'sepa_collection';

export async function generateAudited(
  app: FastifyInstance,
  api: SyndicApiContext,
  coproprieteId: string,
  dueDate: string,
) {
  const x = await generate(app, coproprieteId, api.userId ?? null, dueDate);
  await writeAudit(app.db, api, [
    {
      action: 'created',
      resource: COLLECTION_RESOURCE,
      resourceId: x.id,
      values: { due_date: dueDate, items: x.items, total_cents: x.total_cents },
    },
  ]);
  return x;
}

export async function settleAudited(
  app: FastifyInstance,
  api: SyndicApiContext,
  coproprieteId: string,
  collectionId: string,
) {
  const out = await settle(app, coproprieteId, collectionId);
  // A second settlement credits nothing: no line for it.
  if (out.settled)
    await writeAudit(app.db, api, [
      {
        action: 'updated',
        resource: COLLECTION_RESOURCE,
        resourceId: collectionId,
        changes: {
          status: { before: 'generated', after: 'settled' },
          settled: { before: 0, after: out.settled },
        },
      },
    ]);
  return out;
}

export async function answersAudited(
  app: FastifyInstance,
  api: SyndicApiContext,
  coproprieteId: string,
  content: string,
) {
  const out = await importAnswers(app, coproprieteId, content);
  // The same answer again changes nothing: no line for it.
  if (!out.known)
    await writeAudit(app.db, api, [
      {
        action: 'created',
        resource: 'sepa_answer',
        resourceId: coproprieteId,
        values: { format: out.format, rejected: out.rejected, returned: out.returned, unknown: out.unknown },
      },
    ]);
  return out;
}
