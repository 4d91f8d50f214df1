import { coproprietaireEndpoints as E } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietaires } from '../../db/schema/index.js';
import { makePreviewToken, makeUnreadNotifications } from '../../test/factories.coproprietaire.js';
import { makeCopropriete, makeCoproprietaire, makeSignedInUser, makeSyndic } from '../../test/factories.js';
import { json } from '../../test/harness.js';
import {
  attachPath,
  byCoproPath,
  call,
  db,
  detailsPath,
  removePath,
  setUp,
  t,
} from './coproprietaire.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('GET /coproprietaires/all', () => {
  it('presents contacts with computed display names, members, lots sorted by name and unread counts', async () => {
    const a = await makeSignedInUser(db());
    const rec = await makeCoproprietaire(db(), {
      user_id: a.user.id,
      lotNames: ['Lot 10', 'Lot 2', 'Cave 1'],
      contacts: [
        {
          id: 'c1',
          civility: 'mrs',
          first_name: 'Claire',
          last_name: 'Martin',
          company: null,
          addresses: [{ full_address: '12 rue des Tilleuls 69003 Lyon' }],
          emails: [{ value: 'claire@example.fr' }],
          phones: [{ value: '+33612345678' }],
        },
      ],
      members: [{ civility: 'mr', first_name: 'Jean', last_name: 'Martin' }],
    });
    await makeUnreadNotifications(db(), a.user.id, rec.id, 3);
    const res = await call('GET', E.all.path, a.headers);
    expect(res.statusCode).toBe(200);
    const [r] = json(res).data;
    expect(r.contacts[0]).toMatchObject({
      display_name: 'Mme Claire Martin',
      addresses: [{ full_address: '12 rue des Tilleuls 69003 Lyon', additional_address: null }],
      emails: [{ value: 'claire@example.fr' }],
    });
    expect(r.members[0].display_name).toBe('M. Jean Martin');
    expect(r.lots.map((l: { name: string }) => l.name)).toEqual(['Cave 1', 'Lot 2', 'Lot 10']);
    expect(r.total_notification).toBe(3);
    expect(r.user_supplement_info).toBeNull();
  });
});

