import { authMsg } from '@tantieme/contract';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { hmac, sha256 } from '../../lib/crypto.js';
import * as repo from './captcha.repo.js';

/** ALTCHA proof-of-work, self-hosted: the browser finds a number, the server checks it once. */
export const CAPTCHA_TTL_S = 5 * 60;
/** Small enough to be solved in well under a second on a phone, invisibly. */
export const CAPTCHA_MAX_NUMBER = 20_000;

const keyOf = (secret: string) => hmac(secret, 'altcha-hmac-key');

export async function newChallenge(secret: string) {
  return createChallenge({
    hmacKey: keyOf(secret),
    maxNumber: CAPTCHA_MAX_NUMBER,
    expires: new Date(Date.now() + CAPTCHA_TTL_S * 1000),
  });
}

/** Throws CAPTCHA_INVALID ('Veuillez vérifier avec captcha') unless the payload is a fresh, unused solution. */
export async function assertCaptcha(db: Db, secret: string, payload: string | undefined | null) {
  const fail = () => new AppError('CAPTCHA_INVALID', authMsg.captcha);
  if (!payload) throw fail();
  let ok = false;
  try {
    ok = await verifySolution(payload, keyOf(secret), true);
  } catch {
    ok = false;
  }
  if (!ok) throw fail();
  let signature = '';
  let expires = Date.now() + CAPTCHA_TTL_S * 1000;
  try {
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature?: string };
    signature = String(decoded.signature ?? '');
    const p = extractParams(payload as never);
    if (!p.expires) throw new Error('no expiry');
    expires = Number(p.expires) * 1000;
  } catch {
    throw fail();
  }
  if (!signature) throw fail();
  await repo.purgeExpired(db);
  if (!(await repo.markUsed(db, sha256(signature), new Date(expires)))) throw fail();
}
