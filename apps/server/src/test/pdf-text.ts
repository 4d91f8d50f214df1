import { inflateSync } from 'node:zlib';

/** The WinAnsi code points that differ from Latin-1 and that the documents use. */
const WIN_ANSI: Record<number, string> = { 128: '€', 133: '…', 146: '’', 150: '–', 151: '—' };

/**
 * The text drawn on a PDF made by `lib/pdf.ts` (pdf-lib, standard fonts): each content stream
 * inflated, each shown string decoded as WinAnsi. Enough to read back what a test wrote.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const s of body.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      out.push([...Buffer.from(s[1], 'hex')].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join(''));
  }
  return out.join('\n').replace(/\u00a0/g, ' ');
}
