import { coproprietaireEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { listUserCoproprietaires } from './coproprietaire.service.js';

export async function coproprietaireRoutes(app: FastifyInstance) {
  route(app, coproprietaireEndpoints.all, ({ req }) => listUserCoproprietaires(app.db, currentUser(req).id));
}
