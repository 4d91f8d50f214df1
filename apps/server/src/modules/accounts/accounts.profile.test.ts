import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { makeSignedInUser, makeSyndic } from '../../test/factories.js';
import { call } from '../../test/factories.identity.js';
import { setUp, t } from './accounts.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('profile and avatar', () => {
  it('updates the name', async () => {
    const { headers } = await makeSignedInUser(t.database.db);
    const res = await call(t, {
      method: 'PUT',
      url: '/api/accounts/update-user-profile',
      headers,
      payload: { first_name: 'Marie', last_name: 'de La Tour' },
    });
    expect(res.body.data).toMatchObject({ first_name: 'Marie', last_name: 'de La Tour' });
  });

  it('uploads an avatar through a presigned URL and serves it signed', async () => {
    const { headers } = await makeSignedInUser(t.database.db);
    const pre = await call(t, {
      method: 'POST',
      url: '/api/accounts/avatar-presigned-url',
      headers,
      payload: { file_name: 'moi.png', file_type: 'image/png' },
    });
    expect(pre.status).toBe(200);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: pre.body.data.upload_url,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(put.statusCode).toBe(200);
    const set = await call(t, {
      method: 'PUT',
      url: '/api/accounts/upload-account-avatar',
      headers,
      payload: { key: pre.body.data.key },
    });
    expect(set.status).toBe(200);
    expect(set.body.data.avatar).toMatch(/^\/files\/avatars\/.+\.png\?e=\d+&s=/);
    const img = await t.app.inject({ method: 'GET', url: set.body.data.avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/png');
  });

  it('the upload URL writes once, and the accepted avatar cannot be swapped', async () => {
    const { headers } = await makeSignedInUser(t.database.db);
    const pre = await call(t, {
      method: 'POST',
      url: '/api/accounts/avatar-presigned-url',
      headers,
      payload: { file_name: 'moi.png', file_type: 'image/png' },
    });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const put = (payload: Buffer) =>
      t.app.inject({
        method: 'PUT',
        url: pre.body.data.upload_url,
        headers: { 'content-type': 'image/png' },
        payload,
      });
    expect((await put(png)).statusCode).toBe(200);
    const set = await call(t, {
      method: 'PUT',
      url: '/api/accounts/upload-account-avatar',
      headers,
      payload: { key: pre.body.data.key },
    });
    expect(set.status).toBe(200);
    // The served object is a copy under a key no upload URL was issued for.
    const served = new URL(set.body.data.avatar, 'http://x').pathname.replace(/^\/files\//, '');
    expect(served).not.toBe(pre.body.data.key);
    expect(served).toMatch(/\/accepted\//);
    // A second PUT on the still-unexpired URL is refused, whatever it carries.
    const script = Buffer.from('<script>alert(1)</script>');
    const swap = await put(script);
    expect(swap.statusCode).toBe(409);
    expect(swap.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    // Even if the upload object were overwritten (S3 cannot refuse a second presigned PUT),
    // what is served stays the checked image.
    await t.app.platform.storage.put(pre.body.data.key, script, 'image/png');
    const img = await t.app.inject({ method: 'GET', url: set.body.data.avatar });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(png)).toBe(true);
  });

  it("refuses someone else's key, a non-image and a PDF type", async () => {
    const a = await makeSignedInUser(t.database.db);
    const b = await makeSignedInUser(t.database.db);
    const pre = await call(t, {
      method: 'POST',
      url: '/api/accounts/avatar-presigned-url',
      headers: a.headers,
      payload: { file_name: 'x.gif', file_type: 'image/gif' },
    });
    await t.app.inject({
      method: 'PUT',
      url: pre.body.data.upload_url,
      payload: Buffer.from('not an image'),
    });
    const foreign = await call(t, {
      method: 'PUT',
      url: '/api/accounts/upload-account-avatar',
      headers: b.headers,
      payload: { key: pre.body.data.key },
    });
    expect(foreign.body.code).toBe('AVATAR_INVALID');
    const fake = await call(t, {
      method: 'PUT',
      url: '/api/accounts/upload-account-avatar',
      headers: a.headers,
      payload: { key: pre.body.data.key },
    });
    expect(fake.body.code).toBe('AVATAR_INVALID');
    const pdf = await call(t, {
      method: 'POST',
      url: '/api/accounts/avatar-presigned-url',
      headers: a.headers,
      payload: { file_name: 'x.pdf', file_type: 'application/pdf' },
    });
    expect(pdf.status).toBe(400);
  });
});

describe('syndic branding', () => {
  it('gives a signed logo URL, or the default branding', async () => {
    await t.app.platform.storage.put(
      'syndics/test/logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    const own = await makeSyndic(t.database.db, {
      alias: 'testlogo',
      logo_url: 'syndics/test/logo.svg',
      use_synple: false,
    });
    await makeSyndic(t.database.db, { alias: 'testdefault', logo_url: null, use_synple: true });
    const a = await call(t, { method: 'GET', url: '/api/accounts/syndic-alias/testlogo' });
    expect(a.body.data).toMatchObject({ name: own.name, use_synple: false });
    expect(a.body.data.source_url).toMatch(/^\/files\/syndics\/test\/logo\.svg\?e=/);
    expect((await t.app.inject({ method: 'GET', url: a.body.data.source_url })).statusCode).toBe(200);
    const b = await call(t, { method: 'GET', url: '/api/accounts/syndic-alias/testdefault' });
    expect(b.body.data).toMatchObject({ use_synple: true, source_url: null });
    expect((await call(t, { method: 'GET', url: '/api/accounts/syndic-alias/inconnu' })).status).toBe(404);
  });
});

describe('sessions', () => {
  it('are stored hashed', async () => {
    const { token, user } = await makeSignedInUser(t.database.db);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.user_id, user.id));
    expect(rows[0].token_hash).not.toBe(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
