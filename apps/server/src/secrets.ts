import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';
import { randomToken } from './lib/crypto.js';

/** A setting production refuses; main.ts prints its French message alone and exits. */
export class StartupError extends Error {}

/** What APP_SECRET must carry in production: 32 random bytes. */
export const MIN_SECRET_BITS = 256;

const HOW_TO =
  "Générez-en un avec « openssl rand -base64 48 » (ou « node -e \"console.log(require('node:crypto').randomBytes(48).toString('base64'))\" ») " +
  "et placez-le dans la variable d'environnement APP_SECRET, sans le modifier.";

/**
 * A conservative estimate of the randomness of a secret, in bits: its length times the bits of
 * its alphabet (hex 4, base64 6, any printable character 6.6), provided its characters are as
 * varied as random ones would be; otherwise half of what their observed distribution allows.
 * `openssl rand -hex 32` and `-base64 32` reach 256; 'x', a word repeated or a short phrase do not.
 */
export function secretEntropyBits(secret: string): number {
  const s = secret.replace(/=+$/, '');
  if (s.length === 0) return 0;
  const alphabet = /^[0-9a-f]+$/i.test(s) ? 16 : /^[A-Za-z0-9+/_-]+$/.test(s) ? 64 : 95;
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let shannon = 0;
  for (const n of counts.values()) shannon -= (n / s.length) * Math.log2(n / s.length);
  const perChar = Math.log2(alphabet);
  // Random text of this length over this alphabet shows at least ~3/4 of the possible spread;
  // text that does not (words, repeats) counts for half of what its distribution shows.
  const expected = Math.log2(Math.min(alphabet, s.length));
  return Math.floor(shannon >= 0.75 * expected ? s.length * perChar : (s.length * shannon) / 2);
}

/**
 * APP_SECRET signs file URLs and hashes codes and captchas. Production must set a strong one
 * (decision 47); the embedded default generates one into DATA_DIR once, so URLs stay valid
 * across restarts.
 */
export async function ensureAppSecret(config: Config): Promise<Config> {
  if (config.env === 'production') {
    if (!config.appSecret)
      throw new StartupError(
        `APP_SECRET doit être défini en production (au moins 32 octets aléatoires). ${HOW_TO}`,
      );
    const bits = secretEntropyBits(config.appSecret);
    if (bits < MIN_SECRET_BITS)
      throw new StartupError(
        `APP_SECRET est trop faible pour la production : environ ${bits} bits d'aléa, il en faut au moins ${MIN_SECRET_BITS} (32 octets aléatoires). ${HOW_TO}`,
      );
    return config;
  }
  if (config.appSecret) return config;
  const file = path.join(config.dataDir, 'app-secret');
  await mkdir(config.dataDir, { recursive: true });
  if (!existsSync(file)) await writeFile(file, randomToken(48), { mode: 0o600 });
  return { ...config, appSecret: (await readFile(file, 'utf8')).trim() };
}
