import { coproprietaireEndpoints as E } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires, userSettings } from '../../db/schema/index.js';
import { setPendingAttach } from '../../test/factories.coproprietaire.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { json } from '../../test/harness.js';
import { attachPath, call, db, removePath, setUp, t } from './coproprietaire.fixture.js';
import { ATTACH_LIMITS } from './coproprietaire.routes.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('POST /coproprietaires/code/:code/add-coproprietaire-to-user', () => {
  it('attaches an unattached record by its code (case-insensitive) and lists it', async () => {
    const a = await makeSignedInUser(db());
    const rec = await makeCoproprietaire(db(), { unique_code: 'XYZ123456' });
    const res = await call('POST', attachPath('xyz123456'), a.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, data: { id: rec.id } });
    const list = json(await call('GET', E.all.path, a.headers)).data;
    expect(list.map((r: { id: string }) => r.id)).toEqual([rec.id]);
  });

  it('answers CODE_NOT_FOUND "Ce code est invalide" for an unknown code', async () => {
    const a = await makeSignedInUser(db());
    const res = await call('POST', attachPath('ZZZ999999'), a.headers);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toMatchObject({
      success: false,
      code: 'CODE_NOT_FOUND',
      message: 'Ce code est invalide',
    });
  });

  it('answers USER_COPROPRIETAIRE_EXISTS when the record is already mine', async () => {
    const a = await makeSignedInUser(db());
    const rec = await makeCoproprietaire(db(), { user_id: a.user.id });
    const res = await call('POST', attachPath(rec.unique_code), a.headers);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({
      code: 'USER_COPROPRIETAIRE_EXISTS',
      message: "L'utilisateur existe déjà dans votre environnement.",
    });
  });

  it("does not take over another user's record", async () => {
    const a = await makeSignedInUser(db());
    const b = await makeSignedInUser(db());
    const rec = await makeCoproprietaire(db(), { user_id: b.user.id });
    const res = await call('POST', attachPath(rec.unique_code), a.headers);
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({
      code: 'COPROPRIETAIRE_ALREADY_ATTACHED',
      message: 'Ce code est déjà utilisé',
    });
    const [row] = await db().select().from(coproprietaires).where(eq(coproprietaires.id, rec.id));
    expect(row.user_id).toBe(b.user.id);
  });

  it.each([
    'ABC12345',
    'ABC1234567',
    'ABC-12345',
  ])('rejects the malformed code %s with a field error', async (code) => {
    const a = await makeSignedInUser(db());
    const res = await call('POST', attachPath(code), a.headers);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
    expect(Object.values(json(res).errors)[0]).toMatch(/Ce champ est requis\.|Ce code est invalide/);
  });

  it('needs a session', async () => {
    const res = await call('POST', attachPath('ABC123456'));
    expect(res.statusCode).toBe(401);
  });

  it('limits guesses per user, whatever the IP', async () => {
    const a = await makeSignedInUser(db());
    for (let i = 0; i < ATTACH_LIMITS.perUser.max; i++) {
      const res = await call('POST', attachPath(`QQQ${String(i).padStart(6, '0')}`), a.headers);
      expect(res.statusCode).toBe(404);
    }
    const rec = await makeCoproprietaire(db());
    const res = await call('POST', attachPath(rec.unique_code), a.headers);
    expect(res.statusCode).toBe(429);
    expect(json(res)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Even the right code is refused: the limit stops a guesser before the lookup.
    const [row] = await db().select().from(coproprietaires).where(eq(coproprietaires.id, rec.id));
    expect(row.user_id).toBeNull();
  });

  it('limits guesses per IP, whatever the user', async () => {
    const ip = '10.200.0.1';
    for (let i = 0; i < ATTACH_LIMITS.perIp.max; i++) {
      // A new user every few tries stays under the per-user limit.
      const u = await makeSignedInUser(db());
      const res = await call(
        'POST',
        attachPath(`WWW${String(i).padStart(6, '0')}`),
        u.headers,
        undefined,
        ip,
      );
      expect(res.statusCode).toBe(404);
    }
    const u = await makeSignedInUser(db());
    const res = await call('POST', attachPath('WWW999999'), u.headers, undefined, ip);
    expect(res.statusCode).toBe(429);
    const other = await call('POST', attachPath('WWW999999'), u.headers, undefined, '10.200.0.2');
    expect(other.statusCode).toBe(404);
  });
});

describe('pending attach setting (SPEC §4)', () => {
  it('presents the pending record, and DELETE (Oui) removes the setting', async () => {
    const a = await makeSignedInUser(db());
    const rec = await makeCoproprietaire(db(), { user_id: a.user.id });
    await setPendingAttach(db(), a.user.id, rec.id);
    const res = await call('GET', E.pendingAttach.path, a.headers);
    expect(json(res).data.coproprietaire.id).toBe(rec.id);
    expect(json(await call('DELETE', E.confirmPendingAttach.path, a.headers)).data).toBe(true);
    expect(json(await call('GET', E.pendingAttach.path, a.headers)).data).toBeNull();
  });

  it('is null without a setting', async () => {
    const a = await makeSignedInUser(db());
    expect(json(await call('GET', E.pendingAttach.path, a.headers)).data).toBeNull();
  });

  it("never presents another user's record; the stale setting is deleted", async () => {
    const a = await makeSignedInUser(db());
    const b = await makeSignedInUser(db());
    const theirs = await makeCoproprietaire(db(), { user_id: b.user.id });
    await setPendingAttach(db(), a.user.id, theirs.id);
    expect(json(await call('GET', E.pendingAttach.path, a.headers)).data).toBeNull();
    const left = await db().select().from(userSettings).where(eq(userSettings.user_id, a.user.id));
    expect(left).toEqual([]);
  });

  it('refusing then removing the record deletes the setting with it', async () => {
    const a = await makeSignedInUser(db());
    const rec = await makeCoproprietaire(db(), { user_id: a.user.id });
    await setPendingAttach(db(), a.user.id, rec.id);
    await call('DELETE', removePath(rec.id), a.headers);
    const left = await db().select().from(userSettings).where(eq(userSettings.user_id, a.user.id));
    expect(left).toEqual([]);
  });
});
