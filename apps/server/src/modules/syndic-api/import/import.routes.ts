import { syndicImportEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../http/errors.js';
import { syndicRoute } from '../kit/index.js';
import { importPortfolio } from './import.service.js';

/** A whole building's document (500 lots, 20,000 ledger lines) is a few MB of JSON. */
const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;

export async function importRoutes(app: FastifyInstance) {
  syndicRoute(
    app,
    e.import,
    async ({ api, body }) => {
      const { dry_run, ...doc } = body;
      const report = await importPortfolio(app.db, api, doc, { dryRun: dry_run });
      // A rejected building is a failed request, with the same report: 422, nothing of that
      // building written (the others are).
      if (!report.ok)
        throw new AppError(
          'IMPORT_REJECTED',
          dry_run
            ? 'Au moins un immeuble serait refusé\u202f: le détail est dans le rapport.'
            : "Au moins un immeuble a été refusé et n'a pas été écrit\u202f: le détail est dans le rapport.",
          { status: 422, data: report },
        );
      return report;
    },
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
}