describe('DELETE /coproprietaires/:id/remove-coproprietaire', () => {
  it('detaches the record, keeps its data, and the code attaches it again', async () => {
    const a = await makeSignedInUser(db());
    const rec = await makeCoproprietaire(db(), {
      user_id: a.user.id,
      lotNames: ['Lot 1'],
      is_member_syndicat: true,
    });
    const res = await call('DELETE', removePath(rec.id), a.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ success: true, data: true });
    const [row] = await db().select().from(coproprietaires).where(eq(coproprietaires.id, rec.id));
    expect(row).toMatchObject({
      user_id: null,
      name: rec.name,
      is_member_syndicat: true,
      unique_code: rec.unique_code,
    });
    expect(json(await call('GET', E.all.path, a.headers)).data).toEqual([]);
    const again = await call('POST', attachPath(rec.unique_code), a.headers);
    expect(json(again).data).toEqual({ id: rec.id });
    const list = json(await call('GET', E.all.path, a.headers)).data;
    expect(list[0].lots.map((l: { name: string }) => l.name)).toEqual(['Lot 1']);
  });

  it("answers 404 for another user's record and leaves it attached", async () => {
    const a = await makeSignedInUser(db());
    const b = await makeSignedInUser(db());
    const rec = await makeCoproprietaire(db(), { user_id: b.user.id });
    const res = await call('DELETE', removePath(rec.id), a.headers);
    expect(res.statusCode).toBe(404);
    const [row] = await db().select().from(coproprietaires).where(eq(coproprietaires.id, rec.id));
    expect(row.user_id).toBe(b.user.id);
  });

  it('is refused to a read-only preview token', async () => {
    const syndic = await makeSyndic(db());
    const copro = await makeCopropriete(db(), { syndic_id: syndic.id });
    const b = await makeSignedInUser(db());
    const rec = await makeCoproprietaire(db(), { user_id: b.user.id, copropriete_id: copro.id });
    const res = await call('DELETE', removePath(rec.id), await makePreviewToken(db(), syndic.id, rec.id));
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /coproprietaires/:coproprieteId/:coproprietaireId/details-coproprietaire', () => {
  it('presents my record with its copropriété', async () => {
    const a = await makeSignedInUser(db());
    const copro = await makeCopropriete(db(), { email: 'tilleuls@example.fr', phone: '0478000000' });
    const rec = await makeCoproprietaire(db(), { user_id: a.user.id, copropriete_id: copro.id });
    const res = await call('GET', detailsPath(copro.id, rec.id), a.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({
      id: rec.id,
      coproprietes: [{ id: copro.id, name: copro.name, email: 'tilleuls@example.fr', phone: '0478000000' }],
    });
  });

  it("answers 404 for another user's record, and for a mismatched copropriété", async () => {
    const a = await makeSignedInUser(db());
    const b = await makeSignedInUser(db());
    const theirs = await makeCoproprietaire(db(), { user_id: b.user.id });
    const mine = await makeCoproprietaire(db(), { user_id: a.user.id });
    expect((await call('GET', detailsPath(theirs.copropriete_id, theirs.id), a.headers)).statusCode).toBe(
      404,
    );
    expect((await call('GET', detailsPath(theirs.copropriete_id, mine.id), a.headers)).statusCode).toBe(404);
    // A malformed id is refused by the contract before any lookup: 400, never 500.
    expect((await call('GET', detailsPath('nope', 'nope'), a.headers)).statusCode).toBe(400);
  });

  it('is readable with the preview token of that record', async () => {
    const syndic = await makeSyndic(db());
    const copro = await makeCopropriete(db(), { syndic_id: syndic.id });
    const rec = await makeCoproprietaire(db(), { copropriete_id: copro.id });
    const res = await call(
      'GET',
      detailsPath(copro.id, rec.id),
      await makePreviewToken(db(), syndic.id, rec.id),
    );
    expect(res.statusCode).toBe(200);
    expect(json(res).data.id).toBe(rec.id);
  });
});

describe('GET /coproprietaires//coproprietes/:id', () => {
  it("returns the caller's record in that copropriété, 404 for a copropriété where the caller has none", async () => {
    const a = await makeSignedInUser(db());
    const b = await makeSignedInUser(db());
    const rec = await makeCoproprietaire(db(), { user_id: a.user.id });
    const res = await call('GET', byCoproPath(rec.copropriete_id), a.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).data.id).toBe(rec.id);
    expect((await call('GET', byCoproPath(rec.copropriete_id), b.headers)).statusCode).toBe(404);
  });
});

describe('POST /coproprietaires/get-member-union-syndicat-by-coproprietaires', () => {
  it('gives the flags of my records', async () => {
    const a = await makeSignedInUser(db());
    const r1 = await makeCoproprietaire(db(), {
      user_id: a.user.id,
      is_member_syndicat: true,
      is_president: true,
    });
    const r2 = await makeCoproprietaire(db(), { user_id: a.user.id });
    const res = await call('POST', E.memberUnion.path, a.headers, {
      datas: [
        { copr_id: r1.copropriete_id, id: r1.id },
        { copr_id: r2.copropriete_id, id: r2.id },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual([
      { copr_id: r1.copropriete_id, id: r1.id, is_member_syndicat: true, is_president: true },
      { copr_id: r2.copropriete_id, id: r2.id, is_member_syndicat: false, is_president: false },
    ]);
  });

  it("answers 404 when one pair is another user's record", async () => {
    const a = await makeSignedInUser(db());
    const b = await makeSignedInUser(db());
    const mine = await makeCoproprietaire(db(), { user_id: a.user.id });
    const theirs = await makeCoproprietaire(db(), { user_id: b.user.id, is_president: true });
    const res = await call('POST', E.memberUnion.path, a.headers, {
      datas: [
        { copr_id: mine.copropriete_id, id: mine.id },
        { copr_id: theirs.copropriete_id, id: theirs.id },
      ],
    });
    expect(res.statusCode).toBe(404);
  });

  it('validates the body', async () => {
    const a = await makeSignedInUser(db());
    expect((await call('POST', E.memberUnion.path, a.headers, { datas: [] })).statusCode).toBe(400);
    expect(
      (await call('POST', E.memberUnion.path, a.headers, { datas: [{ copr_id: 'x', id: 'y' }] })).statusCode,
    ).toBe(400);
  });
});
