/**
 * A response's body read to the end, reporting the bytes received against its Content-Length
 * (0 to 1). Throws when the body stops short of it: a cut download is not a file.
 */
export async function readWithProgress(res: Response, onProgress: (fraction: number) => void): Promise<Blob> {
  if (!res.body) throw new Error('no body');
  const total = Number(res.headers.get('content-length')) || 0;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    if (total) onProgress(Math.min(1, received / total));
  }
  if (total && received !== total) throw new Error('archive cut');
  return new Blob(chunks as BlobPart[], {
    type: res.headers.get('content-type') ?? 'application/octet-stream',
  });
}
