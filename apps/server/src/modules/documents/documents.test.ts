import { documentEndpoints as d, PREVIEW_TOKEN_HEADER } from '@tantieme/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coproprietes, documentGroups, documents } from '../../db/schema/index.js';
import { makeFile, PDF } from '../../test/factories.documents.js';
import { json } from '../../test/harness.js';
import { call, fetchFile, setUp, t, w } from './documents.fixture.js';

beforeAll(setUp);
afterAll(() => t.close());

describe('Mes documents', () => {
  it('lists the document types in order', async () => {
    const res = await call(d.types, {}, w.ownerUser.headers);
    expect(res.statusCode).toBe(200);
    const codes = json(res).data.map((x: { code: string }) => x.code);
    expect(codes.indexOf('APPEL_FONDS')).toBeLessThan(codes.indexOf('RELEVE_COMPTE'));
  });

  it('pages own documents by page_state, newest first, with signed URLs that serve the PDF', async () => {
    const p = { coproId: w.owner.id, type: 'APPEL_FONDS' };
    const first = json(
      await call(d.ownByType, { params: p, query: { page_size: 2 } }, w.ownerUser.headers),
    ).data;
    expect(first.data.map((x: { name: string }) => x.name)).toEqual([
      'Appel de fonds T3',
      'Appel de fonds T2',
    ]);
    expect(first.page_state).toBe('2');
    expect(first.data[0]).toMatchObject({
      amount: 45_002,
      amount_type: 'debit',
      content_type: 'application/pdf',
    });
    expect(first.data[0].capacity).toBeGreaterThan(10);
    const second = json(
      await call(
        d.ownByType,
        { params: p, query: { page_size: 2, page_state: first.page_state } },
        w.ownerUser.headers,
      ),
    ).data;
    expect(second.data.map((x: { name: string }) => x.name)).toEqual(['Appel de fonds T1']);
    expect(second.page_state).toBeNull();
    const file = await fetchFile(first.data[0].source_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename\*=UTF-8''/);
    expect(file.body.startsWith('%PDF')).toBe(true);
  });

  it('refuses a tampered or expired signed URL', async () => {
    const data = json(
      await call(d.ownByType, { params: { coproId: w.owner.id, type: 'APPEL_FONDS' } }, w.ownerUser.headers),
    ).data;
    const url = new URL(data.data[0].source_url, 'http://x');
    const tampered = `${url.pathname}?e=${url.searchParams.get('e')}&s=${url.searchParams.get('s')!.replace(/^./, (ch) => (ch === 'A' ? 'B' : 'A'))}`;
    expect((await fetchFile(tampered)).statusCode).toBe(403);
    const otherKey = `${url.pathname.replace(/appel-\d/, 'appel-9')}${url.search}`;
    expect((await fetchFile(otherKey)).statusCode).not.toBe(200);
    const expired = `${url.pathname}?e=${Math.floor(Date.now() / 1000) - 5}&s=${url.searchParams.get('s')}`;
    expect((await fetchFile(expired)).statusCode).toBe(403);
  });

  it("answers 404 for another user's record, and the page_state must be a number", async () => {
    const p = { coproId: w.owner.id, type: 'APPEL_FONDS' };
    expect((await call(d.ownByType, { params: p }, w.strangerUser.headers)).statusCode).toBe(404);
    expect((await call(d.ownByType, { params: p }, w.memberUser.headers)).statusCode).toBe(404);
    expect(
      (await call(d.ownByType, { params: p, query: { page_state: 'x' } }, w.ownerUser.headers)).statusCode,
    ).toBe(400);
  });
});

