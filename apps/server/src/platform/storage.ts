import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hmac, safeEqual } from '../lib/crypto.js';
import { sizeFamilyOf } from './image-keys.js';

export interface StorageAdapter {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; an absent one is not an error (a sweep may run twice). */
  delete(key: string): Promise<void>;
  /** A URL the browser can GET for `ttlS` seconds. */
  signedGetUrl(key: string, ttlS?: number, opts?: { download?: string }): Promise<string>;
  /** A URL the browser can PUT the file to (SPEC §7 /media/presigned-url). */
  signedPutUrl(key: string, contentType: string, ttlS?: number): Promise<string>;
  /** Checks a `/files/{key}` URL of the app (see `appUrlSigner`). */
  verify(key: string, method: 'GET' | 'PUT', expires: number, sig: string): boolean;
  /** S3: a direct URL of the object, where the app's `/files/` URL of a sized image redirects. */
  objectUrl?(key: string, ttlS: number, opts?: { download?: string }): Promise<string>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;
export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error('Invalid storage key');
}

/**
 * App URLs `/files/{key}?e=<expiry>&s=<hmac>`, checked by the files route, so a URL cannot be
 * forged or reused after it expires. A GET signature covers every size of a sized image
 * (decision 56: the client swaps '/original/' for '/medium/'); a PUT signature covers its key only.
 */
export function appUrlSigner(secret: string) {
  const sign = (method: 'GET' | 'PUT', key: string, e: number) =>
    hmac(secret, `${method}\n${method === 'GET' ? sizeFamilyOf(key) : key}\n${e}`);
  const expiry = (ttlS: number) => Math.floor(Date.now() / 1000) + ttlS;
  return {
    getUrl(key: string, ttlS: number, opts?: { download?: string }) {
      assertSafeKey(key);
      const e = expiry(ttlS);
      const dl = opts?.download ? `&dl=${encodeURIComponent(opts.download)}` : '';
      return `/files/${key}?e=${e}&s=${sign('GET', key, e)}${dl}`;
    },
    putUrl(key: string, ttlS: number) {
      assertSafeKey(key);
      const e = expiry(ttlS);
      return `/files/${key}?e=${e}&s=${sign('PUT', key, e)}`;
    },
    verify(key: string, method: 'GET' | 'PUT', expires: number, sig: string) {
      if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
      return safeEqual(sign(method, key, expires), sig);
    },
  };
}

/** Local disk under DATA_DIR/files, served and received through app URLs. */
export function localStorageAdapter(root: string, secret: string): StorageAdapter & { root: string } {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  const urls = appUrlSigner(secret);
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
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async signedGetUrl(key, ttlS = 3600, opts) {
      return urls.getUrl(key, ttlS, opts);
    },
    async signedPutUrl(key, _contentType, ttlS = 900) {
      return urls.putUrl(key, ttlS);
    },
    verify: urls.verify,
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
