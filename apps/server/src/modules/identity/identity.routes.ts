import { identityEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { assertCaptcha } from '../captcha/captcha.service.js';
import { codeEnvOf } from './codes.service.js';
import { presentUser } from './identity.presenter.js';
import { loginWithPassword, loginWithPhone, sendLoginPhoneCode } from './identity.service.js';
import { createLimiter, LIMITS } from './limits.js';
import { revokeSession } from './session.service.js';

export async function identityRoutes(app: FastifyInstance) {
  const env = codeEnvOf(app);
  const storage = app.platform.storage;
  const loginLimit = createLimiter(app, 'login', LIMITS.login.ip, LIMITS.login.id);
  const sendLimit = createLimiter(app, 'phone-login-send', LIMITS.sendCode.ip, LIMITS.sendCode.id);
  const verifyLimit = createLimiter(app, 'phone-login', LIMITS.verifyCode.ip, LIMITS.verifyCode.id);

  route(app, identityEndpoints.login, async ({ body, req }) => {
    await loginLimit(req, body.email);
    return loginWithPassword(app.db, storage, body.email, body.password, req.headers['user-agent']);
  });
  route(app, identityEndpoints.logout, async ({ req }) => {
    if (req.auth.sessionId) await revokeSession(app.db, req.auth.sessionId);
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
