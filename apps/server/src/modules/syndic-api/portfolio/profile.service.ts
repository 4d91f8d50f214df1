import type { SyndicProfileBody } from '@tantieme/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { randomToken } from '../../../lib/crypto.js';
import type { StorageAdapter } from '../../../platform/storage.js';
import { canonical, diff, type Executor, type SyndicApiContext, writeAudit } from '../kit/index.js';
import * as repo from './profile.repo.js';

async function profileBody(
  db: Executor,
  syndicId: string,
): Promise<SyndicProfileBody & { logo_url: string | null }> {
  const s = await repo.findSyndic(db, syndicId);
  if (!s) throw new AppError('NOT_FOUND');
  const contacts = await repo.listContacts(db, syndicId);
  return {
    name: s.name,
    alias: s.alias,
    address: s.address
      ? {
          street1: s.address.street1 ?? null,
          zip_code: s.address.zip_code ?? null,
          city: s.address.city ?? null,
        }
      : null,
    email: s.email,
    phone: s.phone,
    use_default_branding: s.use_synple,
    contacts: contacts.map((c) => ({
      first_name: c.first_name || null,
      last_name: c.last_name || null,
      email: c.email,
      tel_fixed: c.tel_fixed,
      tel_mobile: c.tel_mobile,
    })),
    card_payments: { stripe_account_id: s.stripe_account_id, active: s.card_payments_active },
    logo_url: s.logo_url,
  };
}

export async function getProfile(db: Db, api: SyndicApiContext) {
  return { id: api.syndicId, ...(await profileBody(db, api.syndicId)) };
}

/** Replaces the profile; a new alias moves the syndic's pages to /s/{alias} (409 if taken). */
export async function putProfile(db: Db, api: SyndicApiContext, body: SyndicProfileBody) {
  return db.transaction(async (tx) => {
    const { logo_url, ...before } = await profileBody(tx, api.syndicId);
    const changes = diff(before, body);
    if (Object.keys(changes).length === 0)
      return { result: 'unchanged' as const, resource: { id: api.syndicId, logo_url, ...before } };
    if (body.alias !== before.alias && (await repo.aliasTakenByOther(tx, api.syndicId, body.alias)))
      throw new AppError('CONFLICT', 'Cet alias est déjà utilisé par un autre syndic.', {
        errors: { alias: 'Cet alias est déjà utilisé par un autre syndic.' },
      });
    await repo.updateSyndic(tx, api.syndicId, {
      name: body.name,
      alias: body.alias,
      address: body.address,
      email: body.email,
      phone: body.phone,
      use_synple: body.use_default_branding,
      stripe_account_id: body.card_payments.stripe_account_id,
      card_payments_active: body.card_payments.active,
    });
    if (canonical(before.contacts) !== canonical(body.contacts))
      await repo.replaceContacts(
        tx,
        api.syndicId,
        body.contacts.map((c) => ({ ...c, first_name: c.first_name ?? '', last_name: c.last_name ?? '' })),
      );
    await writeAudit(tx, api, [{ action: 'updated', resource: 'syndic', resourceId: api.syndicId, changes }]);
    return { result: 'updated' as const, resource: { id: api.syndicId, logo_url, ...body } };
  });
}

const IMAGE_TYPES: Record<string, { ext: string; magic: (b: Buffer) => boolean }> = {
  'image/png': {
    ext: 'png',
    magic: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  },
  'image/jpeg': { ext: 'jpg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  'image/webp': {
    ext: 'webp',
    magic: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
};
export const LOGO_TYPES = Object.keys(IMAGE_TYPES);
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Stores the logo bytes (PNG, JPEG or WebP, checked by their signature, not only the header:
 * no SVG, which could carry script) and points the syndic at it.
 */
export async function putLogo(
  db: Db,
  storage: StorageAdapter,
  api: SyndicApiContext,
  contentType: string | undefined,
  body: unknown,
) {
  const type = IMAGE_TYPES[(contentType ?? '').split(';')[0].trim().toLowerCase()];
  if (!type || !Buffer.isBuffer(body) || body.length === 0 || !type.magic(body))
    throw new AppError('VALIDATION_ERROR', 'Le logo doit être une image PNG, JPEG ou WebP.', {
      errors: { logo: 'Le logo doit être une image PNG, JPEG ou WebP.' },
    });
  const key = `syndics/${api.syndicId}/logo-${randomToken(8)}.${type.ext}`;
  await storage.put(key, body, Object.keys(IMAGE_TYPES).find((k) => IMAGE_TYPES[k] === type) ?? 'image/png');
  await db.transaction(async (tx) => {
    const before = await repo.findSyndic(tx, api.syndicId);
    await repo.updateSyndic(tx, api.syndicId, { logo_url: key });
    await writeAudit(tx, api, [
      {
        action: 'updated',
        resource: 'syndic',
        resourceId: api.syndicId,
        changes: { logo_url: { before: before?.logo_url ?? null, after: key } },
      },
    ]);
  });
  return { logo_url: key };
}
