import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519WithFallback } from './ed25519';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x as string, 'base64url'));
const message = new TextEncoder().encode('{"count":3}');
const signature = new Uint8Array(sign(null, message, privateKey));
const unsupported = async (): Promise<boolean> => {
  throw new DOMException('Unrecognized name.', 'NotSupportedError');
};

describe('Ed25519 in a browser without it in WebCrypto', () => {
  it.each([
    ['WebCrypto', undefined],
    ['the pure-JS fallback', unsupported],
  ])("%s accepts the server's signature and refuses an altered message", async (_, primary) => {
    const verify = ed25519WithFallback(primary);
    expect(await verify(raw, signature, message)).toBe(true);
    expect(await verify(raw, signature, new TextEncoder().encode('{"count":2}'))).toBe(false);
  });
});
