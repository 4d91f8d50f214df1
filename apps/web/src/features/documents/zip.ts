import { documentZipPath, PREVIEW_TOKEN_HEADER } from '@tantieme/contract';
import { getPreviewToken, getToken } from '../../api';
import { saveBlob } from '../../ui/download';
import { readWithProgress } from './progress';

/**
 * Downloads the chosen documents as one archive, reporting the bytes received against the
 * Content-Length the server announces (the archive's size is known before it is written), then
 * hands the file to the browser. Throws on a refused or cut download.
 */
export async function downloadZip(
  recordId: string,
  ids: string[],
  onProgress: (fraction: number) => void,
): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const spt = getPreviewToken();
  if (spt) headers[PREVIEW_TOKEN_HEADER] = spt;
  const res = await fetch(documentZipPath(recordId), {
    method: 'POST',
    headers,
    body: JSON.stringify({ ids }),
  });
  if (!res.ok) throw new Error(`archive ${res.status}`);
  saveBlob(
    await readWithProgress(res, onProgress),
    `documents-${new Date().toISOString().slice(0, 10)}.zip`,
    30_000,
  );
}
