import { settingsEndpoints as e } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietes } from '../../db/schema/index.js';
import { makeSignedInUser } from '../../test/factories.js';
import { makeOwnerWithLots } from '../../test/factories.settings.js';
import { json } from '../../test/harness.js';
import { call, setUp, t, url } from './settings.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('user settings (SPEC §7 User settings)', () => {
  it('adds, reads, updates and deletes the user’s own keys', async () => {
    const a = await makeSignedInUser(t.database.db);
    const empty = await call('POST', url(e.userMulti.path), a.headers, {
      keys: ['only-unread-all-notification', 'only_unread_all_message'],
    });
    expect(empty.statusCode).toBe(200);
    expect(json(empty).data).toEqual({ 'only-unread-all-notification': null, only_unread_all_message: null });

    const set = await call('POST', url(e.userAddOrUpdate.path), a.headers, {
      settings: [
        { key: 'only-unread-all-notification', value: '1' },
        { key: 'only_unread_all_message', value: '0' },
      ],
    });
    expect(json(set).data).toEqual({ 'only-unread-all-notification': '1', only_unread_all_message: '0' });
    await call('POST', url(e.userAddOrUpdate.path), a.headers, {
      settings: [{ key: 'only_unread_all_message', value: '1' }],
    });
    const read = await call('POST', url(e.userMulti.path), a.headers, {
      keys: ['only-unread-all-notification', 'only_unread_all_message'],
    });
    expect(json(read).data).toEqual({ 'only-unread-all-notification': '1', only_unread_all_message: '1' });

    const del = await call('POST', url(e.userDeleteByKey.path), a.headers, {
      settings: ['only_unread_all_message', 'pending-attach-coproprietaire'],
    });
    expect(json(del).data).toEqual({ deleted: 1 });
    const after = await call('POST', url(e.userMulti.path), a.headers, { keys: ['only_unread_all_message'] });
    expect(json(after).data).toEqual({ only_unread_all_message: null });
  });

  it('keeps each user’s settings apart', async () => {
    const a = await makeSignedInUser(t.database.db);
    const b = await makeSignedInUser(t.database.db);
    await call('POST', url(e.userAddOrUpdate.path), a.headers, {
      settings: [{ key: 'only-unread-all-notification', value: '1' }],
    });
    const res = await call('POST', url(e.userMulti.path), b.headers, {
      keys: ['only-unread-all-notification'],
    });
    expect(json(res).data).toEqual({ 'only-unread-all-notification': null });
  });

  it('refuses keys outside the whitelist and requires a session', async () => {
    const a = await makeSignedInUser(t.database.db);
    const bad = await call('POST', url(e.userAddOrUpdate.path), a.headers, {
      settings: [{ key: 'role', value: 'admin' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('VALIDATION_ERROR');
    const anon = await call('POST', url(e.userMulti.path), {}, { keys: ['only_unread_all_message'] });
    expect(anon.statusCode).toBe(401);
  });
});

describe('rate limit on settings writes', () => {
  it('answers 429 after 60 writes a minute from one session', async () => {
    const a = await makeSignedInUser(t.database.db);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const r = await call('POST', url(e.userAddOrUpdate.path), a.headers, {
        settings: [{ key: 'only_unread_all_message', value: String(i % 2) }],
      });
      codes.push(r.statusCode);
    }
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});

describe('copropriété settings (POST coproprietes/{id}/settings/multi-settings)', () => {
  it('returns the asked copro_settings to a record holder of that copropriété, 404 to others', async () => {
    const o = await makeOwnerWithLots(t.database.db);
    await t.database.db
      .update(coproprietes)
      .set({ settings: { show_invoice: '1', show_invoice_scope: '2', show_assemblee_function: true } })
      .where(eq(coproprietes.id, o.record.copropriete_id));
    const path = url(e.coproprieteMulti.path, { id: o.record.copropriete_id });
    const res = await call('POST', path, o.headers, {
      keys: ['show_invoice_scope', 'show_assemblee_function', 'show_syndic_document'],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      success: true,
      data: { show_invoice_scope: '2', show_assemblee_function: true, show_syndic_document: null },
    });
    const other = await makeSignedInUser(t.database.db);
    const denied = await call('POST', path, other.headers, { keys: ['show_invoice'] });
    expect(denied.statusCode).toBe(404);
    const badKey = await call('POST', path, o.headers, { keys: ['stripe_secret'] });
    expect(badKey.statusCode).toBe(400);
  });
});
