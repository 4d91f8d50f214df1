import { identityEndpoints as e } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../http/auth.js';
import { route } from '../../http/route.js';
import { assertCaptcha } from '../captcha/captcha.service.js';
import { codeEnvOf } from '../identity/codes.service.js';
import { createLimiter, LIMITS } from '../identity/limits.js';
import * as svc from './accounts.service.js';
import { myDataRoutes } from './my-data.routes.js';

/** SPEC §7 Accounts: register, e-mail and phone codes, profile, passwords, syndic branding. */
export async function accountsRoutes(app: FastifyInstance) {
  const env = codeEnvOf(app);
  const storage = app.platform.storage;
  const L = (
    name: string,
    l: { ip: { max: number; windowMs: number }; id?: { max: number; windowMs: number } },
  ) => createLimiter(app, name, l.ip, l.id);
  const checkLimit = L('check', LIMITS.check);
  const sendLimit = L('send-code', LIMITS.sendCode);
  const verifyLimit = L('verify-code', LIMITS.verifyCode);
  const passwordLimit = L('password', LIMITS.password);

  route(app, e.checkAccountExists, async ({ params, req }) => {
    await checkLimit(req, params.x);
    return { exists: await svc.emailExists(app.db, params.x) };
  });
  route(app, e.checkPhoneExists, async ({ params, req }) => {
    await checkLimit(req, params.x);
    return { exists: await svc.phoneExists(app.db, params.x) };
  });
  route(app, e.sendVerifyEmailCode, async ({ body, req }) => {
    await sendLimit(req, body.email);
    return svc.sendRegisterEmailCode(app.db, env, body.email, body.full_name);
  });
  route(app, e.verifyEmailCode, async ({ body, req }) => {
    await verifyLimit(req, body.email);
    return svc.verifyRegisterEmailCode(app.db, env, body.email, body.code);
  });
  route(app, e.register, async ({ body, req }) => {
    await passwordLimit(req, body.email);
    return svc.register(app.db, storage, body, req.headers['user-agent']);
  });
  route(app, e.sendVerifyPhoneCode, async ({ body, req }) => {
    const user = currentUser(req);
    await sendLimit(req, body.phone);
    await assertCaptcha(app.db, app.config.appSecret, body.captcha);
    return svc.sendLinkPhoneCode(app.db, env, user, body.phone);
  });
  route(app, e.updateUserPhone, async ({ body, req }) => {
    await verifyLimit(req, body.phone);
    return svc.linkPhone(app.db, env, storage, currentUser(req), body.phone, body.code);
  });
  route(app, e.updateUserProfile, ({ body, req }) =>
    svc.updateProfile(app.db, storage, currentUser(req), body),
  );
  route(app, e.avatarPresignedUrl, ({ body, req }) =>
    svc.avatarUploadUrl(storage, currentUser(req), body.file_type),
  );
  route(app, e.uploadAccountAvatar, ({ body, req }) =>
    svc.setAvatar(app.db, storage, currentUser(req), body.key),
  );
  route(app, e.changePassword, async ({ body, req }) => {
    const user = currentUser(req);
    await passwordLimit(req, user.id);
    return svc.changePassword(
      app.db,
      user,
      req.auth.sessionId,
      body.old_password,
      body.new_password,
      app.realtime,
    );
  });
  route(app, e.forgotPassword, async ({ body, req }) => {
    await sendLimit(req, body.email);
    return svc.forgotPassword(app.db, env, body.email);
  });
  route(app, e.checkForgotPassword, async ({ params, query, req }) => {
    await verifyLimit(req, query.email);
    return svc.checkForgotCode(app.db, env, query.email, params.x);
  });
  route(app, e.resetPassword, async ({ params, body, req }) => {
    await passwordLimit(req, body.email);
    return svc.resetPassword(app.db, env, body.email, params.x, body.new_password, app.realtime);
  });
  route(app, e.syndicAlias, ({ params }) => svc.syndicBranding(app.db, storage, params.alias));
  myDataRoutes(app, passwordLimit);
}
