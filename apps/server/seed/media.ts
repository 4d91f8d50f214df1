import { crc32, deflateSync } from 'node:zlib';
import { documentGroups, documents } from '../src/db/schema/index.js';
import { isoOf } from './clock.js';
import { newId, type SeedContext, storeFile, storeImage } from './context.js';
import type { CoproInfo } from './copro.js';
import { documentGroupRow, documentRow } from './builders/documents.js';

/**
 * Files that are not PDFs, so every preview mode of the documents pages is shown by the demo:
 * a floor plan as an image (zoomable) and the architect's DWG drawings as a ZIP archive (no
 * preview: the download link).
 */

const chunk = (type: string, data: Buffer) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td) >>> 0);
  return Buffer.concat([len, td, crc]);
};

/** A plain RGB PNG from a pixel function. */
export function renderPng(
  w: number,
  h: number,
  px: (x: number, y: number) => [number, number, number],
): Buffer {
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const row = y * (w * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < w; x++) {
      const [r, g, b] = px(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Ground floor plan of building A: walls, doors, the staircase and the lift shaft. */
export function groundFloorPlan(): Buffer {
  const W = 1200;
  const H = 800;
  const walls: [number, number, number, number][] = [
    // outer walls
    [60, 60, 1140, 72],
    [60, 728, 1140, 740],
    [60, 60, 72, 740],
    [1128, 60, 1140, 740],
    // corridor and rooms
    [60, 360, 520, 368],
    [680, 360, 1140, 368],
    [400, 60, 408, 300],
    [800, 60, 808, 360],
    [520, 368, 528, 740],
    [672, 368, 680, 740],
    [900, 368, 908, 740],
  ];
  const doors: [number, number, number, number][] = [
    [180, 356, 260, 372],
    [940, 356, 1020, 372],
    [516, 520, 532, 590],
    [896, 500, 912, 570],
    [560, 724, 640, 744], // main entrance
  ];
  const stairs = [540, 390, 660, 700];
  const lift = [700, 400, 880, 520];
  const inside = (x: number, y: number, r: number[]) => x >= r[0] && x <= r[2] && y >= r[1] && y <= r[3];
  return renderPng(W, H, (x, y) => {
    if (doors.some((d) => inside(x, y, d))) return [247, 244, 236];
    if (walls.some((r) => inside(x, y, r))) return [40, 48, 60];
    if (inside(x, y, stairs) && (y - stairs[1]) % 26 < 3) return [120, 128, 140];
    if (inside(x, y, lift)) {
      const onEdge = x - lift[0] < 4 || lift[2] - x < 4 || y - lift[1] < 4 || lift[3] - y < 4;
      const onCross =
        Math.abs(x - lift[0] - ((y - lift[1]) * 180) / 120) < 3 ||
        Math.abs(lift[2] - x - ((y - lift[1]) * 180) / 120) < 3;
      if (onEdge || onCross) return [70, 90, 160];
    }
    // light grid, 1 m = 40 px
    if (x % 40 === 0 || y % 40 === 0) return [232, 228, 218];
    return [247, 244, 236];
  });
}

/** A ZIP archive with stored (uncompressed) entries. */
export function renderZip(entries: { name: string; data: Buffer }[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data) >>> 0;
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(0x0800, 6); // UTF-8 names
    h.writeUInt16LE(0, 8); // stored
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(e.data.length, 18);
    h.writeUInt32LE(e.data.length, 22);
    h.writeUInt16LE(name.length, 26);
    local.push(h, name, e.data);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(0x0800, 8);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE(e.data.length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += 30 + name.length + e.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, cd, end]);
}

export function seedTilleulsMedia(ctx: SeedContext, copro: CoproInfo) {
  const y = ctx.clock.year;
  const groupId = newId();
  ctx.rows.add(
    documentGroups,
    documentGroupRow({
      id: groupId,
      scope: 'copropriete',
      copropriete_id: copro.id,
      syndic_id: null,
      name: "Plans de l'immeuble",
      kind: 'default',
      sort: 8,
    }),
  );
  const base = `coproprietes/${copro.id}/documents/plans`;
  const plan = storeImage(
    ctx,
    `${base}/original/plan-rdc-batiment-a.png`,
    'Plan du rez-de-chaussée – bâtiment A.png',
    groundFloorPlan(),
    'image/png',
  );
  const readme = Buffer.from(
    [
      "Plans d'architecte – Résidence Les Tilleuls, 12 rue des Tilleuls, 69003 Lyon",
      'Relevé de géomètre, cabinet Perrin & Associés, géomètres-experts, mars 2019.',
      'Fichiers au format DWG (AutoCAD 2018), à ouvrir avec un logiciel de DAO.',
      '',
    ].join('\r\n'),
  );
  const dwgHeader = (label: string) =>
    Buffer.concat([Buffer.from('AC1032', 'ascii'), Buffer.alloc(122), Buffer.from(label)]);
  const archive = storeFile(
    ctx,
    `${base}/plans-architecte-dwg.zip`,
    "Plans d'architecte (DWG).zip",
    renderZip([
      { name: 'LISEZMOI.txt', data: readme },
      { name: 'A-RDC.dwg', data: dwgHeader('A-RDC') },
      { name: 'A-ETAGE-COURANT.dwg', data: dwgHeader('A-ETAGE') },
      { name: 'B-RDC.dwg', data: dwgHeader('B-RDC') },
    ]),
    'application/zip',
  );
  ctx.rows.add(
    documents,
    documentRow({
      group_id: groupId,
      file_id: plan.id,
      name: 'Plan du rez-de-chaussée – bâtiment A',
      date: isoOf(y - 7, 3, 12),
    }),
    documentRow({
      group_id: groupId,
      file_id: archive.id,
      name: "Plans d'architecte (DWG)",
      date: isoOf(y - 7, 3, 12),
    }),
  );
}
