import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
} from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ChainHead, headMessage, type SignedHead, type SigningKey } from '@tantieme/contract';
import type { Config } from '../config.js';

/**
 * The server's Ed25519 key that signs the chain heads of assemblies. ASSEMBLY_SIGNING_KEY (a PKCS#8
 * private key, PEM or base64 DER: `openssl genpkey -algorithm ed25519`) in production; the embedded
 * default generates one once into DATA_DIR/assembly-signing-key.pem and keeps it, so heads the
 * co-owners hold stay verifiable across restarts.
 */
export interface AssembleeSigner {
  key: SigningKey;
  /**
   * Keys retired by a rotation (ASSEMBLY_SIGNING_KEYS_RETIRED, comma-separated, each the old private
   * key or its public key, PEM or base64 DER): published beside the current one, so the heads they
   * signed still verify under the key their fingerprint names.
   */
  retired: SigningKey[];
  sign(head: ChainHead): SignedHead;
}

function parsePrivateKey(text: string): KeyObject {
  const t = text.trim();
  const key = t.startsWith('-----')
    ? createPrivateKey(t)
    : createPrivateKey({ key: Buffer.from(t, 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('ASSEMBLY_SIGNING_KEY must be an Ed25519 key');
  return key;
}

function publicOf(key: KeyObject): SigningKey {
  const jwk = (key.type === 'public' ? key : createPublicKey(key)).export({ format: 'jwk' });
  const raw = Buffer.from(String(jwk.x), 'base64url');
  const fingerprint = createHash('sha256').update(raw).digest('hex');
  return { algorithm: 'Ed25519', public_key: raw.toString('base64'), fingerprint };
}

/** A retired key: the old private key (PKCS#8) or only its public key (SPKI), PEM or base64 DER. */
function parseRetiredKey(text: string): SigningKey {
  const t = text.trim();
  let key: KeyObject;
  try {
    key = parsePrivateKey(t);
  } catch {
    key = t.startsWith('-----')
      ? createPublicKey(t)
      : createPublicKey({ key: Buffer.from(t, 'base64'), format: 'der', type: 'spki' });
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error('ASSEMBLY_SIGNING_KEYS_RETIRED must hold Ed25519 keys');
  return publicOf(key);
}

export function signerFromKey(privateKey: KeyObject, retiredKeys: string[] = []): AssembleeSigner {
  const key = publicOf(privateKey);
  const fingerprint = key.fingerprint;
  const retired = retiredKeys
    .map(parseRetiredKey)
    .filter(
      (k, i, all) =>
        k.fingerprint !== fingerprint && all.findIndex((o) => o.fingerprint === k.fingerprint) === i,
    );
  return {
    key,
    retired,
    sign: (head) => ({
      ...head,
      signature: sign(null, Buffer.from(headMessage(head)), privateKey).toString('base64'),
      key_fingerprint: fingerprint,
    }),
  };
}

let ephemeral: AssembleeSigner | null = null;

/**
 * The signer of this configuration. Without a key (tests), one generated for the process: never in
 * production, where main.ts refuses to start without ASSEMBLY_SIGNING_KEY.
 */
type SignerConfig = Pick<Config, 'env' | 'assembleeSigningKey'> & { assembleeSigningKeysRetired?: string };
const retiredList = (text?: string) => (text ?? '').split(',').filter((k) => k.trim());

export function assembleeSigner(config: SignerConfig): AssembleeSigner {
  if (config.assembleeSigningKey)
    return cachedSigner(config.assembleeSigningKey, retiredList(config.assembleeSigningKeysRetired));
  if (config.env === 'production') throw new Error('ASSEMBLY_SIGNING_KEY must be set in production');
  ephemeral ??= signerFromKey(generateKeyPairSync('ed25519').privateKey);
  return ephemeral;
}

const signers = new Map<string, AssembleeSigner>();
function cachedSigner(text: string, retired: string[] = []): AssembleeSigner {
  const id = [text, ...retired].join(',');
  let s = signers.get(id);
  if (!s) {
    s = signerFromKey(parsePrivateKey(text), retired);
    signers.set(id, s);
  }
  return s;
}

/** Reads or generates the key (see AssembleeSigner) and checks it parses, before the server listens. */
export async function ensureAssembleeSigningKey(config: Config): Promise<Config> {
  if (config.assembleeSigningKey) {
    cachedSigner(config.assembleeSigningKey, retiredList(config.assembleeSigningKeysRetired));
    return config;
  }
  if (config.env === 'production') throw new Error('ASSEMBLY_SIGNING_KEY must be set in production');
  const file = path.join(config.dataDir, 'assembly-signing-key.pem');
  await mkdir(config.dataDir, { recursive: true });
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ed25519');
    await writeFile(file, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
  }
  const pem = await readFile(file, 'utf8');
  cachedSigner(pem);
  return { ...config, assembleeSigningKey: pem };
}
