import { createHash, sign } from 'node:crypto';
import { type SealingIdentity, issuerAndSerial, OID, signatureAlgorithm } from './certificate.js';
import { ctx, int, octets, oid, seq, set, tlv } from './der.js';

const CMS = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
};

const attribute = (type: string, value: Buffer) => seq(oid(type), set(value));

/**
 * A detached CMS SignedData (RFC 5652) over `digest` (SHA-256 of the PDF's signed byte ranges), as
 * PAdES baseline B-B requires (ETSI EN 319 142-1, 5.1 and 6.3): signed attributes content-type,
 * message-digest and signing-certificate-v2 (RFC 5035, the SHA-256 of the sealing certificate and
 * its issuer and serial), no signing-time (the time is the signature dictionary's /M).
 */
export function signedData(id: SealingIdentity, digest: Buffer): Buffer {
  const cert = id.certificates[0];
  const { issuer, serial } = issuerAndSerial(cert);
  const sha256 = seq(oid(OID.sha256));
  const essCertIdV2 = seq(
    octets(createHash('sha256').update(cert).digest()),
    // IssuerSerial: GeneralNames ([4] directoryName) and the serial number.
    seq(seq(ctx(4, issuer)), serial),
  );
  const attrs = [
    attribute(CMS.contentType, oid(CMS.data)),
    attribute(CMS.messageDigest, octets(digest)),
    attribute(CMS.signingCertificateV2, seq(seq(essCertIdV2))),
  ];
  // The signature covers the attributes' DER as an explicit SET OF (RFC 5652 5.4).
  const signedAttrs = set(...attrs);
  const signature = sign('sha256', signedAttrs, id.key);
  const signerInfo = seq(
    int(1),
    seq(issuer, serial),
    sha256,
    // [0] IMPLICIT: the same content under the context tag.
    tlv(0xa0, signedAttrs.subarray(headerLength(signedAttrs))),
    signatureAlgorithm(id.key),
    octets(signature),
  );
  const content = seq(int(1), set(sha256), seq(oid(CMS.data)), ctx(0, ...id.certificates), set(signerInfo));
  return seq(oid(CMS.signedData), ctx(0, content));
}

function headerLength(der: Buffer): number {
  return der[1] & 0x80 ? 2 + (der[1] & 0x7f) : 2;
}
