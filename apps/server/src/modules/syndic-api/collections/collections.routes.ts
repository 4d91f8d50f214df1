import { syndicCollectionEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { syndicRoute } from '../kit/index.js';
import * as sepa from './collections.service.js';

/** A building's SEPA collections and recovery settings on the syndic API (decision 232). */
export async function syndicCollectionRoutes(app: FastifyInstance) {
  const db = app.db;
  syndicRoute(app, e.generate, ({ api, params, body }) => sepa.generate(app, api, params.external_id, body));
  syndicRoute(app, e.file, ({ api, params }) => sepa.file(db, api, params.external_id, params.collection));
  syndicRoute(app, e.settle, ({ api, params }) =>
    sepa.settle(app, api, params.external_id, params.collection),
  );
  syndicRoute(
    app,
    e.answers,
    ({ api, params, body }) => sepa.answers(app, api, params.external_id, body.content),
    // A month of a large building's camt.054 stays well under this.
    { bodyLimit: 6 * 1024 * 1024 },
  );
  syndicRoute(app, e.settings, ({ api, params }) => sepa.settings(db, api, params.external_id));
  syndicRoute(app, e.setSettings, ({ api, params, body }) =>
    sepa.setSettings(app, api, params.external_id, body),
  );
}
