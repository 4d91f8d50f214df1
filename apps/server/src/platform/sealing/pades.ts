import { createHash } from 'node:crypto';
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import type { SealingIdentity } from './certificate.js';
import { signedData } from './cms.js';

/** Room for the CMS in /Contents (bytes): the certificate, a chain of a few more, the signature. */
const CONTENTS_BYTES = 16_384;
const RANGE_PLACEHOLDER = '**********';

export interface SealOptions {
  /** Why the document is sealed, shown by PDF readers (/Reason). */
  reason: string;
  location?: string;
  signedAt: Date;
}

/**
 * Seals a PDF with a PAdES baseline B-B signature (ETSI EN 319 142-1): an invisible signature field
 * whose /Contents is a detached CMS (SubFilter ETSI.CAdES.detached) over every byte of the file but
 * /Contents itself (/ByteRange). Any later change to those bytes breaks the signature, which any PDF
 * tool checks with the certificate the CMS carries.
 */
export async function sealPdf(id: SealingIdentity, pdf: Buffer, opts: SealOptions): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const ctx = doc.context;
  const byteRange = PDFArray.withContext(ctx);
  byteRange.push(PDFNumber.of(0));
  for (let i = 0; i < 3; i++) byteRange.push(PDFName.of(RANGE_PLACEHOLDER));
  const sig = ctx.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: byteRange,
    Contents: PDFHexString.of('0'.repeat(CONTENTS_BYTES * 2)),
    Name: PDFHexString.fromText(id.name),
    Reason: PDFHexString.fromText(opts.reason),
    ...(opts.location ? { Location: PDFHexString.fromText(opts.location) } : {}),
    M: PDFString.fromDate(opts.signedAt),
  });
  const sigRef = ctx.register(sig);
  const page = doc.getPages()[doc.getPageCount() - 1];
  const widget = ctx.obj({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: sigRef,
    T: PDFHexString.fromText('Sceau'),
    F: 132, // Print + Locked
    P: page.ref,
  });
  const widgetRef = ctx.register(widget);
  const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? PDFArray.withContext(ctx);
  annots.push(widgetRef);
  page.node.set(PDFName.of('Annots'), annots);
  // SigFlags 3: the document holds signatures, and is to be changed only by appending.
  doc.catalog.set(PDFName.of('AcroForm'), ctx.obj({ SigFlags: 3, Fields: [widgetRef] }));
  // No object streams: the signature dictionary stays in clear, so its placeholders can be filled.
  const bytes = Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));

  const placeholder = Buffer.from(`<${'0'.repeat(CONTENTS_BYTES * 2)}>`, 'latin1');
  const start = bytes.indexOf(placeholder);
  const end = start + placeholder.length;
  const rangeText = `[ 0 /${RANGE_PLACEHOLDER} /${RANGE_PLACEHOLDER} /${RANGE_PLACEHOLDER} ]`;
  const rangeAt = bytes.indexOf(Buffer.from(rangeText, 'latin1'));
  if (start < 0 || rangeAt < 0) throw new Error('the signature placeholders were not written');
  const range = `[0 ${start} ${end} ${bytes.length - end}]`.padEnd(rangeText.length, ' ');
  if (range.length > rangeText.length) throw new Error('the byte range does not fit its placeholder');
  bytes.write(range, rangeAt, 'latin1');

  const digest = createHash('sha256').update(bytes.subarray(0, start)).update(bytes.subarray(end)).digest();
  const cms = signedData(id, digest).toString('hex');
  if (cms.length > CONTENTS_BYTES * 2) throw new Error('the seal does not fit its placeholder');
  bytes.write(cms.padEnd(CONTENTS_BYTES * 2, '0'), start + 1, 'latin1');
  return bytes;
}
