import { syntheseEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import {
  guardCopropriete,
  guardCoproprietaire,
  guardCoproprietaireInCopro,
  readAsCoproprietaireInCopro,
} from '../access/access.service.js';
import { getCoproprietaireSummary } from '../coproprietaire/coproprietaire.service.js';
import * as finances from './synthese.finances.js';
import * as service from './synthese.service.js';

/** 'Ma synthèse' (SPEC §2.4): every call is read-only and open to the syndic preview of its record. */
export async function syntheseRoutes(app: FastifyInstance) {
  const preview = { preview: true };
  const db = app.db;

  route(
    app,
    e.previewInfo,
    async ({ req, params }) =>
      getCoproprietaireSummary(db, await guardCoproprietaire(req, params.id), req.auth.user?.id ?? null),
    preview,
  );
  route(
    app,
    e.syndicInfo,
    async ({ req, params }) =>
      service.getSyndicInfo(db, app.platform.storage, await guardCopropriete(req, params.id)),
    preview,
  );
  route(
    app,
    e.administrators,
    async ({ req, params }) => {
      const row = await guardCopropriete(req, params.id);
      return service.getAdministrators(db, row.copropriete.id);
    },
    preview,
  );
  route(
    app,
    e.verificationStatus,
    async ({ req, params }) => {
      const row = await guardCopropriete(req, params.id);
      return service.getVerificationStatus(db, row.copropriete.id);
    },
    preview,
  );
  route(
    app,
    e.lots,
    async ({ req, params }) => {
      const row = await guardCoproprietaireInCopro(req, params.coproprieteId, params.coproprietaireId);
      return service.getLots(db, row.coproprietaire.id);
    },
    preview,
  );
  route(
    app,
    e.lotTantiemes,
    async ({ req, params }) => {
      const row = await guardCoproprietaire(req, params.coproprietaireId);
      return service.getLotTantiemes(db, row.coproprietaire.id, params.lotId);
    },
    preview,
  );
  route(
    app,
    e.general,
    async ({ req, params }) => {
      const reads = finances.generalReads(params.coproprietaireId, params.coproId);
      const { owner, rows } = await readAsCoproprietaireInCopro(
        req,
        params.coproId,
        params.coproprietaireId,
        reads,
      );
      return finances.presentGeneral(rows, await finances.buildingFinance(db, owner.copropriete));
    },
    { preview: true, sessionRead: true },
  );
  route(
    app,
    e.transactions,
    async ({ req, params }) => {
      const read = finances.transactionsRead(params.coproprietaireId, params.coproId);
      const { owner, rows } = await readAsCoproprietaireInCopro(
        req,
        params.coproId,
        params.coproprietaireId,
        read,
      );
      return finances.presentTransactions(rows, await finances.buildingFinance(db, owner.copropriete));
    },
    { preview: true, sessionRead: true },
  );
  route(
    app,
    e.budgetFonctionnement,
    async ({ req, params }) => {
      const row = await guardCopropriete(req, params.coproId);
      return service.getBudgetFonctionnement(db, row.copropriete.id);
    },
    preview,
  );
  route(
    app,
    e.budgetAlurAvance,
    async ({ req, params }) => service.getAlurAvance(await guardCopropriete(req, params.coproId)),
    preview,
  );
}
