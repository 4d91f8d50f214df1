import { type PdfSpec, renderPdf } from '../../lib/pdf.js';
import type { SealingIdentity } from '../sealing/certificate.js';
import { type SealOptions, sealPdf } from '../sealing/pades.js';

/**
 * What the CPU pool's threads run (pool.ts): each task takes and answers values a worker can
 * receive (Buffers arrive as Uint8Array, a KeyObject as its clone).
 */
export const tasks = {
  seal: (id: SealingIdentity, pdf: Uint8Array, opts: SealOptions) =>
    sealPdf(id, Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength), opts),
  pdf: (spec: PdfSpec) => renderPdf(spec),
};

export type Tasks = typeof tasks;
