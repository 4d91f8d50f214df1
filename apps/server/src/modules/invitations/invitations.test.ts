import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires } from '../../db/schema/index.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { call, invitationRow, makeInvitation } from '../../test/factories.identity.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const info = (code: string) =>
  call(t, { method: 'GET', url: `/api/extranets/get-info-token-invitation/${code}` });

describe('invitation info (SPEC §3, §8)', () => {
  it('gives alias, status, expiry, metadata and the owner details of a usable code', async () => {
    const rec = await makeCoproprietaire(t.database.db);
    const inv = await makeInvitation(t.database.db, rec.id);
    const res = await info(inv.code.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 1,
      metadata: { coproprietaire_name: rec.display_name },
      coproprietaire_info: { first_name: 'Jeanne', last_name: 'Moreau', email: 'jeanne@example.fr' },
    });
    expect(res.body.data.alias).toMatch(/^s/);
    const access = await call(t, { method: 'POST', url: `/api/extranets/access-invitation/${inv.code}` });
    expect(access.body.data.status).toBe(1);
  });

  it('hides the owner details of a used or expired code and says which', async () => {
    const rec = await makeCoproprietaire(t.database.db);
    const used = await makeInvitation(t.database.db, rec.id, { status: 2 });
    const expired = await makeInvitation(t.database.db, rec.id, {
      expiration_date: new Date(Date.now() - 1000),
    });
    const u = await info(used.code);
    expect(u.body.data).toMatchObject({ status: 2, metadata: null, coproprietaire_info: null });
    const e = await info(expired.code);
    expect(new Date(e.body.data.expiration_date).getTime()).toBeLessThan(Date.now());
    expect(e.body.data.coproprietaire_info).toBeNull();
  });

  it("answers 404 'Code invalide' for an unknown code", async () => {
    const res = await info('NOPE12345');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'INVITATION_INVALID', message: 'Code invalide' });
  });
});

describe('accepting an invitation', () => {
  it('attaches the co-owner record to the signed-in user and uses the code (status 2)', async () => {
    const rec = await makeCoproprietaire(t.database.db);
    const inv = await makeInvitation(t.database.db, rec.id);
    const { user, headers } = await makeSignedInUser(t.database.db);
    const res = await call(t, {
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${inv.code}`,
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(rec.id);
    const [c] = await t.database.db.select().from(coproprietaires).where(eq(coproprietaires.id, rec.id));
    expect(c.user_id).toBe(user.id);
    expect(c.attached_at).toBeInstanceOf(Date);
    const row = await invitationRow(t.database.db, inv.code);
    expect(row.status).toBe(2);
    expect(row.used_by_user_id).toBe(user.id);
    const again = await call(t, {
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${inv.code}`,
      headers,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'INVITATION_USED', message: 'Ce code est déjà utilisé' });
  });

  it('refuses an expired code, a record of another user, and one the user already has', async () => {
    const { user, headers } = await makeSignedInUser(t.database.db);
    const rec = await makeCoproprietaire(t.database.db);
    const expired = await makeInvitation(t.database.db, rec.id, {
      expiration_date: new Date(Date.now() - 1000),
    });
    const e = await call(t, {
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${expired.code}`,
      headers,
    });
    expect(e.body).toMatchObject({ code: 'INVITATION_EXPIRED', message: 'Ce code a expiré' });

    const other = await makeSignedInUser(t.database.db);
    const taken = await makeCoproprietaire(t.database.db, { user_id: other.user.id });
    const t1 = await makeInvitation(t.database.db, taken.id);
    const r1 = await call(t, {
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${t1.code}`,
      headers,
    });
    expect(r1.status).toBe(409);
    expect(r1.body.code).toBe('COPROPRIETAIRE_ALREADY_ATTACHED');

    const mine = await makeCoproprietaire(t.database.db, { user_id: user.id });
    const t2 = await makeInvitation(t.database.db, mine.id);
    const r2 = await call(t, {
      method: 'POST',
      url: `/api/extranets/attach-coproprietaire/${t2.code}`,
      headers,
    });
    expect(r2.body).toMatchObject({
      code: 'USER_COPROPRIETAIRE_EXISTS',
      message: "L'utilisateur existe déjà dans votre environnement.",
    });
    const none = await call(t, {
      method: 'POST',
      url: '/api/extranets/attach-coproprietaire/INCONNU99',
      headers,
    });
    expect(none.body.message).toBe('Code invalide');
  });

  it('needs a session', async () => {
    const rec = await makeCoproprietaire(t.database.db);
    const inv = await makeInvitation(t.database.db, rec.id);
    const res = await call(t, { method: 'POST', url: `/api/extranets/attach-coproprietaire/${inv.code}` });
    expect(res.status).toBe(401);
    expect((await invitationRow(t.database.db, inv.code)).status).toBe(1);
  });
});