describe('Ceux de la copropriétés / du syndic', () => {
  it('gives groups, AG documents by year and bank statements by month to a record allowed them', async () => {
    const res = await call(d.coproDocuments, { body: { copro_ids: [w.copro.id] } }, w.memberUser.headers);
    expect(res.statusCode).toBe(200);
    const groups = json(res).data;
    expect(groups.map((g: { name: string }) => g.name)).toEqual([
      'Règlement de copropriété',
      'Assemblées générales',
      'Relevés bancaires',
    ]);
    expect(groups[1].years).toEqual([
      expect.objectContaining({
        year: 2025,
        quotes: [expect.objectContaining({ name: 'Convocation AG 2025' })],
        records: [expect.objectContaining({ name: 'PV AG 2025' })],
      }),
    ]);
    expect(groups[2].months.map((m: { month: number }) => m.month)).toEqual([2, 1]);
  });

  it('hides bank statements from a record without view_releves_bancaires', async () => {
    const groups = json(
      await call(d.coproDocuments, { body: { copro_ids: [w.copro.id] } }, w.ownerUser.headers),
    ).data;
    expect(groups.map((g: { kind: string }) => g.kind)).toEqual(['default', 'AG']);
  });

  it("shows a building's new, changed or deleted documents and groups at the next request (decision 75)", async () => {
    const db = t.database.db;
    const names = async (headers = w.memberUser.headers) => {
      const res = await call(d.coproDocuments, { body: { copro_ids: [w.copro.id] } }, headers);
      expect(res.statusCode).toBe(200);
      return (json(res).data as { name: string; documents: { name: string }[] }[]).map(
        (g) => `${g.name}: ${g.documents.map((x) => x.name).join(', ')}`,
      );
    };
    const version = async (id = w.copro.id) =>
      (await db.select().from(coproprietes).where(eq(coproprietes.id, id)))[0].documents_version;
    const [plain] = await db
      .select()
      .from(documentGroups)
      .where(and(eq(documentGroups.copropriete_id, w.copro.id), eq(documentGroups.kind, 'default')));
    expect((await names())[0]).toBe('Règlement de copropriété: Règlement');

    const v0 = await version();
    const file = await makeFile(t.app, 'carnet.pdf', 'application/pdf', PDF);
    const [added] = await db
      .insert(documents)
      .values({ group_id: plain.id, file_id: file.id, name: 'Carnet', date: '2026-03-01' })
      .returning();
    expect(await version()).toBe(v0 + 1);
    expect((await names())[0]).toBe('Règlement de copropriété: Carnet, Règlement');
    await db.update(documents).set({ name: "Carnet d'entretien" }).where(eq(documents.id, added.id));
    expect((await names())[0]).toBe("Règlement de copropriété: Carnet d'entretien, Règlement");
    await db.update(documentGroups).set({ name: 'Règlement' }).where(eq(documentGroups.id, plain.id));
    // The owner (no bank statements) reads the same building in memory, with their own scope.
    expect(await names(w.ownerUser.headers)).toEqual([
      "Règlement: Carnet d'entretien, Règlement",
      'Assemblées générales: ',
    ]);
    await db.delete(documents).where(eq(documents.id, added.id));
    await db.update(documentGroups).set({ name: plain.name }).where(eq(documentGroups.id, plain.id));
    expect((await names())[0]).toBe('Règlement de copropriété: Règlement');

    // Own documents (no group) and another building's groups leave the version alone.
    const v1 = await version();
    const own = await db
      .insert(documents)
      .values({
        coproprietaire_id: w.owner.id,
        type_code: 'APPEL_FONDS',
        file_id: file.id,
        name: 'Appel',
        date: '2026-03-02',
      })
      .returning();
    await db
      .insert(documentGroups)
      .values({ scope: 'copropriete', copropriete_id: w.otherCopro.id, name: 'Autre' });
    expect(await version()).toBe(v1);
    expect(await version(w.otherCopro.id)).toBeGreaterThan(0);
    await db.delete(documents).where(eq(documents.id, own[0].id));
  });

  it("answers 404 for another building's documents", async () => {
    const res = await call(d.coproDocuments, { body: { copro_ids: [w.copro.id] } }, w.strangerUser.headers);
    expect(res.statusCode).toBe(404);
  });

  it('with several copropriétés, gives those of each one the caller holds, and 404 if one is not', async () => {
    const both = { copro_ids: [w.copro.id, w.otherCopro.id] };
    expect((await call(d.coproDocuments, { body: both }, w.memberUser.headers)).statusCode).toBe(404);
    const twice = await call(
      d.coproDocuments,
      { body: { copro_ids: [w.copro.id, w.copro.id] } },
      w.memberUser.headers,
    );
    expect(twice.statusCode).toBe(200);
    expect(json(twice).data).toHaveLength(3);
  });

  it('answers 401 without a live session, whatever the body, and 400 for a malformed one', async () => {
    const one = { copro_ids: [w.copro.id] };
    expect((await call(d.coproDocuments, { body: one })).statusCode).toBe(401);
    expect((await call(d.coproDocuments, { body: one }, { authorization: 'Bearer nope' })).statusCode).toBe(
      401,
    );
    const pair = { copro_ids: [w.copro.id, w.otherCopro.id] };
    expect((await call(d.coproDocuments, { body: pair }, { authorization: 'Bearer nope' })).statusCode).toBe(
      401,
    );
    expect(
      (await call(d.coproDocuments, { body: { copro_ids: [] } }, { authorization: 'Bearer nope' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await call(d.coproDocuments, { body: { copro_ids: ['x'] } }, w.memberUser.headers)).statusCode,
    ).toBe(400);
  });

  it('gives syndic groups with card number and approval date to the council only (scope 2)', async () => {
    const res = await call(d.syndicDocuments, { body: { syndic_ids: [w.syndic.id] } }, w.memberUser.headers);
    expect(res.statusCode).toBe(200);
    expect(json(res).data[0]).toMatchObject({
      name: 'Carte professionnelle',
      number: 'CPI 6901 2018 000 012 345',
      approve_date: '2024-03-15',
    });
    expect(
      (await call(d.syndicDocuments, { body: { syndic_ids: [w.syndic.id] } }, w.ownerUser.headers))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(d.syndicDocuments, { body: { syndic_ids: [w.syndic.id] } }, w.strangerUser.headers))
        .statusCode,
    ).toBe(404);
  });
});

describe('syndic preview', () => {
  it('reads the previewed record’s documents but no other record', async () => {
    const h = { [PREVIEW_TOKEN_HEADER]: w.previewToken };
    expect(
      (await call(d.ownByType, { params: { coproId: w.owner.id, type: 'APPEL_FONDS' } }, h)).statusCode,
    ).toBe(200);
    expect(
      (await call(d.ownByType, { params: { coproId: w.member.id, type: 'APPEL_FONDS' } }, h)).statusCode,
    ).toBe(404);
    expect((await call(d.coproDocuments, { body: { copro_ids: [w.copro.id] } }, h)).statusCode).toBe(200);
    expect((await call(d.coproDocuments, { body: { copro_ids: [w.otherCopro.id] } }, h)).statusCode).toBe(
      404,
    );
  });
});
