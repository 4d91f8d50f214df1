import { readFileSync } from 'node:fs';
import type { Config } from '../../config.js';
import { identityFromPem, localIdentity, type SealingIdentity } from './certificate.js';
import { cpuPool } from '../cpu/pool.js';
import type { SealOptions } from './pades.js';

export type { SealingIdentity } from './certificate.js';
export type { SealOptions } from './pades.js';

/** Seals PDFs (PAdES B-B) with the sealing certificate: the configured one, or the local default. */
export interface Sealer {
  /** Who seals: the certificate's name and SHA-256 fingerprint, printed on the certificate page. */
  identity(): { name: string; fingerprint: string };
  seal(pdf: Buffer, opts: SealOptions): Promise<Buffer>;
}

export function sealerOf(load: () => SealingIdentity): Sealer {
  let id: SealingIdentity | null = null;
  const get = () => {
    id ??= load();
    return id;
  };
  return {
    identity: () => ({ name: get().name, fingerprint: get().fingerprint }),
    // On a worker thread: a large PV's seal would hold the event loop for seconds.
    seal: async (pdf, opts) => {
      const sealed = await cpuPool().run('seal', get(), pdf, opts);
      return Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    },
  };
}

/**
 * The configured certificate (SEAL_CERT_FILE, SEAL_KEY_FILE, SEAL_KEY_PASSPHRASE), read and checked at
 * once so a wrong file stops the start; otherwise the self-signed one kept in DATA_DIR/sealing, made
 * on first use.
 */
export function createSealer(config: Pick<Config, 'dataDir' | 'seal'>): Sealer {
  const seal = config.seal;
  if (seal) {
    const id = identityFromPem(
      readFileSync(seal.certFile, 'utf8'),
      readFileSync(seal.keyFile, 'utf8'),
      seal.passphrase,
    );
    return sealerOf(() => id);
  }
  return sealerOf(() => localIdentity(config.dataDir));
}
