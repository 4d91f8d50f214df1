/**
 * A minimal DER writer and reader: enough for an X.509 certificate and a CMS SignedData (RFC 5652),
 * so the PDF seal needs no ASN.1 library.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};

export const seq = (...items: Buffer[]) => tlv(0x30, ...items);
/** SET OF in DER: the elements sorted by their encoding (X.690 11.6). */
export const set = (...items: Buffer[]) => tlv(0x31, ...[...items].sort(Buffer.compare));
/** A context-specific constructed tag: [n] EXPLICIT, or [n] IMPLICIT of a constructed type. */
export const ctx = (n: number, ...content: Buffer[]) => tlv(0xa0 | n, ...content);
export const nul = () => Buffer.from([0x05, 0x00]);
export const octets = (b: Buffer) => tlv(0x04, b);
export const bits = (b: Buffer, unused = 0) => tlv(0x03, Buffer.from([unused]), b);
export const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));
export const printable = (s: string) => tlv(0x13, Buffer.from(s, 'ascii'));
export const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));

/** A non-negative INTEGER from a number or big-endian bytes (a leading zero keeps it positive). */
export function int(v: number | Buffer): Buffer {
  const hex = typeof v === 'number' ? v.toString(16) : '';
  let b = typeof v === 'number' ? Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex') : v;
  while (b.length > 1 && b[0] === 0 && b[1] < 0x80) b = b.subarray(1);
  if (b[0] >= 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}

export function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const n of rest) {
    const groups: number[] = [n & 0x7f];
    for (let v = Math.floor(n / 128); v > 0; v = Math.floor(v / 128)) groups.unshift((v & 0x7f) | 0x80);
    out.push(...groups);
  }
  return tlv(0x06, Buffer.from(out));
}

/** UTCTime before 2050, GeneralizedTime from then on (RFC 5280 4.1.2.5). */
export function time(d: Date): Buffer {
  const iso = d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return d.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`, 'ascii'))
    : tlv(0x18, Buffer.from(`${iso}Z`, 'ascii'));
}

export interface Node {
  tag: number;
  /** The whole element, header included. */
  raw: Buffer;
  /** The content, header excluded. */
  body: Buffer;
}

/** The element at `offset` of `buf`. */
export function read(buf: Buffer, offset = 0): Node {
  const tag = buf[offset];
  let len = buf[offset + 1];
  let head = 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[offset + 2 + i];
    head += n;
  }
  if (offset + head + len > buf.length) throw new RangeError('truncated DER');
  return {
    tag,
    raw: buf.subarray(offset, offset + head + len),
    body: buf.subarray(offset + head, offset + head + len),
  };
}

/** The elements inside a constructed element. */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  for (let off = 0; off < node.body.length; ) {
    const child = read(node.body, off);
    out.push(child);
    off += child.raw.length;
  }
  return out;
}
