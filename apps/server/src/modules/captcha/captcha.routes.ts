import { identityEndpoints } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.js';
import { createLimiter, LIMITS } from '../identity/limits.js';
import { newChallenge } from './captcha.service.js';

export async function captchaRoutes(app: FastifyInstance) {
  const limit = createLimiter(app, 'captcha', LIMITS.captcha.ip);
  route(app, identityEndpoints.captchaChallenge, async ({ req }) => {
    await limit(req);
    const c = await newChallenge(app.config.appSecret);
    return {
      algorithm: c.algorithm,
      challenge: c.challenge,
      maxnumber: c.maxnumber,
      salt: c.salt,
      signature: c.signature,
    };
  });
}
