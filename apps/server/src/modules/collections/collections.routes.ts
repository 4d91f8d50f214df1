import { collectDate, consoleCollectionEndpoints as c, SEPA_PRE_NOTICE_DAYS } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardConsoleBuilding } from '../access/console.guard.js';
import { todayInParis } from '../payments/credit.service.js';
import { answersAudited, generateAudited, settleAudited } from './collections.audited.js';
import * as repo from './collections.repo.js';
import { presentCreditor, remise, setCreditor } from './collections.service.js';

/**
 * The console's SEPA collections of a building (money: 'finances.write'; reading: 'building.read'),
 * audited as through the syndic API.
 */
export async function collectionsRoutes(app: FastifyInstance) {
  const db = app.db;
  route(app, c.page, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    const [creditor, mandates, collections] = await Promise.all([
      repo.creditorOf(db, b.copro.id),
      repo.fileMandates(db, b.copro.id),
      repo.collectionsOf(db, b.copro.id),
    ]);
    const items = await repo.itemsOf(
      db,
      collections.map((x) => x.id),
    );
    return {
      creditor: presentCreditor(creditor),
      mandates: mandates.length,
      earliest_due_date: collectDate(todayInParis(), SEPA_PRE_NOTICE_DAYS),
      collections: collections.map((x) => ({
        id: x.id,
        due_date: String(x.due_date),
        message_id: x.message_id,
        total_cents: x.total_cents,
        status: x.status,
        created_at: x.created_at.toISOString(),
        items: items
          .filter((i) => i.item.collection_id === x.id)
          .map((i) => ({
            id: i.item.id,
            coproprietaire: { id: i.item.coproprietaire_id, name: i.owner_name },
            amount_cents: i.item.amount_cents,
            end_to_end_id: i.item.end_to_end_id,
            status: i.item.status,
            reason: i.item.reason,
          })),
      })),
    };
  });
  route(app, c.creditor, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return setCreditor(db, b.copro.id, body) as Promise<NonNullable<ReturnType<typeof presentCreditor>>>;
  });
  route(app, c.generate, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    const x = await generateAudited(app, b.api, b.copro.id, body.due_date);
    return { id: x.id, items: x.items, total_cents: x.total_cents };
  });
  route(app, c.file, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    const r = await remise(db, b.copro.id, body.collection_id);
    return { filename: r.filename, content: r.xml };
  });
  route(app, c.settle, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return settleAudited(app, b.api, b.copro.id, body.collection_id);
  });
  route(app, c.answers, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return answersAudited(app, b.api, b.copro.id, body.content);
  });
}
