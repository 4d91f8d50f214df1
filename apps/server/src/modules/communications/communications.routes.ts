import { communicationEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { guardCoproprietaire } from '../access/access.service.js';
import * as service from './communications.service.js';

/** Communications (SPEC §2.18, §7): the record's postal letters, e-mails and SMS; the SMS page. */
export async function communicationsRoutes(app: FastifyInstance) {
  const db = app.db;
  const storage = app.platform.storage;
  const preview = { preview: true };
  for (const [ep, method] of [
    [e.postal, 'postal'],
    [e.email, 'email'],
    [e.sms, 'sms'],
  ] as const) {
    route(
      app,
      ep,
      async ({ req, query }) => {
        const rec = await guardCoproprietaire(req, query.coproprietaire_id);
        if (rec.copropriete.syndic_id !== query.syndic_id) throw new AppError('NOT_FOUND');
        return service.list(db, storage, rec, method, query.page_size, query.page_index);
      },
      preview,
    );
  }
  // The first opening of a notice by its recipient; a syndic's preview reads without marking.
  route(app, e.read, async ({ req, params, body }) =>
    service.readNotice(
      db,
      await guardCoproprietaire(req, body.coproprietaire_id, { write: true }),
      params.id,
    ),
  );
  route(app, e.smsDetail, async ({ params }) => service.smsDetail(db, storage, params.id), {
    rateLimit: { max: 60, timeWindow: '1 minute' },
  });
}
