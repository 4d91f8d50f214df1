import { type Ed25519Verify, webEd25519Verify } from '@tantieme/contract';

/**
 * Ed25519 verification in any browser: WebCrypto where it knows Ed25519 (Chromium 137+, Firefox,
 * Safari 17+), else the small pure-JS @noble/ed25519, loaded only then.
 */
export function ed25519WithFallback(primary: Ed25519Verify = webEd25519Verify): Ed25519Verify {
  return async (publicKey, signature, message) => {
    try {
      return await primary(publicKey, signature, message);
    } catch {
      const noble = await import('@noble/ed25519');
      return noble.verifyAsync(signature, message, publicKey);
    }
  };
}
