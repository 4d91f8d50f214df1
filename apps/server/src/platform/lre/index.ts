import { ar24LreAdapter } from './ar24.js';
import { localLreAdapter } from './local.js';
import type { LreAdapter } from './types.js';

export { ar24LreAdapter } from './ar24.js';
export { type LocalLreAdapter, localLreAdapter } from './local.js';
export type { LreAdapter, LreDeposit, LreLetter, LreState } from './types.js';

/**
 * The provider of LRE_API_URL (with LRE_API_TOKEN, LRE_API_KEY, LRE_API_USER), else the local
 * default, which reports the first presentation LRE_LOCAL_DELAY_SECONDS after the deposit.
 */
export function lreAdapterFromEnv(env: NodeJS.ProcessEnv = process.env): LreAdapter {
  if (env.LRE_API_URL)
    return ar24LreAdapter({
      url: env.LRE_API_URL,
      token: env.LRE_API_TOKEN ?? '',
      privateKey: env.LRE_API_KEY ?? '',
      userId: env.LRE_API_USER ?? '',
    });
  const delay = Number(env.LRE_LOCAL_DELAY_SECONDS ?? '3600');
  return localLreAdapter({ delaySeconds: Number.isFinite(delay) ? delay : 3600 });
}
