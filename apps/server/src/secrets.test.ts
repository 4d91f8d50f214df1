import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { ensureAppSecret, MIN_SECRET_BITS, secretEntropyBits, StartupError } from './secrets.js';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = () => path.join(os.tmpdir(), `tantieme-secret-${randomBytes(4).toString('hex')}`);

describe('APP_SECRET strength', () => {
  it('estimates what generated secrets carry, and refuses words, repeats and short strings', () => {
    for (let i = 0; i < 20; i++) {
      expect(secretEntropyBits(randomBytes(32).toString('hex'))).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
      expect(secretEntropyBits(randomBytes(32).toString('base64'))).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
      expect(secretEntropyBits(randomBytes(48).toString('base64'))).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
      expect(secretEntropyBits(randomBytes(48).toString('base64url'))).toBeGreaterThanOrEqual(
        MIN_SECRET_BITS,
      );
    }
    for (const weak of [
      'x',
      'changeme',
      'test-secret-not-for-production',
      'a'.repeat(200),
      'abc'.repeat(40),
      'correcthorsebatterystaplecorrecthorsebatterystaplecorrecthorsebatt',
      randomBytes(16).toString('hex'),
    ])
      expect(secretEntropyBits(weak), weak).toBeLessThan(MIN_SECRET_BITS);
  });

  it('production refuses a weak or missing secret with a French message saying how to generate one', async () => {
    for (const APP_SECRET of ['x', '', 'motdepasse-du-syndic-2024']) {
      const config = loadConfig({ NODE_ENV: 'production', APP_SECRET, DATA_DIR: tmp() });
      const err = await ensureAppSecret(config).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StartupError);
      expect((err as Error).message).toMatch(/^APP_SECRET (est trop faible|doit être défini) /);
      expect((err as Error).message).toContain('openssl rand -base64 48');
    }
    const strong = randomBytes(48).toString('base64');
    const ok = await ensureAppSecret(loadConfig({ NODE_ENV: 'production', APP_SECRET: strong }));
    expect(ok.appSecret).toBe(strong);
  });

  it('development without APP_SECRET still starts: a secret is generated into DATA_DIR once', async () => {
    const dataDir = tmp();
    const first = await ensureAppSecret(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }));
    expect(secretEntropyBits(first.appSecret)).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
    expect(existsSync(path.join(dataDir, 'app-secret'))).toBe(true);
    const again = await ensureAppSecret(loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir }));
    expect(again.appSecret).toBe(first.appSecret);
  });

  it('the server process exits at start in production with APP_SECRET=x, printing the message alone', async () => {
    const res = await run('npx', ['tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'production', APP_SECRET: 'x', DATA_DIR: tmp(), PORT: '0' },
      timeout: 60_000,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      'Tantième ne démarre pas\u202f: APP_SECRET est trop faible pour la production',
    );
    expect(res.stderr).toContain('openssl rand -base64 48');
    expect(res.stderr).not.toMatch(/\n\s+at /);
  }, 90_000);
});
