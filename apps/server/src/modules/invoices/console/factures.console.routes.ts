import { consoleFacturesEndpoints as f } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../http/route.js';
import { guardConsoleBuilding } from '../../access/console.guard.js';
import { writeAudit } from '../../syndic-api/kit/audit.js';
import * as factures from '../factures.service.js';

/**
 * The console's supplier invoices of a building (decision 227): reading is building.read,
 * capture, « Envoyer au conseil » and payment finances.write (the comptable's), the threshold
 * assemblees.write (the assembly set it). Each write leaves its line in the syndic's audit log.
 */
export async function consoleFacturesRoutes(app: FastifyInstance) {
  const db = app.db;
  const storage = app.platform.storage;

  route(app, f.list, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return factures.list(db, storage, b.copro.id);
  });
  route(
    app,
    f.capture,
    async ({ req, params, body }) => {
      const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
      const out = await factures.capture(
        db,
        storage,
        { coproId: b.copro.id, syndicId: b.copro.syndic_id },
        body,
      );
      await writeAudit(db, b.api, [
        {
          action: 'created',
          resource: 'invoice',
          resourceId: out.id,
          values: {
            fournisseur: body.fournisseur_name,
            amount_cents: body.amount_cents,
            account: body.account,
          },
        },
      ]);
      return out;
    },
    // A scanned invoice of 10 Mo, base64.
    { bodyLimit: 16 * 1024 * 1024 },
  );
  route(app, f.sendToCouncil, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    const out = await factures.sendToCouncil(db, storage, b.copro.id, params.invoiceId);
    await writeAudit(db, b.api, [
      {
        action: 'updated',
        resource: 'invoice',
        resourceId: out.id,
        changes: { council: { before: null, after: 'envoyee' } },
      },
    ]);
    return out;
  });
  route(app, f.pay, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    const out = await factures.pay(db, storage, b.copro.id, params.invoiceId, body.date);
    await writeAudit(db, b.api, [
      {
        action: 'updated',
        resource: 'invoice',
        resourceId: out.id,
        changes: { paid_on: { before: null, after: body.date } },
      },
    ]);
    return out;
  });
  route(app, f.threshold, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'assemblees.write');
    const before = await factures.thresholdOf(db, b.copro.id);
    const out = await factures.saveThreshold(db, b.copro.id, body);
    await writeAudit(db, b.api, [
      {
        action: 'updated',
        resource: 'council_threshold',
        resourceId: b.copro.id,
        changes: { amount_cents: { before: before?.amount_cents ?? null, after: out.amount_cents } },
      },
    ]);
    return out;
  });
}
