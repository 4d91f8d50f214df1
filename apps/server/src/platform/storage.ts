import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hmac, safeEqual } from '../lib/crypto.js';
import { isImageOriginalKey, isSizedImageKey, sizeFamilyOf } from './image-keys.js';

export interface StorageAdapter {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  /** The stored object's length in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Removes the object; an absent one is not an error (a sweep may run twice). */
  delete(key: string): Promise<void>;
  /** A URL the browser can GET for `ttlS` seconds. */
  signedGetUrl(key: string, ttlS?: number, opts?: { download?: string }): Promise<string>;
  /**
   * A URL the browser can PUT the file to (SPEC §7 /media/presigned-url). With `expected`, the
   * app's URL refuses other bytes (decision 177); S3's is checked by reading the object back.
   */
  signedPutUrl(key: string, contentType: string, ttlS?: number, expected?: ExpectedUpload): Promise<string>;
  /** Checks a `/files/{key}` URL of the app (see `appUrlSigner`). */
  verify(
    key: string,
    method: 'GET' | 'PUT',
    expires: number,
    sig: string,
    expected?: ExpectedUpload,
  ): boolean;
  /** S3: a direct URL of the object, where the app's `/files/` URL of a sized image redirects. */
  objectUrl?(key: string, ttlS: number, opts?: { download?: string }): Promise<string>;
}

/** The length and SHA-256 (hexadecimal) announced for the bytes of an upload. */
export type ExpectedUpload = { size: number; sha256: string };

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;
export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error('Invalid storage key');
}

/**
 * App URLs `/files/{key}?e=<expiry>&s=<hmac>`, checked by the files route, so a URL cannot be
 * forged or reused after it expires. A GET signature of a sized image's original covers every
 * size of it (decision 56: the client swaps '/original/' for '/medium/'); a GET signature of one
 * size covers that size only, so the URL of a thumbnail never opens the original or a larger
 * size. A PUT signature covers its key, and the announced size and SHA-256 when given (decision 177).
 */
const putSubject = (key: string, expected?: ExpectedUpload) =>
  expected ? `${key}\n${expected.size}\n${expected.sha256}` : key;

export function appUrlSigner(secret: string) {
  const scope = (key: string) => (isImageOriginalKey(key) ? sizeFamilyOf(key) : key);
  const sign = (method: 'GET' | 'PUT', subject: string, e: number) =>
    hmac(secret, `${method}\n${subject}\n${e}`);
  const expiry = (ttlS: number) => Math.floor(Date.now() / 1000) + ttlS;
  return {
    getUrl(key: string, ttlS: number, opts?: { download?: string }) {
      assertSafeKey(key);
      const e = expiry(ttlS);
      const dl = opts?.download ? `&dl=${encodeURIComponent(opts.download)}` : '';
      return `/files/${key}?e=${e}&s=${sign('GET', scope(key), e)}${dl}`;
    },
    putUrl(key: string, ttlS: number, expected?: ExpectedUpload) {
      assertSafeKey(key);
      const e = expiry(ttlS);
      const x = expected ? `&n=${expected.size}&h=${expected.sha256}` : '';
      return `/files/${key}?e=${e}&s=${sign('PUT', putSubject(key, expected), e)}${x}`;
    },
    verify(key: string, method: 'GET' | 'PUT', expires: number, sig: string, expected?: ExpectedUpload) {
      if (!Number.isFinite(expires) || expires < Date.now() / 1000) return false;
      if (method === 'PUT') return safeEqual(sign('PUT', putSubject(key, expected), expires), sig);
      if (safeEqual(sign(method, key, expires), sig)) return true;
      // Any size of an image, by the signature of its original (the family, with a '*' no key holds).
      return isSizedImageKey(key) && safeEqual(sign('GET', sizeFamilyOf(key), expires), sig);
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
    async size(key) {
      try {
        return (await stat(file(key))).size;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    async signedGetUrl(key, ttlS = 3600, opts) {
      return urls.getUrl(key, ttlS, opts);
    },
    async signedPutUrl(key, _contentType, ttlS = 900, expected) {
      return urls.putUrl(key, ttlS, expected);
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
