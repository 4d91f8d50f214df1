import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import { randomToken } from './lib/crypto.js';

/**
 * APP_SECRET signs file URLs. Production must set it; the embedded default generates one
 * into DATA_DIR once, so URLs stay valid across restarts.
 */
export async function ensureAppSecret(config: Config): Promise<Config> {
  if (config.appSecret) return config;
  if (config.env === 'production') throw new Error('APP_SECRET must be set in production');
  const file = path.join(config.dataDir, 'app-secret');
  await mkdir(config.dataDir, { recursive: true });
  if (!existsSync(file)) await writeFile(file, randomToken(48), { mode: 0o600 });
  return { ...config, appSecret: (await readFile(file, 'utf8')).trim() };
}
