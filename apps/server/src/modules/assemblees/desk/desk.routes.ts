import {
  type ConsoleAction,
  consoleDeskEndpoints as e,
  parisDate,
  parisInstant,
  syndicDeskEndpoints as s,
} from '@tantieme/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/errors.js';
import { route } from '../../../http/route.js';
import { guardConsoleBuilding } from '../../access/console.guard.js';
import { syndicRoute } from '../../syndic-api/kit/index.js';
import * as agRepo from '../assemblees.repo.js';
import { closeAssembleeOf } from '../syndic/end.service.js';
import { startSessionOf } from '../syndic/session.service.js';
import { announceDesk } from './desk.live.js';
import { deskState } from './desk.read.js';
import { assembleeOfCopro, meetingsOf } from './desk.repo.js';
import { applyDeskEntry } from './desk.service.js';
import { syndicDeskEntry } from './desk.syndic.js';

/** The meeting desk in the console (`/api/gestion/…/seance`), each route through the console guard. */
export async function deskRoutes(app: FastifyInstance) {
  const deps = () => ({
    db: app.db,
    config: app.config,
    realtime: app.realtime,
    storage: app.platform.storage,
  });
  const desk = async (
    req: FastifyRequest,
    params: { coproId: string; assembleeId: string },
    action: ConsoleAction,
  ) => {
    const b = await guardConsoleBuilding(req, params.coproId, action);
    const ag = await assembleeOfCopro(app.db, params.assembleeId, b.copro.id);
    if (!ag) throw new AppError('NOT_FOUND');
    return { b, ag };
  };
  const fresh = async (coproId: string, assembleeId: string) => {
    const ag = (await assembleeOfCopro(app.db, assembleeId, coproId))!;
    const state = await deskState(app.db, ag);
    await announceDesk(app.db, app.realtime, coproId, assembleeId, state.seq);
    return state;
  };

  route(app, e.meetings, async ({ req, params }) => {
    const b = await guardConsoleBuilding(req, params.coproId, 'building.read');
    const today = parisInstant(parisDate(new Date()));
    const tomorrow = new Date(today.getTime() + 36 * 3_600_000);
    const rows = await meetingsOf(app.db, b.copro.id, today, parisInstant(parisDate(tomorrow)));
    return rows.map((r) => ({ ...r, date: r.date.toISOString() }));
  });
  route(app, e.state, async ({ req, params }) => {
    const { ag } = await desk(req, params, 'building.read');
    return deskState(app.db, ag);
  });
  route(app, e.entry, async ({ req, params, body }) => {
    const { b, ag } = await desk(req, params, 'assemblees.seance');
    await applyDeskEntry(
      app.db,
      { syndicId: b.copro.syndic_id, name: b.actor.displayName, keyId: null, userId: b.actor.userId },
      ag.id,
      body,
    );
    return fresh(b.copro.id, ag.id);
  });
  route(app, e.open, async ({ req, params }) => {
    const { b, ag } = await desk(req, params, 'assemblees.seance');
    await startSessionOf(deps(), b.api, async () => ag.id, await agRepo.assembleeExternalId(app.db, ag.id));
    return fresh(b.copro.id, ag.id);
  });
  route(app, e.close, async ({ req, params }) => {
    const { b, ag } = await desk(req, params, 'assemblees.seance');
    await closeAssembleeOf(deps(), b.api, async () => ag.id, await agRepo.assembleeExternalId(app.db, ag.id));
    return fresh(b.copro.id, ag.id);
  });
}

/** The desk in the syndic API (registered with the syndic API's assembly routes). */
export function syndicDeskRoutes(app: FastifyInstance) {
  syndicRoute(app, s.entry, ({ api, params, body }) =>
    syndicDeskEntry(app.db, app.realtime, api, params.external_id, body),
  );
}
