import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const PDFSIG = ['/usr/bin/pdfsig', '/usr/local/bin/pdfsig'].find((p) => existsSync(p));

/**
 * What poppler's pdfsig says of a PDF's signatures: the third party's check, with no code of ours.
 * Without pdfsig the test fails and says what to install (CI installs poppler-utils).
 */
export async function pdfsig(pdf: Buffer): Promise<string> {
  if (!PDFSIG)
    throw new Error(
      'pdfsig is missing: install poppler-utils (apt-get install poppler-utils) to verify the seals',
    );
  const file = path.join(os.tmpdir(), `pdfsig-${randomBytes(6).toString('hex')}.pdf`);
  await writeFile(file, pdf);
  return execFileSync(PDFSIG, [file], { encoding: 'utf8' });
}
