import { type Endpoint, PREVIEW_TOKEN_HEADER, syntheseEndpoints as e } from '@tantieme/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syndics } from '../../db/schema/index.js';
import { makeCoproprietaire, makeSignedInUser } from '../../test/factories.js';
import { makeDashboard, makePreviewToken } from '../../test/factories.synthese.js';
import { json } from '../../test/harness.js';
import { calls, d, get, setUp, t } from './synthese.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe("'Mon Syndic' and 'Gestionnaire copropriété'", () => {
  it('gives the syndic profile with a signed logo URL and contacts in order', async () => {
    const res = await get(e.syndicInfo, { id: d.copro.id }, d.owner.headers);
    expect(res.statusCode).toBe(200);
    const data = json(res).data;
    expect(data).toMatchObject({
      name: 'Cabinet Lefèvre',
      use_synple: false,
      address: { street1: '12 rue Nationale', zip_code: '37000', city: 'Tours' },
      email: 'contact@lefevre.example.fr',
    });
    expect(data.logo).toMatch(/^\/files\/syndics\/lefevre\/logo\.png\?e=\d+&s=[\w-]+/);
    expect(data.contacts.map((c: { first_name: string }) => c.first_name)).toEqual(['Marc', 'Zoé']);
    expect(data).not.toHaveProperty('api_key_hash');
    expect(data).not.toHaveProperty('stripe_account_id');
  });

  it('gives the product branding to a syndic using the default, and no logo without one', async () => {
    await t.database.db.update(syndics).set({ use_synple: true }).where(eq(syndics.id, d.syndic.id));
    let res = await get(e.syndicInfo, { id: d.copro.id }, d.owner.headers);
    expect(json(res).data.logo).toBe('/logo-tantieme.svg');
    await t.database.db
      .update(syndics)
      .set({ use_synple: false, logo_url: null })
      .where(eq(syndics.id, d.syndic.id));
    res = await get(e.syndicInfo, { id: d.copro.id }, d.owner.headers);
    expect(json(res).data.logo).toBeNull();
    await t.database.db
      .update(syndics)
      .set({ logo_url: 'syndics/lefevre/logo.png' })
      .where(eq(syndics.id, d.syndic.id));
  });

  it("lists only this copropriété's administrators, with typed phones", async () => {
    const res = await get(e.administrators, { id: d.copro.id }, d.owner.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toEqual([
      {
        id: d.admin.id,
        display_name: 'Julie Bernard',
        first_name: 'Julie',
        last_name: 'Bernard',
        contacts: {
          phones: [
            { value: '06 11 22 33 44', type: 'mobile' },
            { value: '02 47 11 22 33', type: 'fixed' },
          ],
          emails: [{ value: 'julie.bernard@lefevre.example.fr' }],
        },
      },
    ]);
  });

  it('gives the verification status, zeros when the syndic has submitted nothing', async () => {
    const res = await get(e.verificationStatus, { id: d.copro.id }, d.owner.headers);
    expect(json(res).data).toEqual({ syndic_submit: 1, syndicat_finish: 0 });
    const other = await makeDashboard(t.database.db);
    const res2 = await get(e.verificationStatus, { id: other.copro.id }, other.owner.headers);
    expect(json(res2).data).toEqual({ syndic_submit: 0, syndicat_finish: 0 });
  });
});

