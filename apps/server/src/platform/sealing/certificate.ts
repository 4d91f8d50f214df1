import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  X509Certificate,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  bits,
  bool,
  children,
  ctx,
  int,
  nul,
  octets,
  oid,
  printable,
  read,
  seq,
  set,
  time,
  utf8,
} from './der.js';

/** The sealing certificate and its key: what signs the PDFs (PAdES). */
export interface SealingIdentity {
  key: KeyObject;
  /** DER certificates, the sealing one first, then its chain if any. */
  certificates: Buffer[];
  /** The certificate's subject common name: the signer a PDF reader shows. */
  name: string;
  /** SHA-256 of the sealing certificate (DER), hex: what the certificate page prints. */
  fingerprint: string;
}

export const OID = {
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  ecdsaWithSHA256: '1.2.840.10045.4.3.2',
  sha256: '2.16.840.1.101.3.4.2.1',
  countryName: '2.5.4.6',
  organizationName: '2.5.4.10',
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
};

/** The AlgorithmIdentifier of a SHA-256 signature with this key (RSA PKCS#1 v1.5 or ECDSA). */
export function signatureAlgorithm(key: KeyObject): Buffer {
  if (key.asymmetricKeyType === 'rsa') return seq(oid(OID.sha256WithRSA), nul());
  if (key.asymmetricKeyType === 'ec') return seq(oid(OID.ecdsaWithSHA256));
  throw new Error('the sealing key must be RSA or ECDSA');
}

export const DEFAULT_SEAL_NAME = 'Tantième, sceau des assemblées générales';

/** A self-signed sealing certificate (X.509 v3, RSA 2048, 10 years), for when none is configured. */
export function selfSigned(name = DEFAULT_SEAL_NAME, now = new Date()) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const dn = seq(
    set(seq(oid(OID.countryName), printable('FR'))),
    set(seq(oid(OID.organizationName), utf8('Tantième'))),
    set(seq(oid(OID.commonName), utf8(name))),
  );
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(now.getUTCFullYear() + 10);
  const alg = signatureAlgorithm(privateKey);
  const extension = (id: string, critical: boolean, value: Buffer) =>
    seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
  const tbs = seq(
    ctx(0, int(2)),
    int(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])),
    alg,
    dn,
    seq(time(new Date(now.getTime() - 3600_000)), time(notAfter)),
    dn,
    spki,
    ctx(
      3,
      seq(
        extension(OID.basicConstraints, true, seq()),
        // digitalSignature and nonRepudiation (contentCommitment): the seal of a document.
        extension(OID.keyUsage, true, bits(Buffer.from([0xc0]), 6)),
        extension(OID.subjectKeyIdentifier, false, octets(createHash('sha1').update(spki).digest())),
      ),
    ),
  );
  const cert = seq(tbs, alg, bits(sign('sha256', tbs, privateKey)));
  return {
    certPem: new X509Certificate(cert).toString(),
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The issuer Name and serialNumber of a certificate (the CMS signer's identifier), as DER. */
export function issuerAndSerial(cert: Buffer) {
  const tbs = children(children(read(cert))[0]);
  const i = tbs[0].tag === 0xa0 ? 1 : 0;
  return { serial: tbs[i].raw, issuer: tbs[i + 2].raw };
}

/** The subject's common name (the last CN), read from the DER: no text escaping to undo. */
export function commonName(cert: Buffer): string | null {
  const tbs = children(children(read(cert))[0]);
  const subject = tbs[(tbs[0].tag === 0xa0 ? 1 : 0) + 4];
  const cn = oid(OID.commonName);
  let name: string | null = null;
  for (const rdn of children(subject))
    for (const atv of children(rdn)) {
      const [type, value] = children(atv);
      if (type.raw.equals(cn)) name = value.body.toString(value.tag === 0x1e ? 'utf16le' : 'utf8');
    }
  return name;
}

/** Reads a PEM certificate (its chain may follow) and its private key; checks they belong together. */
export function identityFromPem(certPem: string, keyPem: string, passphrase?: string): SealingIdentity {
  const blocks = certPem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error('the sealing certificate file holds no PEM certificate');
  const x509 = blocks.map((b) => new X509Certificate(b));
  const key = createPrivateKey(passphrase ? { key: keyPem, passphrase } : keyPem);
  if (!x509[0].checkPrivateKey(key))
    throw new Error('the sealing key does not match the sealing certificate');
  signatureAlgorithm(key);
  return {
    key,
    certificates: x509.map((c) => c.raw),
    name: commonName(x509[0].raw) ?? x509[0].subject,
    fingerprint: createHash('sha256').update(x509[0].raw).digest('hex'),
  };
}

/**
 * The local default: a self-signed certificate generated once into DATA_DIR/sealing and kept, so the
 * seals of earlier documents keep naming the same certificate across restarts.
 */
export function localIdentity(dataDir: string): SealingIdentity {
  const dir = path.join(dataDir, 'sealing');
  const certFile = path.join(dir, 'seal-cert.pem');
  const keyFile = path.join(dir, 'seal-key.pem');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    mkdirSync(dir, { recursive: true });
    const made = selfSigned();
    writeFileSync(keyFile, made.keyPem, { mode: 0o600 });
    writeFileSync(certFile, made.certPem);
  }
  return identityFromPem(readFileSync(certFile, 'utf8'), readFileSync(keyFile, 'utf8'));
}
