import { syndicImportEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { syndicRoute } from '../kit/index.js';
import { importPortfolio } from './import.service.js';

/** A whole building's document (500 lots, 20,000 ledger lines) is a few MB of JSON. */
const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;

export async function importRoutes(app: FastifyInstance) {
  syndicRoute(
    app,
    e.import,
    ({ api, body }) => {
      const { dry_run, ...doc } = body;
      return importPortfolio(app.db, api, doc, { dryRun: dry_run });
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
}
