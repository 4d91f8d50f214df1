import { crc32 } from 'node:zlib';

/**
 * A ZIP archive written entry after entry, with stored (uncompressed) entries: documents are PDFs
 * and images, already compressed, so deflating them again costs CPU for a few percent. Only one
 * file is in memory at a time, and the archive's size is known before its first byte (the sizes
 * are the stored ones), which lets the browser show a progress bar. Decision 123.
 */
export interface ZipEntry {
  name: string;
  size: number;
  read: () => Promise<Buffer>;
  /** The date the entry shows (the document's), else the archive's moment. */
  date?: Date;
}

const LOCAL = 30;
const CENTRAL = 46;
const END = 22;
/** Without ZIP64, an archive and its entries stay under 4 GiB and 65,535 entries. */
const MAX = 0xffff_ffff;

/** Names as a co-owner's unzip tool will write them: no folders, no duplicates. */
export function zipNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((n) => {
    const visible = [...n].map((c) => (c.charCodeAt(0) < 0x20 ? '-' : c)).join('');
    const clean = visible.replace(/[/\\:*?"<>|]+/g, '-').trim() || 'document';
    let name = clean;
    const dot = clean.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [clean.slice(0, dot), clean.slice(dot)] : [clean, ''];
    for (let k = 2; seen.has(name.toLowerCase()); k++) name = `${stem} (${k})${ext}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

const paris = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/**
 * An entry's date as ZIP writes it (MS-DOS date and time, no time zone): the wall clock in France,
 * which is what a co-owner's unzip tool shows. Zero would read 1980-01-01, the format's origin.
 */
export function dosDateTime(d: Date): { date: number; time: number } {
  const p = Object.fromEntries(paris.formatToParts(d).map((x) => [x.type, Number(x.value)]));
  const year = Math.min(Math.max(p.year, 1980), 2107);
  return {
    date: ((year - 1980) << 9) | (p.month << 5) | p.day,
    time: (p.hour << 11) | (p.minute << 5) | (p.second >> 1),
  };
}

export function zipSize(entries: Pick<ZipEntry, 'name' | 'size'>[]): number {
  let total = END;
  for (const e of entries) total += LOCAL + CENTRAL + 2 * Buffer.byteLength(e.name) + e.size;
  return total;
}

/** The archive's bytes, one entry at a time. A file whose size differs from the announced one fails it. */
export async function* zipStream(entries: ZipEntry[], now = new Date()): AsyncGenerator<Buffer> {
  if (entries.length > 0xffff || zipSize(entries) > MAX) throw new Error('archive too large for ZIP');
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const data = await e.read();
    if (data.length !== e.size) throw new Error(`stored size of ${e.name} differs`);
    const crc = crc32(data) >>> 0;
    const when = dosDateTime(e.date ?? now);
    const h = Buffer.alloc(LOCAL);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x0800, 6); // UTF-8 names
    h.writeUInt16LE(when.time, 10);
    h.writeUInt16LE(when.date, 12);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(data.length, 18);
    h.writeUInt32LE(data.length, 22);
    h.writeUInt16LE(name.length, 26);
    yield Buffer.concat([h, name]);
    yield data;
    const c = Buffer.alloc(CENTRAL);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt16LE(when.time, 12);
    c.writeUInt16LE(when.date, 14);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(data.length, 20);
    c.writeUInt32LE(data.length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += LOCAL + name.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(END);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  yield Buffer.concat([cd, end]);
}
