import { mediaEndpoints, UPLOAD_MAX_BYTES } from '@tantieme/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { isImageOriginalKey, sizedImageTypeOfKey } from '../../platform/image-keys.js';
import { putImage } from '../../platform/images.js';
import { assertSafeKey, type ExpectedUpload } from '../../platform/storage.js';
import { contentTypeOf } from './content-type.js';
import { checkAnnounced, checkUpload, expectedOf, imageSizesOf, presignedUpload } from './files.service.js';

/**
 * Serves and receives files through the app's HMAC-signed, expiring URLs: every file of the
 * local storage adapter (the stand-in for S3 presigned URLs); with S3, the sized images only
 * (decision 56), whose GET redirects to the object.
 */
export async function filesRoutes(app: FastifyInstance) {
  const storage = app.platform.storage;
  route(
    app,
    mediaEndpoints.presignedUrl,
    async ({ req, body }) => presignedUpload(storage, req.auth.user!.id, body),
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );
  const verify = storage.verify;
  const check = (
    key: string,
    method: 'GET' | 'PUT',
    q: Record<string, string>,
    expected?: ExpectedUpload,
  ) => {
    try {
      assertSafeKey(key);
    } catch {
      throw new AppError('NOT_FOUND');
    }
    if (!verify(key, method, Number(q.e), String(q.s ?? ''), expected))
      throw new AppError('FORBIDDEN', 'Lien expiré ou invalide.');
  };
  app.get('/files/*', async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const q = req.query as Record<string, string>;
    check(key, 'GET', q);
    if (storage.objectUrl) {
      // S3: the object itself, for less time than the app URL it was asked through.
      const url = await storage.objectUrl(key, 300, q.dl ? { download: String(q.dl) } : undefined);
      reply.header('cache-control', 'private, max-age=240');
      return reply.redirect(url, 302);
    }
    let data: Buffer;
    try {
      data = await storage.get(key);
    } catch {
      throw new AppError('NOT_FOUND');
    }
    const name = q.dl ? String(q.dl).replace(/["\r\n]/g, '') : key.split('/').pop();
    reply.header('content-type', contentTypeOf(key));
    reply.header('cache-control', 'private, max-age=300');
    reply.header(
      'content-disposition',
      `${q.dl ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(name ?? 'fichier')}`,
    );
    return reply.send(data);
  });
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  app.put('/files/*', async (req) => {
    const key = (req.params as { '*': string })['*'];
    const q = req.query as Record<string, string>;
    const expected = expectedOf(q);
    check(key, 'PUT', q, expected);
    const body = req.body;
    if (!Buffer.isBuffer(body) || body.length === 0) throw new AppError('VALIDATION_ERROR', 'Fichier vide.');
    if (expected) checkAnnounced(body, expected);
    checkUpload(key, body);
    // A presigned PUT URL writes once: a second PUT cannot swap bytes in after checks ran.
    if (await storage.exists(key)) throw new AppError('CONFLICT', 'Ce lien de dépôt a déjà servi.');
    const image = isImageOriginalKey(key) ? sizedImageTypeOfKey(key) : null;
    if (image) await putImage(storage, key, image, await imageSizesOf(body, image));
    else await storage.put(key, body, String(req.headers['content-type'] ?? 'application/octet-stream'));
    return { success: true, data: { key } };
  });
}