describe("'Mes lots'", () => {
  it("lists the member's lots sorted by name, type defaulting to 'Autre'", async () => {
    const res = await get(
      e.lots,
      { coproprieteId: d.copro.id, coproprietaireId: d.record.id },
      d.owner.headers,
    );
    expect(res.statusCode).toBe(200);
    const list = json(res).data;
    expect(list.map((l: { name: string }) => l.name)).toEqual(['Cave 3', 'Lot 2', 'Lot 10']);
    expect(list[0]).toMatchObject({ lot_id: '3', type_name: 'Autre', agency_info: null, locataire: null });
  });

  it('gives tantièmes per repartition of a lot', async () => {
    const res = await get(
      e.lotTantiemes,
      { coproprietaireId: d.record.id, lotId: d.lots.lot10.id },
      d.owner.headers,
    );
    expect(json(res).data).toEqual([
      { repartition_name: { fr: 'Charges générales' }, tantieme: 300, total_tantieme: 10_000 },
      { repartition_name: { fr: 'Ascenseur' }, tantieme: 100, total_tantieme: 1_000 },
    ]);
  });

  it('answers 404 for a lot of someone else in the same building', async () => {
    const res = await get(
      e.lotTantiemes,
      { coproprietaireId: d.record.id, lotId: d.lots.otherLot.id },
      d.owner.headers,
    );
    expect(res.statusCode).toBe(404);
  });

  it('answers 404 when the record is not of the copropriété in the path', async () => {
    const other = await makeDashboard(t.database.db);
    const res = await get(
      e.lots,
      { coproprieteId: other.copro.id, coproprietaireId: d.record.id },
      d.owner.headers,
    );
    expect(res.statusCode).toBe(404);
  });

  it('rejects ids that are not UUIDs', async () => {
    const res = await get(e.lots, { coproprieteId: 'x', coproprietaireId: d.record.id }, d.owner.headers);
    expect(res.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('answers 401 without a session or preview token', async () => {
    for (const [ep, params] of calls()) {
      const res = await get(ep, params);
      expect(res.statusCode, ep.path).toBe(401);
    }
  });

  it("answers 404 to another user for every call of someone else's record", async () => {
    const stranger = await makeSignedInUser(t.database.db);
    // The stranger holds a record elsewhere, so copropriété-level calls are not open to them either.
    await makeCoproprietaire(t.database.db, { user_id: stranger.user.id });
    for (const [ep, params] of calls()) {
      const res = await get(ep, params, stranger.headers);
      expect(res.statusCode, ep.path).toBe(404);
      expect(json(res)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('lets a preview token read its one record, read-only', async () => {
    const spt = await makePreviewToken(t.database.db, d.syndic.id, d.record.id);
    for (const [ep, params] of calls()) {
      const res = await get(ep, params, { [PREVIEW_TOKEN_HEADER]: spt });
      expect(res.statusCode, ep.path).toBe(200);
    }
    const info = json(await get(e.previewInfo, { id: d.record.id }, { [PREVIEW_TOKEN_HEADER]: spt })).data;
    expect(info).toMatchObject({ id: d.record.id, is_member_syndicat: true });
    expect(info.coproprietes[0].id).toBe(d.copro.id);
    // Read-only: routes reserved to a signed-in user stay closed to it.
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/coproprietaires/all',
      headers: { [PREVIEW_TOKEN_HEADER]: spt },
    });
    expect(all.statusCode).toBe(401);
  });

  it('answers 404 to a preview token for any other record, even in the same building', async () => {
    const spt = await makePreviewToken(t.database.db, d.syndic.id, d.record.id);
    const other = await makeDashboard(t.database.db);
    const neighbour = await makeCoproprietaire(t.database.db, { copropriete_id: d.copro.id });
    const h = { [PREVIEW_TOKEN_HEADER]: spt };
    const denied: [Endpoint, Record<string, string>][] = [
      [e.previewInfo, { id: neighbour.id }],
      [e.previewInfo, { id: other.record.id }],
      [e.syndicInfo, { id: other.copro.id }],
      [e.administrators, { id: other.copro.id }],
      [e.verificationStatus, { id: other.copro.id }],
      [e.lots, { coproprieteId: d.copro.id, coproprietaireId: neighbour.id }],
      [e.lotTantiemes, { coproprietaireId: other.record.id, lotId: other.lots.lot10.id }],
      [e.general, { coproId: d.copro.id, coproprietaireId: neighbour.id }],
      [e.transactions, { coproId: other.copro.id, coproprietaireId: other.record.id }],
      [e.budgetFonctionnement, { coproId: other.copro.id }],
      [e.budgetAlurAvance, { coproId: other.copro.id }],
    ];
    for (const [ep, params] of denied) {
      const res = await get(ep, params, h);
      expect(res.statusCode, ep.path).toBe(404);
    }
  });

  it('ignores an unknown preview token', async () => {
    const res = await get(e.previewInfo, { id: d.record.id }, { [PREVIEW_TOKEN_HEADER]: 'PREVIEW-NOPE' });
    expect(res.statusCode).toBe(401);
  });
});
