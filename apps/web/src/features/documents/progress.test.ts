import { describe, expect, it } from 'vitest';
import { readWithProgress } from './progress';

/** A response whose body arrives in the given chunks, announcing `length` bytes. */
const chunked = (chunks: number[], length: number) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const n of chunks) c.enqueue(new Uint8Array(n));
        c.close();
      },
    }),
    { headers: { 'content-length': String(length), 'content-type': 'application/zip' } },
  );

describe('the archive download progress', () => {
  it('reports the bytes received against the announced length, up to 1', async () => {
    const seen: number[] = [];
    const blob = await readWithProgress(chunked([250, 250, 500], 1000), (f) => seen.push(f));
    expect(seen).toEqual([0, 0.25, 0.5, 1]);
    expect(blob.size).toBe(1000);
    expect(blob.type).toBe('application/zip');
  });

  it('fails a download cut before its announced length', async () => {
    await expect(readWithProgress(chunked([300], 1000), () => {})).rejects.toThrow('archive cut');
  });
});
