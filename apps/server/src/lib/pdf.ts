import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** Content blocks of a generated document. */
export type Block =
  | { h: string }
  | { p: string }
  | { kv: [string, string][] }
  | {
      table: {
        head: string[];
        /** Relative column widths. */
        widths: number[];
        /** 'r' right-aligns a column (amounts). */
        align?: ('l' | 'r')[];
        rows: string[][];
        total?: string[];
      };
    }
  | { space: number };

export interface PdfSpec {
  /** Issuer shown in the header: the syndic, or the supplier of an invoice. */
  issuer: { name: string; lines?: string[] };
  title: string;
  subtitle?: string;
  /** Address block on the right, under the header. */
  recipient?: string[];
  /** "Lyon, le 1er juillet 2026" */
  place?: string;
  blocks: Block[];
  footer?: string;
  createdAt?: Date;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const BOTTOM = 60;
const BRAND = rgb(0.12, 0.27, 0.45);
const GREY = rgb(0.4, 0.4, 0.4);
const LIGHT = rgb(0.93, 0.95, 0.97);
const BLACK = rgb(0.1, 0.1, 0.1);

/** Helvetica is WinAnsi-encoded: keep French accents, €, « », – ; map the few characters it lacks. */
function cleaner(font: PDFFont) {
  return (s: string) => {
    const t = s.replace(/[\u202f\u2009\u2007]/g, ' ').replace(/\u2212/g, '-');
    try {
      font.widthOfTextAtSize(t, 10);
      return t;
    } catch {
      return [...t]
        .map((ch) => {
          try {
            font.widthOfTextAtSize(ch, 10);
            return ch;
          } catch {
            return '?';
          }
        })
        .join('');
    }
  };
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Renders a short A4 document (header, title, paragraphs, tables, page numbers) with pdf-lib. */
export async function renderPdf(spec: PdfSpec): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = cleaner(regular);
  doc.setTitle(clean(spec.title));
  doc.setAuthor(clean(spec.issuer.name));
  doc.setProducer('Tantième');
  doc.setCreator('Tantième');
  if (spec.createdAt) {
    doc.setCreationDate(spec.createdAt);
    doc.setModificationDate(spec.createdAt);
  }
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;

  const text = (s: string, x: number, yy: number, size: number, font = regular, color = BLACK) =>
    page.drawText(clean(s), { x, y: yy, size, font, color });

  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
    text(spec.issuer.name, MARGIN, y, 9, bold, BRAND);
    text(spec.title, MARGIN + 220, y, 9, regular, GREY);
    y -= 24;
  };
  const need = (h: number) => {
    if (y - h < BOTTOM) newPage();
  };

  // Header: issuer band.
  page.drawRectangle({ x: MARGIN, y: y - 4, width: 4, height: 30, color: BRAND });
  text(spec.issuer.name, MARGIN + 12, y + 12, 15, bold, BRAND);
  let hy = y;
  for (const line of spec.issuer.lines ?? []) {
    text(line, MARGIN + 12, hy, 8.5, regular, GREY);
    hy -= 11;
  }
  y = Math.min(hy, y - 12) - 14;

  if (spec.recipient?.length) {
    let ry = y;
    for (const [i, line] of spec.recipient.entries()) {
      text(line, MARGIN + width * 0.55, ry, 10, i === 0 ? bold : regular);
      ry -= 13;
    }
    y = ry - 8;
  }
  if (spec.place) {
    text(spec.place, MARGIN + width * 0.55, y, 9.5, regular, GREY);
    y -= 24;
  }

  for (const line of wrap(clean(spec.title), bold, 15, width)) {
    need(20);
    text(line, MARGIN, y, 15, bold);
    y -= 19;
  }
  if (spec.subtitle) {
    for (const line of wrap(clean(spec.subtitle), regular, 10.5, width)) {
      text(line, MARGIN, y, 10.5, regular, GREY);
      y -= 14;
    }
  }
  y -= 8;

  for (const block of spec.blocks) {
    if ('space' in block) y -= block.space;
    else if ('h' in block) {
      need(30);
      y -= 6;
      text(block.h, MARGIN, y, 11.5, bold, BRAND);
      y -= 17;
    } else if ('p' in block) {
      for (const line of wrap(clean(block.p), regular, 10, width)) {
        need(14);
        text(line, MARGIN, y, 10);
        y -= 13.5;
      }
      y -= 6;
    } else if ('kv' in block) {
      for (const [k, v] of block.kv) {
        need(14);
        text(k, MARGIN, y, 10, bold);
        text(v, MARGIN + 170, y, 10);
        y -= 14;
      }
      y -= 6;
    } else {
      const t = block.table;
      const sum = t.widths.reduce((a, b) => a + b, 0);
      const cols = t.widths.map((w) => (w / sum) * width);
      const drawRow = (cells: string[], font: PDFFont, fill?: typeof LIGHT) => {
        need(16);
        if (fill) page.drawRectangle({ x: MARGIN, y: y - 4, width, height: 15, color: fill });
        let x = MARGIN;
        cells.forEach((cell, i) => {
          let s = clean(cell ?? '');
          const max = cols[i] - 6;
          while (s.length > 1 && font.widthOfTextAtSize(s, 9) > max) s = `${s.slice(0, -2)}…`;
          const w = font.widthOfTextAtSize(s, 9);
          const tx = t.align?.[i] === 'r' ? x + cols[i] - 3 - w : x + 3;
          page.drawText(s, { x: tx, y, size: 9, font, color: BLACK });
          x += cols[i];
        });
        y -= 15;
      };
      drawRow(t.head, bold, LIGHT);
      for (const row of t.rows) drawRow(row, regular);
      if (t.total) {
        page.drawLine({
          start: { x: MARGIN, y: y + 11 },
          end: { x: MARGIN + width, y: y + 11 },
          thickness: 0.6,
          color: GREY,
        });
        drawRow(t.total, bold);
      }
      y -= 8;
    }
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    page = p;
    page.drawLine({
      start: { x: MARGIN, y: 42 },
      end: { x: A4[0] - MARGIN, y: 42 },
      thickness: 0.5,
      color: GREY,
    });
    const label = `Page ${i + 1} / ${pages.length}`;
    const labelWidth = regular.widthOfTextAtSize(label, 7.5);
    if (spec.footer) {
      let footer = clean(spec.footer);
      while (footer.length > 1 && regular.widthOfTextAtSize(footer, 7.5) > width - labelWidth - 12)
        footer = `${footer.slice(0, -2)}…`;
      text(footer, MARGIN, 30, 7.5, regular, GREY);
    }
    text(label, A4[0] - MARGIN - labelWidth, 30, 7.5, regular, GREY);
  });
  return Buffer.from(await doc.save({ useObjectStreams: true }));
}
