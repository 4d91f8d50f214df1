import { ar24LreAdapter } from './ar24.js';
import { localLreAdapter } from './local.js';
import type { LreAdapter } from './types.js';

export { ar24LreAdapter } from './ar24.js';
export { type LocalLreAdapter, localLreAdapter } from './local.js';
export type { LreAdapter, LreDeposit, LreLetter, LreState } from './types.js';
export { LreUnavailableError } from './types.js';

/**
 * AR24 at LRE_API_URL (https://app.ar24.fr/api, or the sandbox https://sandbox.ar24.fr/api) with
 * LRE_API_TOKEN, LRE_API_KEY (the private key), LRE_API_USER (the sender's id) and
 * LRE_API_OTP_SECRET (the sender's TOTP secret), each call limited to LRE_TIMEOUT_MS (15 s), else the local default, which reports the first
 * presentation LRE_LOCAL_DELAY_SECONDS after the deposit.
 */
export function lreAdapterFromEnv(env: NodeJS.ProcessEnv = process.env): LreAdapter {
  if (env.LRE_API_URL)
    return ar24LreAdapter({
      url: env.LRE_API_URL,
      token: env.LRE_API_TOKEN ?? '',
      privateKey: env.LRE_API_KEY ?? '',
      userId: env.LRE_API_USER ?? '',
      otpSecret: env.LRE_API_OTP_SECRET ?? '',
      ...(Number(env.LRE_TIMEOUT_MS) > 0 ? { timeoutMs: Number(env.LRE_TIMEOUT_MS) } : {}),
    });
  const delay = Number(env.LRE_LOCAL_DELAY_SECONDS ?? '3600');
  return localLreAdapter({ delaySeconds: Number.isFinite(delay) ? delay : 3600 });
}
