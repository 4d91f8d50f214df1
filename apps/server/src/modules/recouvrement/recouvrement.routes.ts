import { consoleRecouvrementEndpoints as r } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardConsoleBuilding } from '../access/console.guard.js';
import { todayInParis } from '../payments/credit.service.js';
import { saveSettingsAudited, sendAudited } from './recouvrement.audited.js';
import { debtors, letterPdf } from './recouvrement.service.js';

/** The console's debtors and reminders of a building (each step audited as through the syndic API). */
export async function recouvrementRoutes(app: FastifyInstance) {
  route(app, r.debtors, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return debtors(app, b.copro.id, todayInParis());
  });
  route(app, r.settings, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return saveSettingsAudited(app, b.api, b.copro.id, {
      reminderDays: body.reminder_days,
      miseEnDemeureDays: body.mise_en_demeure_days,
      miseEnDemeureFeeCents: body.mise_en_demeure_fee_cents,
      relanceFeeCents: body.relance_fee_cents,
    });
  });
  route(app, r.send, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return sendAudited(app, b.api, {
      coproprieteId: b.copro.id,
      ownerId: params.coproprietaireId,
      step: body.step,
    });
  });
  route(app, r.letter, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return letterPdf(app, b.copro.id, body.relance_id);
  });
}
