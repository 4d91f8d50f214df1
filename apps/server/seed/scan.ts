import sharp from 'sharp';

/**
 * A small artisan's invoice as a phone scan (JPEG, A4 at 150 dpi), so the demo shows an invoice
 * whose source is a picture: the detail displays its `/medium/` size (SPEC §2.17, decision 56).
 * Drawn as SVG and rasterised by sharp; the text needs a system font (DejaVu, Liberation…).
 */
export interface ScanInvoice {
  issuer: { name: string; lines: string[] };
  title: string;
  date: string;
  client: string[];
  designation: string;
  rows: [string, string][];
  total: [string, string];
  footer: string;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits a text into lines of at most `n` characters, at spaces. */
function wrap(text: string, n: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && line.length + 1 + w.length > n) {
      out.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(line);
  return out;
}

export async function renderInvoiceScan(inv: ScanInvoice): Promise<Buffer> {
  const W = 1240;
  const H = 1754;
  const font = `font-family="DejaVu Sans, Liberation Sans, sans-serif" fill="#1f2328"`;
  const t = (x: number, y: number, s: string, size = 24, extra = '') =>
    `<text x="${x}" y="${y}" font-size="${size}" ${font} ${extra}>${esc(s)}</text>`;
  const parts: string[] = [];
  parts.push(t(110, 170, inv.issuer.name, 40, 'font-weight="bold"'));
  for (const [i, l] of inv.issuer.lines.entries()) parts.push(t(110, 215 + i * 34, l, 24));
  parts.push(`<rect x="110" y="300" width="1020" height="4" fill="#2f5d8a"/>`);
  parts.push(t(110, 380, inv.title, 36, 'font-weight="bold"'));
  parts.push(t(110, 425, inv.date, 24));
  for (const [i, l] of inv.client.flatMap((c) => wrap(c, 34)).entries())
    parts.push(t(640, 520 + i * 34, l, 24));
  let y = 720;
  parts.push(`<rect x="110" y="${y - 40}" width="1020" height="56" fill="#e8eef4"/>`);
  parts.push(t(130, y, 'Désignation', 24, 'font-weight="bold"'));
  parts.push(t(1110, y, 'Montant', 24, 'font-weight="bold" text-anchor="end"'));
  y += 70;
  for (const l of wrap(inv.designation, 60)) {
    parts.push(t(130, y, l, 24));
    y += 36;
  }
  y += 40;
  for (const [label, amount] of inv.rows) {
    parts.push(t(640, y, label, 24));
    parts.push(t(1110, y, amount, 24, 'text-anchor="end"'));
    y += 40;
  }
  parts.push(`<rect x="630" y="${y - 8}" width="500" height="2" fill="#1f2328"/>`);
  y += 36;
  parts.push(t(640, y, inv.total[0], 26, 'font-weight="bold"'));
  parts.push(t(1110, y, inv.total[1], 26, 'font-weight="bold" text-anchor="end"'));
  for (const [i, l] of wrap(inv.footer, 90).entries())
    parts.push(t(110, 1620 + i * 28, l, 18, 'fill-opacity="0.8"'));
  // Paper with the light shading of a phone shot.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fbfaf6"/><stop offset="1" stop-color="#e9e6dd"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#g)"/>${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 84 }).toBuffer();
}
