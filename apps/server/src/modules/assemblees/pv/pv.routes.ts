import { consolePvEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors.js';
import { route } from '../../../http/route.js';
import { guardConsoleBuilding } from '../../access/console.guard.js';
import { assembleeOfCopro } from '../desk/desk.repo.js';
import { notifyPv, recordPvPresentation } from './pv-notify.service.js';
import { recordBureau, signAtDesk } from './pv-sign.service.js';
import { pvStateOf } from './pv.read.js';

/** The PV after the meeting in the console (`/api/gestion/…/proces-verbal`), each route through the console guard. */
export async function pvRoutes(app: FastifyInstance) {
  const deps = () => ({
    db: app.db,
    config: app.config,
    lre: app.platform.lre,
    storage: app.platform.storage,
    sealer: app.platform.sealer,
  });
  const load = async (
    req: FastifyRequest,
    params: { coproId: string; assembleeId: string },
    action: 'building.read' | 'assemblees.seance' | 'assemblees.write',
  ) => {
    const b = await guardConsoleBuilding(req, params.coproId, action);
    const ag = await assembleeOfCopro(app.db, params.assembleeId, b.copro.id);
    if (!ag) throw new AppError('NOT_FOUND');
    const writer = {
      syndicId: b.copro.syndic_id,
      name: b.actor.displayName,
      keyId: null,
      userId: b.actor.userId,
    };
    return { b, ag, writer };
  };
  const state = (coproId: string, assembleeId: string) => pvStateOf(app.db, deps(), coproId, assembleeId);

  route(app, e.state, async ({ req, params }) => {
    const { b, ag } = await load(req, params, 'building.read');
    return state(b.copro.id, ag.id);
  });
  route(app, e.bureau, async ({ req, params, body }) => {
    const { b, ag, writer } = await load(req, params, 'assemblees.seance');
    await recordBureau(app.db, writer, ag.id, body.members);
    return state(b.copro.id, ag.id);
  });
  route(app, e.sign, async ({ req, params, body }) => {
    const { b, ag, writer } = await load(req, params, 'assemblees.seance');
    await signAtDesk(app.db, deps(), writer, ag.id, body, {
      ip: req.ip,
      user_agent: String(req.headers['user-agent'] ?? ''),
      user_id: writer.userId,
    });
    return state(b.copro.id, ag.id);
  });
  route(app, e.notify, async ({ req, params }) => {
    const { b, ag } = await load(req, params, 'assemblees.write');
    await notifyPv(deps(), b.copro.syndic_id, ag.id);
    return state(b.copro.id, ag.id);
  });
  route(app, e.presentation, async ({ req, params, body }) => {
    const { b, ag } = await load(req, params, 'assemblees.write');
    await recordPvPresentation(
      app.db,
      b.copro.id,
      ag.id,
      params.coproprietaireId,
      new Date(body.first_presented_at),
    );
    return state(b.copro.id, ag.id);
  });
}
