import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { s3StorageAdapter } from '../platform/s3.js';

/** A local S3-compatible server (s3rver) with the bucket `tantieme`, and the S3 adapter on it. */
export async function startS3rver() {
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: await mkdtemp(path.join(os.tmpdir(), 's3-')),
    configureBuckets: [{ name: 'tantieme' }],
  });
  const { port } = await s3.run();
  const storage = s3StorageAdapter(
    {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'tantieme',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    'test-secret',
  );
  return { storage, close: () => s3.close() };
}
