import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hmac, safeEqual } from '../lib/crypto.js';

export interface StorageAdapter {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** A URL the browser can GET for `ttlS` seconds. */
  signedGetUrl(key: string, ttlS?: number, opts?: { download?: string }): Promise<string>;
  /** A URL the browser can PUT the file to (SPEC §7 /media/presigned-url). */
  signedPutUrl(key: string, contentType: string, ttlS?: number): Promise<string>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;
export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error('Invalid storage key');
}

/**
 * Local disk under DATA_DIR/files; URLs are /files/<key>?e=<expiry>&s=<hmac>, checked by
 * the files route, so a URL cannot be forged or reused after it expires.
 */
export function localStorageAdapter(
  root: string,
  secret: string,
): StorageAdapter & {
  verify(key: string, method: 'GET' | 'PUT', expires: number, sig: string): boolean;
  root: string;
} {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  const sign = (method: string, key: string, e: number) => hmac(secret, `${method}\n${key}\n${e}`);
  return {
    kind: 'local',
    root,
    async put(key, data) {
      const p = file(key);
      await mkdir(path.dirname(p), { recursive: true });
      await writeFile(p, data);
    },
    async get(key) {
      return readFile(file(key));
    },
    async exists(key) {
      return fileExists(file(key));
    },
    async signedGetUrl(key, ttlS = 3600, opts) {
      assertSafeKey(key);
      const e = Math.floor(Date.now() / 1000) + ttlS;
      const dl = opts?.download ? `&dl=${encodeURIComponent(opts.download)}` : '';
      return `/files/${key}?e=${e}&s=${sign('GET', key, e)}${dl}`;
    },
    async signedPutUrl(key, _contentType, ttlS = 900) {
      assertSafeKey(key);
      const e = Math.floor(Date.now() / 1000) + ttlS;
      return `/files/${key}?e=${e}&s=${sign('PUT', key, e)}`;
    },
    verify(key, method, expires, sig) {
      if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
      return safeEqual(sign(method, key, expires), sig);
    },
  };
}

export async function fileExists(p: string) {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
