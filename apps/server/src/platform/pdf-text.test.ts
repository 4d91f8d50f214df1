import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { renderPdf } from '../lib/pdf.js';
import { extractPdfText } from './pdf-text.js';

/** A one-page PDF by hand, its content stream as given (for the operators pdf-lib does not write). */
function handPdf(content: string, flate: boolean) {
  const body = flate ? deflateSync(Buffer.from(content, 'latin1')) : Buffer.from(content, 'latin1');
  const dict = `<< /Length ${body.length}${flate ? ' /Filter /FlateDecode' : ''} >>`;
  return Buffer.concat([
    Buffer.from(`%PDF-1.4\n4 0 obj\n${dict}\nstream\n`, 'latin1'),
    body,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
}

describe('extractPdfText', () => {
  it("reads the text of the app's own PDFs (pdf-lib, Flate, WinAnsi accents, € and « »)", async () => {
    const pdf = await renderPdf({
      issuer: { name: 'Cabinet Lefèvre Immobilier' },
      title: "Procès-verbal de l'assemblée générale",
      blocks: [{ p: "Le budget de 42 000 € est approuvé à la majorité de l'article 24 : « adopté »." }],
    });
    const text = extractPdfText(pdf);
    expect(text).toContain("Procès-verbal de l'assemblée générale");
    expect(text).toContain('Cabinet Lefèvre Immobilier');
    expect(text).toMatch(/42\s000\s€/);
    expect(text).toContain('« adopté »');
  });

  it.each([
    [
      'an uncompressed stream, literal strings and escapes',
      false,
      'BT /F1 12 Tf 72 700 Td (Ravalement \\(fa\\347ade\\)) Tj ET',
      'Ravalement (façade)',
    ],
    [
      'a Flate stream, hex strings',
      true,
      'BT /F1 12 Tf <436f6e7472617420> Tj <6427617363656e7365757273> Tj ET',
      "Contrat d'ascenseurs",
    ],
    [
      'a TJ array, a wide gap read as a space',
      true,
      'BT [(Fonds)-300(de)-20(travaux)] TJ ET',
      'Fonds detravaux',
    ],
    [
      "the ' operator starting a new line",
      false,
      "BT (Ligne un) Tj (Ligne deux) ' ET",
      'Ligne un\nLigne deux',
    ],
  ])('reads %s', (_, flate, content, expected) => {
    expect(extractPdfText(handPdf(content, flate))).toBe(expected);
  });

  it.each([
    ['not a PDF', Buffer.from('PK\u0003\u0004 zip')],
    ['a PDF with no text', handPdf('0 0 m 10 10 l S', true)],
    [
      'a damaged Flate stream',
      Buffer.from('%PDF-1.4\n<< /Filter /FlateDecode >>\nstream\nxxxx\nendstream\n'),
    ],
  ])('gives nothing for %s', (_, pdf) => {
    expect(extractPdfText(pdf)).toBe('');
  });
});
