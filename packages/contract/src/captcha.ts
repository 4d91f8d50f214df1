import type { CaptchaChallenge } from './domains/identity.js';

const hex = (buf: ArrayBuffer) =>
  Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Solves an ALTCHA proof-of-work challenge (SHA-256 of salt + number) with Web Crypto and
 * returns the base64 payload the server verifies. Works in browsers and in Node 20.
 */
export async function solveCaptcha(c: CaptchaChallenge, signal?: AbortSignal): Promise<string | null> {
  const enc = new TextEncoder();
  const max = c.maxnumber ?? 1_000_000;
  for (let n = 0; n <= max; n++) {
    if (signal?.aborted) return null;
    const digest = await globalThis.crypto.subtle.digest('SHA-256', enc.encode(c.salt + n));
    if (hex(digest) === c.challenge) {
      const payload = JSON.stringify({
        algorithm: c.algorithm,
        challenge: c.challenge,
        number: n,
        salt: c.salt,
        signature: c.signature,
      });
      return btoa(payload);
    }
  }
  return null;
}
