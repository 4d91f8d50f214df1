import type { PdfSpec } from '../../lib/pdf.js';
import { cpuPool } from './pool.js';

/**
 * A generated PDF laid out and saved on the CPU pool's thread: the procès-verbal of a large
 * assembly takes seconds of pdf-lib work, which on the event loop would stall every other request.
 */
export async function renderPdfOffLoop(spec: PdfSpec): Promise<Buffer> {
  const bytes = await cpuPool().run('pdf', spec);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
