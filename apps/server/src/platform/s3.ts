import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, type StorageAdapter } from './storage.js';

export interface S3Config {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * S3-compatible bucket (AWS, Scaleway, OVH, MinIO…): objects by key, browser access through
 * presigned GET / PUT URLs. Path-style addressing when a custom endpoint is given.
 */
export function s3StorageAdapter(cfg: S3Config): StorageAdapter {
  const client = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: !!cfg.endpoint,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
  });
  return {
    kind: 's3',
    async put(key, data, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({ Bucket: cfg.bucket, Key: key, Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      assertSafeKey(key);
      const out = await client.send(new GetObjectCommand({ Bucket: cfg.bucket, Key: key }));
      return Buffer.from(await out.Body!.transformToByteArray());
    },
    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket: cfg.bucket, Key: key }));
        return true;
      } catch (e) {
        const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) return false;
        throw e;
      }
    },
    async signedGetUrl(key, ttlS = 3600, opts) {
      assertSafeKey(key);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: cfg.bucket,
          Key: key,
          ...(opts?.download
            ? {
                ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(opts.download)}`,
              }
            : {}),
        }),
        { expiresIn: ttlS },
      );
    },
    async signedPutUrl(key, contentType, ttlS = 900) {
      assertSafeKey(key);
      return getSignedUrl(
        client,
        new PutObjectCommand({ Bucket: cfg.bucket, Key: key, ContentType: contentType }),
        {
          expiresIn: ttlS,
        },
      );
    },
  };
}
