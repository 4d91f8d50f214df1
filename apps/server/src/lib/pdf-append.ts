import { PDFDocument } from 'pdf-lib';

/** `base` followed by the pages of `extra`, keeping the base's metadata. */
export async function appendPdf(base: Buffer, extra: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.load(base, { updateMetadata: false });
  const more = await PDFDocument.load(extra);
  for (const page of await doc.copyPages(more, more.getPageIndices())) doc.addPage(page);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
