import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../lib/pdf.js';
import { pdfsig } from '../../test/pdfsig.js';
import { DEFAULT_SEAL_NAME, selfSigned } from './certificate.js';
import { createSealer } from './index.js';

/**
 * The sealing certificate rotates (SEAL_CERT_FILE / SEAL_KEY_FILE replaced): each seal carries the
 * certificate that made it, so the minutes sealed before still verify, in their signer's name,
 * beside those sealed after.
 */
const minutes = (n: number) =>
  renderPdf({
    issuer: { name: 'Résidence Les Tilleuls' },
    title: `Procès-verbal n° ${n}`,
    blocks: [{ p: 'Résolution n° 1 adoptée.' }],
    createdAt: new Date('2026-04-14T18:45:00Z'),
  });
const opts = { reason: 'Procès-verbal signé', signedAt: new Date('2026-04-20T09:00:00Z') };

describe('rotating the sealing certificate', () => {
  it('leaves the earlier seals valid under their own certificate', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seal-rotation-'));
    const before = createSealer({ dataDir });
    const sealedBefore = await before.seal(await minutes(1), opts);

    const next = selfSigned('Cabinet Lafayette Gestion, cachet 2027');
    writeFileSync(path.join(dataDir, 'cert-2027.pem'), next.certPem);
    writeFileSync(path.join(dataDir, 'key-2027.pem'), next.keyPem);
    const after = createSealer({
      dataDir,
      seal: { certFile: path.join(dataDir, 'cert-2027.pem'), keyFile: path.join(dataDir, 'key-2027.pem') },
    });
    expect(after.identity().fingerprint).not.toBe(before.identity().fingerprint);
    const sealedAfter = await after.seal(await minutes(2), opts);

    const old = await pdfsig(sealedBefore);
    expect(old).toContain('Signature is Valid');
    expect(old).toContain(`Signer Certificate Common Name: ${DEFAULT_SEAL_NAME}`);
    const fresh = await pdfsig(sealedAfter);
    expect(fresh).toContain('Signature is Valid');
    expect(fresh).toContain('Signer Certificate Common Name: Cabinet Lafayette Gestion, cachet 2027');
  });
});
