import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../lib/pdf.js';
import { pdfsig } from '../../test/pdfsig.js';
import { DEFAULT_SEAL_NAME, selfSigned } from './certificate.js';
import { createSealer } from './index.js';

const pdf = () =>
  renderPdf({
    issuer: { name: 'Résidence Les Tilleuls' },
    title: 'Procès-verbal',
    blocks: [{ p: 'Résolution n° 1 adoptée.' }],
    createdAt: new Date('2026-04-14T18:45:00Z'),
  });
const opts = { reason: 'Procès-verbal signé', signedAt: new Date('2026-04-20T09:00:00Z') };

describe('PAdES seal', () => {
  it('the local default: a self-signed certificate kept in DATA_DIR, a seal pdfsig finds valid', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seal-'));
    const sealer = createSealer({ dataDir });
    const sealed = await sealer.seal(await pdf(), opts);
    const out = await pdfsig(sealed);
    expect(out).toContain('Signature is Valid');
    expect(out).toContain(`Signer Certificate Common Name: ${DEFAULT_SEAL_NAME}`);
    expect(out).toContain('Signature Type: ETSI.CAdES.detached');
    expect(out).toContain('Total document signed');
    // Stable across restarts: the same certificate is read back from DATA_DIR.
    expect(createSealer({ dataDir }).identity().fingerprint).toBe(sealer.identity().fingerprint);
  });

  it('one byte changed after sealing: pdfsig reports the signature invalid', async () => {
    const sealer = createSealer({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'seal-')) });
    const sealed = await sealer.seal(await pdf(), opts);
    // A letter of the title in the document information (a hex string): still a well-formed PDF.
    const at = sealed.indexOf('/Title <') + '/Title <FEFF00'.length;
    expect(at).toBeGreaterThan(20);
    const tampered = Buffer.from(sealed);
    tampered[at] = tampered[at] === 0x35 ? 0x36 : 0x35;
    const out = await pdfsig(tampered);
    expect(out).not.toContain('Signature is Valid');
    expect(out).toMatch(/Digest Mismatch|Signature is Invalid/);
  });

  it('a configured certificate (PEM files, encrypted key and its passphrase) signs in its own name', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seal-conf-'));
    const made = selfSigned('Cabinet Lafayette Gestion, cachet');
    const encrypted = createPrivateKey(made.keyPem).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-256-cbc',
      passphrase: 'tilleuls',
    });
    writeFileSync(path.join(dir, 'cert.pem'), made.certPem);
    writeFileSync(path.join(dir, 'key.pem'), encrypted);
    const sealer = createSealer({
      dataDir: dir,
      seal: {
        certFile: path.join(dir, 'cert.pem'),
        keyFile: path.join(dir, 'key.pem'),
        passphrase: 'tilleuls',
      },
    });
    expect(sealer.identity().name).toBe('Cabinet Lafayette Gestion, cachet');
    const out = await pdfsig(await sealer.seal(await pdf(), opts));
    expect(out).toContain('Signature is Valid');
    expect(out).toContain('Signer Certificate Common Name: Cabinet Lafayette Gestion, cachet');
  });

  it("a key that is not the certificate's stops the start", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seal-bad-'));
    writeFileSync(path.join(dir, 'cert.pem'), selfSigned().certPem);
    writeFileSync(path.join(dir, 'key.pem'), selfSigned().keyPem);
    expect(() =>
      createSealer({
        dataDir: dir,
        seal: { certFile: path.join(dir, 'cert.pem'), keyFile: path.join(dir, 'key.pem') },
      }),
    ).toThrow('the sealing key does not match the sealing certificate');
  });
});
