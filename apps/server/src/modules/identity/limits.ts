import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';

const KEY = Symbol('identity.rateLimitKey');
type Keyed = FastifyRequest & { [KEY]?: string };

export interface LimitRule {
  max: number;
  /** Window in milliseconds. */
  windowMs: number;
}

/**
 * Rate limits keyed both by client IP and by identifier (e-mail, phone…), on the shared
 * @fastify/rate-limit store (memory, or Redis with REDIS_URL). Exceeding either answers
 * 429 RATE_LIMITED with the French message.
 */
export function createLimiter(app: FastifyInstance, name: string, perIp: LimitRule, perId?: LimitRule) {
  const mk = (r: LimitRule) =>
    app.createRateLimit({
      max: r.max * (app.config.rateLimitFactor ?? 1),
      timeWindow: r.windowMs,
      keyGenerator: (req) => (req as Keyed)[KEY] ?? `${name}:ip:${req.ip}`,
    });
  const ipLimit = mk(perIp);
  const idLimit = perId ? mk(perId) : null;
  return async function enforce(req: FastifyRequest, identifier?: string | null) {
    const r = req as Keyed;
    r[KEY] = `${name}:ip:${req.ip}`;
    const a = await ipLimit(req);
    let exceeded = !a.isAllowed && a.isExceeded;
    if (idLimit && identifier) {
      r[KEY] = `${name}:id:${identifier.trim().toLowerCase()}`;
      const b = await idLimit(req);
      exceeded ||= !b.isAllowed && b.isExceeded;
    }
    r[KEY] = undefined;
    if (exceeded) throw new AppError('RATE_LIMITED', undefined, { status: 429 });
  };
}
export type Limiter = ReturnType<typeof createLimiter>;

const MIN = 60_000;
/** The limits of every code, password and phone-check call (per IP, per identifier). */
export const LIMITS = {
  login: { ip: { max: 30, windowMs: 10 * MIN }, id: { max: 10, windowMs: 10 * MIN } },
  sendCode: { ip: { max: 20, windowMs: 60 * MIN }, id: { max: 6, windowMs: 60 * MIN } },
  verifyCode: { ip: { max: 30, windowMs: 10 * MIN }, id: { max: 10, windowMs: 10 * MIN } },
  check: { ip: { max: 30, windowMs: 10 * MIN }, id: { max: 15, windowMs: 10 * MIN } },
  password: { ip: { max: 20, windowMs: 10 * MIN }, id: { max: 8, windowMs: 10 * MIN } },
  invitation: { ip: { max: 30, windowMs: 10 * MIN }, id: { max: 15, windowMs: 10 * MIN } },
  captcha: { ip: { max: 60, windowMs: 10 * MIN } },
  qr: { ip: { max: 40, windowMs: 10 * MIN } },
} as const;
