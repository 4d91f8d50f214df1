import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { AppError } from '../http/errors.js';
import { isImageOriginalKey, isSizedImageKey } from './image-keys.js';
import { appUrlSigner, assertSafeKey, type StorageAdapter } from './storage.js';

export interface S3Config {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  connectionTimeoutMs?: number;
}

/**
 * S3-compatible bucket (AWS, Scaleway, OVH, MinIO…): objects by key, browser access through
 * presigned GET / PUT URLs. Path-style addressing when a custom endpoint is given.
 * Sized images (decision 56) go through app URLs signed with `appSecret` instead: a presigned
 * URL covers one key, and the client derives `/medium/` from the `/original/` URL; the files
 * route redirects such a GET to the object, and receives the PUT of an original to size it.
 */
/**
 * A store that does not answer (refused, timed out, 5xx after the SDK's retries) is the operator's
 * outage, not the caller's mistake: a 503 in the envelope, said in French, never a 500. Callers
 * reach the store before they write their rows, so nothing is left half-written.
 */
export function storageFailure(e: unknown): unknown {
  const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status === undefined || status >= 500) return new AppError('STORAGE_UNAVAILABLE');
  return e;
}

export function s3StorageAdapter(cfg: S3Config, appSecret: string): StorageAdapter {
  const urls = appUrlSigner(appSecret);
  const s3 = new S3Client({
    region: cfg.region,
    endpoint: cfg.endpoint,
    forcePathStyle: !!cfg.endpoint,
    credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey },
    // An unroutable store must fail the request in seconds, not hang it on the OS's TCP timeout.
    requestHandler: { connectionTimeout: cfg.connectionTimeoutMs ?? 3_000, requestTimeout: 30_000 },
  });
  const client = {
    send: (async (command: Parameters<typeof s3.send>[0]) => {
      try {
        return await s3.send(command);
      } catch (e) {
        throw storageFailure(e);
      }
    }) as typeof s3.send,
  };
  const objectUrl = async (key: string, ttlS: number, opts?: { download?: string }) => {
    assertSafeKey(key);
    return getSignedUrl(
      s3,
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
  };
  const head = async (key: string) => {
    assertSafeKey(key);
    try {
      return await client.send(new HeadObjectCommand({ Bucket: cfg.bucket, Key: key }));
    } catch (e) {
      const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return null;
      throw e;
    }
  };
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
      return (await head(key)) !== null;
    },
    async size(key) {
      return (await head(key))?.ContentLength ?? null;
    },
    async delete(key) {
      assertSafeKey(key);
      // S3 answers 204 whether or not the object existed.
      await client.send(new DeleteObjectCommand({ Bucket: cfg.bucket, Key: key }));
    },
    async signedGetUrl(key, ttlS = 3600, opts) {
      if (isSizedImageKey(key)) return urls.getUrl(key, ttlS, opts);
      return objectUrl(key, ttlS, opts);
    },
    objectUrl,
    async signedPutUrl(key, contentType, ttlS = 900, expected) {
      if (isImageOriginalKey(key)) return urls.putUrl(key, ttlS, expected);
      assertSafeKey(key);
      // The announced length is a signed header and the SHA-256 a signed checksum: S3 refuses a PUT
      // of other bytes. A bucket that checks neither is caught when the object is read back (decision 177).
      return getSignedUrl(
        s3,
        new PutObjectCommand({
          Bucket: cfg.bucket,
          Key: key,
          ContentType: contentType,
          ...(expected
            ? {
                ContentLength: expected.size,
                ChecksumSHA256: Buffer.from(expected.sha256, 'hex').toString('base64'),
              }
            : {}),
        }),
        { expiresIn: ttlS },
      );
    },
    verify: urls.verify,
  };
}
