import { syndicCarnetEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from '../kit/crud.js';
import { carnets } from './carnets.service.js';

/** The carnet d'entretien in the syndic API. */
export async function syndicCarnetsRoutes(app: FastifyInstance) {
  crudRoutes(app, e, carnets);
}
