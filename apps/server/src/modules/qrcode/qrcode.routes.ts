import { identityEndpoints, qrcodeEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { createLimiter, LIMITS } from '../identity/limits.js';
import * as svc from './qrcode.service.js';

export async function qrcodeRoutes(app: FastifyInstance) {
  const limit = createLimiter(app, 'qr', LIMITS.qr.ip);
  const storage = app.platform.storage;
  route(app, e.generate, async ({ body, req }) => {
    await limit(req);
    return svc.generate(app.db, app.config.publicUrl, body);
  });
  route(app, e.remove, ({ params }) => svc.remove(app.db, params.id));
  route(app, e.scan, ({ params, req }) =>
    svc.scan(app.db, app.realtime, storage, currentUser(req), params.code),
  );
  route(app, e.accept, ({ params, req }) => svc.accept(app.db, app.realtime, currentUser(req), params.code));
  route(app, e.reject, ({ params, req }) => svc.reject(app.db, app.realtime, currentUser(req), params.code));
  route(app, identityEndpoints.qrLogin, async ({ body, req }) => {
    await limit(req);
    return svc.exchange(app.db, storage, body.id, body.token, req.headers['user-agent']);
  });
}
