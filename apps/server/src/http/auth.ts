import { PREVIEW_TOKEN_HEADER } from '@tantieme/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findPreviewGrant } from '../modules/access/preview.js';
import { type AuthState, wantedIdOf } from '../modules/access/request-session.js';
import { resolveToken } from '../modules/identity/session.service.js';
import { AppError } from './errors.js';
import { timed } from './request-stats.js';

export { currentUser, sessionRead, settleSession } from '../modules/access/request-session.js';

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h?.startsWith('Bearer ')) return null;
  const t = h.slice(7).trim();
  return t.length > 0 && t.length < 200 ? t : null;
}

/**
 * Resolves the bearer session and the preview token of every request, then enforces the route's
 * `auth`. It runs first (onRequest), before the body is even parsed: an anonymous caller gets
 * 401 whatever it sends, and learns nothing from the body's errors (malformed JSON, oversize).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null as unknown as AuthState);
  app.addHook('onRequest', async (req) => {
    const state: AuthState = { user: null, sessionId: null, preview: null };
    req.auth = state;
    const mode = req.routeOptions.config?.auth ?? 'public';
    const token = bearer(req);
    if (token && mode !== 'public' && req.routeOptions.config?.sessionRead) state.deferred = token;
    else if (token) {
      const wanted = mode === 'public' ? undefined : wantedIdOf(req);
      const resolved = await timed('session', () => resolveToken(app.db, token, wanted));
      if (resolved) {
        state.user = resolved.user;
        state.sessionId = resolved.sessionId;
        state.record = resolved.record;
      }
    }
    const spt = req.headers[PREVIEW_TOKEN_HEADER];
    if (typeof spt === 'string' && spt.length > 0 && spt.length < 200 && mode === 'user-or-preview') {
      state.preview = await timed('session', () => findPreviewGrant(app.db, spt));
    }
    const signedIn = !!state.user || !!state.deferred;
    if (mode === 'user' && !signedIn) throw new AppError('UNAUTHORIZED');
    if (mode === 'user-or-preview' && !signedIn && !state.preview) throw new AppError('UNAUTHORIZED');
  });
});
