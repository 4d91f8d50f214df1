import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, rateLimited } from '../../http/errors.js';
import { assertCaptcha } from '../captcha/captcha.service.js';

const KEY = Symbol('identity.rateLimitKey');
type Keyed = FastifyRequest & { [KEY]?: string };

export interface LimitRule {
  max: number;
  /** Window in milliseconds. */
  windowMs: number;
}

/**
 * One counter rule on the shared @fastify/rate-limit store (memory, or Redis with REDIS_URL),
 * keyed by the caller: `count` adds the request under a key and answers the milliseconds left
 * in the window when it went over the limit (null while allowed); `read` only looks.
 */
function keyedRule(app: FastifyInstance, r: LimitRule) {
  const limit = app.createRateLimit({
    max: r.max * (app.config.rateLimitFactor ?? 1),
    timeWindow: r.windowMs,
    keyGenerator: (req) => (req as Keyed)[KEY] ?? `unkeyed:${req.ip}`,
  });
  const run = async (req: FastifyRequest, key: string, increment: boolean) => {
    const k = req as Keyed;
    k[KEY] = key;
    try {
      return await limit(req, { increment });
    } finally {
      k[KEY] = undefined;
    }
  };
  return {
    async count(req: FastifyRequest, key: string): Promise<number | null> {
      const res = await run(req, key, true);
      return !res.isAllowed && res.isExceeded ? Math.max(res.ttl, 1000) : null;
    },
    /** True once the key has reached the limit (without counting this request). */
    async reached(req: FastifyRequest, key: string): Promise<boolean> {
      const res = await run(req, key, false);
      return !res.isAllowed && res.remaining === 0;
    },
  };
}

const norm = (identifier: string) => identifier.trim().toLowerCase();

/** Throws the 429 of the longest wait among the exceeded rules. */
function throwIfExceeded(ttls: (number | null)[]) {
  const waits = ttls.filter((t): t is number => t !== null);
  if (waits.length > 0) throw rateLimited(Math.max(...waits));
}

/**
 * Rate limits keyed both by client IP and by identifier (e-mail, phone…). Exceeding either
 * answers 429 RATE_LIMITED with Retry-After and the delay in French. With `ceiling`, `perId`
 * counts per (identifier, IP) and `ceiling` per identifier from everywhere, so a stranger
 * cannot use up the owner's budget (decision 46).
 */
export function createLimiter(
  app: FastifyInstance,
  name: string,
  perIp: LimitRule,
  perId?: LimitRule,
  ceiling?: LimitRule,
) {
  const ipRule = keyedRule(app, perIp);
  const idRule = perId ? keyedRule(app, perId) : null;
  const ceilingRule = ceiling ? keyedRule(app, ceiling) : null;
  return async function enforce(req: FastifyRequest, identifier?: string | null) {
    const ttls = [await ipRule.count(req, `${name}:ip:${req.ip}`)];
    if (idRule && identifier) {
      const who = norm(identifier);
      if (ceilingRule) {
        ttls.push(await idRule.count(req, `${name}:idip:${who}:${req.ip}`));
        ttls.push(await ceilingRule.count(req, `${name}:id:${who}`));
      } else ttls.push(await idRule.count(req, `${name}:id:${who}`));
    }
    throwIfExceeded(ttls);
  };
}
export type Limiter = ReturnType<typeof createLimiter>;

export interface SignInRules {
  /** Every sign-in from one address, whatever the account. */
  ip: LimitRule;
  /** One account from one address: what a stranger can spend on someone else's account. */
  idIp: LimitRule;
  /** One account from everywhere: a ceiling far above `idIp`, against spread-out brute force. */
  id: LimitRule;
  /** Failed sign-ins of one account (from everywhere) after which each try needs a captcha. */
  captchaAfterFailures: LimitRule;
}

/**
 * Password sign-in without lock-out by a stranger (decision 46): the per-account limit counts
 * per (account, address), so someone else's failures never block the owner's address; a
 * global per-account ceiling ten times higher bounds brute force spread over many addresses;
 * past a few failures of the account, every try must carry a solved ALTCHA proof-of-work.
 */
export function createSignInGuard(app: FastifyInstance, name: string, rules: SignInRules) {
  const ip = keyedRule(app, rules.ip);
  const idIp = keyedRule(app, rules.idIp);
  const id = keyedRule(app, rules.id);
  const failures = keyedRule(app, rules.captchaAfterFailures);
  const failKey = (identifier: string) => `${name}:fail:${norm(identifier)}`;
  return {
    /** Before checking the secret: limits, then the captcha when the account is under attack. */
    async before(req: FastifyRequest, identifier: string, captcha?: string | null) {
      const who = norm(identifier);
      throwIfExceeded([await ip.count(req, `${name}:ip:${req.ip}`)]);
      const needsCaptcha = await failures.reached(req, failKey(who));
      if (needsCaptcha && !captcha) throw new AppError('CAPTCHA_REQUIRED');
      throwIfExceeded([
        await idIp.count(req, `${name}:idip:${who}:${req.ip}`),
        await id.count(req, `${name}:id:${who}`),
      ]);
      if (needsCaptcha) await assertCaptcha(app.db, app.config.appSecret, captcha);
    },
    /** After a wrong secret: one more failure for the account. */
    async failed(req: FastifyRequest, identifier: string) {
      await failures.count(req, failKey(identifier));
    },
  };
}

const MIN = 60_000;
/** The limits of every code, password and phone-check call (per IP, per identifier). */
export const LIMITS = {
  login: {
    ip: { max: 30, windowMs: 10 * MIN },
    idIp: { max: 10, windowMs: 10 * MIN },
    id: { max: 100, windowMs: 10 * MIN },
    captchaAfterFailures: { max: 5, windowMs: 15 * MIN },
  },
  sendCode: { ip: { max: 20, windowMs: 60 * MIN }, id: { max: 6, windowMs: 60 * MIN } },
  verifyCode: { ip: { max: 30, windowMs: 10 * MIN }, id: { max: 10, windowMs: 10 * MIN } },
  /** Phone sign-in: per (phone, IP), with a per-phone ceiling (an SMS code dies after 5 wrong tries). */
  phoneLogin: {
    ip: { max: 30, windowMs: 10 * MIN },
    idIp: { max: 10, windowMs: 10 * MIN },
    id: { max: 100, windowMs: 10 * MIN },
  },
  check: { ip: { max: 30, windowMs: 10 * MIN }, id: { max: 15, windowMs: 10 * MIN } },
  password: { ip: { max: 20, windowMs: 10 * MIN }, id: { max: 8, windowMs: 10 * MIN } },
  invitation: { ip: { max: 30, windowMs: 10 * MIN }, id: { max: 15, windowMs: 10 * MIN } },
  captcha: { ip: { max: 60, windowMs: 10 * MIN } },
  qr: { ip: { max: 40, windowMs: 10 * MIN } },
} as const;
