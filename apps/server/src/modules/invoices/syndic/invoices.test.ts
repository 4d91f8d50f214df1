import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { supplierInvoices } from '../../../db/schema/index.js';
import { JPEG, upload, syndicDocumentsWorld } from '../../../test/syndic-documents.fixture.js';

/**
 * A syndic records supplier invoices through its API, with expenses, écritures and per-lot
 * amounts: idempotent by external_id, references checked against the building, another syndic's
 * key a 404, and the co-owner sees the card, the detail and their quote-part.
 */

const { t, a, b, call, ok, owner, auditOf } = await syndicDocumentsWorld();
afterAll(() => t.close());
describe('supplier invoices with expenses, écritures and per-lot amounts', () => {
  const invoice = {
    copropriete: 'IMM',
    invoice_date: '2026-02-10',
    amount_cents: 48_000,
    fournisseur_name: 'Otis',
    compte_name: '615 Entretien ascenseur',
    number: 'F-2026-0042',
    status: 6,
    file: upload('facture.jpg', JPEG, 'image/jpeg'),
    depenses: [
      {
        charge_name: 'Ascenseur',
        description: 'Visite trimestrielle',
        amount_ttc_cents: 30_000,
        repartitions: ['CG'],
      },
      { charge_name: 'Ascenseur', description: 'Dépannage', amount_ttc_cents: 18_000, repartitions: ['CG'] },
    ],
    ecritures: [
      {
        date: '2026-02-10',
        description: 'Otis F-2026-0042',
        amount_cents: 48_000,
        lots: [
          { lot: 'L2', amount_cents: 19_200 },
          { lot: 'L1', amount_cents: 28_800 },
        ],
      },
    ],
  };

  it('creates, replays unchanged, and the co-owner sees the card, the detail, the écritures and their quote-part', async () => {
    const first = await ok(call('PUT', '/invoices/INV1', a.headers, invoice));
    expect(first.result).toBe('created');
    expect(first.resource.ecritures[0].lots).toEqual([
      { lot: 'L1', amount_cents: 28_800 },
      { lot: 'L2', amount_cents: 19_200 },
    ]);
    expect((await ok(call('PUT', '/invoices/INV1', a.headers, invoice))).result).toBe('unchanged');
    expect(await auditOf('INV1')).toHaveLength(1);

    const cards = await ok(
      call(
        'GET',
        `/api/invoices/syndics/${owner.syndicId}/coproprietes/${owner.coproId}/saisies?page_size=30&page_index=0`,
        owner.headers,
      ),
    );
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: first.id, amount: 48_000, fournisseur_name: 'Otis', paid: true });
    expect(cards[0].thumbnail.content_type).toBe('image/jpeg');
    // The original's signed URL, swapped to '/medium/' as the detail does (SPEC §2.17), is the
    // 1200-pixel size generated on upload (decision 56).
    expect(cards[0].thumbnail.path).toContain('/original/');
    const img = await t.app.inject({ method: 'GET', url: cards[0].thumbnail.path });
    expect(img.statusCode).toBe(200);
    // The original as scanned, re-encoded without metadata (decision 176).
    const original = await sharp(img.rawPayload).metadata();
    expect([original.width, original.height]).toEqual([1240, 1754]);
    const medium = await t.app.inject({
      method: 'GET',
      url: cards[0].thumbnail.path.replace('/original/', '/medium/'),
    });
    expect(medium.statusCode).toBe(200);
    expect(medium.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(medium.rawPayload).metadata()).toMatchObject({ width: 848, height: 1200 });
    const detail = await ok(
      call('GET', `/api/invoices/syndics/${owner.syndicId}/invoices/${first.id}`, owner.headers),
    );
    expect(detail.depenses.map((d: { repartitions: { name: string }[] }) => d.repartitions)).toEqual([
      [{ name: 'Charges générales' }],
      [{ name: 'Charges générales' }],
    ]);
    const ecr = await ok(
      call(
        'GET',
        `/api/invoices/coproprietes/${owner.coproId}/invoices/${first.id}/ecritures`,
        owner.headers,
      ),
    );
    expect(ecr).toHaveLength(1);
    const shares = await ok(
      call(
        'POST',
        `/api/invoices/coproprietes/${owner.coproId}/transactions-by-multi-ecritures`,
        owner.headers,
        {
          ecriture_ids: [ecr[0].id],
          lot_ids: [],
        },
      ),
    );
    expect(shares).toMatchObject([{ lot_name: 'Appartement 1', amount: 28_800 }]);
  });

  it('refuses references outside the building and expenses not adding up, writing nothing', async () => {
    const n = (await t.database.db.select().from(supplierInvoices)).length;
    const bad = await call('PUT', '/invoices/INV2', a.headers, {
      ...invoice,
      depenses: [{ charge_name: 'X', amount_ttc_cents: 1, repartitions: ['NOPE'] }],
      ecritures: [
        {
          ...invoice.ecritures[0],
          lots: [
            { lot: 'LX', amount_cents: 1 },
            { lot: 'LX', amount_cents: 2 },
          ],
        },
      ],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      'depenses.0.repartitions.0': 'Clé de répartition inconnue\u202f: NOPE',
      depenses: 'La somme des dépenses (1 centimes) diffère du montant de la facture (48000 centimes).',
      'ecritures.0.lots.0.lot': "Le lot LX n'est pas dans cette copropriété.",
      'ecritures.0.lots.1.lot': "Le lot LX n'est pas dans cette copropriété.",
    });
    const missing = await call('PUT', '/invoices/INV2', a.headers, {
      ...invoice,
      fournisseur_name: undefined,
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors)).toEqual(['fournisseur_name']);
    expect((await t.database.db.select().from(supplierInvoices)).length).toBe(n);
  });

  it("another syndic's key gets 404; delete removes it from the co-owner's list", async () => {
    expect((await call('GET', '/invoices/INV1', b.headers)).status).toBe(404);
    expect((await call('DELETE', '/invoices/INV1', b.headers)).status).toBe(404);
    expect((await call('PUT', '/invoices/INV1', b.headers, invoice)).body.errors).toMatchObject({
      copropriete: 'Copropriété inconnue\u202f: IMM',
    });
    expect((await ok(call('GET', '/invoices', a.headers))).items).toHaveLength(1);
    await ok(call('DELETE', '/invoices/INV1', a.headers));
    const cards = await ok(
      call(
        'GET',
        `/api/invoices/syndics/${owner.syndicId}/coproprietes/${owner.coproId}/saisies?page_size=30&page_index=0`,
        owner.headers,
      ),
    );
    expect(cards).toEqual([]);
  });
});
