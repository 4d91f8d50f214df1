import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ZipEntry, zipNames, zipSize, zipStream } from './zip-stream.js';

const entry = (name: string, text: string): ZipEntry => {
  const data = Buffer.from(text, 'utf8');
  return { name, size: data.length, read: async () => data };
};

async function bytesOf(entries: ZipEntry[]) {
  const parts: Buffer[] = [];
  for await (const p of zipStream(entries)) parts.push(p);
  return Buffer.concat(parts);
}

describe('zipStream', () => {
  it('writes an archive unzip reads back, of exactly the announced size', async () => {
    const entries = [
      entry('Procès-verbal AGO 2025.pdf', '%PDF-1.4 pv'),
      entry('Budget.pdf', '%PDF-1.4 budget'),
    ];
    const zip = await bytesOf(entries);
    expect(zip.length).toBe(zipSize(entries));
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    writeFileSync(path.join(dir, 'a.zip'), zip);
    // Python's zipfile checks each entry's CRC and the central directory (unzip's names follow the locale).
    const read = execFileSync('python3', [
      '-c',
      'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(json.dumps({n: z.read(n).decode() for n in z.namelist()}))',
      path.join(dir, 'a.zip'),
    ]).toString();
    expect(JSON.parse(read)).toEqual({
      'Procès-verbal AGO 2025.pdf': '%PDF-1.4 pv',
      'Budget.pdf': '%PDF-1.4 budget',
    });
  });

  it("dates each entry with its document's date (French wall clock), else the archive's moment", async () => {
    const entries = [
      { ...entry('Convocation.pdf', '%PDF-1.4 c'), date: new Date('2026-03-14T09:30:10Z') },
      entry('Sans date.pdf', '%PDF-1.4 s'),
    ];
    const parts: Buffer[] = [];
    for await (const p of zipStream(entries, new Date('2026-12-07T11:00:00Z'))) parts.push(p);
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    writeFileSync(path.join(dir, 'd.zip'), Buffer.concat(parts));
    const read = execFileSync('python3', [
      '-c',
      'import json,sys,zipfile; z=zipfile.ZipFile(sys.argv[1]); print(json.dumps([list(i.date_time) for i in z.infolist()]))',
      path.join(dir, 'd.zip'),
    ]).toString();
    // Paris is UTC+1 in March and December; DOS time counts seconds by two.
    expect(JSON.parse(read)).toEqual([
      [2026, 3, 14, 10, 30, 10],
      [2026, 12, 7, 12, 0, 0],
    ]);
  });

  it('fails when a file is not the size announced (the Content-Length would lie)', async () => {
    await expect(bytesOf([{ name: 'a.pdf', size: 99, read: async () => Buffer.from('x') }])).rejects.toThrow(
      /differs/,
    );
  });

  it.each([
    [
      ['a.pdf', 'a.pdf', 'A.pdf'],
      ['a.pdf', 'a (2).pdf', 'A (3).pdf'],
    ],
    [
      ['../../etc/passwd', 'dossier\\x.pdf'],
      ['..-..-etc-passwd', 'dossier-x.pdf'],
    ],
    [
      ['', 'sans extension', 'sans extension'],
      ['document', 'sans extension', 'sans extension (2)'],
    ],
  ])('names %j as %j', (names, expected) => {
    expect(zipNames(names)).toEqual(expected);
  });
});
