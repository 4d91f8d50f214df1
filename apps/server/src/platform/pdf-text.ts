import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF, for search: the strings its content streams show (Tj, TJ, ', "), read from
 * uncompressed or Flate streams and decoded as WinAnsi (the standard fonts' encoding, which our
 * own PDFs and most office exports use). Fonts with their own encoding (CID, Type 3) give nothing
 * readable and are skipped by the caller's search, not an error. Decision 123.
 */
export const MAX_TEXT_CHARS = 200_000;

/** WinAnsi's 0x80–0x9F, where it differs from Latin-1. */
const WIN_ANSI: Record<number, string> = {
  128: '€',
  130: '‚',
  131: 'ƒ',
  132: '„',
  133: '…',
  134: '†',
  135: '‡',
  136: 'ˆ',
  137: '‰',
  138: 'Š',
  139: '‹',
  140: 'Œ',
  142: 'Ž',
  145: "'",
  146: "'",
  147: '"',
  148: '"',
  149: '•',
  150: '–',
  151: '—',
  152: '˜',
  153: '™',
  154: 'š',
  155: '›',
  156: 'œ',
  158: 'ž',
  159: 'Ÿ',
};

const decodeBytes = (bytes: number[]) => bytes.map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

/** The bytes of every stream of the file, inflated when Flate-encoded; images and fonts left out. */
function streams(pdf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  const text = pdf.toString('latin1');
  const re = /stream\r?\n/g;
  let prevEnd = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (text.slice(m.index - 3, m.index) === 'end') continue;
    const dict = text.slice(Math.max(prevEnd, m.index - 600), m.index);
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    prevEnd = end;
    re.lastIndex = end + 9;
    if (/\/Subtype\s*\/(Image|Type1C|CIDFontType0C|OpenType)|\/Length[123]\b/.test(dict)) continue;
    const raw = pdf.subarray(start, end);
    if (/\/Filter\s*(\[\s*)?\/FlateDecode\s*\]?/.test(dict)) {
      try {
        out.push(inflateSync(raw, { finishFlush: 2 /* Z_SYNC_FLUSH: tolerate a trailing EOL */ }));
      } catch {
        // A damaged stream: the others still give their text.
      }
    } else if (!/\/Filter/.test(dict)) out.push(raw);
  }
  return out;
}

/** A literal string `( … )` from `i` (at its '('): its bytes and where it ends. */
function literal(s: Buffer, i: number): [number[], number] {
  const bytes: number[] = [];
  let depth = 0;
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j];
    if (c === 0x5c /* \ */) {
      const n = s[++j];
      const esc: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
      if (n >= 0x30 && n <= 0x37) {
        let oct = '';
        while (oct.length < 3 && s[j] >= 0x30 && s[j] <= 0x37) oct += String.fromCharCode(s[j++]);
        j--;
        bytes.push(Number.parseInt(oct, 8) & 0xff);
      } else if (n === 0x0d || n === 0x0a) {
        if (n === 0x0d && s[j + 1] === 0x0a) j++;
      } else bytes.push(esc[n] ?? n);
    } else if (c === 0x28) {
      depth++;
      bytes.push(c);
    } else if (c === 0x29) {
      if (depth === 0) return [bytes, j];
      depth--;
      bytes.push(c);
    } else bytes.push(c);
  }
  return [bytes, s.length];
}

function hex(s: Buffer, i: number): [number[], number] {
  const end = s.indexOf(0x3e /* > */, i);
  const digits = s
    .subarray(i + 1, end < 0 ? s.length : end)
    .toString('latin1')
    .replace(/[^0-9a-fA-F]/g, '');
  const bytes: number[] = [];
  for (let k = 0; k < digits.length; k += 2)
    bytes.push(Number.parseInt(digits.slice(k, k + 2).padEnd(2, '0'), 16));
  return [bytes, end < 0 ? s.length : end];
}

/** The text a content stream shows, a line break at each text line move. */
function showText(s: Buffer): string {
  let out = '';
  let pending: string[] = [];
  let word = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === 0x28) {
      const [b, j] = literal(s, i);
      pending.push(decodeBytes(b));
      i = j;
    } else if (c === 0x3c && s[i + 1] !== 0x3c) {
      const [b, j] = hex(s, i);
      pending.push(decodeBytes(b));
      i = j;
    } else if (c === 0x3c) {
      i++; // a dictionary opens: skip its '<<'
    } else if (c === 0x5b /* [ */) {
      pending = [];
    } else if (/[A-Za-z'"*]/.test(String.fromCharCode(c))) {
      word += String.fromCharCode(c);
      continue;
    } else if (c === 0x2d && word === '' && pending.length > 0) {
      // A large negative kerning in a TJ array is a space between words.
      const m = /^-(\d+)/.exec(s.subarray(i, i + 8).toString('latin1'));
      if (m && Number(m[1]) > 180) pending.push(' ');
    }
    if (word) {
      if (word === 'Tj' || word === 'TJ' || word === "'" || word === '"') {
        out += (word === "'" || word === '"' ? '\n' : '') + pending.join('');
        pending = [];
      } else if (word === 'Td' || word === 'TD' || word === 'T*' || word === 'Tm' || word === 'ET')
        out += '\n';
      else if (word !== 'Tf') pending = [];
      word = '';
    }
  }
  return out;
}

/** The PDF's text, whitespace folded, at most `MAX_TEXT_CHARS`; '' when none can be read. */
export function extractPdfText(pdf: Buffer): string {
  if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') return '';
  let text = '';
  for (const s of streams(pdf)) {
    if (!/\bBT\b/.test(s.toString('latin1'))) continue;
    text += `${showText(s)}\n`;
    if (text.length > MAX_TEXT_CHARS * 2) break;
  }
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
    .slice(0, MAX_TEXT_CHARS);
}
