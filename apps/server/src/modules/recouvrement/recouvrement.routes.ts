import { consoleRecouvrementEndpoints as r } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { guardConsoleBuilding } from '../access/console.guard.js';
import { currentUser } from '../access/request-session.js';
import { todayInParis } from '../payments/credit.service.js';
import { debtors, letterPdf, saveSettings, send } from './recouvrement.service.js';
import { ownerInBuilding } from './recouvrement.repo.js';
import { AppError } from '../../http/errors.js';

/** The console's debtors and reminders of a building. */
export async function recouvrementRoutes(app: FastifyInstance) {
  const db = app.db;
  route(app, r.debtors, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return debtors(app, b.copro.id, todayInParis());
  });
  route(app, r.settings, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    return saveSettings(db, b.copro.id, {
      reminderDays: body.reminder_days,
      miseEnDemeureDays: body.mise_en_demeure_days,
      miseEnDemeureFeeCents: body.mise_en_demeure_fee_cents,
      relanceFeeCents: body.relance_fee_cents,
    });
  });
  route(app, r.send, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'finances.write');
    if (!(await ownerInBuilding(db, b.copro.id, params.coproprietaireId))) throw new AppError('NOT_FOUND');
    return send(app, {
      coproprieteId: b.copro.id,
      ownerId: params.coproprietaireId,
      step: body.step,
      userId: currentUser(req).id,
      today: todayInParis(),
    });
  });
  route(app, r.letter, async ({ req, params, body }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    return letterPdf(app, b.copro.id, body.relance_id);
  });
}
