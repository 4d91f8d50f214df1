import { identityEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { assertCaptcha } from '../captcha/captcha.service.js';
import { codeEnvOf } from './codes.service.js';
import { presentUser } from './identity.presenter.js';
import { loginWithPassword, loginWithPhone, sendLoginPhoneCode } from './identity.service.js';
import { AppError } from '../../http/errors.js';
import { createLimiter, createSignInGuard, LIMITS } from './limits.js';
import { revokeSession } from './session.service.js';

export async function identityRoutes(app: FastifyInstance) {
  const env = codeEnvOf(app);
  const storage = app.platform.storage;
  const loginGuard = createSignInGuard(app, 'login', LIMITS.login);
  const sendLimit = createLimiter(app, 'phone-login-send', LIMITS.sendCode.ip, LIMITS.sendCode.id);
  const verifyLimit = createLimiter(
    app,
    'phone-login',
    LIMITS.phoneLogin.ip,
    LIMITS.phoneLogin.idIp,
    LIMITS.phoneLogin.id,
  );

  route(app, identityEndpoints.login, async ({ body, req }) => {
    await loginGuard.before(req, body.email, body.captcha);
    try {
      return await loginWithPassword(app.db, storage, body.email, body.password, req.headers['user-agent']);
    } catch (err) {
      if (err instanceof AppError && (err.code === 'WRONG_PASSWORD' || err.code === 'USER_NOT_FOUND'))
        await loginGuard.failed(req, body.email);
      throw err;
    }
  });
  route(app, identityEndpoints.logout, async ({ req }) => {
    if (req.auth.sessionId) await revokeSession(app.db, req.auth.sessionId, app.realtime);
    return { ok: true };
  });
  route(app, identityEndpoints.profile, ({ req }) => presentUser(currentUser(req), storage));

  route(app, identityEndpoints.phoneSendCode, async ({ body, req }) => {
    await sendLimit(req, body.phone);
    await assertCaptcha(app.db, app.config.appSecret, body.captcha);
    return sendLoginPhoneCode(app.db, env, body.phone);
  });
  route(app, identityEndpoints.phoneLogin, async ({ body, req }) => {
    await verifyLimit(req, body.phone);
    return loginWithPhone(app.db, env, storage, body.phone, body.code, req.headers['user-agent']);
  });
}
